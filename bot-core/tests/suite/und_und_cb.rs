//! Round five of "one lexicon decides what each word means" (helper und_cb, issue 26; written
//! before the change they test): the private word lists beside the lexicon folded into its
//! tables (ceilings, run verbs, units of tokens), `一天`/`a day` beside a longer length asked back
//! through `lexicon::Senses`, and a memory need in GB read as the cards that have it
//! (`docs/misses/und_und_cb.md`).

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const OWN: &str = include_str!("../data/questions_und_und_cb_own.tsv");

/// Every own case read as its expected line; the floor is the count read right (raised as the
/// mechanisms land, never lowered).
/// Before the change: 16 of 38; after: 38 of 38.
const FLOOR: usize = 38;

#[test]
fn und_cb_own_cases_read_right() {
    let (total, right) = share_by_line("und_cb_own", OWN);
    assert!(
        right >= FLOOR,
        "und_cb_own: {right} of {total}, floor {FLOOR}"
    );
}

#[test]
fn und_cb_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}
