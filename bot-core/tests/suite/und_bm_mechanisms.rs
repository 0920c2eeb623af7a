//! Corpus78's misses as mechanisms on cases of my own (helper und_bm, issue 26; written before
//! the change they test): a platform slip with one candidate within the slip measure is read as
//! meant (the echo line shows the platform read), while two edits, four letters and Chinese names
//! one character off are still asked back; an English cue word misspelt at one edit (`usally`,
//! `typicaly`, `notfiy`) is read as the cue, in one class. Untuned 13/31; after 31/31 (`platform_slips::sure_slip`,
//! `lexicon::cue_words`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bm_own.tsv");

#[test]
fn und_bm_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bm_own", OWN);
}

#[test]
fn und_bm_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
