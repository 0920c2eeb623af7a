//! Corpus58's misses as mechanisms on cases of my own (helper und_ap, issue 26; written before
//! the change they tested): a card or model the catalog lacks is kept as the user named it (the
//! command says it is unknown), never answered as a look-alike; a full fine-tune said by an
//! adverb (fully, 全量); a precision asked about (要不要开fp8, should i use int4) is none chosen;
//! a payment denied by don't need / 不需要 / 无需; a recommendation asked with a budget in words
//! is guidance; where a card can be rented is stock; machines listed are offers; a platform
//! asked whether it disconnects is its facts.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ap_own.tsv");

#[test]
fn und_ap_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ap_own", OWN);
}

#[test]
fn und_ap_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
