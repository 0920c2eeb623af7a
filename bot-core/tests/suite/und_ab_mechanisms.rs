//! Corpus44's misses as mechanisms on cases of my own (helper und_ab, issue 26; none in a batch;
//! written before the change they tested): N nodes of M cards, a hyphenated length or card count,
//! a jiao said with a currency after it, `non-` before a region, the stock card beside a modded
//! one, `HBM`, `24 gigs`, two cards priced for one job, a card outside the catalog.

use super::chat::{say, text, who, world};
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use bot_core::Input;

const OWN: &str = include_str!("../data/questions_und_ab_own.tsv");

#[test]
fn und_ab_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ab_own", OWN);
}

#[test]
fn und_ab_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// `/compare a b 5h` ranks both cards for the same job, each under its own name, never a
/// "card not found" for the two names read as one.
#[test]
fn two_cards_compared_for_one_job_rank_both() {
    let w = world();
    for (line, names) in [
        ("/compare rtx-3090 rtx-4090 5h", ["RTX 3090", "RTX 4090"]),
        ("/compare l40s a100-80g-sxm 8h", ["L40S", "A100"]),
    ] {
        let out = say(&w, "en", line);
        for n in names {
            assert!(out.contains(n), "{line}: {n} missing in {out}");
        }
        assert!(!out.to_lowercase().contains("not found"), "{line}: {out}");
        // The job's length is each ranking's: both say it.
        let length = line.rsplit(' ').next().unwrap();
        assert_eq!(
            out.matches(&format!("{length} of work")).count(),
            2,
            "{line}: {out}"
        );
    }
}

/// A card outside the catalog is said unknown in both languages, and no card of another line
/// is offered for it (a P40 is no A40, a K80 no A10, a P100 no A100).
#[test]
fn a_card_outside_the_catalog_gets_no_look_alike() {
    let w = world();
    for (locale, question, word, not) in [
        (
            "zh",
            "我有张P40 24G，能跑qwen2.5 14b吗",
            "p40",
            ["A40", "L40"],
        ),
        (
            "en",
            "my old K80, can it run qwen2.5 7b",
            "k80",
            ["A10", "L40"],
        ),
        ("en", "would an M40 run llama 3.1 8b", "m40", ["A40", "L40"]),
        (
            "zh",
            "P100 16G 跑 llama 3.2 3b 行不行",
            "p100",
            ["A100", "H100"],
        ),
    ] {
        let a = w.bot.handle(&who(locale), Input::Text(question.into()));
        let out = text(&a.replies, a.lang);
        let choices = format!(
            "{:?}",
            a.replies.iter().map(|r| &r.choices).collect::<Vec<_>>()
        );
        assert!(out.to_lowercase().contains(word), "{question}: {out}");
        for n in not {
            assert!(!out.contains(n), "{question}: {n} said in {out}");
            let id = n.to_lowercase();
            assert!(
                !choices.contains(&id),
                "{question}: {id} offered in {choices}"
            );
        }
        // The model's own need, with no card, is what is offered.
        assert!(choices.contains("/fit "), "{question}: {choices}");
    }
}
