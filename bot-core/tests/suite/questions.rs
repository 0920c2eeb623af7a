//! Forgiving commands (issue 16): "did you mean" offers its candidates as choices that run
//! the corrected line, and arguments may come in any order where they cannot be confused.

use bot_core::reply::{Part, Reply};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use std::sync::Arc;

fn bot(dir: &std::path::Path) -> Bot {
    let store = Arc::new(Store::open(&db_path(dir)).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    bot
}

fn who(locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: "u".into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

fn text(bot: &Bot, who: &ChatRef, replies: &[Reply]) -> String {
    let lang = bot.lang_for(who);
    replies
        .iter()
        .map(|r| Localizer::get().render_plain(lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

fn ids(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
        .collect()
}

#[test]
fn did_you_mean_offers_each_candidate_as_a_choice_that_runs_the_corrected_line() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("en");
    for (line, want) in [
        ("/gpu rtx 4009", "run:/gpu rtx-4090"),
        ("/platform autdl", "run:/platform autodl"),
        ("/cost autdl 4090 3h", "run:/cost autodl 4090 3h"),
        ("/fit qwen2.5-7 4090", "run:/fit qwen2.5-7b 4090"),
        ("/compare 4009 3h", "run:/compare rtx-4090 3h"),
        ("/stock h1000", "run:/stock h100-sxm"),
    ] {
        let replies = bot.handle(&me, Input::Text(line.into())).replies;
        let t = text(&bot, &me, &replies);
        assert!(
            t.contains("Did you mean") || t.contains("did you mean"),
            "{line}: {t}"
        );
        let choices = ids(&replies);
        assert!(
            choices.iter().any(|c| c == want),
            "{line}: {choices:?} has no {want}"
        );
        // Every choice is short ASCII (Telegram's callback data) and runs a line.
        for c in &choices {
            assert!(
                c.is_ascii() && c.len() <= 60 && c.starts_with("run:"),
                "{c}"
            );
        }
        // Tapping it answers the corrected command, saying so.
        let tapped = bot.handle(&me, Input::Choice(want.into())).replies;
        let t = text(&bot, &me, &tapped);
        assert!(t.contains("I read this as"), "{want}: {t}");
        assert!(!t.contains("Did you mean"), "{want}: {t}");
    }
    // In Chinese too, with the label localized and the same ids.
    let zh = ChatRef {
        user: "u2".into(),
        ..who("zh-CN")
    };
    let replies = bot.handle(&zh, Input::Text("/gpu rtx 4009".into())).replies;
    assert!(ids(&replies).contains(&"run:/gpu rtx-4090".to_string()));
    // The not-found reply itself is unchanged in text.
    assert!(
        replies[0]
            .parts
            .iter()
            .any(|p| matches!(p, Part::Text(m) if m.id == "did-you-mean"))
    );
}

#[test]
fn arguments_come_in_any_order_where_they_cannot_be_confused() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    let me = who("en");
    let answer = |line: &str| {
        let replies = bot.handle(&me, Input::Text(line.into())).replies;
        let bad: Vec<String> = replies
            .iter()
            .flat_map(|r| &r.parts)
            .filter_map(|p| match p {
                Part::Text(m) if m.id.contains("error") || m.id.starts_with("usage-") => {
                    Some(m.id.clone())
                }
                _ => None,
            })
            .collect();
        (text(&bot, &me, &replies), bad)
    };
    for (a, b) in [
        ("/fit qwen2.5-32b 4090", "/fit 4090 qwen2.5-32b"),
        (
            "/fit qwen2.5-72b int4 2x4090",
            "/fit 2x4090 int4 qwen2.5-72b",
        ),
        ("/cost autodl 4090 3h", "/cost 3h 4090 autodl"),
        ("/cost autodl 4090 3h", "/cost 4090 autodl 3h"),
        ("/cost runpod h100 sxm 40m", "/cost h100 sxm runpod 40m"),
        ("/compare 4090 3h", "/compare 3h 4090"),
        ("/compare 4090 daily 4h", "/compare daily 4h 4090"),
        (
            "/tco qwen2.5-7b int4 4090 20m 0.3",
            "/tco 4090 qwen2.5-7b int4 20m 0.3",
        ),
        ("/stock 4090 runpod", "/stock runpod 4090"),
    ] {
        let ((x, bad_a), (y, bad_b)) = (answer(a), answer(b));
        assert!(bad_a.is_empty(), "{a}: {bad_a:?} {x}");
        assert!(bad_b.is_empty(), "{b}: {bad_b:?} {y}");
        assert_eq!(x, y, "{a} and {b} differ");
    }
}

/// A slip that could be more than one name (four letters, two edits) is asked back, never
/// dropped; one a reader resolves without doubt (`autdl`, one edit from one platform) is read
/// as meant, the echo line naming the platform read (corpus49's convention, und_bm).
#[test]
fn a_misspelt_name_in_a_question_is_asked_back_not_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot(dir.path());
    for (locale, q, echo) in [
        (
            "zh-CN",
            "autdl 4090 跑40分钟多少钱",
            "/cost autodl rtx-4090 40m",
        ),
        ("en", "runpdo h100 3h cost", "/cost runpod h100-sxm 3h"),
    ] {
        let me = ChatRef {
            user: format!("{locale}-sure"),
            ..who(locale)
        };
        let replies = bot.handle(&me, Input::Text(q.into())).replies;
        let t = text(&bot, &me, &replies);
        assert!(t.contains(echo), "{q}: {t}");
    }
    for (locale, q, heading) in [
        ("zh-CN", "vsat 4090 跑40分钟多少钱", "你是想问这个吗"),
        ("en", "ruunpd h100 3h cost", "Did you mean this?"),
    ] {
        let me = ChatRef {
            user: locale.into(),
            ..who(locale)
        };
        let replies = bot.handle(&me, Input::Text(q.into())).replies;
        let t = text(&bot, &me, &replies);
        assert!(t.contains(heading), "{q}: {t}");
        let choices = ids(&replies);
        assert_eq!(choices.len(), 1, "{choices:?}");
        let tapped = bot.handle(&me, Input::Choice(choices[0].clone())).replies;
        let t = text(&bot, &me, &tapped);
        assert!(t.contains("/cost "), "{t}");
    }
}
