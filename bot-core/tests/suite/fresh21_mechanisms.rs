//! The misses of `questions_fresh21.tsv` as mechanisms on cases of my own (none in a batch):
//! each mechanism in both languages, with words that must not trigger it.

use bot_core::Catalog;

use super::fresh19_share::off_canonical;
use super::understand::share_by_line;

const OWN: &str = include_str!("../data/questions_fresh21_own.tsv");

#[test]
fn fresh21_mechanisms_on_cases_of_their_own() {
    let catalog = Catalog::embedded().unwrap();
    let (total, right) = share_by_line(&catalog, "fresh21_own", OWN);
    assert_eq!(right, total, "fresh21_own: {right} of {total}");
}

/// Every expected line of my own cases is one the command's parser reads back to itself.
#[test]
fn fresh21_own_labels_are_canonical_lines() {
    let off = off_canonical(OWN);
    assert!(off.is_empty(), "{}", off.join("\n"));
}
