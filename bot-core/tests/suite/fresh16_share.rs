//! The share of `questions_fresh16.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::understand::share_by_line;

/// `questions_fresh16.tsv` (270, 22 to be asked back), written apart from the reader by a
/// helper who never read it, committed before it was scored: untuned 190/270 (70.4 %), 229/270
/// (84.8 %) after the labeller's own errors were relabelled (each listed in its header). The 41
/// misses left are grouped by mechanism in the session-8 note `fresh16_misses.md`. After
/// helper und-h's mechanisms (their own cases in `fresh16_mechanisms`; two more relabels in the
/// header: option orders, a default boot): 263/270 (97.4 %). After und-k's fresh17 mechanisms
/// (`跑个 5 的`, `price moved`, `什么时候最容易有货`): 267/270 (98.9 %). After und_q's corpus34/35
/// mechanisms (a cheap spot card asked to exist is its offers): 269/270 (99.6 %).
#[test]
fn fresh16_share() {
    let (total, right) = share_by_line("fresh16", include_str!("../data/questions_fresh16.tsv"));
    assert!(total >= 270, "fresh16: {total} questions");
    assert!(right >= 269, "fresh16: {right} of {total}");
}
