//! Helper und_cc's own cases (issue 26), written before the change they test: a number beside a
//! card with no unit that may count the cards or the hours is asked back, never guessed; offers
//! asked in a place carry it (`docs/misses/und_und_cc.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cc_own.tsv");

#[test]
fn und_cc_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cc_own", OWN);
}

#[test]
fn und_cc_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
