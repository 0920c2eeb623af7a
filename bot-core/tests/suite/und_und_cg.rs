//! Helper und_cg's own cases (issue 26), written before the change they test: money at hand is a
//! budget only when it is money (`docs/misses/und_und_cg.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cg_own.tsv");

#[test]
fn und_cg_own_cases_read_right() {
    own_cases_read_right("und_cg_own", OWN);
}

#[test]
fn und_cg_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
