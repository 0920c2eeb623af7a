//! The share of `questions_corpus70.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus70.tsv");

/// `questions_corpus70.tsv` (300: mainstream first messages, the examples file's mix, about 45 %
/// Chinese, 35 % English, 20 % mixed, in the command proportions of the examples file), written
/// apart from the reader by a helper who never read it, committed before it was scored: untuned
/// 297/300 (99.0 %; 299/300 by command alone; 299/300 the examples file's way), 299/300 (99.7 %,
/// all three figures) after the labeller's own errors were relabelled (2, each listed with its
/// reason in its header). The one miss is described in `docs/misses/corpus70_misses.md`.
/// Helper und_bf: 300/300 (`watch A6000 stock for me` an alert: `lexicon::watch_told_as_alert`).
#[test]
fn corpus70_share() {
    let (total, right) = share_by_line("corpus70", CORPUS);
    assert!(total >= 300, "corpus70: {total} questions");
    assert!(right >= 300, "corpus70: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus70_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
