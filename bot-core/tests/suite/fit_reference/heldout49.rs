//! The forty-ninth held-out set (tests/data/measured_memory_heldout49.tsv, session 29, mem_cp):
//! a mainstream mix of serving and fine-tuning - vLLM's own memory lines (Qwen3.5-35B-A3B weights
//! and activation peak under tensor parallel 4, Llama-3-8B's KV pool per L4 and its fits / OOM
//! table in AWS LMI's CI), an SGLang fits / OOM outcome (Gemma-3-4B on an A800 40GB), QLoRA GRPO
//! with TRL on an 8 GB card (Qwen3.5-0.8B to Qwen3-8B) and Firefly's QLoRA of Qwen1.5-7B with and
//! without Unsloth - written down and committed before the fit engine's code was read for it and
//! scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with
//! `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout49.tsv");

#[test]
fn public_measurements_forty_ninth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout49.tsv (held out 49, session 29)",
    );
    assert!(held.numeric >= 13 && held.verdicts >= 5);
    // Untuned (scored on mem_cp's branch from main 04f0d7c1, 2026-12-05): 5 of 13 numeric rows
    // within 15 %, 1 under by more than 15 % (Firefly's Unsloth QLoRA of Qwen1.5-7B, -22.8 %),
    // 3 not stated (qwen3-2b not in the catalog; Qwen3.5-35B-A3B's vLLM weights / activation rows
    // carry --max-num-batched-tokens, a word the CLI lacks); verdicts 2 of 5: vLLM 0.23's OOM at
    // --max-num-seqs 256 on 4 x L4 answered "starts" twice, SGLang on an A800 40GB not stated (no
    // card word). TRL GRPO QLoRA on 8 GB over by 17-30 % (alloc). docs/misses/heldout49_misses.md.
    // mem_cq (session 29): GRPO's logits stay 16-bit under TRL's `selective_log_softmax`
    // (`rl_trainer::grpo_logits_head`): the four GRPO QLoRA alloc rows and the 8B reserved row
    // -6.4 / -2.0 / +4.7 / +8.4 / +5.5 %, 9 of 13 within.
    // mem_dr (session 34): Unsloth dispatches Qwen1.5 (`model_type` qwen2) to its own forward,
    // whose loss holds the logits (`unsloth_loss`): the Unsloth row -22.8 % -> -12.1 %, 10 of 13
    // within, none under.
    // mem_fm (session 45): the djl-serving rows replay their quoted release; vLLM 0.23's Model
    // Runner V2 profiles its sampler without top-k / top-p (`vram::vllm_mrv2`): the 0.23 KV row
    // -4.5 % -> +1.7 %, and at 256 requests the filled share leaves the rest of the card short of
    // the context, graphs and the batch's sort (both OOM rows now "no"): verdicts 4 of 5.
    // The floors may only tighten.
    let floor_within = 10;
    let ceiling_under = 0;
    let floor_verdicts = 4;
    floors(
        &held,
        "held out 49",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
