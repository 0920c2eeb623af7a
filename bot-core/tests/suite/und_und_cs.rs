//! Helper und_cs's own cases (issue 26 §4), written before the code changed:
//! `tests/data/pick_conversations_und_cs.txt` (a bare number where a numbered option and the
//! step's value both read, asked back; a choice by its place inside a longer message, the tap
//! and the other facts kept) and `tests/data/questions_und_und_cs_own.tsv` (a rental price over
//! time read as /trend). docs/misses/und_und_cs.md has the figures.

use super::fresh19_share::own_labels_canonical;
use super::pick_runner::run;

const OWN: &str = include_str!("../data/questions_und_und_cs_own.tsv");

/// Conversations that must hold: 6/18 before any code changed (the before-figure).
const MUST_HOLD: usize = 6;
/// Questions read as their expected first line: 10/16 before any code changed.
const QUESTIONS_RIGHT: usize = 10;

#[test]
fn und_cs_own_conversations() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_cs.txt"));
    println!("{report}\nund_cs: {held}/{all} hold");
    assert!(all >= 18, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

#[test]
fn und_cs_own_questions_read_right() {
    let catalog = bot_core::Catalog::embedded().unwrap();
    let (total, right) = super::understand::share_by_line(&catalog, "und_cs_own", OWN);
    assert!(total >= 15, "{total} questions");
    assert!(right >= QUESTIONS_RIGHT, "und_cs_own: {right} of {total}");
}

#[test]
fn und_cs_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
