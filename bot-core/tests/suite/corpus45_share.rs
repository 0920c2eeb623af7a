//! The share of `questions_corpus45.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus45.tsv");

/// `questions_corpus45.tsv` (300: about 44 % English, 42 % Chinese with Traditional and
/// Taiwanese / Hong Kong wording, the rest mixed, in the command proportions of the examples
/// file; error and log lines quoted with the card to rent asked, two sizes of one model weighed,
/// a weekend or month with a total budget, serving frameworks with concurrent users, community
/// quant names, voice-typed messages, watch/remind, two platforms weighed for one card, training
/// methods by name), written apart from the reader by a helper who never read it, committed
/// before it was scored: untuned 266/300 (88.7 %; 292/300 by command alone; 295/300 the
/// examples file's way), 276/300 (92.0 %; 292/300 by command, 295/300 the examples file's way)
/// after the labeller's own errors were relabelled (14, each listed with its reason in its
/// header); 291/300 (97.0 %) after the lead's fixes of session 21 (method words, bitsandbytes, servers, a form said alone, keep an eye on, two sizes weighed); 300/300 after helper und_ac's
/// (sizes before the family, community quant names, llama-server slots with the `-np 4` row
/// relabelled, the hour of day as /trend with a job, one's own price always on converted, a
/// pasted log's model and failed card). The misses are grouped by mechanism in `docs/misses/corpus45_misses.md`.
#[test]
fn corpus45_share() {
    let (total, right) = share_by_line("corpus45", CORPUS);
    assert!(total >= 300, "corpus45: {total} questions");
    assert!(right >= 300, "corpus45: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus45_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
