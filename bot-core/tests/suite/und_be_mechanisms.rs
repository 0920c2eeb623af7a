//! Corpus69's misses as mechanisms on cases of my own (helper und_be, issue 26; written before
//! the change they tested): a clock range is a length; hours of a day-part over a month or weeks
//! are a daily pattern; a price of one's own before 一小时 with the card a noun; a budget with
//! guidance words is /pick; a card refused for its price is set aside; a price difference said
//! with a price noun is /compare a b 1h; a model and a task beside a cheap memory size is a fit;
//! cheap beside a stock word is the stock question. Untuned 15/37 (no clock range, day-part,
//! guidance-with-a-sum, refused-card or price-noun difference row read right). 37/37 after
//! `understand::clock_range`, `understand::day_part`, `lexicon::MONEY_CAN_DO` with
//! `understand::budget_guide`, `lexicon::price_refused_at`, a price-noun difference in `pair_job`
//! and a family's fit keeping its memory (`docs/misses/und_und_be.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_be_own.tsv");

#[test]
fn und_be_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_be_own", OWN);
}

#[test]
fn und_be_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
