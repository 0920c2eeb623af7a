//! Numbers, amounts, durations and sizes as people say them (helper und_p, issue 26), on cases
//! of my own: adjacent Chinese numerals as a range (its top for a length), a context in
//! Chinese numerals or with `m`, money words in any order (`美刀`, a currency name before its
//! number, `per-second`), a price ceiling with no card, a card with a ceiling and a length, a
//! rent by the month, tokens a second as a speed, a count before `魔改`.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use bot_core::Catalog;
use bot_core::understand::{Reading, read};

const OWN: &str = include_str!("../data/questions_und_p_own.tsv");

#[test]
fn und_p_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_p_own", OWN);
}

#[test]
fn und_p_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

fn line(catalog: &Catalog, question: &str) -> String {
    match read(catalog, question) {
        Reading::Command(r) => r.line(),
        other => panic!("{question}: {other:?}"),
    }
}

/// Every pair of adjacent Chinese numerals before a length is a range billed at its top, on
/// several cards and both units; never the two digits run together (`三五天` was 35 days).
#[test]
fn adjacent_numerals_before_a_length_bill_the_top_of_the_range() {
    let catalog = Catalog::embedded().unwrap();
    let pairs = [
        ("一两", 2),
        ("两三", 3),
        ("三四", 4),
        ("三五", 5),
        ("四五", 5),
        ("五六", 6),
        ("六八", 8),
        ("七八", 8),
        ("八九", 9),
    ];
    for card in ["4090", "a100", "l40s"] {
        for (said, top) in pairs {
            for (unit, mark) in [("天", "d"), ("个小时", "h")] {
                let q = format!("{card}跑{said}{unit}多少钱");
                let got = line(&catalog, &q);
                assert!(got.ends_with(&format!(" {top}{mark}")), "{q}: {got}");
            }
        }
    }
}

/// A ceiling beside a card and a length is never the price billed: the line carries no price.
#[test]
fn a_ceiling_is_never_billed_as_the_price_paid() {
    let catalog = Catalog::embedded().unwrap();
    for q in [
        "h100 under $2/hr for 5 hours, how much",
        "3090 低于1块5 跑8小时 要多少钱",
        "a10 below 0.5 usd per hour for 2 hours cost?",
    ] {
        let got = line(&catalog, q);
        assert!(
            !got.contains("usd/hour") && !got.contains("cny/hour"),
            "{q}: {got}"
        );
    }
}
