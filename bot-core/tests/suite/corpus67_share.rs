//! The share of `questions_corpus67.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus67.tsv");

/// `questions_corpus67.tsv` (300: people who train models, first messages: LoRA, QLoRA, full,
/// DPO, GRPO, continued pre-training, with their frameworks, sequence lengths and batch sizes,
/// and the other intents a trainer needs), written apart from the reader by a helper who never
/// read it, committed before it was scored: untuned 288/300 (96.0 %; 299/300 by command alone;
/// 300/300 the examples file's way), 292/300 (97.3 %; 299/300; 300/300) after the labeller's own
/// errors were relabelled (4, each listed with its reason in its header). The misses are grouped
/// by mechanism in `docs/misses/corpus67_misses.md`. Helper und_ba (a number never a card and
/// length words as the context, trainer words, switches said off in words): 292 → 299/300
/// (99.7 %); then an alias with a space for its dash no longer respelt as a family typo
/// (`ministral 8b`): 300/300, `docs/misses/und_und_ba.md`.
#[test]
fn corpus67_share() {
    let (total, right) = share_by_line("corpus67", CORPUS);
    assert!(total >= 300, "corpus67: {total} questions");
    assert!(right >= 300, "corpus67: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus67_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
