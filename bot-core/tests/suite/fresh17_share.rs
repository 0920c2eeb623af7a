//! The share of `questions_fresh17.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::understand::share_by_line;

/// `questions_fresh17.tsv` (338, 30 to be asked back), written apart from the reader by a
/// helper who never read it, committed before it was scored: untuned 267/338 (79.0 %), 280/338
/// (82.8 %) after the labeller's own errors were relabelled (each listed in its header). The 58
/// misses left were grouped by mechanism in the session-9 note `fresh17_misses.md`; after und-k's
/// fixes (`fresh17_mechanisms`) and 3 more relabels (in the header): 321/338 (95.0 %). The 17
/// left are asked back with no choice the scorer can count (`多少钱`, `alert me`, follow-ups).
#[test]
fn fresh17_share() {
    let (total, right) = share_by_line("fresh17", include_str!("../data/questions_fresh17.tsv"));
    assert!(total >= 338, "fresh17: {total} questions");
    assert!(right >= 321, "fresh17: {right} of {total}");
}
