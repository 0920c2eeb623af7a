//! The misses of `questions_fresh21.tsv` as mechanisms on cases of my own (helper und-r; none in
//! a batch; rounds written before the change they tested, plus guards): each mechanism
//! in Chinese, English, Traditional and with typos, with words that must not trigger it.

use bot_core::Catalog;

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_fresh21_own.tsv");

#[test]
fn fresh21_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("fresh21_own", OWN);
}

/// Every expected line of my own cases is one the command's parser reads back to itself.
#[test]
fn fresh21_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A region said beside a bill or a ranking of a length (`美国 4090 租3小时多少钱`): the command
/// cannot carry it, so the answer says so and offers that region's offers; China and overseas
/// are carried (their platforms), and a question with no region offers nothing.
#[test]
fn a_region_the_command_cannot_carry_is_said_and_its_offers_offered() {
    use bot_core::reply::Reply;
    use bot_core::store::{Store, db_path};
    use bot_core::{Bot, ChatRef, Input, Localizer};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    let ask = |locale: &str, q: &str| {
        let who = ChatRef {
            platform: "telegram".into(),
            chat: format!("fresh21-region-{locale}"),
            user: "u".into(),
            locale: Some(locale.into()),
            thread: None,
        };
        let a = bot.handle(&who, Input::Text(q.into()));
        let text = (a.replies.iter())
            .map(|r: &Reply| Localizer::get().render_plain(a.lang, r))
            .collect::<Vec<_>>()
            .join("\n");
        let ids: Vec<String> = (a.replies.iter())
            .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
            .collect();
        (text, ids)
    };
    for (locale, q, read, offered, said) in [
        (
            "zh-CN",
            "美国 4090 租3小时多少钱",
            "/compare rtx-4090 3h",
            "/offers rtx-4090 region=us",
            "地区",
        ),
        (
            "en-US",
            "EU h100 for 8 hours, cheapest?",
            "/compare h100-sxm 8h",
            "/offers h100-sxm region=eu",
            "region",
        ),
        (
            "en-US",
            "runpod a100 in the us for 2 days how much",
            "/cost runpod a100-80g-sxm 2d",
            "/offers a100-80g-sxm region=us",
            "region",
        ),
    ] {
        let (text, ids) = ask(locale, q);
        let first = text.lines().next().unwrap_or_default();
        assert!(first.ends_with(read), "{q}: read as {first:?}, want {read}");
        assert!(
            ids.iter().any(|i| i.contains(offered)),
            "{q}: offered {ids:?}, want {offered}\n{text}"
        );
        assert!(text.contains(said), "{q}: the region not said\n{text}");
    }
    for (locale, q) in [
        ("zh-CN", "国内 4090 租3小时 哪家便宜"),
        ("zh-CN", "4090 租3小时多少钱"),
        ("en-US", "can you help us find a 4090 for 3 hours"),
    ] {
        let (text, ids) = ask(locale, q);
        assert!(
            !ids.iter().any(|i| i.contains("region=")),
            "{q}: offered {ids:?}\n{text}"
        );
    }
}

/// China and overseas beside a pure price ask are a ranking of the catalog's platforms there
/// (which `/compare` carries); only a card asked to be had there is their offers.
#[test]
fn china_and_overseas_in_a_price_ask_stay_a_ranking() {
    let catalog = Catalog::embedded().unwrap();
    for (q, starts) in [
        ("国内4090哪家最便宜", "/compare rtx-4090 "),
        ("海外 h100 哪家便宜", "/compare h100-sxm "),
        ("国内哪里有4090", "/offers rtx-4090 region=cn"),
        ("海外有没有便宜的a100", "/offers a100-80g-sxm region=global"),
    ] {
        let lines = bot_core::understand::read(&catalog, q).lines();
        assert!(
            lines.first().is_some_and(|l| l.starts_with(starts)),
            "{q}: {lines:?}, want {starts}…"
        );
    }
}
