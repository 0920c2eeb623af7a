//! /pick that listens (issue 26 §4), helper und_cz: my own conversations for the four
//! mechanisms behind pick_conversations_ad's misses (`tests/data/pick_conversations_und_cz.txt`,
//! its header says what each checks): a choice said inside words or counted from the end at any
//! step, a correction of the task with a method mid-way, a conversations-at-once figure in words
//! at any step, and leaving said as thanks + no need (and "nothing more needed" as done at the
//! barriers step).

use super::pick_runner::run;

/// Conversations that must hold: before the change (main 5314bb41) 4/18, after it 18/18.
const MUST_HOLD: usize = 18;

#[test]
fn pick_conversations_und_cz() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_cz.txt"));
    println!("{report}\npick_conversations_und_cz: {held}/{all} hold");
    assert!(all >= 16, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
