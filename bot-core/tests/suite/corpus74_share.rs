//! The share of `questions_corpus74.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus74.tsv");

/// `questions_corpus74.tsv` (300: first messages in English from non-native speakers, and about a
/// third Chinese-English mixed, in the command proportions of the examples file), written apart
/// from the reader by a helper who never read it, committed before it was scored: untuned
/// 287/300 (95.7 %; 293/300 by command alone and the examples file's way), 290/300 (96.7 %;
/// 293/300 by command) after the labeller's own errors were relabelled (3, the order of
/// `/platforms` needs; each listed with its reason in its header). The misses are grouped by
/// mechanism in `docs/misses/corpus74_misses.md`. Helper und_bj: 297/300 (a card number after
/// `price of`, a negation a few words before a payment method, the alert and stock verbs' forms,
/// a memory said `with N gb` after a card noun; `docs/misses/und_und_bj.md`). Helper und_bk:
/// 298/300 (an open request for advice on renting a GPU beside a model is guidance;
/// `docs/misses/und_und_bk.md`).
/// The lead: 300/300 after its two A100 rows were relabelled by corpus49's A100 convention
/// (asked back only where 40G and 80G print different answers; listed in the TSV's header).
#[test]
fn corpus74_share() {
    let (total, right) = share_by_line("corpus74", CORPUS);
    assert!(total >= 300, "corpus74: {total} questions");
    assert!(right >= 300, "corpus74: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus74_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
