//! Corpus93's misses as mechanisms on cases of my own (helper und_df, issue 26; cases written
//! before the change they test, in my own wordings): a whole day / night / week said is read,
//! never the 1-hour default; amounts as dictation writes them; /convert's "from" is the unit the
//! amount is said with; a currency word beats `块`; /tco volume as requests × tokens; a platform
//! or card the asker owns is background; Traditional barrier words; a memory floor with a cap as
//! /offers, stopped billing said as a clause, a unit before its amount
//! (`docs/misses/und_und_df.md`).

use super::fresh19_share::{own_cases_at_least, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_df_own.tsv");

/// Rows read right: 35 of 63 before the change (docs/misses/und_und_df.md).
const FLOOR: usize = 35;

#[test]
fn und_df_mechanisms_on_cases_of_their_own() {
    own_cases_at_least("und_df_own", OWN, FLOOR);
}

#[test]
fn und_df_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
