//! The share of `questions_corpus82.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus82.tsv");

/// `questions_corpus82.tsv` (300: mainstream first messages that leave out something deciding
/// the answer, 92 written as truly ambiguous and labelled `ask:`; about half Chinese, a third
/// English, the rest mixed), written apart from the reader by a helper who never read it,
/// committed before it was scored (12bba705): untuned 265/300 (88.3 %; 290/300 by command alone,
/// 298/300 the examples file's way); 14 rows relabelled where the bot's reading was as right or
/// the label wrong (a few hours' choices, /platforms needs in the order said, 腾讯云 as the
/// catalog's HAI, `q4` as q4_0, two A100 rows the fit engine answers alike on 40 and 80 GB, a day's run at
/// a rate as /cost), so 279/300 (93.0 %) after. The 21 misses are in `docs/misses/corpus82_misses.md`.
/// The lead relabelled the 12 bare-Qwen rows by the house convention (a Qwen size with no version is
/// the newest generation of that size, catalog `bare_default`; the file's header): 291/300, floor 291.
/// Helper und_bs fixed the 9 left as mechanisms (a family size asked in `/tco` as in `/fit`, a
/// two-size card's lists asked, a sibling said by its memory after `4060 ti 8gb`, a budget beside a
/// choosing verb): 300/300, floor 300.
#[test]
fn corpus82_share() {
    let (total, right) = share_by_line("corpus82", CORPUS);
    assert!(total >= 300, "corpus82: {total} questions");
    assert!(right >= 300, "corpus82: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus82_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
