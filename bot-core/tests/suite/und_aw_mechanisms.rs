//! What helper und_at left as mechanisms on cases of my own (helper und_aw, issue 26; written
//! before the change they tested): which platform is cheapest, asked after a job or a remark on
//! stock, is the ranking; not knowing which card a project needs is guidance; a laptop card the
//! catalog lacks is left out and its memory size kept; every currency word, read from one
//! lexicon; where it is cheapest to rent, in the other languages the reader knows.
//! Untuned: see `docs/misses/und_und_aw.md`.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_aw_own.tsv");

#[test]
fn und_aw_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_aw_own", OWN);
}

#[test]
fn und_aw_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
