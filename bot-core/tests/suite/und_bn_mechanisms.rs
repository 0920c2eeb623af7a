//! The rest of the period words, one service-noun table, and A100 with no size in /fit, as
//! mechanisms on cases of my own (helper und_bn, issue 26; written before the change they test).
//! Untuned 21/26 on the branch base (d1cc7447); two of my A100 labels relabelled to the lead's
//! rule once written (corpus49's header: what the answer prints decides); after 26/26, asserted
//! (`questions_und_bn_own.tsv`). See `docs/misses/und_und_bn.md`.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bn_own.tsv");

#[test]
fn und_bn_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bn_own", OWN);
}

#[test]
fn und_bn_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
