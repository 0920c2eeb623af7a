//! The share of `questions_corpus37.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus37.tsv");

/// `questions_corpus37.tsv` (300: about 43 % English, the rest Chinese or mixed, a third of those
/// in Traditional characters, in the command proportions of the examples file; people who paste
/// things: Hugging Face URLs and repo ids, CUDA out-of-memory messages, vLLM / LLaMA-Factory /
/// unsloth config lines, platform price-table rows; very short questions; Taiwan and Hong Kong
/// writers; platform-fact askers; follow-up wording as a first message), written apart from the
/// reader by a helper who never read it, committed before it was scored: untuned 273/300 (91.0 %;
/// 289/300, 96.3 %, by command alone; 291/300, 97.0 %, the examples file's way), 287/300 (95.7 %;
/// 293/300 by command, 294/300 the examples file's way) after the labeller's own errors were
/// relabelled (14, each listed with its reason in its header); 288/300 with one more relabelled by
/// the lead to the house's rule (a fine-tune with no method is LoRA, said in the answer); 290/300
/// (293 by command) once a per-card-hour cap on a machine and a checkpoint's `bnb-4bit` ending were
/// read (session 18, the lead); 300/300 after helper und_s (a 4-bit-loaded LoRA is QLoRA, the
/// card asked after an own card's OOM, memory asked by its unit, `i can rent` as stock, a machine
/// sought, a budget beside a place asked, a pasted price-table row as a listing seen; 2 rows
/// relabelled to the typed `/fit`'s `warmup=off` for a `bnb-4bit` checkpoint). The misses are
/// grouped by mechanism in `docs/misses/corpus37_misses.md`; the fixes in
/// `docs/misses/und_und_s.md`.
#[test]
fn corpus37_share() {
    let (total, right) = share_by_line("corpus37", CORPUS);
    assert!(total >= 300, "corpus37: {total} questions");
    assert!(right >= 300, "corpus37: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus37_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
