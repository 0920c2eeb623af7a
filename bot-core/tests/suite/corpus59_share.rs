//! The share of `questions_corpus59.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus59.tsv");

/// `questions_corpus59.tsv` (300: Chinese users of domestic platforms, first messages, about
/// 75 % Chinese and 25 % mixed, in the command proportions of the examples file), written apart
/// from the reader by a helper who never read it, committed before it was scored: untuned
/// 293/300 (97.7 %; 295/300 by command alone; 295/300 the examples file's way), 295/300
/// (98.3 %, all three figures) after the labeller's own errors were relabelled (2, each listed
/// with its reason in its header). The misses are grouped by mechanism in
/// `docs/misses/corpus59_misses.md`. Helper und_aq: 297 after the timing class (`lexicon::timing`:
/// rent now or wait, when a card is easy to get); 299 after 还有 read as "still" before a
/// where-to-rent and haste words passed over between an arrival and its tell word; 300 after
/// a pass sold by the period (`周卡`, `lexicon::passes`) read as a price per that period.
#[test]
fn corpus59_share() {
    let (total, right) = share_by_line("corpus59", CORPUS);
    assert!(total >= 300, "corpus59: {total} questions");
    assert!(right >= 300, "corpus59: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus59_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
