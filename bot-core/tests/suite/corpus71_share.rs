//! The share of `questions_corpus71.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus71.tsv");

/// `questions_corpus71.tsv` (300: mainstream first messages, about 45 % Chinese, 35 % English,
/// 20 % mixed, in the command proportions of the examples file), written apart from the reader
/// by a helper who never read it, committed before it was scored: untuned 298/300 (99.3 %;
/// 300/300 by command alone and the examples file's way), 300/300 (100.0 %, all three figures)
/// after the labeller's own errors were relabelled (2: `/platforms` filters in the order said,
/// reasons in its header). The two misses as scored are in `docs/misses/corpus71_misses.md`.
#[test]
fn corpus71_share() {
    let (total, right) = share_by_line("corpus71", CORPUS);
    assert!(total >= 300, "corpus71: {total} questions");
    assert!(right >= 300, "corpus71: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus71_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
