//! /pick conversations of helper und_dm (issue 26 §4, "a /pick that listens"): leaving and
//! corrections read by sentence shape at every step, and six lines that must read as neither:
//! `tests/data/pick_conversations_und_dm.txt`, written before any code change.

use super::pick_runner::run;

/// Conversations that must hold. Before any change (main 33e7acc4): 11/26 (the six that must read as
/// neither hold, and three corrections already read; 12 leavings and three corrections miss, the
/// corrections by re-applying the OLD value: `change fp8 to int8` said "method: FP8").
/// After (`dialogue::stop_shape`, `dialogue::correct`): 26/26.
const MUST_HOLD: usize = 26;

#[test]
fn pick_conversations_und_dm() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_dm.txt"));
    println!("{report}\npick_conversations_und_dm: {held}/{all} hold");
    assert!(all >= 26, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
