//! /pick conversations of helper und_dg (issue 26 §4): choices typed with a slip (`thrid`, `scond`,
//! `seccond`, `fisrt`, `②`, `❸`, `第三各`), "change the <step>" with no new value, and models said as
//! voice input writes them (`千问二点五十四b`, `llama三点一八b`): `tests/data/pick_conversations_und_dg.txt`,
//! written before any code change.

use super::pick_runner::run;

/// Conversations that must hold. Before any change (main e5ce2494): 2/14 (the two that change
/// the current step or name the new model; every slip, list mark, `第` slip, reopened step and
/// voice-written model refused with pick-invalid).
const MUST_HOLD: usize = 0;

#[test]
fn pick_conversations_und_dg() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_dg.txt"));
    println!("{report}\npick_conversations_und_dg: {held}/{all} hold");
    assert!(all >= 14, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
