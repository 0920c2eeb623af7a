//! The share of `questions_corpus104.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus104.tsv");

/// The least number of rows read right: the untuned score, taken by the lead on main c20cb576
/// before any fixer of session 46 was merged (269/300); und_ed (rows not read): 271/300.
/// Session 47: und_eg (movement, alert cues, needs read whole, places not wanted, `offer`) 276;
/// und_ee (its misses as mechanisms) 291; both merged: the figure main printed.
const FLOOR: usize = 295;

/// `questions_corpus104.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, a
/// representative sample with every intent of issue 26 in equal share, 25 rows each, mostly short
/// chat lines from Chinese and English dev groups), written apart from the reader by a helper who
/// never read it, committed before it was scored. Its header says what was read, the languages,
/// the slips and the conventions.
#[test]
fn corpus104_share() {
    let (total, right) = share_by_line("corpus104", CORPUS);
    assert!(total >= 300, "corpus104: {total} questions");
    assert!(right >= FLOOR, "corpus104: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus104_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
