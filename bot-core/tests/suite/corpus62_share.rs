//! The share of `questions_corpus62.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus62.tsv");

/// `questions_corpus62.tsv` (300: phone users — Chinese voice-input transcripts with spoken
/// numbers, fillers and homophones, pinyin-IME slips and slang, full-width digits and letters,
/// emoji, lowercase English from phone keyboards with autocorrect and texting shorthand; about
/// 50 % Chinese, 35 % English, 15 % mixed, in the command proportions of the examples file),
/// written apart from the reader by a helper who never read it, committed before it was scored:
/// untuned 292/300 (97.3 %; 295/300 by command alone; 296/300 the examples file's way), 295/300
/// (98.3 %; 295/300 by command; 296/300 the examples file's way) after the labeller's own errors
/// were relabelled (3, each listed with its reason in its header).
/// The misses are grouped by mechanism in `docs/misses/corpus62_misses.md`.
/// After helper und_au's mechanisms (pinyin `xc`, `vs` glued, which one suits in either order,
/// a sign `<` as an alert's ceiling, a card count asked beside a spoken size): 300/300.
#[test]
fn corpus62_share() {
    let (total, right) = share_by_line("corpus62", CORPUS);
    assert!(total >= 300, "corpus62: {total} questions");
    assert!(right >= 300, "corpus62: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus62_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
