//! Corpus34's and corpus35's misses as mechanisms on cases of my own (helper und_q, issue 26;
//! none a corpus question): a fallback card after `还是必须上`/`or do i need`, `半精度`/`单精度`,
//! ordinary words one character off a platform's Chinese name (`哪家云` is no `算家云`),
//! guidance with a barrier, unsure-which guidance, the own card beside a cloud turned to, a part
//! of the day easier to rent in, `哪家还有`/`where to find` as stock, `/offers`' typed filters
//! (`vram>=N`, `cards>=N`), a price moved over a span, a cheap spot one asked to exist, a seen
//! price asked still there, platforms as alternatives, a trend with no card, a million alone
//! before a window, a rent by the period beside stock. Untuned 10/46, then 25/26 on a second
//! batch, 18/19 on a third, 17/18 on a fourth; after 119/119 (guards included).

use bot_core::Catalog;
use bot_core::understand::{Missing, Reading, missing, read};

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_q_own.tsv");

#[test]
fn und_q_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_q_own", OWN);
}

#[test]
fn und_q_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

const CARDS: &[(&str, &str)] = &[
    ("4090", "rtx-4090"),
    ("3090", "rtx-3090"),
    ("h100", "h100-sxm"),
    ("l40s", "l40s"),
    ("a6000", "rtx-a6000"),
];

fn line(c: &Catalog, q: &str) -> Vec<String> {
    read(c, q).lines()
}

/// `哪家云`, `这家云`: a pointing word before `家云` is which/this cloud, never 算家云; a slip
/// of the name itself is still read as it.
#[test]
fn a_pointing_word_before_a_name_is_no_platform() {
    let c = Catalog::embedded().unwrap();
    for p in ["哪家云", "这家云", "那家云", "每家云", "几家云"] {
        for q in [format!("做个推理服务 用{p}合适"), format!("{p}比较靠谱")] {
            let l = line(&c, &q);
            assert!(!l.iter().any(|l| l.contains("suanjiayun")), "{q}: {l:?}");
        }
    }
    let l = line(&c, "算佳云 4090 多少钱");
    assert!(l.iter().any(|l| l.contains("suanjiayun")), "{l:?}");
}

/// A part of the day with a card easier to get there is the hour rhythm (`/trend`); a night
/// as a length is still a bill of 8 hours.
#[test]
fn a_part_of_the_day_easier_is_the_rhythm() {
    let c = Catalog::embedded().unwrap();
    for (name, id) in CARDS {
        for q in [
            format!("{name} 晚上是不是更容易有货"),
            format!("is the {name} easier to rent at night"),
            format!("{name} 半夜比白天好租吗"),
        ] {
            assert_eq!(line(&c, &q), vec![format!("/trend {id}")], "{q}");
        }
        let q = format!("{name} 一晚上多少钱");
        assert_eq!(line(&c, &q), vec![format!("/compare {id} 8h")], "{q}");
    }
}

/// Two platforms said as alternatives filter no stock; one platform said still does.
#[test]
fn platforms_as_alternatives_filter_no_stock() {
    let c = Catalog::embedded().unwrap();
    for (a, b, id_a) in [
        ("runpod", "vast", "runpod"),
        ("lambda", "runpod", "lambda"),
        ("autodl", "恒源云", "autodl"),
    ] {
        for (name, id) in CARDS {
            let q = format!("{name} 有货吗 {a} 或 {b} 都行");
            assert_eq!(line(&c, &q), vec![format!("/stock {id}")], "{q}");
            let q = format!("{name} on {a} or {b}, either works, in stock?");
            assert_eq!(line(&c, &q), vec![format!("/stock {id}")], "{q}");
            let q = format!("{name} 有货吗 {a}");
            assert_eq!(line(&c, &q), vec![format!("/stock {id} {id_a}")], "{q}");
        }
    }
}

/// `/offers`' own filters typed in a question are its filters, at any size or count.
#[test]
fn offers_filters_typed_in_a_question_are_kept() {
    let c = Catalog::embedded().unwrap();
    for gb in [24, 40, 48, 80] {
        for q in [
            format!("vram>={gb} 的卡有哪些"),
            format!("找个 vram>={gb} 的卡"),
            format!("anything with vram>={gb}gb"),
        ] {
            assert_eq!(line(&c, &q), vec![format!("/offers vram>={gb}")], "{q}");
        }
    }
    for n in [2, 4, 8] {
        for (name, id) in [("h100", "h100-sxm"), ("4090", "rtx-4090")] {
            let q = format!("有没有 cards>={n} 的 {name} 机器");
            assert_eq!(
                line(&c, &q),
                vec![format!("/offers {id} cards>={n}")],
                "{q}"
            );
        }
    }
}

/// A price seen elsewhere, asked whether it is still there: the stock, no ceiling at that
/// price and no bill of it, whatever the price.
#[test]
fn a_seen_price_asked_still_there_is_the_stock() {
    let c = Catalog::embedded().unwrap();
    for price in ["$0.29", "$1.10", "$2.49"] {
        for (name, id) in CARDS {
            let q = format!("saw on reddit vast has {name} for {price}, still there?");
            assert_eq!(line(&c, &q), vec![format!("/stock {id} vast")], "{q}");
        }
    }
}

/// A price history asked with no card is asked for its card; an alert still asks for its own.
#[test]
fn a_trend_without_a_card_asks_for_the_card() {
    let c = Catalog::embedded().unwrap();
    for q in [
        "价格走势怎么样",
        "最近行情如何",
        "show me the price history",
        "gpu price trend?",
    ] {
        assert!(!matches!(read(&c, q), Reading::Command(_)), "{q}");
        assert_eq!(missing(&c, q, None), Some(Missing::Trend), "{q}");
    }
    assert_eq!(missing(&c, "有货了提醒我", None), Some(Missing::Alert));
}

/// A cheap spot card asked to exist is its spot offers (cheapest first); the cheapest asked
/// with no word of existence stays the ranking with spot prices.
#[test]
fn a_cheap_spot_card_asked_to_exist_is_its_offers() {
    let c = Catalog::embedded().unwrap();
    for (name, id) in CARDS {
        for q in [
            format!("有没有便宜的竞价{name}"),
            format!("any cheap spot {name} out there"),
            format!("{name} 抢占式 有吗 最便宜的"),
        ] {
            assert_eq!(line(&c, &q), vec![format!("/offers {id} spot")], "{q}");
        }
        let q = format!("cheapest spot {name}");
        assert_eq!(line(&c, &q), vec![format!("/compare {id} 1h spot")], "{q}");
    }
}
