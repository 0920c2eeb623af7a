//! The thirty-fourth held-out set (tests/data/measured_memory_heldout34.tsv, session 25, mem_ba): the newest cards
//! people rent (2025-26) - DeepSeek-V4-Pro FP8 under SGLang on 8 x H200, gpt-oss-120b on one B200 (vLLM serving,
//! Unsloth GRPO), Llama-3.2-1B 4-bit under Unsloth on an RTX 5090, DeepSeek-V4-Flash under vLLM on 2 x H20 and
//! 8 x B200, Qwen3.8-27B weights on 2 x RTX 5090, Qwen3-32B on an RTX PRO 6000 Blackwell - written down and
//! committed before the fit engine's code was read for it and scored untuned. A row the CLI cannot state counts
//! as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout34.tsv");

#[test]
fn public_measurements_thirty_fourth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout34.tsv (held out 34, session 25)",
    );
    assert!(held.numeric >= 5 && held.verdicts >= 6);
    // Untuned: not scored yet. The floors may only tighten.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 34",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
