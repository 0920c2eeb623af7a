//! /pick conversations the way new users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_w): `tests/data/pick_conversations_w.txt`, its header says the
//! format. Emphasis: a step answered with several facts at once, a place and a payment need,
//! serving with a head count or a QPS and a monthly budget, long jobs and their budget, students
//! with tiny budgets, "I don't know" at every step, a repo id or a GGUF file pasted as the model,
//! /back, 上一步 and /cancel mid-way, typos.

use super::pick_runner::run;

/// Conversations that must hold: untuned 30/40 as written (commit 15843ffe), 32/40 after
/// relabelling my own checks in three conversations (a GGUF format checked with underscores,
/// which the runner reads as spaces; a tap on a fixed command line too long to be a button); the
/// eight misses are the reader's and the dialogue's (docs/misses/pick_w_misses.md). Helper
/// und_ce: 37/40 (money at hand, the choice handed over, a test run; docs/misses/und_und_ce.md);
/// the three left were places said as where the person is, read by helper und_cg: 40/40
/// (docs/misses/und_und_cg.md).
const MUST_HOLD: usize = 40;

#[test]
fn pick_conversations_w() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_w.txt"));
    println!("{report}\npick_conversations_w: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
