//! The share of `questions_corpus44.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus44.tsv");

/// `questions_corpus44.tsv` (300: about 50 % English, 40 % Chinese, the rest mixed, in the
/// command proportions of the examples file; thoughts continued from another chat with no
/// greeting, a friend's or a blog's claim to check, the facts last or in parentheses, emoji and
/// exclamations, units written oddly, tokens-per-second and images-per-hour goals, a task with no
/// model, multi-node and 8-card boxes, older cards people own), written apart from the reader by
/// a helper who never read it, committed before it was scored: untuned 276/300 (92.0 %; 285/300
/// by command alone; 291/300 the examples file's way), 279/300 (93.0 %; 285/300 by command,
/// 291/300 the examples file's way) after the labeller's own errors were relabelled (4, each
/// listed with its reason in its header).
/// The misses are grouped by mechanism in `docs/misses/corpus44_misses.md`. Helper und_ab fixed
/// their mechanisms (`docs/misses/und_und_ab.md`): 279 → 299/300. Helper und_al (images an hour
/// are a throughput, not the rental's hour): 299 → 300/300, `docs/misses/und_und_al.md`.
#[test]
fn corpus44_share() {
    let (total, right) = share_by_line("corpus44", CORPUS);
    assert!(total >= 300, "corpus44: {total} questions");
    assert!(right >= 300, "corpus44: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus44_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
