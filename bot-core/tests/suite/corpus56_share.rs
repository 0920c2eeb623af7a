//! The share of `questions_corpus56.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus56.tsv");

/// `questions_corpus56.tsv` (300: experienced engineers' first messages, jargon-heavy, about
/// 43 % Chinese, 38 % English, 19 % mixed, in the command proportions of the examples file with
/// fewer /pick), written apart from the reader by a helper who never read it, committed before
/// it was scored: untuned 274/300 (91.3 %; 293/300 by command alone; 293/300 the examples
/// file's way), 289/300 (96.3 %; 294/300 by command, 294/300 the examples file's way) after the
/// labeller's own errors were relabelled (15, each listed with its reason in its header).
/// The misses are grouped by mechanism in `docs/misses/corpus56_misses.md`.
/// Helper und_am: 300/300 (100 %) after ten of the eleven misses' mechanisms were fixed and the
/// eleventh relabelled to the ask-back (`/fit 2xrtx-3090` is no answerable line; reason in the
/// file's header); `docs/misses/und_und_am.md`.
#[test]
fn corpus56_share() {
    let (total, right) = share_by_line("corpus56", CORPUS);
    assert!(total >= 300, "corpus56: {total} questions");
    assert!(right >= 300, "corpus56: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus56_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
