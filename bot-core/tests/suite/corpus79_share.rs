//! The share of `questions_corpus79.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus79.tsv");

/// `questions_corpus79.tsv` (300: mainstream first messages in the examples file's mix, about
/// half Chinese, a third English, the rest mixed; the cards, models and platforms people ask
/// about in late 2026), written apart from the reader by a helper who never read it, committed
/// before it was scored (1a7bb6bc): untuned 299/300 (99.7 %; 299/300 by command alone and the
/// examples file's way); no row relabelled (the one miss is the reader's), so 299/300 after.
/// The miss is in `docs/misses/corpus79_misses.md`. Helper und_bo read it (GPU rental itself
/// named beside a need is the filtered list, `lexicon::rental_named`): 300/300, floor 299 -> 300.
#[test]
fn corpus79_share() {
    let (total, right) = share_by_line("corpus79", CORPUS);
    assert!(total >= 300, "corpus79: {total} questions");
    assert!(right >= 300, "corpus79: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus79_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
