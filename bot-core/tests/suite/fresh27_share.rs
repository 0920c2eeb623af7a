//! The share of `questions_fresh27.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_fresh27.tsv");

/// `questions_fresh27.tsv` (300, 2 written to be asked back; first messages in the examples
/// file's command proportions, forum and chat-group voices: 炼丹/白嫖/爆显存/满血/魔改, 300w
/// token, one-letter typos in names, full-width digits, ALL CAPS, no spaces, a sentence of
/// context first), written apart from the reader by a helper who never read it, committed
/// before it was scored: untuned 261/300 (87.0 %; 278/300, 92.7 %, by command alone with
/// `tools/probe-command-share.py`), 274/300 (91.3 %) after the labeller's own errors were
/// relabelled (18, each listed with its reason in its header: platform typos asked back as
/// the settled policy says, an API price keeps its currency, a /tco line without a card names
/// its default quantization, one filter order). The 26 misses are grouped by mechanism in
/// `docs/misses/fresh27_misses.md`. After helper und-x's mechanisms (their own cases in
/// `und_x_mechanisms.rs`): 292/300 on those labels; 294/300 (98.0 %) after two more relabels to
/// the settled conventions (`要几张 a100` and `半天` asked back; header). The 6 left were alerts
/// on a card's family asked back; with helper und-w's default form (`alert_family::defaulted`,
/// merged beside und-x) every row reads right: 300/300.
#[test]
fn fresh27_share() {
    let (total, right) = share_by_line("fresh27", CORPUS);
    assert!(total >= 300, "fresh27: {total} questions");
    assert!(right >= 300, "fresh27: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line. The 2 `/tco`
/// lines that name no card (`/tco <model> <quant> <tokens>`: the question named none; the
/// command's parser wants a card, the reading asks for it) are left out.
#[test]
fn fresh27_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |e| {
        e.starts_with("/tco ") && e.split_whitespace().count() == 4
    });
}
