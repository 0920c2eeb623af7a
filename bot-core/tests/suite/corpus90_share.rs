//! The share of `questions_corpus90.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus90.tsv");

/// The least number of rows read right: the score after the labeller's relabels (291), then
/// 297 once helper und_cu read six of its misses as mechanisms (`docs/misses/und_und_cu.md`;
/// then 299 once the lead read two cards asked which is cheaper as `/compare a b 1h` (session
/// 38: issue 26 lists `A和B哪个便宜` under compare); `l4 vs t4 哪个cheaper` (an English word glued
/// to Chinese after `vs`) is still read as the cards side by side.
/// Session 39: 300, once und_cy read a which-cheaper word beside cards joined by `vs` as a price.
const FLOOR: usize = 300;

/// `questions_corpus90.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, every
/// intent of issue 26 in about equal share, 23-25 rows each, in ordinary phrasings with the
/// noise real typing has in about a quarter; 40 % Simplified, 10 % Traditional, 36 % English
/// (about half non-native), 14 % mixed; 20 rows asked back), written apart from the reader by a
/// helper who never read it, committed before it was scored (10eaf50d): untuned 291/300
/// (97.0 %; 293/300 by command alone); all 20 asked-back rows asked with the written line among
/// the choices. Relabelled: none (each miss weighed against the house's conventions, listed in
/// the file's header): 291/300 (97.0 %), the floor. The 9 misses (a 60-day trend read as a
/// 60-day /compare bill; `不用綁信用卡` read as the `card` need; two cards' `哪个便宜` read as /gpu
/// (3); an alert read as /stock; `crytpo`; `us` dropped from /platforms; `stop了不收费` unread)
/// are in `docs/misses/corpus90_misses.md`.
#[test]
fn corpus90_share() {
    let (total, right) = share_by_line("corpus90", CORPUS);
    assert!(total >= 300, "corpus90: {total} questions");
    assert!(right >= FLOOR, "corpus90: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus90_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
