//! Corpus84's `$0.05/M, 5M a day` miss as mechanisms on cases of my own (helper und_bv, issue 26;
//! written before the change they test): API prices in every common form (`$X/M`, `per 1M
//! tokens`, `/Mtok`, `per million`, `¥8/M tokens`, 每百万token 2块, `/1K tokens`), volumes as
//! people say them (`5M a day`, `5M/天`, a month's, requests × tokens each), a count with `m` read
//! as tokens beside a price per million or a rent-vs-API word and as minutes beside a job, and
//! counts of tokens in a fit question kept as its context (`docs/misses/und_und_bv.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bv_own.tsv");

#[test]
fn und_bv_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bv_own", OWN);
}

#[test]
fn und_bv_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
