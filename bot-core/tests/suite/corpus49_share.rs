//! The share of `questions_corpus49.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus49.tsv");

/// `questions_corpus49.tsv` (300: mainstream first messages, about 45 % English, 40 % Chinese,
/// the rest mixed, in the command proportions of the examples file; the cards, models and
/// platforms people ask about most, everyday wording, ordinary typos and spacing), written apart
/// from the reader by a helper who never read it, committed before it was scored: untuned
/// 284/300 (94.7 %; 287/300 by command alone; 292/300 the examples file's way), 294/300
/// (98.0 %, all three figures) after the labeller's own errors were relabelled (10, each listed
/// with its reason in its header).
/// The misses are grouped by mechanism in `docs/misses/corpus49_misses.md`. Session 22 (lead):
/// the price's way ahead asked outright (`价格会不会再降`) is `/trend` (`wait_asked::AHEAD`): 295.
/// Helper und_ah: guidance beside a bare size or a budget, and a cheap platform wished for a
/// student's task, are `/pick` (`understand::size_guided`): 298; two cards' price difference
/// (`租一小时差多少钱`) is `/compare a b 1h` (`pair_job::PRICE_DIFF`; the row relabelled from
/// `/gpu`, reason in the TSV header): 299.
#[test]
fn corpus49_share() {
    let (total, right) = share_by_line("corpus49", CORPUS);
    assert!(total >= 300, "corpus49: {total} questions");
    assert!(right >= 300, "corpus49: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus49_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
