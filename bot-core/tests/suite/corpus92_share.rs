//! The share of `questions_corpus92.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus92.tsv");

/// The least number of rows read right: the score after the labeller's relabels (6 rows whose
/// `/platforms` needs were written in another order than said), 291.
/// Session 39: 292 after und_cy (`0.3u` read as a cap; scored before any fix saw this corpus).
const FLOOR: usize = 298;

/// `questions_corpus92.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, every
/// intent of issue 26 in about equal share, 23-24 rows each, ordinary asks from people asking for
/// a supervisor, a class, a lab or a team, people comparing what they pay now, and people typing
/// as in a group chat: fragments, run-ons, money and time said every way, hedges, and the noise
/// real typing has in about a quarter; about 40 % Simplified, 11 % Traditional, 36 % English
/// (about half non-native), 13 % mixed; 20 rows asked back), written apart from the reader by a
/// helper who never read it, committed before it was scored (1088fa60): untuned 285/300
/// (95.0 %; 295/300 by command alone and the examples file's way); all 20 asked-back rows asked
/// with the written line among the choices. Relabelled: 6 `/platforms` rows whose needs the
/// labeller had written in another order than the question said them (the parser keeps the order
/// typed, both orders are canonical and answer the same; the house writes words in the order
/// said): 291/300 (97.0 %), the floor. The 9 misses (`t4 vs a10 price?` read as /gpu; `going rate
/// … these days` read as /trend; `eu` dropped from /stock and /platforms (2); `0.3u` dropped from a
/// /stock cap; `mistal nemo` dropped from /tco; `per-sec` dropped from /platforms; `幫我盯著 …
/// 通知我` read as /stock; a trend `for` a model read as /fit) are in
/// `docs/misses/corpus92_misses.md`.
#[test]
fn corpus92_share() {
    let (total, right) = share_by_line("corpus92", CORPUS);
    assert!(total >= 300, "corpus92: {total} questions");
    assert!(right >= FLOOR, "corpus92: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus92_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
