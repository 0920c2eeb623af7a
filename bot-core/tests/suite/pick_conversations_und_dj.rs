//! /pick conversations of helper und_dj (issue 26 §4): `tests/data/pick_conversations_und_dj.txt`,
//! written before the change. The bot asked what it would pick, real-name refused as inability,
//! data kept in the mainland, a budget with a period and a bound but no budget word, a family
//! without a version at the model step, back with an adverb, a vague count of people, a payment
//! method denied in non-native English.

use super::pick_runner::run;

/// Conversations that must hold (before the change: see the commit that added this file).
const MUST_HOLD: usize = 1;

#[test]
fn pick_conversations_und_dj() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_und_dj.txt"));
    println!("{report}\npick_conversations_und_dj: {held}/{all} hold");
    assert!(all >= 12, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}
