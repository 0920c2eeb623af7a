//! The share of `questions_corpus81.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus81.tsv");

/// `questions_corpus81.tsv` (300: code-switching and non-native English first messages, about
/// 40 % Chinese mixed with English terms, 35 % non-native English, 25 % Chinese with English
/// units; the examples file's command mix), written apart from the reader by a helper who never
/// read it, committed before it was scored (b018e392): untuned 289/300 (96.3 %; 294/300 by
/// command alone and the examples file's way); one row relabelled (a filter order the bot
/// keeps as said), so 290/300 after; helper und_br fixed the ten misses as mechanisms (card
/// counts in measure-word and machine phrasing, an alert over a machine, self-host how many,
/// nights, a card number never a price, a need negated after it, `platform` inside Chinese,
/// non-native guidance): 300/300. The misses were in `docs/misses/corpus81_misses.md`.
#[test]
fn corpus81_share() {
    let (total, right) = share_by_line("corpus81", CORPUS);
    assert!(total >= 300, "corpus81: {total} questions");
    assert!(right >= 300, "corpus81: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus81_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
