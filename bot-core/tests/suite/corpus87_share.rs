//! The share of `questions_corpus87.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus87.tsv");

/// The least number of rows read right: the score after the labeller's relabels.
const FLOOR: usize = 300;

/// `questions_corpus87.tsv` (300: a HARD mix, as an outside checker would write it to find the
/// reader's limits — stories before the ask, two asks, exclusion and relative asks, colloquial
/// Chinese, chat shorthand and non-native English, cards the catalog lacks; 41 % Chinese, 36 %
/// English, 23 % mixed; 30 rows asked back), written apart from the reader by a helper who never
/// read it, committed before it was scored (a0b905ab): untuned 281/300 (93.7 %; 294/300 by
/// command alone, 295/300 the examples file's way); 2 rows relabelled (a stated `zero3` and a
/// stated `ollama` the labels had dropped), so 283/300 (94.3 %) after. The 17 misses, 15 of them
/// confident wrong lines (a story's numbers taken as the ask's, `8 of them` dropped, requests ×
/// tokens not multiplied, `not runpod`, `cheaper than X` keeping X), are in
/// `docs/misses/corpus87_misses.md`. After und_ck (`docs/misses/und_und_ck.md`): 299/300; the
/// one left (`P40 24g`'s memory) was a convention corpus44 labelled the other way, decided in
/// session 36 for the memory said (corpus44's header): 300/300.
#[test]
fn corpus87_share() {
    let (total, right) = share_by_line("corpus87", CORPUS);
    assert!(total >= 300, "corpus87: {total} questions");
    assert!(right >= FLOOR, "corpus87: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus87_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
