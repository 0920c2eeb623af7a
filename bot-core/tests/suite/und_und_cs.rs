//! Helper und_cs's own cases (issue 26 §4), written before the code changed:
//! `tests/data/pick_conversations_und_cs.txt` (a bare number where a numbered option and the
//! step's value both read, asked back; a choice by its place inside a longer message, the tap
//! and the other facts kept) and `tests/data/questions_und_und_cs_own.tsv` (a rental price over
//! time read as /trend). docs/misses/und_und_cs.md has the figures.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use super::pick_runner::run;

const OWN: &str = include_str!("../data/questions_und_und_cs_own.tsv");

/// Conversations that must hold: 6/18 before any code changed (the before-figure, 7a0dfa5a);
/// 20/20 after (two added after the first change: a value in the words of another option's
/// label, at the concurrency and context steps).
const MUST_HOLD: usize = 20;

#[test]
fn und_cs_own_conversations() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_cs.txt"));
    println!("{report}\nund_cs: {held}/{all} hold");
    assert!(all >= 20, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

/// 10/16 read right before any code changed (7a0dfa5a), 16/16 after.
#[test]
fn und_cs_own_questions_read_right() {
    own_cases_read_right("und_cs_own", OWN);
}

#[test]
fn und_cs_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
