//! /pick conversations of helper und_bz (session 33, issue 26): a duration with a run verb is
//! the run's length, never the budget's period; an image or video job named at the model step;
//! a budget cue after the amount; a cap per hour at the duration step in both languages
//! (`tests/data/pick_conversations_und_bz.txt`, docs/misses/und_und_bz.md).

use super::pick_runner::run;

/// Every conversation holds; the near misses (a budget per day, an LLM at the model step, a
/// cap per hour, plain hours) held before the change and must still hold.
const MUST_HOLD: usize = 17;

#[test]
fn pick_conversations_und_bz() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_bz.txt"));
    println!("{report}\npick_conversations_und_bz: {held}/{all} hold");
    assert!(all >= 17, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
