//! The share of `questions_corpus93.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus93.tsv");

/// The least number of rows read right: the score after the labeller's relabels (2 amounts
/// said without a currency that the labeller had given one), 285; 295 after und_df and the lead's
/// fixes; 299 after und_di (an own place or card found wanting as background, rows 6 and 9; a
/// stopped-billing clause, row 14; machines in a place, row 13).
const FLOOR: usize = 299;

/// `questions_corpus93.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, every
/// intent of issue 26 in about equal share, 23-24 rows each, ordinary asks from people who bury
/// the question in a long message with backstory, people dictating by voice (no punctuation,
/// `七十b`, `forty ninety`, `two point five dollars`), people coming from Colab, Kaggle, their own
/// gaming PC or Mac or pasting an out-of-memory error, and people asking two things at once; the
/// noise real typing has in about a quarter; 40 % Simplified, 11 % Traditional, 35 % English
/// (about half non-native), 14 % mixed; 20 rows asked back), written apart from the reader by a
/// helper who never read it, committed before it was scored (83a11d83): untuned 283/300 (94.3 %;
/// 292/300 by command alone, 294/300 the examples file's way); all 20 asked-back rows asked with
/// the written line among the choices. Relabelled: 2 rows whose amount was said without a
/// currency (`under 2.5 an hour`, `1.88一小时 合多少美元`) and that the labeller had written in
/// dollars and yuan (the README: a number typed without a currency is read in the chat's
/// currency; the line keeps it bare): 285/300 (95.0 %), the floor. The 15 misses (wrong figures
/// first: `一整天` priced as 1h; `two point five dollars` read as 5; `1.99 dollars an hour` per week
/// converted backwards; `一块五美元` capped in yuan; requests × tokens dropped from /tco; a Colab
/// or an own card from the backstory taken as asked about (4); `綁卡`, `eu` alone, a stopped-billing
/// clause and a memory-floor box not read or dropped; a unit before its amount not read) are in
/// `docs/misses/corpus93_misses.md`.
#[test]
fn corpus93_share() {
    let (total, right) = share_by_line("corpus93", CORPUS);
    assert!(total >= 300, "corpus93: {total} questions");
    assert!(right >= FLOOR, "corpus93: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus93_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
