//! Corpus56's misses as mechanisms on cases of my own (helper und_am, issue 26; written before
//! the change they tested): an alert in words the alert cues lacked (a fall, an awaited event,
//! a "tell me" with no "when"); a detail kept in the right command (a bare `max=` beside a card
//! count, an idle time spaced and approximate, a trend's job, a past quarter); a price history
//! or a stock rhythm read as a trend; a card count and a billing kind beside "lowest price" as
//! `/offers` filters; a card's number never the API price too; the biggest model on several
//! cards.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_am_own.tsv");

#[test]
fn und_am_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_am_own", OWN);
}

#[test]
fn und_am_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
