//! The mechanisms corpus72, corpus73 and und_bh left, on cases of my own (helper und_bi, issue 26;
//! written before the change they tested): the cheapest card for a service with nothing else to
//! size is guidance (a model named is sized); two cards weighed beat a bare family; a machine of N
//! cards asked where to rent beats a model; a price word and a history word in either language are
//! the price history; a whole day over a span of days is read once, where the use is read.
//! Untuned: see the commit that added this file.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bi_own.tsv");

#[test]
fn und_bi_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bi_own", OWN);
}

#[test]
fn und_bi_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
