//! The share of `questions_corpus64.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus64.tsv");

/// `questions_corpus64.tsv` (300: mainstream first messages in the examples file's mix, about
/// 45 % Chinese, 35 % English, 20 % mixed, in its command proportions; the cards, models and
/// platforms asked about most in late 2026, everyday wording, ordinary typos), written apart from
/// the reader by a helper who never read it, committed before it was scored: untuned 295/300
/// (98.3 %; 297/300 by command alone and the examples file's way), 298/300 (99.3 %, all three
/// figures) after the labeller's own errors were relabelled (3, each listed with its reason in
/// its header). The misses are grouped by mechanism in `docs/misses/corpus64_misses.md`.
/// Helper und_ax: 300/300 once an English word in a Chinese cue frame reads as its Chinese class
/// word (`lexicon::english_in_chinese_frame`) and a where-word right before 租 is the stock ask.
#[test]
fn corpus64_share() {
    let (total, right) = share_by_line("corpus64", CORPUS);
    assert!(total >= 300, "corpus64: {total} questions");
    assert!(right >= 300, "corpus64: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus64_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
