//! The share of `questions_fresh18.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::understand::share_by_line;

/// `questions_fresh18.tsv` (335, 31 written to be asked back), written apart from the reader by a
/// helper who never read it, committed before it was scored: untuned 247/335 (73.7 %), 271/335
/// (80.9 %) after the labeller's own errors were relabelled (each listed in its header). The 64
/// misses left are grouped by mechanism in `docs/misses/fresh18_misses.md`. After und-l's
/// half of them (its mechanisms tested in `fresh18_mechanisms_b`): 284/335 (84.8 %); with und-n's
/// half (`fresh18_mechanisms_a`): 313/335 (93.4 %); one more relabel (listed in the header): 314.
/// After und-o's leftovers (`fresh18_mechanisms_c`: a card with a bare number, two setups with
/// counts and two cards for a family asked back, each label naming a right choice as the header
/// lists): 319/335 (95.2 %).
#[test]
fn fresh18_share() {
    let (total, right) = share_by_line("fresh18", include_str!("../data/questions_fresh18.tsv"));
    assert!(total >= 335, "fresh18: {total} questions");
    assert!(right >= 319, "fresh18: {right} of {total}");
}
