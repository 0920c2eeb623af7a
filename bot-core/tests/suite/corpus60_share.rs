//! The share of `questions_corpus60.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus60.tsv");

/// `questions_corpus60.tsv` (300: international English-speaking users' mainstream first
/// messages, 70 % English, 20 % mixed with another language's words, 10 % Chinese, in the
/// command proportions of the examples file; RunPod, vast.ai, Lambda, Paperspace, TensorDock,
/// Jarvislabs, Modal, Colab and cloud instance names; prices in $, €, £ and ₹), written apart
/// from the reader by a helper who never read it, committed before it was scored: untuned
/// 273/300 (91.0 %; 282/300 by command alone; 282/300 the examples file's way); no row
/// relabelled (every miss is wrong by the labels' conventions), so 273/300 after too. English
/// 204/210, mixed 39/60, Chinese 30/30. The misses are grouped by mechanism in
/// `docs/misses/corpus60_misses.md`. Helper und_as (issue 26) raised the floor to 300/300: a
/// currency with no rate kept in `/convert` (£, ₹, rupees), other languages' words read as the
/// English ones (`lexicon::in_english`: ghante/heures/Stunden, disponibles, préviens-moi,
/// empfehlen, `al mes`, `dólares`; Hinglish `hai` no platform), the best provider for a job asked as guidance.
#[test]
fn corpus60_share() {
    let (total, right) = share_by_line("corpus60", CORPUS);
    assert!(total >= 300, "corpus60: {total} questions");
    assert!(right >= 300, "corpus60: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus60_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
