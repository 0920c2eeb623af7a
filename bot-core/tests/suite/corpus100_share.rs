//! The share of `questions_corpus100.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus100.tsv");

/// The least number of rows read right: the untuned score, 270/300 (90.0 %), scored by the lead
/// on main before any fixer of session 44 was merged.
/// After session 44's fixers, none of whom read its rows: 273/300 (91.0 %, fresh).
/// After session 45's fixers (und_dx was given its misses): 291/300 (97.0 %, tuned).
const FLOOR: usize = 291;

/// `questions_corpus100.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, a
/// representative sample of what people ask a GPU-renting bot, every intent of issue 26 in equal
/// share, 25 rows each, as it comes from real chat in Chinese and English dev groups: mostly short,
/// a fifth longer; abbreviations and product words, models and cards written every way (pasted
/// file, repository and nvidia-smi names), facts the catalog alone answers; 45 % Simplified, 5 %
/// Traditional, 35 % English (a third non-native), 15 % mixed; a typo or input slip of a kind no
/// earlier header lists in a sixth; 12 rows asked back), written apart from the reader by a helper
/// who never read it, committed before it was scored.
#[test]
fn corpus100_share() {
    let (total, right) = share_by_line("corpus100", CORPUS);
    assert!(total >= 300, "corpus100: {total} questions");
    assert!(right >= FLOOR, "corpus100: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus100_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
