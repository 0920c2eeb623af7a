//! Corpus66's misses and helper und_ax's leftovers as mechanisms on cases of my own (helper und_az,
//! issue 26; written before the change they tested): a yes/no question about the price ahead is a
//! trend question; an English arrival word makes an alert, in English and in a Chinese frame; 比较
//! before an adjective is the adverb "rather", no compare cue; a memory size under 6 GB right
//! before 显存/vram is a size; a laptop card the catalog lacks leaves the size after it read as its
//! fit; English words glued into Chinese read from the one mixed lexicon. Untuned 16/33;
//! 21/33 after a modal right before a move of the price asks the way ahead
//! (`understand::price_ahead`). Helper und_bb: 32/33 after a laptop word stops the near-card
//! guess, a size under 6 GB before 显存/vram is read and 比较 before an adjective is written 较.
//! Helper und_bd: 33/33 after a grade of ease after any where- or which-provider word (`哪个平台比较
//! 好租`) became the can-word of renting (`lexicon::rent_ease`).

use super::fresh19_share::{own_cases_at_least, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_az_own.tsv");

/// The rows read right (the misses are printed).
const FLOOR: usize = 33;

#[test]
fn und_az_mechanisms_on_cases_of_their_own() {
    own_cases_at_least("und_az_own", OWN, FLOOR);
}

#[test]
fn und_az_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
