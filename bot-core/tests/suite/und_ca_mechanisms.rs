//! Corpus85's three misses as mechanisms on cases of my own (helper und_ca, issue 26; written
//! before the change they test): a card's other memory sizes found from the catalog's own
//! family data (not the spelling of its id), a card's number never a count of students before
//! a student price, and a bare `full` with no training or serving word asked back where full
//! fine-tuning and the whole model print different verdicts (`docs/misses/und_und_ca.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_ca_own.tsv");

#[test]
fn und_ca_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ca_own", OWN);
}

#[test]
fn und_ca_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
