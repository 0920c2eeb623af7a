//! The share of `questions_corpus57.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus57.tsv");

/// `questions_corpus57.tsv` (300: mainstream first messages from people who found the bot in a
/// chat group, about 45 % Chinese, 35 % English, 20 % mixed, in the command proportions of the
/// examples file), written apart from the reader by a helper who never read it, committed
/// before it was scored: untuned 291/300 (97.0 %; 293/300 by command alone; 296/300 the
/// examples file's way), 292/300 (97.3 %; 293; 296) after the labeller's one error was
/// relabelled (its reason in the header). The misses are grouped by mechanism in
/// `docs/misses/corpus57_misses.md`. 293 after the lead's `'s out of`; 294 after helper und_an
/// set aside a card said to have failed on the job (`colab t4 ran out of memory …, would an L4`);
/// 295 after the lead's "what can a 16gb card run" (`memory_models::subject_runs`); 296 after
/// whether now is the price's low point reads as its history (`最便宜的时候`, `低点`: TREND_WORDS);
/// 299 after helper und_ao (a card a platform ran out of set aside, `lexicon::card_out_at`; a
/// recommendation told read as a mention; a better provider asked after a platform told is /pick).
/// 300 after helper und_ar: an API price said with a daily volume in `m` is the rent-vs-API sum
/// with both, no minutes asked back (`volume_unit::asked`); `笔记本4060` relabelled the laptop card.
#[test]
fn corpus57_share() {
    let (total, right) = share_by_line("corpus57", CORPUS);
    assert!(total >= 300, "corpus57: {total} questions");
    assert!(right >= 300, "corpus57: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus57_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
