//! The share of `questions_corpus68.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus68.tsv");

/// `questions_corpus68.tsv` (300: mainstream first messages in the examples file's mix, about
/// 46 % Chinese, 34 % English, 20 % mixed, in the command proportions of the examples file; the
/// cards, models and platforms people ask about most, everyday wording, ordinary typos and
/// spacing), written apart from the reader by a helper who never read it, committed before it
/// was scored: untuned 295/300 (98.3 %; 298/300 by command alone; 298/300 the examples file's
/// way), 298/300 (99.3 %, all three figures) after the labeller's own errors were relabelled (3:
/// the order of `/platforms`' needs, reasons in its header). The misses are grouped by mechanism
/// in `docs/misses/corpus68_misses.md`. Helper und_bc: 300/300 after spaces between Chinese
/// words were dropped in normalization (`understand::han_spaces`) and a platform asked with a
/// verb of choosing (`选什么平台`) became a place asked (`lexicon::place_asked`).
#[test]
fn corpus68_share() {
    let (total, right) = share_by_line("corpus68", CORPUS);
    assert!(total >= 300, "corpus68: {total} questions");
    assert!(right >= 300, "corpus68: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus68_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
