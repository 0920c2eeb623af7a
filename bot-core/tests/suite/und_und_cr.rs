//! Mechanisms corpus89's misses showed (helper und_cr, issue 26; cases written before the change
//! they test, in my own wordings): the choice handed over or what suits the person asked beside a
//! need; a bare `full` before the model; a card number's two digits swapped into a round number;
//! `over the time`; buying weighed in the story before the ask; `creditcard` in one word
//! (`docs/misses/und_und_cr.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cr_own.tsv");

#[test]
fn und_cr_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cr_own", OWN);
}

#[test]
fn und_cr_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
