//! The share of `questions_fresh22.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::understand::share_by_line;

/// `questions_fresh22.tsv` (300, 16 labelled to be asked back; ML engineers pasting flags and
/// config fragments, the newest models, billing rules, platforms by name, alerts with
/// conditions), written apart from the reader by a helper who never read it, committed before
/// it was scored: untuned 224/300 (74.7 %), 286/300 (95.3 %) after the labeller's own errors
/// were relabelled (62, each listed with its reason in its header; 36 of them the label's
/// spelling of the same reading). The 14 misses left are grouped by mechanism in
/// `docs/misses/fresh22_misses.md`. The lead's fixes (spaced halves, bill options' values,
/// a trainer's flags for checkpointing, cards, sharding, rank and mixed precision, long names
/// said word by word, a per-user volume; five relabels by the lead, listed in the header)
/// read 293; with und-r's mechanisms and three more of the lead's (有了 before a word to tell,
/// 怎么走/涨跌 as price history, a platform said to be out of a card) 296; a price `times` a
/// length read as the sum, 297; which card and which platform asked together as /pick, 298.
#[test]
fn fresh22_share() {
    let (total, right) = share_by_line("fresh22", include_str!("../data/questions_fresh22.tsv"));
    assert!(total >= 300, "fresh22: {total} questions");
    assert!(right >= 298, "fresh22: {right} of {total}");
}
