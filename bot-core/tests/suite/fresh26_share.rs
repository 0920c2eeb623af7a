//! The share of `questions_fresh26.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_fresh26.tsv");

/// `questions_fresh26.tsv` (300, 10 labelled to be asked back; a plain everyday mix in rough
/// traffic proportions, numbers with their unit glued or spaced oddly (`24g显存`, `1.5刀/h`,
/// `¥2.5每小时`, `半天`), models by nickname or another version (`千问2.5`, `ds v3`,
/// `r1 蒸馏 32b`, `llama3 70`, `qwen3 30b moe`, `gpt oss`), polite fillers and emoji at the
/// end (`谢谢🙏`, `thx!`, `求推荐～`)), written apart from the reader by a helper who never
/// read it, committed before it was scored: untuned 238/300 (79.3 %; 274/300, 91.3 %, by
/// command alone), 271/300 (90.3 %; 280/300, 93.3 %, by command) after the labeller's own
/// errors were relabelled (35, each listed with its reason in its header; 2 of them respelled
/// rows that stay misses). The 29 misses are grouped by mechanism in
/// `docs/misses/fresh26_misses.md`; helper und-v fixed 17 by mechanism (`understand/und_v.rs`:
/// `蒸馏` as distill, a size without its `b`, `N-gpu` before a card, two platforms weighed for a
/// card, `monthly` beside a day's hours, a word settling a family's ask-back (`scout`), two cards asked
/// which is cheaper to rent, `自己 host` and `platform` in a Chinese sentence, a wish to run a
/// model, a memory floor of offers typed `vram>=80` or said `at least 80GB`): 288/300; helper
/// und-w: an alert on a card's family takes the typed command's default form and says so (the
/// lead's decision; 6 rows), a memory size with no model is `/fit 16gb`, quantized with no width
/// is asked at int4 and int8, a family's ask-back offers one model per size class, a cut-down
/// card is read beside its base (`und_w`; 4 rows relabelled, its header): 299/300.
#[test]
fn fresh26_share() {
    let (total, right) = share_by_line("fresh26", CORPUS);
    assert!(total >= 300, "fresh26: {total} questions");
    assert!(right >= 299, "fresh26: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line. The 7 `/tco` lines
/// that name no card (the question named none; the bot's reading is a partial line it asks
/// the rest of) are left out.
#[test]
fn fresh26_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |e| e.starts_with("/tco ") && !e.contains("rtx-"));
}
