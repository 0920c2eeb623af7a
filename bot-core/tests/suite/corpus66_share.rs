//! The share of `questions_corpus66.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus66.tsv");

/// `questions_corpus66.tsv` (300: mainstream first messages in the examples file's mix, about
/// 45 % Chinese, 35 % English, 20 % mixed, in the command proportions of the examples file),
/// written apart from the reader by a helper who never read it, committed before it was scored:
/// untuned 296/300 (98.7 %; 297/300 by command alone and the examples file's way), 298/300
/// (99.3 %, all three figures) after the labeller's own errors were relabelled (2, each listed
/// with its reason in its header). The misses are grouped by mechanism in
/// `docs/misses/corpus66_misses.md`. Helper und_az: 299/300 after a yes/no question about the
/// price ahead (`会降吗`) is a trend question (`understand::price_ahead`); 300/300 after an
/// English arrival word in a Chinese frame (`restock 了告诉我`) takes the class word `补货`
/// (`lexicon::mixed`).
#[test]
fn corpus66_share() {
    let (total, right) = share_by_line("corpus66", CORPUS);
    assert!(total >= 300, "corpus66: {total} questions");
    assert!(right >= 300, "corpus66: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus66_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
