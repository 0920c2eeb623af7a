//! The share of `questions_corpus36.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus36.tsv");

/// `questions_corpus36.tsv` (300: about 45 % Chinese, 35 % English, 20 % mixed, in the command
/// proportions of the examples file; long posts (who they are, what they tried, then the ask),
/// voice-typed Chinese with homophone slips (现存, 四零九零, 算例), hobbyists (ComfyUI, SD, FLUX,
/// Wan video, local roleplay), small-company engineers with budgets and deadlines, researchers
/// reproducing papers, emoji and ALL CAPS, units written every way), written apart from the reader
/// by a helper who never read it, committed before it was scored: untuned 282/300 (94.0 %;
/// 289/300, 96.3 %, by command alone; 293/300, 97.7 %, the examples file's way), 285/300 (95.0 %;
/// 290/300 by command, 293/300 the examples file's way) after the labeller's own errors were
/// relabelled (3, each listed with its reason in its header). The misses are grouped by mechanism
/// in `docs/misses/corpus36_misses.md`. Helper und_r (groups 1, 2, 4 and the `global` of 5:
/// counts pointing back, hours of a card a day, a year as a period, a paper's card set aside,
/// cards in spoken digits, `global 的`): 285 → 293/300 (97.7 %; 294/300 by command) on its own;
/// with main's und_q (guidance, offers; main alone 289/300) 297/300 (99.0 %; 298/300 by command).
/// Left: `81帧` on Wan2.1 (its default frames, not written as fresh17 and fresh18_a label it), a
/// gpu host `where?` (the `?` is gone when the cue looks for it) and `80G显存的卡现在谁家有`.
/// Helper und_s (a sum beside a place asked is a budget, `lexicon::place_asked`) read the gpu
/// host `where?`: 298/300. Helper und_w (corpus41: frames written as said, the default too) read
/// the `81帧` row: 299/300.
#[test]
fn corpus36_share() {
    let (total, right) = share_by_line("corpus36", CORPUS);
    assert!(total >= 300, "corpus36: {total} questions");
    assert!(right >= 299, "corpus36: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus36_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
