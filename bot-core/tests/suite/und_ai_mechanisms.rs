//! Corpus52's misses as mechanisms on cases of my own (helper und_ai, issue 26; written before
//! the change they tested): a rate keeps its own unit when the unit asked is said first; a user's
//! own rate beside a card is converted, not dropped for list prices; free or idle stock with a
//! word to tell is an alert; `N or more` cards is a card floor; an alert's number inside a
//! Chinese run; `accept a card`, `实时`, `按需` and an English need word in Chinese are filters;
//! a daily volume with words between; an alias with a space names its one model; the target
//! currency or the period said before the sum; `who` asks for platforms; `别再`/`不要再` stop alerts.

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ai_own.tsv");

#[test]
fn und_ai_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ai_own", OWN);
}

#[test]
fn und_ai_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
