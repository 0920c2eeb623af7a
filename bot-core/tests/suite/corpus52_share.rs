//! The share of `questions_corpus52.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus52.tsv");

/// `questions_corpus52.tsv` (300: the less frequent intents in everyday wording — convert, tco,
/// subscribe, unsubscribe and subs, trend, platform facts, platforms by barrier, stock and
/// offers, cost and compare with lengths said every way; about 45 % Chinese, 35 % English, 20 %
/// mixed), written apart from the reader by a helper who never read it, committed before it was
/// scored: untuned 282/300 (94.0 %; 289/300 by command alone; 290/300 the examples file's way),
/// 283/300 (94.3 %; 289 and 290) after the labeller's one own error was relabelled (a two-card
/// machine's price written as a cap per GPU-hour; the reason in its header). The 17 misses are
/// grouped by mechanism in `docs/misses/corpus52_misses.md`. 300/300 after helper und_ai fixed
/// their mechanisms (`docs/misses/und_und_ai.md`; own cases `questions_und_ai_own.tsv`).
#[test]
fn corpus52_share() {
    let (total, right) = share_by_line("corpus52", CORPUS);
    assert!(total >= 300, "corpus52: {total} questions");
    assert!(right >= 300, "corpus52: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus52_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
