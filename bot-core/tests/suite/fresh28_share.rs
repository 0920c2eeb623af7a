//! The share of `questions_fresh28.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_fresh28.tsv");

/// `questions_fresh28.tsv` (300; the less frequent intents, about 37 rows each: platform facts,
/// platforms filtered by barriers, guidance for `/pick`, rent vs API, `/convert`, `/trend`,
/// `/subscribe`, stock and offers with filters; 151 Chinese, 75 English, 74 mixed), written apart
/// from the reader by a helper who never read it, committed before it was scored: untuned 253/300
/// (84.3 %; 266/300 by command with `tools/probe-command-share.py`, 278/300 in the examples'
/// way), 267/300 (89.0 %; 271 and 283 by command) after the labeller's own errors were
/// relabelled (14, each listed with its reason in its header). The 33 misses are grouped by
/// mechanism in `docs/misses/fresh28_misses.md`. After helper und-x's mechanisms (their own
/// cases in `und_x_mechanisms.rs`): 286/300 on those labels; 287/300 (95.7 %) after one more
/// relabel to the settled convention (a price with `跑` and a length is a job, `/cost`; header).
/// The 13 left were alerts on a card's family asked back; with helper und-w's default form
/// (`alert_family::defaulted`, merged beside und-x) every row reads right: 300/300.
#[test]
fn fresh28_share() {
    let (total, right) = share_by_line("fresh28", CORPUS);
    assert!(total >= 300, "fresh28: {total} questions");
    assert!(right >= 300, "fresh28: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line. The 6 `/tco` lines
/// of four words (model, quantization and daily volume: the question named no card, and no
/// parser reads a `/tco` without one) are left out.
#[test]
fn fresh28_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |e| {
        e.starts_with("/tco ") && e.split_whitespace().count() == 4
    });
}
