//! The share of `questions_corpus75.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus75.tsv");

/// `questions_corpus75.tsv` (300: Chinese developer slang and forum voice, about a fifth mixed
/// with English words, in the command proportions of the examples file), written apart from the
/// reader by a helper who never read it, committed before it was scored: untuned 280/300
/// (93.3 %; 290/300 by command alone; 292/300 the examples file's way), 291/300 (97.0 %; 294/300
/// by command and the examples file's way) after the labeller's own errors were relabelled (11,
/// each listed with its reason in its header).
/// Helper und_bl (issue 26) relabelled 3 rows by the house's conventions ("offer" with a card is
/// /stock; a region is the `cn` filter /compare has; reasons in the header) and fixed the
/// mechanisms of the rest (region as one platform, 炼 as training, guidance in forum words, the
/// cheapest asked beside 求推荐平台, a second spec asked after a space): 300/300.
/// The misses are grouped by mechanism in `docs/misses/corpus75_misses.md`.
#[test]
fn corpus75_share() {
    let (total, right) = share_by_line("corpus75", CORPUS);
    assert!(total >= 300, "corpus75: {total} questions");
    assert!(right >= 300, "corpus75: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus75_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
