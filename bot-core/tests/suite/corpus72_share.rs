//! The share of `questions_corpus72.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus72.tsv");

/// `questions_corpus72.tsv` (300: first messages from people who serve models — which card
/// serves a model, concurrency, context, quantization, self-host vs API, always-on cost, stock,
/// alerts, guidance, two cards side by side, trial credits — and about 20 % other mainstream
/// questions; about 45 % Chinese, 35 % English, 20 % mixed), written apart from the reader by a
/// helper who never read it, committed before it was scored: untuned 286/300 (95.3 %; 294/300
/// by command alone; 294/300 the examples file's way), 289/300 (96.3 %; 294/300 by command, both
/// ways) after the labeller's own errors were relabelled (3 forms of the same meaning, each listed
/// with its reason in its header). The misses are grouped by mechanism in
/// `docs/misses/corpus72_misses.md`. Helper und_bh fixed a whole day said beside a month (always,
/// never a daily share), a number of tokens after 并发 (no batch) and the engine dropped on two
/// /fit paths: 294/300; then the model list asked in English (`models you know?`): 295/300.
/// Helper und_bi: the cheapest card for a service with nothing named (guidance), two cards
/// weighed beside a bare family, a machine of N cards asked where to rent beside a model:
/// 299/300; then the cheapest card for a model named with a team beside it (the fit, not
/// guidance): 300/300.
#[test]
fn corpus72_share() {
    let (total, right) = share_by_line("corpus72", CORPUS);
    assert!(total >= 300, "corpus72: {total} questions");
    assert!(right >= 300, "corpus72: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus72_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
