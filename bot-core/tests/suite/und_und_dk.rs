//! Corpus95's misses as mechanisms on cases of my own (helper und_dk, issue 26 §1–3; cases written
//! before the change they test, in my own wordings): an alert's parts in any order (a way to be
//! told, a condition, stock said as `have stock`); a price-rank word with one card and no
//! platform; a barrier word typed with one slip; a conversion of an amount said without a
//! currency (`docs/misses/und_und_dk.md`).

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const OWN: &str = include_str!("../data/questions_und_und_dk_own.tsv");

/// Rows read right (asked-back rows right when asked with the written line among the choices):
/// 24/53 before the change, 53/53 after (docs/misses/und_und_dk.md).
const FLOOR: usize = 53;

#[test]
fn und_dk_mechanisms_on_cases_of_their_own() {
    let (total, right) = share_by_line("und_dk_own", OWN);
    assert!(total >= 50, "und_dk_own: {total} rows");
    assert!(right >= FLOOR, "und_dk_own: {right} of {total}");
}

#[test]
fn und_dk_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
