//! Corpus48's misses of sections 3–6 as mechanisms on cases of my own (helper und_ag, issue 26;
//! none in a batch; written before the change they tested): spot vs on-demand for one card, a
//! size without a family (`a 13 billion parameter model`, `7B参数`, `a 70b in 4-bit`), a
//! cheaper card with the same memory, a vague wish for guidance, `最低` with an hour, waiting for
//! prices to fall, `跟我说一声`, a platform kept beside `cheapest`, and the second person with a
//! model named.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ag_own.tsv");

#[test]
fn und_ag_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ag_own", OWN);
}

#[test]
fn und_ag_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
