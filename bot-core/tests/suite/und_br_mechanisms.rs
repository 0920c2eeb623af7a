//! corpus81's misses as mechanisms (helper und_br, issue 26): card counts in measure-word and
//! machine phrasing, an alert over the multi-card cue, self-host asking how many cards, night
//! lengths, a card number never a price, a need negated after it, a payment word beside
//! `platform`, guidance in non-native order. Cases written before the change they test.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_br_own.tsv");

#[test]
fn und_br_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_br", OWN);
}

#[test]
fn und_br_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
