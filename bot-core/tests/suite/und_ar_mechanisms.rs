//! The reader's misses left from helpers und_an, und_ao and und_ap, as mechanisms on cases of my
//! own (helper und_ar, issue 26; written before the change they test): a laptop word beside a
//! card names the laptop card (`notebook` alone is Jupyter); an API price said with a daily
//! volume is `/tco` with both; a memory size as the subject of "what can/will/could … run/handle"
//! is `/fit Ngb`; a price threshold with "tell me" is an alert whatever the verb before the amount
//! (到 … 以下); a model family and size the catalog lacks is kept as written, never another
//! variant. Untuned 21/50 (`questions_und_ar_own.tsv`); after 50/50: a laptop word near the card
//! (`lexicon::laptop_said_at`, `understand/laptop_card.rs`); any modal and subject before the verb
//! of running (`memory_models::subject_runs`); an amount with 以下 then a word to tell
//! (`alert_cues::ceiling_then_told`); no line of another kind for a family held plainly
//! (`catalog/lookup.rs`) and the family's name kept with its size (`unknown_named::size_fit`); a
//! per-million unit said before its amount (`price::unit_before`), `a million` a count, and an `m`
//! volume beside a per-million price no minutes (`volume_unit::asked`).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_ar_own.tsv");

#[test]
fn und_ar_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_ar_own", OWN);
}

#[test]
fn und_ar_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
