//! The share of `questions_corpus87.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use bot_core::Catalog;

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus87.tsv");

/// The least number of rows read right: untuned score pending, so no floor yet.
const FLOOR: usize = 0;

/// `questions_corpus87.tsv` (300: a hard mix by an outside checker's hand), written apart from
/// the reader by a helper who never read it, committed before it was scored: untuned score
/// pending.
#[test]
fn corpus87_share() {
    let catalog = Catalog::embedded().unwrap();
    let (total, right) = share_by_line(&catalog, "corpus87", CORPUS);
    assert!(total >= 300, "corpus87: {total} questions");
    assert!(right >= FLOOR, "corpus87: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus87_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
