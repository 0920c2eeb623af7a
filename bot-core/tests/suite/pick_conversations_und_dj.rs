//! /pick conversations of helper und_dj (issue 26 §4): `tests/data/pick_conversations_und_dj.txt`,
//! written before the change. The bot asked what it would pick, real-name refused as inability,
//! data kept in the mainland, a budget with a period and a bound but no budget word, a family
//! without a version at the model step, back with an adverb, a vague count of people, a payment
//! method denied in non-native English.

use super::pick_runner::run;

/// Conversations that must hold: 1/15 before the change (commit f0c1b9a2, three own lines
/// relabelled by the house's written rules, see the file's header), 14/15 after
/// (docs/misses/und_und_dj.md). The one left: `2 at once` in a first sentence beside a month
/// budget, not read (no mechanism of this helper's).
const MUST_HOLD: usize = 15;

#[test]
fn pick_conversations_und_dj() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_dj.txt"));
    println!("{report}\npick_conversations_und_dj: {held}/{all} hold");
    assert!(all >= 12, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
