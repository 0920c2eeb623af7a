//! The share of `questions_corpus39.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus39.tsv");

/// `questions_corpus39.tsv` (300: about 45 % English, 40 % Chinese — Simplified, Cantonese,
/// Taiwan Traditional — 15 % mixed, in the command proportions of the examples file; rent-vs-buy
/// weighers, academics with grants and deadlines, startups sizing a service, pasted ChatGPT/blog
/// claims, loose units, two asks in one message, emoji, ML jargon), written apart from the reader
/// by a helper who never read it, committed before it was scored: untuned 264/300 (88.0 %;
/// 280/300 by command, 281/300 the examples file's way), 279/300 (93.0 %; 283 by command, 284 the
/// examples file's way) after the labeller's own errors were relabelled (15, each listed with its
/// reason in its header); 288/300 after helper und_t's mechanisms (Cantonese `一钟`/`每钟` an
/// hour, `每日` a day, `推介`/`搵`/`平嘅`, a quarter as 90 days, a cheap card asked to exist with
/// no platform, `有几台`, a kind listed `sorted by price`; `docs/misses/und_und_t.md`); 299/300 after
/// helper und_u's (rent or buy with weekly hours as `/pick`, a platform found wanting left, a
/// per-card cap after the amount, a platform's way in, guidance by outcome, the platform to hear
/// about first; `docs/misses/und_und_u.md`); 300/300 after the lead relabelled one row (two
/// platforms named, asked back) and taught that two platforms asked whether they are any good
/// (`靠谱吗`, `legit`) are asked back like two weighed. The misses are grouped in
/// `docs/misses/corpus39_misses.md`.
#[test]
fn corpus39_share() {
    let (total, right) = share_by_line("corpus39", CORPUS);
    assert!(total >= 300, "corpus39: {total} questions");
    assert!(right >= 300, "corpus39: {right} of {total}");
}

/// Every expected line is in the echo line's canonical words: the command's own parser
/// reads it and renders it back to the very same line.
#[test]
fn corpus39_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
