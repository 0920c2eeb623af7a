//! The share of `questions_corpus63.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus63.tsv");

/// `questions_corpus63.tsv` (300: image and video creators' first messages — Stable Diffusion,
/// FLUX, Qwen-Image, Wan, HunyuanVideo users and LoRA trainers; about 50 % Chinese, 35 % English,
/// 15 % mixed), written apart from the reader by a helper who never read it, committed before it
/// was scored: untuned 273/300 (91.0 %; 286/300 by command alone; 286/300 the examples file's
/// way), 276/300 (92.0 %; 286/300, 286/300) after the labeller's own errors were relabelled (3,
/// each listed with its reason in its header). The misses are grouped by mechanism in
/// `docs/misses/corpus63_misses.md`. Helper und_av fixed each mechanism on cases of its own
/// (`und_av_mechanisms.rs`, `docs/misses/und_und_av.md`): 300/300, no relabel.
/// Helper und_aw (at the same time): which platform is cheapest asked last after a job read as the
/// ranking (`understand::cheapest_where`).
#[test]
fn corpus63_share() {
    let (total, right) = share_by_line("corpus63", CORPUS);
    assert!(total >= 300, "corpus63: {total} questions");
    assert!(right >= 300, "corpus63: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus63_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
