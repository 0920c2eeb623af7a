//! Mechanisms corpus87's misses showed (helper und_ck, issue 26; cases written before the change
//! they test, in my own wordings): a story before the ask is context; a count said after the
//! card; requests × tokens each; `not X` excludes; `cheaper than X` is no card asked; a context
//! in k with `tokens`; an unknown card's memory; `or nah`; a method switched to after a story;
//! guidance with a payment word; `recs` (`docs/misses/und_und_ck.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_ck_own.tsv");

#[test]
fn und_ck_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ck_own", OWN);
}

#[test]
fn und_ck_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
