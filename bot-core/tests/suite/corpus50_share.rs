//! The share of `questions_corpus50.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus50.tsv");

/// `questions_corpus50.tsv` (300: mainstream first messages, Chinese-leaning: about 50 %
/// Chinese, 30 % English, 20 % mixed, in the command proportions of the examples file; the
/// cards, models and platforms people ask about most, everyday wording, ordinary spacing),
/// written apart from the reader by a helper who never read it, committed before it was scored:
/// untuned 297/300 (99.0 %; 299/300 by command alone; 299/300 the examples file's way), 299/300
/// (99.7 %, all three figures) after the labeller's own errors were relabelled (2: two
/// platform needs written in an order other than the one said; reasons in its header).
/// The miss left is in `docs/misses/corpus50_misses.md`.
#[test]
fn corpus50_share() {
    let (total, right) = share_by_line("corpus50", CORPUS);
    assert!(total >= 300, "corpus50: {total} questions");
    assert!(right >= 300, "corpus50: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus50_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
