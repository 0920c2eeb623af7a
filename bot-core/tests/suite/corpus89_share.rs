//! The share of `questions_corpus89.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus89.tsv");

/// The least number of rows read right: the score after the labeller's relabels.
const FLOOR: usize = 300;

/// `questions_corpus89.tsv` (300: EVERY INTENT OF ISSUE 26, EVENLY, about 22 rows each, in
/// phrasings earlier sets under-used: conditional and indirect asks, negations, the person's
/// own card, two-sentence messages, sizes without a family; 38 % Simplified, 10 % Traditional,
/// 36 % English (half non-native), 15 % mixed; 25 rows asked back), written apart from the
/// reader by a helper who never read it, committed before it was scored (8a1dd3d4): untuned
/// 275/300 (91.7 %); 22 of the 25 asked-back rows asked with the written line among the choices.
/// Relabelled by the labeller (its own form errors only, listed in the file's header): 14
/// `/convert` rows written without the target unit (`… to usd`, now `… to hour usd`: the usage
/// line's grammar, and the very same request) and 2 `/platforms` rows whose needs were not in the
/// order said: 291/300 (97.0 %) after. The 9 misses (guidance with a barrier read as the
/// `/platforms` filter; a bare `full` not asked back; a swapped-digit card dropped; a trend read
/// as /compare; …) are in `docs/misses/corpus89_misses.md`; und_cr (session 37) read all 9 as
/// mechanisms (`docs/misses/und_und_cr.md`): 300/300, the floor.
#[test]
fn corpus89_share() {
    let (total, right) = share_by_line("corpus89", CORPUS);
    assert!(total >= 300, "corpus89: {total} questions");
    assert!(right >= FLOOR, "corpus89: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus89_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
