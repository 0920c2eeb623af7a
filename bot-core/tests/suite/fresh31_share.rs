//! The share of `questions_fresh31.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_fresh31.tsv");

/// `questions_fresh31.tsv` (300: about half Chinese, a quarter English, a quarter mixed, in the
/// command proportions of the examples file; people comparing with what they know (Colab,
/// Kaggle, `自己的3060`, a Mac, `公司的服务器`), jobs by outcome (`客服机器人`, `给照片换背景`,
/// `transcribe podcasts`), budget first (`我只有100块`), platform nicknames (`奥拓`, `run pod`,
/// `vast ai`), mistaken facts (`4090有48G吧`), weekend/night/holiday timing, "this card" follow-ups
/// with the name earlier in the message), written apart from the reader by a helper who never
/// read it, committed before it was scored: untuned 275/300 (91.7 %; 284/300, 94.7 %, by command
/// alone; 289/300, 96.3 %, the examples file's way), 280/300 (93.3 %) after the labeller's own
/// errors were relabelled (5, each listed with its reason in its header). The 20 misses are
/// grouped by mechanism in `docs/misses/fresh31_misses.md`. After helper und-a (a weekend
/// before a week, `full` of a size, the own card as context, the nickname `奥拓`, a cheaper time
/// as `/trend`, guidance with a budget or a job, a sum after a budget, a clause that asks is no
/// follow-up): 297/300 (99.0 %), 3 left (listed there). After helper und_i (one card's offers
/// listed → `/offers`, `which platform 比较好` → `/pick`): 299/300; the one left is `半天`, asked
/// back as 4 h or 12 h by the house convention.
#[test]
fn fresh31_share() {
    let (total, right) = share_by_line("fresh31", CORPUS);
    assert!(total >= 300, "fresh31: {total} questions");
    assert!(right >= 299, "fresh31: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn fresh31_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
