//! Corpus42's and corpus43's last misses as mechanisms on cases of my own (helper und_aa, issue
//! 26; written before the change they tested).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_aa_own.tsv");

#[test]
fn und_aa_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_aa_own", OWN);
}

#[test]
fn und_aa_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

#[test]
#[ignore]
fn und_aa_norm_probe() {
    for l in std::env::var("UND_AA_NORM").unwrap_or_default().lines() {
        println!("NORM {l} => {}", bot_core::understand::normalize(l));
    }
}
