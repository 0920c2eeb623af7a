//! Mechanisms corpus90's misses showed (helper und_cu, issue 26; cases written before the change
//! they test, in my own wordings): a span beside the prices' history or chart is the trend's
//! window; a need negated with a verb between (`不用绑信用卡`, `doesn't require kyc`); which of two
//! cards is cheaper; a cap then a way to be told; a need word with one slip; a place the providers
//! are based in; `stop了` in Chinese (`docs/misses/und_und_cu.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cu_own.tsv");

#[test]
fn und_cu_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_cu_own", OWN);
}

#[test]
fn und_cu_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
