//! The share of `questions_corpus92.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use bot_core::Catalog;

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus92.tsv");

/// The least number of rows read right: 0 until the batch is scored (untuned score pending).
const FLOOR: usize = 0;

/// `questions_corpus92.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, every
/// intent of issue 26 in about equal share, 23-24 rows each, ordinary asks from people asking for
/// a supervisor, a class, a lab or a team, people comparing what they pay now, and people typing
/// as in a group chat: fragments, run-ons, money and time said every way, hedges, and the noise
/// real typing has in about a quarter; about 40 % Simplified, 11 % Traditional, 36 % English
/// (about half non-native), 13 % mixed; 20 rows asked back), written apart from the reader by a
/// helper who never read it, committed before it was scored: untuned score pending.
#[test]
fn corpus92_share() {
    let catalog = Catalog::embedded().unwrap();
    let (total, right) = share_by_line(&catalog, "corpus92", CORPUS);
    assert!(total >= 300, "corpus92: {total} questions");
    assert!(right >= FLOOR, "corpus92: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus92_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
