//! Two asks in one message joined by a plain joint (`顺便`, `另外`, `还有个问题`, `btw`,
//! `by the way`, `also,`): the first, read alone, is the answer's reading, and the second is
//! offered as a choice, on the first's card where it names none. A second part that is no ask
//! of its own is a detail of the first, and nothing is offered. Cases written before the code.

use bot_core::reply::Reply;
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use std::sync::Arc;

fn who(locale: &str) -> ChatRef {
    ChatRef {
        platform: "telegram".into(),
        chat: format!("two-asks-{locale}"),
        user: "u".into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

/// The answer's text and the command lines its choices run.
fn ask(bot: &Bot, locale: &str, q: &str) -> (String, Vec<String>) {
    let a = bot.handle(&who(locale), Input::Text(q.into()));
    let text = (a.replies.iter())
        .map(|r: &Reply| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n");
    let ids = (a.replies.iter())
        .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
        .collect();
    (text, ids)
}

#[test]
fn the_first_ask_is_answered_and_the_second_offered() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    // (locale, question, the first reading's line, a part of the offered second's line)
    let cases = [
        (
            "zh-CN",
            "3090跑qwen2.5-7b int4够不够 另外3090现在哪里有货",
            "/fit qwen2.5-7b int4 rtx-3090",
            "/stock rtx-3090",
        ),
        (
            "zh-CN",
            "l40s多少钱一小时 顺便看下l40s的参数",
            "/compare l40s 1h",
            "/gpu l40s",
        ),
        (
            "en-US",
            "how much is an h100 on lambda for 8 hours, by the way can it run llama-3.1-70b in int4",
            "/cost lambda h100-sxm 8h",
            "/fit llama-3.1-70b int4 h100-sxm",
        ),
        (
            "zh-CN",
            "哪家4090最便宜 还有个问题 autodl支持支付宝吗",
            "/compare rtx-4090 1h",
            "/platform autodl",
        ),
        (
            "en-US",
            "whats the cheapest h100 per hour? also, does vast take paypal",
            "/compare h100-sxm 1h",
            "/platform vast",
        ),
        (
            "zh-CN",
            "5090能跑flux.1-dev吗 另外多少钱一小时",
            "/fit flux.1-dev rtx-5090",
            "/compare rtx-5090 1h",
        ),
        (
            "zh-CN",
            "autodl上4090跑3小时多少钱 顺便问下能不能跑qwen2.5-14b",
            "/cost autodl rtx-4090 3h",
            "/fit qwen2.5-14b rtx-4090",
        ),
    ];
    for (locale, q, first, second) in cases {
        let (text, ids) = ask(&bot, locale, q);
        let read = text.lines().next().unwrap_or_default();
        assert!(read.ends_with(first), "{q}: read as {read:?}, want {first}");
        assert!(
            ids.iter().any(|i| i.contains(second)),
            "{q}: offered {ids:?}, want {second}\n{text}"
        );
    }
    // No joint, a joint before anything, or a second part that is only a detail: one reading,
    // nothing offered.
    for (locale, q, first) in [
        ("zh-CN", "4090和a100哪个便宜", "/"),
        ("zh-CN", "另外，4090多少钱一小时", "/compare rtx-4090 1h"),
        (
            "en-US",
            "autodl 4090 for 3 hours btw",
            "/cost autodl rtx-4090 3h",
        ),
    ] {
        let (text, ids) = ask(&bot, locale, q);
        let read = text.lines().next().unwrap_or_default();
        assert!(read.contains(first), "{q}: read as {read:?}");
        assert!(
            !ids.iter().any(|i| i.contains("/")),
            "{q}: offered {ids:?}\n{text}"
        );
    }
}
