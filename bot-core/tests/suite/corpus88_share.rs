//! The share of `questions_corpus88.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus88.tsv");

/// The least number of rows read right: the score after the labeller's relabels.
const FLOOR: usize = 300;

/// `questions_corpus88.tsv` (300: a REALISTIC OUTSIDE MIX — 36 % English, a third of it
/// non-native; 10 % Traditional Chinese; about 33 % Simplified and 21 % mixed; typos, full-width
/// text, voice input, emoji and markdown, pasted repo ids and price lines, greetings and thanks;
/// 20 rows asked back), written apart from the reader by a helper who never read it, committed
/// before it was scored (f6ef376d): untuned 296/300 (98.7 %; 299/300 by command alone and the
/// examples file's way); no row relabelled, so 296/300 after. All 20 asked-back rows were asked
/// with the written line among the choices. The 4 misses (an API price `每百万4元` before `每天`
/// read as the card's rent per day; `显存24` with no unit dropped; `no credit card` dropped beside
/// `alipay`; `pls help me to choose …` read as /help) are in `docs/misses/corpus88_misses.md`.
/// Helper und_cn fixed three (`docs/misses/und_und_cn.md`) and relabelled the `alipay` row by the
/// house convention (a method held beside the card lacked is that method's filter alone): 300/300.
#[test]
fn corpus88_share() {
    let (total, right) = share_by_line("corpus88", CORPUS);
    assert!(total >= 300, "corpus88: {total} questions");
    assert!(right >= FLOOR, "corpus88: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus88_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
