//! What helper und_az left, as mechanisms on cases of my own (helper und_bb, issue 26; written
//! before the change they tested): a card word with a laptop marker that names no catalog laptop
//! card exactly is unknown, never a near spelling of another card, and the memory size said with it
//! is the fit of a size; 比较 before an adjective is the adverb "rather", no compare cue; a memory
//! size under 6 GB right before 显存/vram/of memory is a size. Untuned 14/33; 30/33 after a laptop
//! word beside a card number stops the near-card guess (`understand::typo`), a size under 6 GB
//! before 显存/vram is read (`understand::memory_small`) and 比较 before an adjective is written 较
//! (`lexicon::rather`); 32/33 after a grade of ease between a where-word and the verb to rent
//! (`哪儿比较好租到`) is dropped in the same stage. Helper und_bd: 33/33 after a grade of ease after
//! any where- or which-provider word (`在哪个平台比较容易租`) became the can-word of renting
//! (`lexicon::rent_ease`).

use super::fresh19_share::{own_cases_at_least, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bb_own.tsv");

/// The rows read right (the misses are printed).
const FLOOR: usize = 33;

#[test]
fn und_bb_mechanisms_on_cases_of_their_own() {
    own_cases_at_least("und_bb_own", OWN, FLOOR);
}

#[test]
fn und_bb_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
