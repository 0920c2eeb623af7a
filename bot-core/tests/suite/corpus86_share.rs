//! The share of `questions_corpus86.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus86.tsv");

/// The least number of rows read right: 299 after the labeller's relabels; 300 once und_cd's
/// name slips (`vats` asked back as Vast) were merged (session 35, share over every corpus).
const FLOOR: usize = 300;

/// `questions_corpus86.tsv` (300: a second mainstream mix by a different hand than corpus85's,
/// 45 % Chinese, 35 % English, a third of it non-native, 20 % mixed; every intent in the brief's
/// proportions, 20 rows asked back), written apart from the reader by a helper who never read
/// it, committed before it was scored (f846162b): untuned 299/300 (99.7 %; 299/300 by command
/// alone and the examples file's way); no row relabelled (the one miss is the reader's), so
/// 299/300 after. The miss, `does vats bill by the second` (no reading; the house asks back a
/// four-letter platform name with two letters swapped), is in `docs/misses/corpus86_misses.md`.
#[test]
fn corpus86_share() {
    let (total, right) = share_by_line("corpus86", CORPUS);
    assert!(total >= 300, "corpus86: {total} questions");
    assert!(right >= FLOOR, "corpus86: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus86_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
