//! A platform the sentence names (helper und_ci, issue 26; written before the change they test):
//! set aside on purpose by a reader and read as the corpora label it, or carried by the reading,
//! or asked back, never dropped in silence (`docs/misses/und_und_ci.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_ci_own.tsv");

#[test]
fn und_ci_platforms_named_kept_or_set_aside() {
    own_cases_read_right("und_ci_own", OWN);
}

#[test]
fn und_ci_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
