//! The share of `questions_corpus77.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus77.tsv");

/// `questions_corpus77.tsv` (300: mainstream first messages in the examples file's mix of
/// languages, intents and voices: about 58 % Chinese, 36 % English, 6 % mixed; students,
/// hobbyists, engineers, small teams; late-2026 cards, models and platforms), written apart from
/// the reader by a helper who never read it, committed (01d0876b) before it was scored: untuned
/// 297/300 (99.0 %; 300/300 by command alone and the examples file's way), 300/300 (100.0 %, all
/// three figures) after the labeller's own errors were relabelled (3, each listed with its reason
/// in its header). The misses are in `docs/misses/corpus77_misses.md`.
#[test]
fn corpus77_share() {
    let (total, right) = share_by_line("corpus77", CORPUS);
    assert!(total >= 300, "corpus77: {total} questions");
    assert!(right >= 300, "corpus77: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus77_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
