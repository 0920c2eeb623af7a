//! The share of `questions_corpus94.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus94.tsv");

/// The least number of rows read right: the untuned score, 294 (no row relabelled); 300 after
/// the lead's fixes and und_di (`题醒我` and `跳个平台` as pinyin slips read from Unihan data, a
/// need said as how the renting is done, `有 us 机器` kept).
const FLOOR: usize = 300;

/// `questions_corpus94.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, every
/// intent of issue 26 in about equal share, 23-24 rows each, THE PLAIN MAJORITY: short, ordinary,
/// one-need questions from people who do not know the bot's vocabulary (`显卡`, `server`, `box`,
/// `auto dl`, `run pod`, `4090 24g`, `llama3 8b`, `¥2.5/时`, `US$2.49/hr`, `0.9刀`, `40 cents`); 46 %
/// Simplified, 5 % Traditional, 34 % English (about a third non-native), 15 % mixed; one typo in a
/// tenth; 20 rows asked back), written apart from the reader by a helper who never read it,
/// committed before it was scored (02196ce0): untuned 294/300 (98.0 %; 295/300 by command alone and
/// the examples file's way); all 20 asked-back rows asked with the written line among the choices.
/// Relabelled: none (each miss weighed against the house's conventions; `where can i rent without
/// a credit card` → `/platforms no-card` is the one arguable label, kept), so 294/300 is the floor.
/// The 6 misses (a stock alert with a platform, `autodl有A100的时候告诉我`, priced as a 1h `/cost`;
/// `题醒我` (a one-character slip of 提醒) read as `/stock`; `跳个平台` (挑) not read; `stoped` and
/// `without a credit card` read as `/pick`; a place, `有 us 机器`, dropped from `/platforms`) are in
/// `docs/misses/corpus94_misses.md`.
#[test]
fn corpus94_share() {
    let (total, right) = share_by_line("corpus94", CORPUS);
    assert!(total >= 300, "corpus94: {total} questions");
    assert!(right >= FLOOR, "corpus94: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus94_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
