//! /pick conversations of helper und_dh (issue 26 §4, "a /pick that listens"): the conversations at
//! once said as a peak or as "just me", ranges of people and of money with a currency, a card said at
//! the task step, questions that name a step's options, leaving said in words, a budget corrected in
//! Traditional characters, and a bare "nah" at a step with no "none" answer:
//! `tests/data/pick_conversations_und_dh.txt`, written before any code change.

use super::pick_runner::run;

/// Conversations that must hold. Before any change (main c4b151ee): 5/21. After (asked_about,
/// leaving, at_peak, rebudget, a card kept from the task step, said_back): 21/21, one own label
/// moved (the file header says which).
const MUST_HOLD: usize = 21;

#[test]
fn pick_conversations_und_dh() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_dh.txt"));
    println!("{report}\npick_conversations_und_dh: {held}/{all} hold");
    assert!(all >= 21, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
