//! The share of `questions_corpus47.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus47.tsv");

/// `questions_corpus47.tsv` (300: about 45 % English, 40 % Chinese, the rest mixed, in the
/// command proportions of the examples file; teachers and TAs provisioning for a class, Mac and
/// AMD owners, cards by nickname or marketing name, data deletion/invoices/refunds/top-ups,
/// trends, alerts with thresholds in USD and CNY, pasted offer rows and JSON, VLMs and
/// image/video generation, context lengths in words, very short messages, rent-vs-API with a
/// monthly volume, concurrent users, non-native English), written apart from the reader by a
/// helper who never read it, committed before it was scored: untuned 277/300 (92.3 %; 290/300
/// by command alone; 291/300 the examples file's way), 287/300 (95.7 %; 291/300 by command,
/// 291/300 the examples file's way) after the labeller's own errors were relabelled (10, each
/// listed with its reason in its header). The misses are grouped by mechanism in
/// `docs/misses/corpus47_misses.md`. Helper und_ae fixed their mechanisms (a month's token
/// volume said before the count, `N thousand tokens` of a context, singular people nouns, Chinese
/// platform names kept in the order said, a pasted offer's `num_gpus`, a region beside a card,
/// `好租吗`, guidance as the bot's choice, an architecture asked back, `有多少显存`): 300/300.
#[test]
fn corpus47_share() {
    let (total, right) = share_by_line("corpus47", CORPUS);
    assert!(total >= 300, "corpus47: {total} questions");
    assert!(right >= 300, "corpus47: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus47_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
