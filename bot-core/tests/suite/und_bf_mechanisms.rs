//! Session 28's leftovers as mechanisms on cases of my own (helper und_bf, issue 26; written
//! before the change they tested): a clock range that cannot be read (the same clock at both
//! ends, no half of the day said) is asked back, never billed as the default hour; weekdays
//! only over a month or weeks are the weekdays' days, not every day of the span; a watch verb
//! with "for me" beside a card is an alert, whatever stock word follows; a way of paying asked of
//! GPU platforms, none named, is the list filtered by it. Untuned 16/34 (7d26f8e2); 34/34 after
//! `clock_range::asked_back`, `lexicon::weekdays_as_rhythm` with a week's days keeping their span
//! (`daily_days`), `lexicon::watch_told_as_alert` and `understand::pay_asked`
//! (`docs/misses/und_und_bf.md`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_bf_own.tsv");

#[test]
fn und_bf_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_bf_own", OWN);
}

#[test]
fn und_bf_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
