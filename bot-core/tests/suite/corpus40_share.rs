//! The share of `questions_corpus40.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus40.tsv");

/// `questions_corpus40.tsv` (300: about 45 % English, 40 % Chinese, 15 % mixed, in the command
/// proportions of the examples file; people replying in a hurry on a phone, numbers in words,
/// people describing their own hardware and asking for an upgrade path, hobbyists naming the LLM
/// front-end (LM Studio, text-generation-webui, ComfyUI, SillyTavern, koboldcpp), months and
/// holidays for prices and stock, platform names written oddly, polite long English from Nigeria,
/// India and the Philippines), written apart from the reader by a helper who never read it,
/// committed before it was scored: untuned 277/300 (92.3 %; 286/300, 95.3 %, by command alone and
/// the examples file's way), 283/300 (94.3 %; 287/300 by command) after the labeller's own errors
/// were relabelled (7, each listed with its reason in its header); 285/300 after the lead's two
/// wrong-figure fixes (a half after `hrs`/`hr`, read as 1 h; a number counting tokens beside
/// `api` taken for the API's price too); 287/300 once a platform's own domain (`autodl.com`, from
/// its catalog `website`) names it; 300/300 after und_v's mechanisms (the published format said
/// in words, a count before a machine's noun, a time of the year's price or stock, `is there X on
/// P`, thousands before a currency, the user's own card beside a wish to rent, polite
/// rent-vs-API, help choosing, card payment; `docs/misses/und_und_v.md`). The misses were grouped
/// by mechanism in `docs/misses/corpus40_misses.md`.
#[test]
fn corpus40_share() {
    let (total, right) = share_by_line("corpus40", CORPUS);
    assert!(total >= 300, "corpus40: {total} questions");
    assert!(right >= 300, "corpus40: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus40_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
