//! The share of `questions_corpus76.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus76.tsv");

/// `questions_corpus76.tsv` (300: first messages from researchers, lab students and people
/// reproducing papers, about 45 % Chinese, 40 % English, 15 % mixed, in the command proportions
/// of the examples file), written apart from the reader by a helper who never read it, committed
/// before it was scored (fdf8013a): untuned 297/300 (99.0 %; 300/300 by command alone and the
/// examples file's way), 298/300 (99.3 %; 300/300 by command) after the labeller's own error
/// was relabelled (1, listed with its reason in its header). The two misses left are grouped by
/// mechanism in `docs/misses/corpus76_misses.md`. Helper und_bl (issue 26) fixed both (the count
/// asked after a count quoted from the paper; `N <card> hours` as hours on the card): 300/300.
#[test]
fn corpus76_share() {
    let (total, right) = share_by_line("corpus76", CORPUS);
    assert!(total >= 300, "corpus76: {total} questions");
    assert!(right >= 300, "corpus76: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus76_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
