//! /pick conversations of helper und_de (issue 26 §4): `tests/data/pick_conversations_und_de.txt`,
//! its header says the format. Goals in life terms asked or said unsized (speech), a model's memory
//! asked mid-way, a pipeline changed later, Traditional Chinese at several steps, leaving words, skip
//! and no-preference words at the short-run-or-service ask, `just try`, `~100` / `100左右`.

use super::pick_runner::run;

/// Conversations that must hold. Before any code change (main 538d2c10): 5/14 (one line of mine
/// relabelled after, and a Simplified twin added: see the file header); after the change: 15/15.
const MUST_HOLD: usize = 15;

#[test]
fn pick_conversations_und_de() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_de.txt"));
    println!("{report}\npick_conversations_und_de: {held}/{all} hold");
    assert!(all >= 12, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
