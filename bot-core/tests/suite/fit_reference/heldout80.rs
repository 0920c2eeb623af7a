//! The eightieth held-out set (tests/data/measured_memory_heldout80.tsv, heldout80 helper):
//! ai-learner-1429/peft-examples' NOTES.md "Training stats" - one developer's versions of a TRL
//! SFTTrainer + PEFT script (packing to 1024 tokens, batch 4, gradient checkpointing,
//! Transformers 4.57): LoRA on Qwen3-4B in fp32 and bf16, bitsandbytes NF4 QLoRA on Qwen3-4B and
//! Llama-2-7B, with and without FlashAttention-2, the GPU memory wandb showed (NVML) per version.
//! Written down and committed before the fit engine's code was read for it, and scored untuned. A
//! row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout80.tsv");

#[test]
fn public_measurements_eightieth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout80.tsv (held out 80)",
    );
    assert_eq!(held.numeric, 10);
    assert_eq!(held.verdicts, 0);
    // Floors at 0 until the untuned score is read; they may only tighten.
    let floor_within = 0;
    let ceiling_under = 10;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 80",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
