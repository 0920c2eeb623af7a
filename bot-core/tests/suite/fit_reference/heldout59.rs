//! The fifty-ninth held-out set (tests/data/measured_memory_heldout59.tsv, heldout59 helper): a
//! mainstream mix of numeric rows first, each a peak a project printed with its run's settings -
//! Unsloth's Colab notebooks (Mistral-Small-Instruct-2409 and TinyLlama QLoRA, Gemma-3-4B in fp32
//! compute and gpt-oss-20b, all on a T4, max_memory_reserved), PEFT's MetaMathQA results (AdaLoRA
//! and BOFT on Llama-3.2-3B, L40S), LitGPT's Falcon-7B LoRA at 256 tokens (max_memory_allocated) -
//! and verdicts: ms-swift's Qwen2.5-14B LoRA on 2 x RTX 4090 by device_map (ran) and on 4 x RTX
//! 4090 under DDP (OOM), LLaMA-Factory's Qwen1.5-14B LoRA on 4 x RTX 4090 without DeepSpeed (OOM).
//! Written down and committed before the fit engine's code was read for it and scored untuned. A
//! row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout59.tsv");

#[test]
fn public_measurements_fifty_ninth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout59.tsv (held out 59)",
    );
    assert!(held.numeric >= 7);
    // Untuned (scored on the heldout59 branch from main f2a1e20f, 2026-12-06, table committed first in
    // a54fc869): 7 numeric rows, 4 within 15 %, 1 under by more than 15 %, 1 over by more than 15 %, 1
    // the CLI cannot state; verdicts 7 of 9 right (0 contradicting the run). Within: TinyLlama packed
    // 4096 x 2 without checkpointing (+4.2 %), gpt-oss-20b on a T4 (-3.8 %), PEFT AdaLoRA (-12.5 %),
    // LitGPT Falcon-7B LoRA at 256 tokens (+2.5 %). Under: PEFT BOFT (-22.0 %). Over: Gemma-3-4B in
    // Unsloth 2025.3 (+78.6 %). Not stated: unsloth/Mistral-Small-Instruct-2409 (no 22B Mistral-Small
    // in the catalog; its numeric row and its T4 verdict). Wrong verdict: TinyLlama on the T4 (answered
    // tight, 0.1 GiB short on paper; the run peaked at 13.5 of 14.7 GiB) - docs/misses/heldout59_misses.md.
    // On main after mem_dr (merged the same session, written without this table): TinyLlama is a
    // `llama` checkpoint, so Unsloth 2024.1's own forward holds every token's 16-bit logits and
    // Accelerate's fp32 copy (vram::unsloth_release, pre-2024.11) and the row goes +4.2 % -> +15.1 %,
    // its verdict "short" (still wrong).
    // mem_du (session 34): BOFT -22.0 -> -7.7 % (PEFT's dense per-Linear rotations kept per layer,
    // `vram::tuners::boft_rotation_bytes`); Mistral-Small-Instruct-2409 now in the catalog (-5.3 %,
    // its T4 verdict "tight": right). With both: 5 within, 0 under, 8 of 9 verdicts. Left: Gemma-3-4B
    // in Unsloth 2025.3 (+78.6 %), TinyLlama (+15.1 %, "short" on the T4) (docs/fit-reference.md, the
    // hundred-and-fifth pass).
    // mem_eg (session 37): TinyLlama +15.1 % -> -11.6 % and its T4 verdict short -> fits: Unsloth's
    // fused LoRA MLP saves X, e and g only, so a layer waiting for its backward keeps 4 bytes per
    // FFN element, not 8 (`vram::layer_kept::fused_mlp_saving_bytes`). 6 within, 0 under, 9 of 9.
    // The floors may only tighten.
    let floor_within = 6;
    let ceiling_under = 0;
    let floor_verdicts = 9;
    floors(
        &held,
        "held out 59",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
