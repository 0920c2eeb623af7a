//! The share of `questions_corpus53.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus53.tsv");

/// `questions_corpus53.tsv` (300: hard everyday messages: context first and the ask last,
/// corrections inside the sentence, implicit subjects, numbers in words, relative times, slang,
/// voice-input slips, a card owned beside the one to rent; 134 Chinese, 106 English, 60 mixed,
/// in the command proportions of the examples file), written apart from the reader by a helper
/// who never read it, committed before it was scored: untuned 274/300 (91.3 %; 288/300 by
/// command alone; 289/300 the examples file's way), 275/300 (91.7 %; 288 and 289 unchanged)
/// after the labeller's own error was relabelled (1, listed with its reason in its header).
/// The misses are grouped by mechanism in `docs/misses/corpus53_misses.md`. Helper und_aj
/// (corrections inside the sentence, the card owned, dollars and cents, `half a million`, glued
/// words, a memory size said as had): 287/300 (95.7 %), `docs/misses/und_und_aj.md`. Helper und_ak
/// (the question after a story, somewhere else, the platform before a sold-out remark, a card
/// said aloud): 292 → 298/300 (99.3 %), `docs/misses/und_und_ak.md`. Helper und_al (`便宜点` as
/// the reason for a spot card, a rate seen per month if it stays on): 298 → 300/300,
/// `docs/misses/und_und_al.md`.
#[test]
fn corpus53_share() {
    let (total, right) = share_by_line("corpus53", CORPUS);
    assert!(total >= 300, "corpus53: {total} questions");
    assert!(right >= 300, "corpus53: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus53_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
