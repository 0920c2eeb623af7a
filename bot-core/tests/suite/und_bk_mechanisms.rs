//! The words of "each day" read from one lexicon, and und_bj's leftovers, as mechanisms on cases
//! of my own (helper und_bk, issue 26; written before the change they tested): a word of each
//! day, week or month said to one rule is said to every rule (`lexicon::EACH_PERIOD`); an open
//! request for advice on renting beside a model is guidance; an A100 with no size in a fit is asked
//! back only where the two sizes answer differently; a region and a memory floor with no card.
//! Untuned 11/23.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bk_own.tsv");

#[test]
fn und_bk_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bk_own", OWN);
}

#[test]
fn und_bk_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
