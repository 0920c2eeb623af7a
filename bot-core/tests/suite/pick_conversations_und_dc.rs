//! /pick conversations of helper und_dc (issue 26 §4): `tests/data/pick_conversations_und_dc.txt`,
//! its header says the format. Answers that belong to a later step, hedged values and ranges,
//! numbers in words, a mind changed twice, an ask-back answered by typing, and a choice inside a
//! sentence at every step.

use super::pick_runner::run;

/// Conversations that must hold. Before any code change (und_dc at 2ba81f92): 9/16; after the
/// fix: 16/16.
const MUST_HOLD: usize = 16;

#[test]
fn pick_conversations_und_dc() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_dc.txt"));
    println!("{report}\npick_conversations_und_dc: {held}/{all} hold");
    assert!(all >= 12, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
