//! The share of `questions_corpus35.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus35.tsv");

/// `questions_corpus35.tsv` (300: half English, a quarter Chinese, a quarter mixed, in the command
/// proportions of the examples file; English from non-native speakers (Indian, German, Russian,
/// Brazilian phrasing), terse Slack engineers, prices and specs quoted from elsewhere, two asks with
/// the main one first, r/LocalLLaMA phrasing), written apart from the reader by a helper who never
/// read it, committed before it was scored: untuned 278/300 (92.7 %; 284/300, 94.7 %, by command
/// alone; 286/300, 95.3 %, the examples file's way), 284/300 (94.7 %; 287/300 by command either way)
/// after the labeller's own errors were relabelled (6, each listed with its reason in its header);
/// 286/300 (95.3 %; 289/300 by command) once session 18's und_i and und_p readers were merged.
/// The misses are grouped by mechanism in `docs/misses/corpus35_misses.md`; und_q fixed them as
/// mechanisms (`docs/misses/und_und_q.md`): 299/300 (99.7 %, by command too), the one left a
/// cap in `show me offers for 3090 under …` read `/stock` as fresh18 and fresh24 label it.
/// Helper und_t read a card's offers asked listed with a cap as `/offers … max=` (README's
/// table; fresh18's and fresh24's rows relabelled back to it): 300/300.
#[test]
fn corpus35_share() {
    let (total, right) = share_by_line("corpus35", CORPUS);
    assert!(total >= 300, "corpus35: {total} questions");
    assert!(right >= 300, "corpus35: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus35_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
