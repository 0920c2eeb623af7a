//! The thirty-second held-out set (tests/data/measured_memory_heldout32.tsv, session 24, mem_aw): the models
//! people fine-tune now - Gemma-4 vision QLoRA and Qwen3 full / LoRA under Unsloth's QAT notebooks, ms-swift's DPO
//! (packed and unpacked, Qwen2.5-7B and Qwen2.5-VL-7B) and GRPO (a TransformersEngine rollout; vLLM colocate for
//! Qwen2.5-VL-72B), gpt-oss-20b LoRA under LLaMA-Factory - written down and committed before the fit engine's code
//! was read for it and scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed
//! with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout32.tsv");

#[test]
fn public_measurements_thirty_second_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout32.tsv (held out 32, session 24)",
    );
    assert!(held.numeric >= 8 && held.verdicts >= 3);
    // Not scored yet: the floors are set from the untuned figures in the next commit.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 32",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
