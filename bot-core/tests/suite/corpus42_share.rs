//! The share of `questions_corpus42.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const CORPUS: &str = include_str!("../data/questions_corpus42.tsv");

/// `questions_corpus42.tsv` (300: about 45 % English, 40 % Chinese, 15 % mixed, in the command
/// proportions of the examples file; people who weigh two or three models, cards or platforms at
/// once; deadlines and GPU-hour totals; Japanese, Korean, Vietnamese and Spanish speakers writing
/// English; pasted `vllm serve` / `train.py` / `accelerate launch` / `llama-server` lines; data and
/// storage, trust, reachability from China, phone numbers and WeChat Pay; RAG and agent builders
/// with embedding and reranker models and 128k context; GPUs as vendor product names), written
/// apart from the reader by a helper who never read it, committed before it was scored: untuned
/// 275/300 (91.7 %; 287/300, 95.7 %, by command alone; 289/300, 96.3 %, the examples file's way),
/// 282/300 (94.0 %; 290/300 by command, 292/300 the examples file's way) after the labeller's own
/// errors were relabelled (7, each listed with its reason in its header). The misses are grouped by
/// mechanism in `docs/misses/corpus42_misses.md`. 297/300 after helper und_x (GPU-hour totals,
/// deadlines, pasted context and tensor-parallel flags, `alarm me`, `哪儿有`, a memory word before
/// `以上`, `租什么配置`/`怎么安排` as guidance, a dataset kept on a named platform: 15 rows).
/// 300/300 after helper und_aa: a student saying who they are asks no member tier; which of two
/// cards holds a model is the fit on no card (3 rows).
#[test]
fn corpus42_share() {
    let (total, right) = share_by_line("corpus42", CORPUS);
    assert!(total >= 300, "corpus42: {total} questions");
    assert!(right >= 300, "corpus42: {right} of {total}");
}

/// Every expected line (an `ask:` choice too) is in the echo line's canonical words: the
/// command's own parser reads it and renders it back to the very same line.
#[test]
fn corpus42_labels_are_canonical_lines() {
    own_labels_canonical(CORPUS, |_| false);
}
