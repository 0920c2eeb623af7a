//! Fresh29's misses and issue 26's leftovers as mechanisms on cases of my own (helper und-y,
//! issue 26; none in a batch; written before the change they tested): one spoken-number reader
//! (`幺`, a `亿` with its `万` part, English hundreds, a numeral glued to `k` or `bit`), a batch
//! said with a verb or in Chinese words, a model alias written with a space, a card's feature
//! asked to exist, the user's price with another currency asked, the hours of a price beside a
//! night, amounts under a yuan, a period before its amount, a version in Chinese numerals and
//! `蒸馏版`. Untuned 3/57, after 57/57 (and 11 written after, 68/68); fresh29 286 → 299/300
//! (300/300 with one row relabelled `ask:`), fresh30 281 → 282.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_y_own.tsv");

#[test]
fn und_y_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_y_own", OWN);
}

#[test]
fn und_y_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
