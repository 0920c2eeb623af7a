//! The share of `questions_corpus91.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus91.tsv");

/// The least number of rows read right: the untuned score, which is also the score after the
/// labeller's relabels (none), 292.
/// Session 39: 297 after und_cy (alert and need-word typos, `u` amounts, the `vs` join; `docs/misses/und_und_cy.md`).
const FLOOR: usize = 300;

/// `questions_corpus91.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, every
/// intent of issue 26 in about equal share, 23-24 rows each, ordinary asks as typed into a
/// WeChat/QQ group, a Discord server or a forum thread: fragments, run-ons, money and time said
/// every way, hedges, and the noise real typing has in about a quarter; about 39 % Simplified,
/// 11 % Traditional, 35 % English (about half non-native), 15 % mixed; 20 rows asked back),
/// written apart from the reader by a helper who never read it, committed before it was scored
/// (f5fd7809): untuned 292/300 (97.3 %; 296/300 by command alone and the examples file's way);
/// all 20 asked-back rows asked with the written line among the choices. Relabelled: none
/// (each miss weighed against the house's conventions, listed in the file's header): 292/300
/// (97.3 %), the floor. The 8 misses (an alert with the typo `nofity` read as /stock; `2u` dropped
/// from an alert's cap; `a10 vs t4 哪个便宜` read as /gpu; `eu`/`us` dropped from /platforms (3);
/// `per secound billing` and `0.8u一小时折合多少rmb` unread) are in
/// `docs/misses/corpus91_misses.md`.
#[test]
fn corpus91_share() {
    let (total, right) = share_by_line("corpus91", CORPUS);
    assert!(total >= 300, "corpus91: {total} questions");
    assert!(right >= FLOOR, "corpus91: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus91_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
