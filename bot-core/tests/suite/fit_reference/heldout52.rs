//! The fifty-second held-out set (tests/data/measured_memory_heldout52.tsv, session 30, mem_cx): activations at
//! batch - PEFT's README table (bloomz-7b1, T0_3B and mt0-xxl: full fine-tuning, LoRA in plain PyTorch and LoRA under
//! ZeRO-3 with CPU offload, batch 8, no gradient checkpointing, fp32), llama-cookbook's Llama-3.2-1B LoRA at batch 11 x
//! 2048 tokens with and without activation checkpointing, a LLaMA-Factory Baichuan-7B LoRA OOM on a 32 GB V100, and
//! 8-bit serving of Llama-3.1-405B FP8 under vLLM (8 x A100, 8 x H100) and SGLang (16 x A40) - written down and
//! committed before the fit engine's code was read for it and scored untuned. A row the CLI cannot state counts as a
//! miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout52.tsv");

#[test]
fn public_measurements_fifty_second_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout52.tsv (held out 52, session 30)",
    );
    assert!(held.numeric >= 9 && held.verdicts >= 8);
    // Untuned (scored on mem_cx's branch from main 83e3c56a, 2026-12-05): 2 of 9 numeric rows within 15 %
    // (bloomz-7b1 fp32 LoRA 32 GiB -1.1 %, Llama-3.2-1B LoRA under one-card FSDP with checkpointing +6.6 %), none
    // under; over: Llama-3.2-1B LoRA at batch 11 x 2048 without checkpointing +30.6 % (77 GiB nvidia-smi, 100.54
    // estimated) and bloomz-7b1 LoRA under ZeRO-3 CPU offload on one card +74.9 % (18.1 GiB, 31.65 estimated: the
    // offload moved nothing); not stated: T0_3B x 3 and mt0-xxl x 2 (no catalog entry). Verdicts 4 of 8: wrong are
    // vLLM 0.5.3's Llama-3.1-405B FP8 at its default 131072 tokens on 8 x A100 (answered "tight"), SGLang's 405B
    // FP8 on 16 x A40 (answered fits), and the mt0-xxl and Baichuan-7B OOMs (not stated) -
    // docs/misses/heldout52_misses.md. The floors may only tighten.
    // mem_cy (session 30): the llama-cookbook rows corrected to the recipe's q/v adapters by its own words
    // (--lora-targets=qv, the table's header): without checkpointing 100.54 -> 72.96 GiB (+30.6 % -> -5.2 %),
    // with FSDP's checkpointing +6.6 % -> +6.4 %: 3 of 9 within, none under.
    let floor_within = 3;
    let ceiling_under = 0;
    // mem_eo (session 39): Baichuan-7B in the catalog; its LLaMA-Factory LoRA OOM on a V100-32G
    // (30.19 GiB allocated) is stated and wrong: answered fits at 18.41 GiB with the row's
    // checkpointing (docs/fit-reference.md pass 125). Verdicts stay 4 of 8.
    let floor_verdicts = 4;
    floors(
        &held,
        "held out 52",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
