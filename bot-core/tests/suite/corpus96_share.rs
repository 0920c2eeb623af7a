//! The share of `questions_corpus96.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus96.tsv");

/// The lead's untuned score on main before this session's fixers were merged: 289/300 (96.3 %); 290
/// after relabelling two API prices said with a currency that the writer had written bare
/// (corpus93's rule: an API price as said); 295 after helper und_do's place, slip and
/// stopped-machine mechanisms; 299 with its alerts, API unit, conversion and comparison ones
/// (docs/misses/und_und_do.md); 300 after the lead relabelled `没有信用卡 … paypal` by the house's
/// written convention (corpus58's header: a method named beside the card not had is that filter).
const FLOOR: usize = 300;

/// `questions_corpus96.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, A
/// REPRESENTATIVE SAMPLE with no single theme: every intent of issue 26 in about equal share, a
/// third short plain questions, a third with some context (a project, a deadline, a budget, what
/// was tried), a sixth with a typo or an IME slip, the rest mixed or Traditional; 45 % Simplified,
/// 5 % Traditional, 35 % English (a third non-native), 15 % mixed; 20 rows asked back), written
/// apart from the reader by a helper who never read it, committed before it was scored.
#[test]
fn corpus96_share() {
    let (total, right) = share_by_line("corpus96", CORPUS);
    assert!(total >= 300, "corpus96: {total} questions");
    assert!(right >= FLOOR, "corpus96: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus96_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
