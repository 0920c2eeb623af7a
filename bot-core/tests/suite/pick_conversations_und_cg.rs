//! /pick conversations of helper und_cg (issue 26): a place said as where the person or the
//! company is, kept as a place preference said back with the way to widen it; place words that
//! are no place; money at hand read by one table and one guard
//! (`tests/data/pick_conversations_und_cg.txt`, docs/misses/und_und_cg.md).

use super::pick_runner::run;

/// Before the change 11/27 held, after it 27/27 (docs/misses/und_und_cg.md); 28/28 with
/// data_loc2's named-city case (`深圳`, named by Alibaba Cloud's list); raised as the misses are
/// fixed, never lowered.
const MUST_HOLD: usize = 28;

#[test]
fn pick_conversations_und_cg() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_cg.txt"));
    println!("{report}\npick_conversations_und_cg: {held}/{all} hold");
    assert!(all >= 28, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
