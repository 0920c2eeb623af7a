//! Corpus98's misses as mechanisms on cases of my own (helper und_dt, issue 26; cases written
//! before the change they test): guidance asked in one sentence of a longer message (`walk me
//! through`, `帮我选`), a concrete question beside it winning; slips folded and said (a Japanese
//! form `実名`, two Han characters swapped `势走`, a need word shortened `加密币`, stretched
//! letters `paypaaal`, homophones `buy the second`, `right no`, `let me no`); an alert as a
//! heads-up; a platform pointed back at (`除了它`) excluded; a quoted echo corrected
//! (`docs/misses/und_dt.md`).

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const OWN: &str = include_str!("../data/questions_und_dt.tsv");

/// Rows read right: 11/28 before the change.
const FLOOR: usize = 11;

#[test]
fn und_dt_share() {
    let catalog = bot_core::Catalog::embedded().unwrap();
    let (total, right) = share_by_line(&catalog, "und_dt", OWN);
    assert!(total >= 28, "und_dt: {total} rows");
    assert!(right >= FLOOR, "und_dt: {right} of {total}");
}

#[test]
fn und_dt_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
