//! The share of `questions_corpus38.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus38.tsv");

/// `questions_corpus38.tsv` (300: about 45 % English, the rest Chinese or mixed, in the command
/// proportions of the examples file; newcomers a friend sent to the bot: indie game devs, data
/// analysts, teachers, designers wanting image models, a boss asking for a quote, money in their
/// own terms, questions mixed with complaints, English from Japan, Korea and Vietnam), written
/// apart from the reader by a helper who never read it, committed before it was scored: untuned
/// 288/300 (96.0 %; 293/300 by command alone; 294/300 the examples file's way), 290/300 (96.7 %;
/// 294/300 by command) after the labeller's own errors were relabelled (2, each listed with its
/// reason in its header); 293/300 once a card kept running all month was read as always on and a
/// platform the user cannot get the card on was read as where not to look; 297/300 with
/// und_s merged and alert and guidance phrasings (notification, shows up, where do I begin) read (the
/// lead); 300/300 with a family joined to its size by `的` (`72b的千问`), a memory floor beside
/// cheap and rent words, and money said to be all there is beside a vague job read (helper und_t,
/// `docs/misses/und_und_t.md`). The misses are grouped by mechanism in `docs/misses/corpus38_misses.md`.
#[test]
fn corpus38_share() {
    let (total, right) = share_by_line("corpus38", CORPUS);
    assert!(total >= 300, "corpus38: {total} questions");
    assert!(right >= 300, "corpus38: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus38_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
