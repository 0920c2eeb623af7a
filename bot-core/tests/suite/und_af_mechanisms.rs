//! Corpus48's sections 1 and 2 as mechanisms on cases of my own (helper und_af, issue 26;
//! written before the change they test): a wait is the trend, a company's head count no batch,
//! a monthly budget a budget, storage said kept on the bill, a cheaper card like a named one by
//! its memory, a platform's billing rule said in passing context for the bill asked. Untuned
//! 19/37, after 37/37; 10 rows added after the changes in other words, 47/47; corpus48 275 →
//! 288/300.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_af_own.tsv");

#[test]
fn own_cases_read_right_und_af() {
    own_cases_read_right("und_af_own", OWN);
}

#[test]
fn own_labels_canonical_und_af() {
    own_labels_canonical(OWN, |_| false);
}

/// Storage named with no size the bill can take is said to be left out (both locales); a size
/// said is on the bill and no such note follows.
#[test]
fn storage_without_a_size_is_said_left_out() {
    use super::chat::{message_ids, text, who, world};
    use bot_core::Input;

    let w = world();
    for (locale, line, said) in [
        ("zh", "autodl 4090 3小时 带个数据盘 多少钱", true),
        (
            "en",
            "vast l40s for 5 hours with a data disk, how much",
            true,
        ),
        ("en", "runpod a40 4 hours with storage, total?", true),
        ("zh", "autodl 4090 3小时 外加100g网盘", false),
        (
            "en",
            "vast 3090 for 6 hours with a 100gb data disk, total?",
            false,
        ),
    ] {
        let me = who(locale);
        let replies = w.bot.handle(&me, Input::Text(line.into())).replies;
        let (ids, t) = (message_ids(&replies), text(&replies, w.bot.lang_for(&me)));
        let noted = ids.iter().any(|i| i == "understand-storage-unsized");
        assert_eq!(noted, said, "{line}: {ids:?}\n{t}");
        if said {
            assert!(t.contains("storage=100gb"), "{line}: {t}");
        }
    }
}
