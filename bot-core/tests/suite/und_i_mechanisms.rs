//! Issue 26's misread intents as mechanisms, on cases of my own (helper und_i; none in a batch;
//! written before the change they tested): an alert whose condition holds `where` (`anywhere`)
//! or is told with `lmk`; when a card is usually cheap or in stock (a day of the week, `usually`
//! with a when) as `/trend`; a card's stock and price history in pinyin; an arrival after the
//! question word is what is asked, not news; one card's offers listed with what was said;
//! guidance with a trailing clause or `which platform 比较好`; payment ease as the platform
//! list; a background sentence's card and model set aside for the question's own; the job a
//! card is for beside its stock, price or specs; a negation never turning an option on; a
//! suffix on a method word.

use bot_core::Catalog;
use bot_core::understand::{Reading, read};

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_i_own.tsv");

#[test]
fn und_i_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_i_own", OWN);
}

#[test]
fn und_i_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

fn lines(catalog: &Catalog, q: &str) -> Vec<String> {
    read(catalog, q).lines()
}

/// Pinyin with nothing named is no confident reading: no card is made up for it.
#[test]
fn pinyin_with_nothing_named_reads_no_card() {
    let catalog = Catalog::embedded().unwrap();
    for q in ["you huo ma", "jiage zoushi", "zai na you huo"] {
        let r = read(&catalog, q);
        assert!(!matches!(r, Reading::Command(_)), "{q}: {:?}", r.lines());
    }
}

/// `ma` is a question only in a sentence already typed in pinyin: English with `ma` in it keeps
/// its reading.
#[test]
fn ma_alone_is_no_pinyin() {
    let catalog = Catalog::embedded().unwrap();
    assert_eq!(
        lines(&catalog, "is the 4090 in stock on vast ma"),
        lines(&catalog, "is the 4090 in stock on vast")
    );
}

/// The same job a card is for with a fit asked stays the fit: only the stock, price or specs
/// asked make it the card's question.
#[test]
fn a_fit_asked_beside_the_job_stays_the_fit() {
    let catalog = Catalog::embedded().unwrap();
    for (q, want) in [
        ("4090 能跑 flux lora 吗", "/fit flux.1-dev lora rtx-4090"),
        ("does sdxl fit on an l4", "/fit sdxl l4"),
    ] {
        assert_eq!(lines(&catalog, q), vec![want.to_string()], "{q}");
    }
}

/// A negated option is off, and the same option said plainly is on: the option word is read,
/// only the negation turns it away.
#[test]
fn each_option_word_is_read_with_its_negation() {
    let catalog = Catalog::embedded().unwrap();
    for (on, off) in [
        (
            "flux.1-dev on an l40s with cpu offload",
            "flux.1-dev on an l40s without cpu offload",
        ),
        (
            "a100 spot on vast for 2 hours",
            "a100 on vast for 2 hours, no spot",
        ),
    ] {
        let (on, off) = (lines(&catalog, on), lines(&catalog, off));
        assert_ne!(on, off, "the negation changed nothing");
        assert!(
            on[0].contains("offload") || on[0].contains("spot") || on[0].contains("tiers"),
            "{on:?}"
        );
        assert!(
            !off[0].contains("offload") && !off[0].contains("spot"),
            "{off:?}"
        );
    }
}

/// A background sentence is set aside only for a question that names its own card and model:
/// a question that names only a card keeps the story's model.
#[test]
fn a_background_model_stays_when_the_question_names_none() {
    let catalog = Catalog::embedded().unwrap();
    let l = lines(&catalog, "I want to run qwen2.5-7b. Does it fit on a 4090?");
    assert!(l.iter().any(|l| l.contains("qwen2.5-7b")), "{l:?}");
}

/// An alert with no card named is asked for its card (never read as stock or a price): the
/// condition and the way to be told make it an alert in any words.
#[test]
fn an_alert_without_a_card_asks_for_the_card() {
    use bot_core::understand::{Missing, missing};
    let catalog = Catalog::embedded().unwrap();
    for q in [
        "便宜于2块的时候告诉我",
        "有货了叫我一声",
        "lmk when one is in stock",
        "let me know once the price drops below $1",
    ] {
        assert!(
            !matches!(read(&catalog, q), Reading::Command(_)),
            "{q}: {:?}",
            read(&catalog, q).lines()
        );
        assert_eq!(missing(&catalog, q, None), Some(Missing::Alert), "{q}");
    }
}
