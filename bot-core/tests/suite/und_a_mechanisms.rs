//! fresh31's misses as mechanisms on cases of my own (helper und-a, issue 26; none in a batch;
//! written before the change they tested): a weekend is two days whatever stands before it,
//! `full` beside a model's size is the whole model, the card already had is context, AutoDL's
//! nickname `奥拓` (a catalog nickname with its source), whether a card is cheaper at a time is
//! its `/trend`, guidance asked with only a budget or a job, a plain sum after a budget, and a
//! clause that asks is no follow-up to tap.

use bot_core::Catalog;
use bot_core::understand::read;

use super::chat::{ask, world};
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und-a_own.tsv");

#[test]
fn und_a_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_a_own", OWN);
}

#[test]
fn und_a_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Every nickname says where it was seen and when, and reads as its platform, alone and in a
/// question (never as another platform or a slip of one).
#[test]
fn every_nickname_is_sourced_and_reads_as_its_platform() {
    let cat = Catalog::embedded().unwrap();
    let nicknamed: Vec<_> = cat
        .platforms
        .iter()
        .filter(|p| !p.nicknames.is_empty())
        .collect();
    assert!(!nicknamed.is_empty(), "AutoDL's 奥拓 at least");
    for p in nicknamed {
        for n in &p.nicknames {
            assert!(
                !n.source.trim().is_empty() && n.as_of.len() == 10,
                "{}: {n:?}",
                p.id
            );
            assert_eq!(
                cat.find_platform(&n.name).map(|f| f.id.as_str()),
                Some(p.id.as_str())
            );
            let asked = format!("{}要实名吗", n.name);
            assert_eq!(
                read(&cat, &asked).lines(),
                vec![format!("/platform {}", p.id)]
            );
        }
    }
}

/// `a whole weekend` bills what `/cost … 2d` bills, in both locales (never a week's).
#[test]
fn a_whole_weekend_bills_two_days() {
    let w = world();
    for locale in ["en", "zh"] {
        let typed = ask(&w.bot, locale, "/cost runpod rtx-4090 2d");
        let asked = ask(&w.bot, locale, "runpod 4090 for a whole weekend, how much");
        let week = ask(&w.bot, locale, "/cost runpod rtx-4090 7d");
        let total = |t: &str| {
            t.lines()
                .find(|l| l.starts_with("Total") || l.starts_with("合计"))
                .map(str::to_string)
                .expect("a total")
        };
        assert!(asked.contains(&total(&typed)), "{locale}:\n{asked}");
        assert!(
            !asked.contains(&total(&week)),
            "{locale}: a week's bill\n{asked}"
        );
    }
}

/// The own card said beside the rented one, set against it, stays a question of both; a
/// cheaper price asked at a time with two platforms weighed stays a compare.
#[test]
fn the_own_card_and_the_time_rule_keep_their_bounds() {
    let cat = Catalog::embedded().unwrap();
    let both = read(&cat, "我自己的3090和租的a6000差几倍");
    assert_eq!(both.lines(), vec!["/gpu rtx-3090 rtx-a6000".to_string()]);
    let weighed = read(&cat, "周末租4090 autodl和vast哪个便宜");
    assert!(
        weighed.lines().iter().all(|l| !l.starts_with("/trend")),
        "{weighed:?}"
    );
}

/// Every Chinese name a platform goes by in the catalog (alias or nickname) reads as that
/// platform in a question of its facts, and beside a card and a length as its bill.
#[test]
fn every_chinese_platform_name_reads() {
    let cat = Catalog::embedded().unwrap();
    let cjk = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    let mut off = Vec::new();
    for p in &cat.platforms {
        for name in p.said_names().filter(|n| cjk(n)) {
            let facts = read(&cat, &format!("{name}要实名吗")).lines();
            if facts != vec![format!("/platform {}", p.id)] {
                off.push(format!("{name}要实名吗 → {facts:?}"));
            }
        }
    }
    assert!(off.is_empty(), "{}", off.join("\n"));
}
