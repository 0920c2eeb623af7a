//! The share of `questions_corpus55.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus55.tsv");

/// `questions_corpus55.tsv` (300: beginners' and students' first messages, about 45 % Chinese,
/// 35 % English, 20 % mixed, in the command proportions of the examples file), written apart
/// from the reader by a helper who never read it, committed before it was scored: untuned
/// 292/300 (97.3 %; 295/300 by command alone; 296/300 the examples file's way), 293/300 (97.7 %;
/// 295/300 by command; 296/300 the examples file's way) after the labeller's own error was
/// relabelled (1, listed with its reason in its header). The misses are grouped by mechanism in
/// `docs/misses/corpus55_misses.md`. Helper und_al fixed their mechanisms (one platform asked
/// about for beginners, sites as the platforms' list, living money's month, a platform said
/// short, which of two cards is cheaper to rent, a size after `with`): 293 → 300/300,
/// `docs/misses/und_und_al.md`.
#[test]
fn corpus55_share() {
    let (total, right) = share_by_line("corpus55", CORPUS);
    assert!(total >= 300, "corpus55: {total} questions");
    assert!(right >= 300, "corpus55: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus55_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
