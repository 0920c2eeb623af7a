//! Mechanisms found after merging und_cy (helper und_da, issue 26; cases written before the
//! change they test, in my own wordings): a ceiling word before or after a count of cards is a
//! ceiling on the count (`cards<=N`), never the floor it was read as; a ceiling on a non-money
//! noun is never an unreadable price; a currency word with one slip (`dollrs`, `yaun`) read as
//! the word (`docs/misses/und_und_da.md`).

use super::fresh19_share::{own_cases_at_least, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_da_own.tsv");

/// Rows read right: 5 of 31 before the change (docs/misses/und_und_da.md).
const FLOOR: usize = 5;

#[test]
fn und_da_mechanisms_on_cases_of_their_own() {
    own_cases_at_least("und_da_own", OWN, FLOOR);
}

#[test]
fn und_da_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
