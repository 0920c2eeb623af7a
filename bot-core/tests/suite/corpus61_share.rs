//! The share of `questions_corpus61.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus61.tsv");

/// `questions_corpus61.tsv` (300: mainstream first messages, about 45 % Chinese, 35 % English,
/// 20 % mixed, in the command proportions of the examples file; the cards, models and platforms
/// people ask about most in late 2026, everyday wording, ordinary typos), written apart from the
/// reader by a helper who never read it, committed before it was scored (42bf7f73): untuned
/// 289/300 (96.3 %; 293/300 by command alone; 293/300 the examples file's way), 292/300
/// (97.3 %; 294/300 by command and the examples file's way) after the labeller's own errors
/// were relabelled (3, each listed with its reason in its header).
/// The misses are grouped by mechanism in `docs/misses/corpus61_misses.md`.
/// After helper und_au's mechanisms (a rate's unit said first, always on beside a month, a rate
/// asked per week with `that`, `有库存` as an alert's event, stock cues `开出来`/`哪个云`/`多不多`,
/// the choice handed over for a card) and one more relabel (`跑一周` at one's own price is the
/// examples file's /cost): 300/300.
#[test]
fn corpus61_share() {
    let (total, right) = share_by_line("corpus61", CORPUS);
    assert!(total >= 300, "corpus61: {total} questions");
    assert!(right >= 300, "corpus61: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus61_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
