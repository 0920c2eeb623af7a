//! The share of `questions_corpus85.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus85.tsv");

/// The least number of rows read right: the score after the labeller's relabels.
const FLOOR: usize = 300;

/// `questions_corpus85.tsv` (300: a mainstream mix as an outside checker would write it, 46 %
/// Chinese, 35 % English, a third of it non-native, 19 % mixed; every intent in the brief's
/// proportions, 20 rows asked back), written apart from the reader by a helper who never read
/// it, committed before it was scored (35d6d712): untuned 294/300 (98.0 %; 299/300 by command
/// alone, 300/300 the examples file's way); 2 rows relabelled (the labeller's errors: Europe is
/// the house's `region=eu`; a stock question with a region is `/offers … region=`), so 296/300
/// after, and 300/300 after helper und_ca's fixes of the 4 misses in
/// `docs/misses/corpus85_misses.md` (`docs/misses/und_und_ca.md`).
#[test]
fn corpus85_share() {
    let (total, right) = share_by_line("corpus85", CORPUS);
    assert!(total >= 300, "corpus85: {total} questions");
    assert!(right >= FLOOR, "corpus85: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus85_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
