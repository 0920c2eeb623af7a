//! Corpus86's miss and what it exposed, as mechanisms on cases of my own (helper und_cd, issue
//! 26; written before the change they test): a slip of a platform's name that is an English word
//! (`vats`), or two slips from one (`vsta`, `cdou`, `lamb`), where a name fits, asked back with
//! the platform; a card's number with a slip after a platform asked back; the same words where no
//! name fits read as what they say (`docs/misses/und_und_cd.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cd_own.tsv");

#[test]
fn und_cd_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cd_own", OWN);
}

#[test]
fn und_cd_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
