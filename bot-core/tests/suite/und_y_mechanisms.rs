//! Fresh29's misses and issue 26's leftovers as mechanisms on cases of my own (helper und-y,
//! issue 26; none in a batch; written before the change they tested): one spoken-number reader
//! (`幺`, a `亿` with its `万` part, English hundreds, a numeral glued to `k` or `bit`), a batch
//! said with a verb or in Chinese words, a model alias written with a space, a card's feature
//! asked to exist, the user's price with another currency asked, the hours of a price beside a
//! night, amounts under a yuan, a period before its amount, a version in Chinese numerals and
//! `蒸馏版`. Untuned 3/57, after 57/57 (and 11 written after, 68/68); fresh29 286 → 299/300
//! (300/300 with one row relabelled `ask:`), fresh30 281 → 282.

use bot_core::Catalog;
use bot_core::understand::read;

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_y_own.tsv");

#[test]
fn und_y_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_y_own", OWN);
}

#[test]
fn und_y_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Two Chinese digits side by side beside a unit are a range (`十二三个小时`, `两三百块`), never
/// one number: the one numeral reader reads none rather than 33 hours or ¥2,300 (ranges are
/// read by their own pass or asked; no figure is made up here).
#[test]
fn a_range_in_numerals_is_never_one_number() {
    let catalog = Catalog::embedded().unwrap();
    for (q, wrong) in [
        ("4090跑十二三个小时多少钱", ["33h", "1d9h"]),
        ("a100 两三百块一天 合每小时多少", ["2300", "23cny"]),
        ("h100 三四百块一天 多少钱一小时", ["3400", "34cny"]),
    ] {
        let lines = read(&catalog, q).lines();
        for w in wrong {
            assert!(lines.iter().all(|l| !l.contains(w)), "{q}: {lines:?}");
        }
    }
}

/// `预算五k` is the budget `预算5k` is: ¥5,000, never a context of 5k tokens.
#[test]
fn a_thousand_said_in_numerals_reads_as_in_digits() {
    let catalog = Catalog::embedded().unwrap();
    for (words, digits) in [
        (
            "预算五k 想跑qwen2.5 7b 租什么卡",
            "预算5k 想跑qwen2.5 7b 租什么卡",
        ),
        (
            "qwen2.5 7b 开三十二k上下文 4090够吗",
            "qwen2.5 7b 开32k上下文 4090够吗",
        ),
    ] {
        assert_eq!(
            bot_core::understand::normalize(words),
            bot_core::understand::normalize(digits)
        );
        assert_eq!(
            read(&catalog, words).lines(),
            read(&catalog, digits).lines()
        );
    }
}
