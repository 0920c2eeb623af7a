//! The share of `questions_corpus48.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus48.tsv");

/// `questions_corpus48.tsv` (300: about 47 % English, 38 % Chinese, the rest mixed, in the
/// command proportions of the examples file; labs and small companies with a monthly budget, a
/// model given by its size alone, a platform rule said in passing, typos in card and model
/// names, cheaper alternatives to a card, waiting for prices to fall, alerts with Chinese money
/// words, three platforms compared, the second person, spot vs on-demand, storage beside the
/// card, agents with long context, whole paragraphs with the question last), written apart from
/// the reader by a helper who never read it, committed before it was scored: untuned 268/300
/// (89.3 %; 279/300 by command alone; 280/300 the examples file's way), 275/300 (91.7 %; 280/300
/// by command, 280/300 the examples file's way) after the labeller's own errors were relabelled
/// (7, each listed with its reason in its header). The misses are grouped by mechanism in
/// `docs/misses/corpus48_misses.md`. Helper und_ag (sections 3–6: spot vs on-demand, a size
/// without a family, cheaper alternatives and guidance, intent words): 289/300 on its branch.
/// Helper und_af (sections 1 and 2: a wait, a company's head
/// count, a monthly budget, storage said, a cheaper card like a named one, a billing rule said in
/// passing; `docs/misses/und_und_af.md`): 275 → 288/300 on its branch.
/// Both merged (session 22, lead): 300/300.
#[test]
fn corpus48_share() {
    let (total, right) = share_by_line("corpus48", CORPUS);
    assert!(total >= 300, "corpus48: {total} questions");
    assert!(right >= 300, "corpus48: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus48_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
