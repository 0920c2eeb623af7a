//! Mechanisms corpus88's misses showed (helper und_cn, issue 26; cases written before the change
//! they test, in my own wordings): an API price per a unit of tokens said before its amount; a
//! memory said as a bare number beside a memory word; a card lacked said alone; a polite word
//! before `help me to choose` (`docs/misses/und_und_cn.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cn_own.tsv");

#[test]
fn und_cn_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cn_own", OWN);
}

#[test]
fn und_cn_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
