//! `questions_fresh29.tsv`: a batch written apart from the reader (issue 26).

use super::fresh19_share::own_labels_canonical;

const CORPUS: &str = include_str!("../data/questions_fresh29.tsv");

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn fresh29_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
