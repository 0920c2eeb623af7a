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
    // Untuned (scored on the heldout80 branch from main 176d5f56, 2026-12-07; the table committed
    // in e8f7422d before it was scored): 10 numeric rows, 2 within 15 % (Qwen3-4B LoRA in fp32, -9.5 %;
    // the v15 NF4 rerun, -1.1 %), 7 under by more than 15 %, 1 over, none the CLI cannot state; no
    // verdict. Under: Qwen3-4B with a 16-bit rest, bf16 LoRA and NF4 QLoRA, SDPA and FA2 alike, by
    // 3.9-5.2 GiB (-21 to -22 %: 18.3 estimated on 23.5, 14.3 on 18.2 - while v15, v12's script run
    // again, reads 14.5); Llama-2-7B NF4 by 3.2-3.5 GiB at SDPA (-28 to -31 %) and by 10.0 GiB with
    // FA2 (-54.7 %: 8.3 on 18.3). Over: v1's 6.5 GiB for a Qwen3-4B NF4 run the answer puts at 14.3.
    // The answers are in docs/misses/heldout80_misses.md. The floors may only tighten.
    let floor_within = 2;
    let ceiling_under = 7;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 80",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
