//! /pick conversations of helper und_db (issue 26 §4): `tests/data/pick_conversations_und_db.txt`,
//! its header says the format. "You decide" and "I don't understand" words at any step, a
//! correction "X not Y" / "是X不是Y" with no cue word, and thanks + no need said without a comma.

use super::pick_runner::run;

/// Conversations that must hold. Before any code change (main e66d3792): 5/12 (the same after
/// relabelling one line of mine, see the file header); after the fix: 11/12.
const MUST_HOLD: usize = 12;

#[test]
fn pick_conversations_und_db() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_db.txt"));
    println!("{report}\npick_conversations_und_db: {held}/{all} hold");
    assert!(all >= 12, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
