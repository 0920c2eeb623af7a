//! Mechanisms of issue 26 (helper und_cx; cases written before the change they test, in my own
//! wordings): two cards weighed with `vs` and a which-cheaper word, English glued to Chinese; a
//! card's memory as the filter of what is in stock; where the person is as home, never a
//! filter; and the readings that keep to one command (`docs/misses/und_und_cx.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cx_own.tsv");

#[test]
fn und_cx_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cx_own", OWN);
}

#[test]
fn und_cx_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
