//! Corpus36's misses of groups 1, 2, 4 and 5's `global` as mechanisms on cases of my own (helper
//! und_r, issue 26).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_r_own.tsv");

#[test]
fn und_r_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_r_own", OWN);
}

#[test]
fn und_r_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A working tool: each line of the file `UND_R_NORM` as the reader makes it plain.
#[test]
#[ignore]
fn und_r_normalize_probe() {
    let Ok(path) = std::env::var("UND_R_NORM") else {
        return;
    };
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let q = line.split('\t').next().unwrap_or(line);
        println!("norm: {q} => {}", bot_core::understand::normalize(q));
    }
}
