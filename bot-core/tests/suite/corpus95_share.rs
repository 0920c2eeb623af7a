//! The share of `questions_corpus95.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus95.tsv");

/// The least number of rows read right: the score after relabels, 293 (untuned 290; 3 API prices
/// said with a currency relabelled with it); 297 after helper und_dk's rows 1, 3, 5 and 7 (an
/// alert's `have stock`, `最低价`, `credt`, a bare amount converted: docs/misses/und_und_dk.md);
/// 300 after helper und_do's pinyin slip of the subscription word (`定阅`, docs/misses/und_und_do.md).
const FLOOR: usize = 300;

/// `questions_corpus95.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, every
/// intent of issue 26 in equal share, 25 rows each, PEOPLE IN CHAT GROUPS AND FORUMS: slang and
/// nicknames (`炼丹`, `跑图`, `白嫖`, `卡皇`, `老黄`, `矿卡`, `丹炉`, `an 80 gig A100`, `h100s`),
/// exclusions (`除了autodl还有哪家`, `not vast`), replies quoting someone (`楼上说的…是真的吗`),
/// @mentions, hashtags, emoji, abbreviations (`pls`, `rn`, `lmk`, `蹲`, `有无`), coupon words and
/// numbers that are no card (`2024年`, `第3次`, `100块预算`); 45 % Simplified, 5 % Traditional,
/// 35 % English (about a third non-native), 15 % mixed; one typo in about 14 rows; 11 rows asked
/// back), written apart from the reader by a helper who never read it, committed before it was
/// scored (73b2dc6e): untuned 290/300 (96.7 %; 294/300 by command alone and the examples file's
/// way); all 11 asked-back rows asked with the written line among the choices. Relabelled: 3, an
/// API price said with its currency that the labeller had written bare (`$0.2 per 1m tokens` →
/// `0.2usd`), against the house's "an API price as said", so 293/300 (97.7 %) is the floor. The 7
/// misses (`when a6000 have stock please tell me` and `通之我` read as `/stock`; `l40s 最低价 atm?`
/// as `/gpu`; `eu servers` dropped from `/platforms`; `credt card`, `定阅` and `1.88 per hour to
/// per month` not read) are in `docs/misses/corpus95_misses.md`.
#[test]
fn corpus95_share() {
    let (total, right) = share_by_line("corpus95", CORPUS);
    assert!(total >= 300, "corpus95: {total} questions");
    assert!(right >= FLOOR, "corpus95: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus95_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
