//! /pick conversations the way new users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_v): `tests/data/pick_conversations_v.txt`, its header says the
//! format. Emphasis: the story sentence and variations of it, money and durations as
//! people say them, hedged numbers, a budget per hour against one in total, questions and commands
//! mid-/pick, minds changed twice, serving, image and video jobs, a step answered with another fact.

use super::pick_runner::run;

/// Conversations that must hold: untuned 33/40 as written (commit f2e77702), 35/40 after two
/// relabels of my own checks (a need switched on its button, not echoed; a short inference run's
/// card step asks with the reader line); the five misses are the dialogue's
/// (docs/misses/pick_v_misses.md); 40/40 since helper und_bz fixed their four mechanisms
/// (docs/misses/und_und_bz.md).
const MUST_HOLD: usize = 40;

#[test]
fn pick_conversations_v() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_v.txt"));
    println!("{report}\npick_conversations_v: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
