//! A company's way to pay, in /pick and in a plain question (helper pick_s, issue 26; cases
//! written before the change they test): a bank transfer from a company account (`对公付款`,
//! `公司账户`, `wire transfer`) is the catalog's `bank_transfer`, read from the one lexicon's
//! payment words, echoed, a button at the barriers step and a check on each platform's record;
//! invoiced billing (`pay by invoice`) is the catalog's `invoice`. A record that lists its ways
//! to pay without either is unknown for it, never refusing.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use super::pick_runner::run;

const OWN: &str = include_str!("../data/questions_pick_s_own.tsv");

#[test]
fn pick_s_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("pick_s_own", OWN);
}

#[test]
fn pick_s_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Conversations that must hold: every one of the file's (the header says what each checks).
#[test]
fn pick_conversations_s() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_s.txt"));
    println!("{report}\npick_conversations_s: {held}/{all} hold");
    assert!(all >= 12, "{all} conversations");
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
