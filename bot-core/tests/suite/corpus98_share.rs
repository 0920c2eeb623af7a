//! The share of `questions_corpus98.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus98.tsv");

/// The least number of rows read right: scored by the lead on main before any fixer of session 43
/// was merged: 281 untuned, 283 after two writer's labels were relabelled by the house's written
/// range rule (the header says which); 284 with the lead's guidance mend (a self-hosting word with
/// nothing to size and where to rent asked is /pick, found by the read-back test on this batch);
/// 285 with `a dozen hours` read from the lexicon's one table of number words (the lead); 299
/// with und_dt's mechanisms (slips folded and said, a plea in one sentence, a heads-up, `除了它`,
/// a job at a bare rate, the echo corrected; `docs/misses/und_dt.md`).
const FLOOR: usize = 299;

/// `questions_corpus98.tsv` (300: A FRESH BATCH AS AN OUTSIDE CHECKER WOULD WRITE IT, a
/// representative sample with every intent of issue 26 in about equal share, in new forms: long
/// messages with the question inside, conditions and negations that change the command, numbers
/// as words or ranges, follow-up style lines that stand alone, the bot's own words or a half-typed
/// command quoted, platform and card names as people misremember them; 45 % Simplified, 5 %
/// Traditional, 35 % English (about a third non-native), 15 % mixed; a typo or input slip of a kind
/// no earlier header lists in a sixth; 17 rows asked back), written apart from the reader by a
/// helper who never read it, committed before it was scored.
#[test]
fn corpus98_share() {
    let (total, right) = share_by_line("corpus98", CORPUS);
    assert!(total >= 300, "corpus98: {total} questions");
    assert!(right >= FLOOR, "corpus98: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus98_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
