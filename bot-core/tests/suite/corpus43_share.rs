//! The share of `questions_corpus43.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus43.tsv");

/// `questions_corpus43.tsv` (300: about 45 % English, 40 % Chinese, 15 % mixed, in the command
/// proportions of the examples file; people who answer their own question halfway and ask to have
/// it checked, questions in the negative, two limits at once, parents / teachers / managers asking
/// for someone else, platforms' own product words, spot/interruptible prices, Colab / Kaggle free
/// tiers, typos in model names), written apart from the reader by a helper who never read it,
/// committed before it was scored: untuned 280/300 (93.3 %; 283/300 by command alone; 289/300 the
/// examples file's way), 287/300 (95.7 %; 290/300 by command, 294/300 the examples file's way)
/// after the labeller's own errors were relabelled (7, each listed with its reason in its header).
/// Session 20 (lead): a region said not wanted right before it (`but not in china`) is the
/// other region: 288/300; a misspelt name part (`distil`) read inside a hyphenated name: 291/300;
/// the message itself as the wish (`a message when H20 is in stock`): 292/300;
/// "live only" kept by any /offers reading: 293/300; an hourly price asked per second: 294/300;
/// which of two platforms named meets a need: 295/300. Helper und_aa: the count asked over the
/// count guessed, a platform kept in a listing wish, `/platforms stopped-free` (the row relabelled
/// to the new filter), a kind of capacity alone as guidance, a hyphenated name prefix with the
/// rest spaced: 300/300.
/// The misses are grouped by mechanism in `docs/misses/corpus43_misses.md`.
#[test]
fn corpus43_share() {
    let (total, right) = share_by_line("corpus43", CORPUS);
    assert!(total >= 300, "corpus43: {total} questions");
    assert!(right >= 300, "corpus43: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus43_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
