//! Mechanisms corpus91's misses showed (helper und_cy, issue 26; cases written before the change
//! they test, in my own wordings): an alert or need word with one slip (`nofity`, `alret`,
//! `secound`) read as the word, never as another command's; `u` after an amount read as USDT
//! (US dollars, said), and a ceiling whose amount cannot be read said back, never dropped; two
//! cards joined by any join word with a which-cheaper word ranked by an hour
//! (`docs/misses/und_und_cy.md`).

use super::fresh19_share::{own_cases_at_least, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_und_cy_own.tsv");

/// Rows read right (before the change: docs/misses/und_und_cy.md).
const FLOOR: usize = 23;

#[test]
fn und_cy_mechanisms_on_cases_of_their_own() {
    own_cases_at_least("und_cy_own", OWN, FLOOR);
}

#[test]
fn und_cy_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
