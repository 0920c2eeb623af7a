//! /pick conversations the way new users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_v): `tests/data/pick_conversations_v.txt`, its header says the
//! format. Emphasis: the story sentence and variations of it, money and durations as
//! people say them, hedged numbers, a budget per hour against one in total, questions and commands
//! mid-/pick, minds changed twice, serving, image and video jobs, a step answered with another fact.

use super::pick_runner::run;

/// Conversations that must hold: set after the first run, as written.
const MUST_HOLD: usize = 0;

#[test]
fn pick_conversations_v() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_v.txt"));
    println!("{report}\npick_conversations_v: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
