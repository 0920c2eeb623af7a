//! The share of `questions_corpus73.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus73.tsv");

/// `questions_corpus73.tsv` (300: mainstream first messages in the examples file's mix, about
/// 48 % Chinese, 33 % English, the rest mixed, in the command proportions of the examples file;
/// the cards, models and platforms people ask about most, everyday wording, ordinary typos),
/// written apart from the reader by a helper who never read it, committed before it was scored:
/// untuned 296/300 (98.7 %; 299/300 by command alone and the examples file's way), 299/300
/// (99.7 %, all three figures) after the labeller's own errors were relabelled (3: `/platforms`
/// filters kept in the order said, each listed with its reason in its header).
/// The one miss (`L20 价格 history`) is in `docs/misses/corpus73_misses.md`; helper und_bi read a
/// price word and a history word in any mix of the two languages as the history: 300/300.
#[test]
fn corpus73_share() {
    let (total, right) = share_by_line("corpus73", CORPUS);
    assert!(total >= 300, "corpus73: {total} questions");
    assert!(right >= 300, "corpus73: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus73_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
