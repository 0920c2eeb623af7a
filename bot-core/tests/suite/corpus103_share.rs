//! The share of `questions_corpus103.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus103.tsv");

/// The least number of rows read right: the untuned score, taken by the lead on main c20cb576
/// before any fixer of session 46 was merged (250/300); raised by und_ed (story, chat marks,
/// corrections, second asks: 273/300).
/// Raised by und_eg (movement, alert cues, needs read whole, places not wanted, `offer`): 285.
const FLOOR: usize = 285;

/// `questions_corpus103.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, a
/// representative sample with every intent of issue 26 in equal share, 25 rows each, leaning on
/// messages that carry a story: a third with context before or after the question, a sixth with
/// two asks), written apart from the reader by a helper who never read it, committed before it was
/// scored. Its header says what was read, the languages, the slips and the conventions.
#[test]
fn corpus103_share() {
    let (total, right) = share_by_line("corpus103", CORPUS);
    assert!(total >= 300, "corpus103: {total} questions");
    assert!(right >= FLOOR, "corpus103: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus103_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
