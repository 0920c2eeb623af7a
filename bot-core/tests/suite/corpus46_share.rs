//! The share of `questions_corpus46.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus46.tsv");

/// `questions_corpus46.tsv` (300: 171 rows with Chinese, 129 English, in the command proportions
/// of the examples file; people switching from a card they already rent, 1x/2x/4x/8x instance
/// sizes with NVLink/SXM wording, prices seen on a platform's page, deadlines in days, command-like
/// imperatives in words, mixed units, WeChat-group style, embeddings/rerankers/whisper/OCR/TTS,
/// constraint lists, HF URLs and ollama tags, EUR/HKD/JPY and per-minute prices, pronoun
/// follow-ups that name everything), written apart from the reader by a helper who never read it,
/// committed before it was scored: untuned 283/300 (94.3 %; 289/300 by command alone; 292/300 the
/// examples file's way), 287/300 (95.7 %; 291/300 by command, 294/300 the examples file's way)
/// after the labeller's own errors were relabelled (4, each listed with its reason in its header).
/// The misses are grouped by mechanism in `docs/misses/corpus46_misses.md`. Helper und_ad fixed
/// their mechanisms (currency words and signs, data-set counts, page prices, needs beside a cap,
/// ollama tags, the card run on now, per GPU-minute, which card for a task; 2 ollama rows
/// relabelled with the engine the user named): 300/300 (`docs/misses/und_und_ad.md`).
#[test]
fn corpus46_share() {
    let (total, right) = share_by_line("corpus46", CORPUS);
    assert!(total >= 300, "corpus46: {total} questions");
    assert!(right >= 300, "corpus46: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus46_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
