//! A platform the sentence names and the reading dropped (helper und_cf, issue 26; written before
//! the change they test): a platform named beside a card's price or a card alone is kept in the
//! reading or its own bill asked back; a short form of a name from the catalog's aliases
//! (`jarvis`); platforms kept as before and common words no platform (`docs/misses/und_und_cf.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cf_own.tsv");

#[test]
fn und_cf_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cf_own", OWN);
}

#[test]
fn und_cf_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
