//! The misses of `questions_fresh20.tsv` as mechanisms on cases of my own (none in a batch):
//! each mechanism in both languages, with words that must not trigger it.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_fresh20_own.tsv");

#[test]
fn fresh20_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("fresh20_own", OWN);
}

/// Every expected line of my own cases is one the command's parser reads back to itself.
#[test]
fn fresh20_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
