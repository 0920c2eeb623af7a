//! Corpus48's sections 1 and 2 as mechanisms on cases of my own (helper und_af, issue 26;
//! written before the change they test): a wait is the trend, a company's head count no batch,
//! a monthly budget a budget, storage said kept on the bill, a cheaper card like a named one by
//! its memory, a platform's billing rule said in passing context for the bill asked. Untuned
//! 19/37, after 37/37; 10 rows added after the changes in other words, 47/47; corpus48 275 →
//! 288/300.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_af_own.tsv");

#[test]
fn own_cases_read_right_und_af() {
    own_cases_read_right("und_af_own", OWN);
}

#[test]
fn own_labels_canonical_und_af() {
    own_labels_canonical(OWN, |_| false);
}
