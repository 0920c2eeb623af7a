//! Cloud instance types read as the cards they hold (helper inst_types, issue 26): AWS, GCP and
//! Azure names at several sizes, in spec, fit, compare and price questions, in both languages,
//! with guards (a card whose id starts an instance family). Cases written before the change.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_inst_types_own.tsv");

#[test]
fn inst_types_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("inst_types_own", OWN);
}

#[test]
fn inst_types_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
