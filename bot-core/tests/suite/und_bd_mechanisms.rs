//! What session 27 left in the reader, as mechanisms on cases of my own (helper und_bd, issue 26;
//! written before the change they tested): a team alert with words between the verb and the team
//! (`let the whole team on slack know`, `在群里通知大家`); easy to rent (`好租`, `容易租到`, `easy to
//! get`) as availability; English words inside Chinese read from one table; a later fact replacing
//! an earlier one (`不对，是…`, `actually make it …`). Untuned 22/35 (labels canonical).
//! 35/35 after the audience of an alert was read as a phrase anywhere after the telling verb
//! (`lexicon::audience`), a grade of ease after a where- or which-provider word as the can-word
//! of renting (`lexicon::rent_ease`), the English words inside Chinese read from one table
//! (`lexicon::mixed`, `daily` in it) and a value refused or taken back found by one rule
//! (`lexicon::refused_value_at`, `make it` a correction word).

use super::fresh19_share::{own_cases_at_least, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bd_own.tsv");

/// The rows read right (the misses are printed).
const FLOOR: usize = 35;

#[test]
fn und_bd_mechanisms_on_cases_of_their_own() {
    own_cases_at_least("und_bd_own", OWN, FLOOR);
}

#[test]
fn und_bd_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
