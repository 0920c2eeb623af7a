//! Corpus47's misses as mechanisms on cases of my own (helper und_ae, issue 26; none in a batch;
//! written before the change they tested).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ae_own.tsv");

#[test]
fn und_ae_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ae_own", OWN);
}

#[test]
fn und_ae_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
