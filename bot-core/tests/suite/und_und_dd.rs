//! Mechanisms left after session 39 (helper und_dd, issue 26 §2–3; cases written before the
//! change they test, in my own wordings): a place said as an adjective or after a host noun typed
//! with a slip; billing by the second said short; a price word beside two cards; a model name
//! with a slip; a trend that names a model; watch-and-tell-me forms; a currency asked of a bill;
//! a money unit with a slip (`docs/misses/und_und_dd.md`).

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const OWN: &str = include_str!("../data/questions_und_und_dd_own.tsv");

/// Rows read right (asked-back rows right when asked with the written line among the choices):
/// 28/63 before the change, 62/64 after (docs/misses/und_und_dd.md).
const FLOOR: usize = 62;

#[test]
fn und_dd_mechanisms_on_cases_of_their_own() {
    let (total, right) = share_by_line("und_dd_own", OWN);
    assert!(total >= 60, "und_dd_own: {total} rows");
    assert!(
        right >= FLOOR,
        "und_dd_own: {right} of {total}, floor {FLOOR}"
    );
}

#[test]
fn und_dd_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
