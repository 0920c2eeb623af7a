//! /pick conversations the way new users type them, a fresh set written apart from the code
//! (issue 26 §4, helper pick_t): `tests/data/pick_conversations_t.txt`, its header says the
//! format. Mainstream voices: a first sentence with several facts (payment, real name, budget,
//! region, card), later steps answered in the user's own words, a change of mind, a question
//! or a command typed mid-dialogue.

use super::pick_runner::run;

/// Conversations that must hold: untuned 32/40 as written, 33/40 after relabelling the file's
/// one error of its writer's (a barriers step scripted that a sentence with its needs skips);
/// 40/40 once the seven misses of the reader's (docs/misses/pick_t_misses.md) were fixed as
/// mechanisms (helper und_bq, docs/misses/und_und_bq.md).
const MUST_HOLD: usize = 40;

#[test]
fn pick_conversations_t() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_t.txt"));
    println!("{report}\npick_conversations_t: {held}/{all} hold");
    assert!(all >= 40, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
