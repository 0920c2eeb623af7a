//! The share of `questions_corpus99.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus99.tsv");

/// The least number of rows read right: the untuned score, 258/300 (86.0 %), scored by the lead
/// on main 689d4369 before any fixer of session 44 was merged.
/// After session 44's fixers: 280/300 (93.3 %, tuned: und_dv was given its misses).
/// After session 45's fixers: 281/300.
/// Raised by und_eg (movement, alert cues, needs read whole, places not wanted, `offer`): 282.
const FLOOR: usize = 282;

/// `questions_corpus99.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, a
/// representative sample with every intent of issue 26 in about equal share, in new forms: a
/// complaint or the story of a failed run, a budget or a deadline instead of a card, a comparison
/// with the asker's own card or a cloud they know, units and currencies written oddly, chat
/// fragments with emoji or filler, two questions in one message, platforms by nickname or pinyin,
/// plain questions about billing rules; 45 % Simplified, 5 % Traditional, 35 % English (about a
/// third non-native), 15 % mixed; a typo or input slip of a kind no earlier header lists in a
/// sixth; 16 rows asked back), written apart from the reader by a helper who never read it,
/// committed before it was scored.
#[test]
fn corpus99_share() {
    let (total, right) = share_by_line("corpus99", CORPUS);
    assert!(total >= 300, "corpus99: {total} questions");
    assert!(right >= FLOOR, "corpus99: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus99_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
