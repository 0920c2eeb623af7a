//! The share of `questions_corpus69.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus69.tsv");

/// `questions_corpus69.tsv` (300: money-minded first messages — what a job costs, which platform
/// is cheaper, prices in another currency, self-hosting against an API, price trends and alerts,
/// billing rules, budget-led guidance; about 45 % Chinese, 35 % English, 20 % mixed), written
/// apart from the reader by a helper who never read it, committed before it was scored: untuned
/// 286/300 (95.3 %; 290/300 by command alone; 292/300 the examples file's way), 289/300 (96.3 %;
/// 291/300 by command; 293/300 the examples file's way) after the labeller's own errors were
/// relabelled (3, each listed with its reason in its header). The misses are grouped by mechanism
/// in `docs/misses/corpus69_misses.md`.
/// Helper und_be (issue 26): one more label relabelled by the house's conventions (cheap beside a
/// stock word is the stock question, as in every other corpus) and the mechanisms of the other
/// ten fixed (clock ranges as lengths, day-part hours over a span as daily, `¥…一小时` a price,
/// a sum's guidance, a card refused for its price set aside, a price-noun difference an hour's
/// ranking, a family's fit keeping its memory): 300/300, floor 300.
#[test]
fn corpus69_share() {
    let (total, right) = share_by_line("corpus69", CORPUS);
    assert!(total >= 300, "corpus69: {total} questions");
    assert!(right >= 300, "corpus69: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus69_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
