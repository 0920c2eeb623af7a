//! Corpus42's and corpus43's last misses as mechanisms on cases of my own (helper und_aa, issue
//! 26; the first 36 rows written before the change they tested, untuned 8/36): a count inside
//! the user's own guess gives way to the count asked; one card's list on one platform is that
//! platform's offers; which platforms bill nothing while stopped (`/platforms stopped-free`); a
//! kind of capacity alone is guidance; a hyphenated name prefix with the rest spaced; a student
//! saying who they are asks no price tier; which of two cards holds a model is the fit on no
//! card. After: 59/59 rows; corpus43 295 → 300/300, corpus42 297 → 300/300.

use super::chat::ask_fresh;
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use bot_core::Catalog;
use bot_core::catalog::StoppedCharge;
use bot_core::understand::{Reading, read};

const OWN: &str = include_str!("../data/questions_und_aa_own.tsv");

#[test]
fn und_aa_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_aa_own", OWN);
}

#[test]
fn und_aa_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// The count a guess names and the count its question asks about, on several cards and in
/// both languages: the reading's count is always the one asked, never the one guessed.
#[test]
fn the_count_asked_wins_over_the_count_guessed() {
    let cat = Catalog::embedded().unwrap();
    for (guessed, asked, zh_asked, en_asked) in [
        (2, 1, "一张", "one"),
        (3, 2, "两张", "two"),
        (4, 2, "两张", "two"),
    ] {
        for card in ["4090", "a6000", "3090"] {
            let zh = format!("我觉得qwen2.5-72b int4要{guessed}张{card}，{zh_asked}够不够");
            let en =
                format!("i reckon qwen2.5-72b int4 needs {guessed} {card}s, is {en_asked} enough?");
            for q in [zh, en] {
                let Reading::Command(r) = read(&cat, &q) else {
                    panic!("{q}: not one reading");
                };
                let line = r.line();
                let prefix = if asked == 1 {
                    String::new()
                } else {
                    format!("{asked}x")
                };
                assert!(
                    line.split_whitespace().last().is_some_and(
                        |w| w.starts_with(&prefix) && !w.starts_with(&format!("{guessed}x"))
                    ),
                    "{q}: {line}"
                );
            }
        }
    }
}

/// `/platforms stopped-free` lists, in either language, the platforms whose sourced rule says
/// nothing is billed while stopped, and none that bills something then.
#[test]
fn stopped_free_lists_the_platforms_that_bill_nothing_while_stopped() {
    let cat = Catalog::embedded().unwrap();
    let free: Vec<_> = cat
        .platforms
        .iter()
        .filter(|p| {
            p.billing
                .stopped_billing
                .known()
                .is_some_and(|l| l.as_slice() == [StoppedCharge::Nothing])
        })
        .collect();
    let billed: Vec<_> = cat
        .platforms
        .iter()
        .filter(|p| {
            p.billing.stopped_billing.known().is_some_and(|l| {
                l.contains(&StoppedCharge::Disk) || l.contains(&StoppedCharge::Compute)
            })
        })
        .collect();
    assert!(!free.is_empty() && !billed.is_empty());
    for (locale, zh, need) in [
        ("en", false, "nothing billed while stopped"),
        ("zh", true, "关机后不收任何费用"),
    ] {
        let a = ask_fresh(locale, "/platforms stopped-free");
        assert!(a.contains(need), "{a}");
        for p in &free {
            assert!(a.contains(p.display_name(zh)), "{}: {a}", p.id);
        }
        for p in &billed {
            assert!(!a.contains(&format!("| {} |", p.id)), "{}: {a}", p.id);
        }
    }
    // A question about it is answered with the same list.
    let a = ask_fresh("zh", "哪些平台关机不收费");
    assert!(a.contains("/platforms stopped-free"), "{a}");
}
