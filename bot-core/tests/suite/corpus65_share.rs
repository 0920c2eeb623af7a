//! The share of `questions_corpus65.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus65.tsv");

/// `questions_corpus65.tsv` (300: small teams and companies buying GPU time: invoices, company
/// payment, several cards, monthly budgets, SLAs, data security, regions, long rentals, alerts
/// for a team channel, serving load; about 50 % Chinese, 35 % English, 15 % mixed), written
/// apart from the reader by a helper who never read it, committed before it was scored: untuned
/// 286/300 (95.3 %; 293/300 by command alone; 294/300 the examples file's way), 290/300
/// (96.7 %; 293/300 by command; 294/300 the examples file's way) after the labeller's own errors
/// were relabelled (4, each listed with its reason in its header).
/// The misses are grouped by mechanism in `docs/misses/corpus65_misses.md`.
/// Lead (session 26): 291/300 once a currency word is read whole (`currency_whole.rs`: the 元
/// of 美元 is no second currency).
/// Helper und_ay (session 26): 300/300 after corpus65's mechanisms (an adverb keeps a batch cue's
/// number, a team told or helped is `me`, N台 are rentals, a provider sought is guidance, a
/// self-host fit is a fit, two cards' hourly price one compare, `给N个销售用` is people served;
/// `docs/misses/und_und_ay.md`).
#[test]
fn corpus65_share() {
    let (total, right) = share_by_line("corpus65", CORPUS);
    assert!(total >= 300, "corpus65: {total} questions");
    assert!(right >= 300, "corpus65: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus65_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
