//! The fifty-fourth held-out set (tests/data/measured_memory_heldout54.tsv, session 31, mem_dc): fine-tuning big
//! models on rented multi-card rigs under LLaMA-Factory - Llama-3.3-70B AWQ LoRA on 2 x L40S, Llama-3-70B QLoRA under
//! ZeRO-3 on 8 x T4, Qwen1.5-72B GPTQ LoRA under FSDP on 2 x RTX 4090, Qwen2-72B fp16 LoRA on 4 x A100 80GB,
//! Qwen2-VL-72B full fine-tuning under ZeRO-3 on 4 x A800 and Qwen3.5-122B-A10B q/v LoRA under ZeRO-3 on 8 x A100 -
//! every row a fit/OOM verdict, written down and committed before the fit engine's code was read for it and scored
//! untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout54.tsv");

#[test]
fn public_measurements_fifty_fourth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout54.tsv (held out 54, session 31)",
    );
    assert!(held.verdicts >= 6);
    // Untuned (scored on mem_dc's branch from main c6aa9692, 2026-12-05): no numeric rows; verdicts 4 of 6 right
    // (the OOMs of Llama-3.3-70B AWQ on 2 x L40S - 45.88 GiB allocated per card, "short" -, Llama-3-70B QLoRA ZeRO-3
    // on 8 x T4 - 16.22 GiB, "short" -, Qwen1.5-72B GPTQ FSDP on 2 x 4090 and Qwen2-VL-72B full ZeRO-3 on 4 x A800);
    // wrong are the two rows the table gives by Hugging Face id, Qwen/Qwen2-72B-Instruct and Qwen/Qwen3.5-122B-A10B
    // (no catalog entry: not stated) - docs/misses/heldout54_misses.md. The floors may only tighten.
    // mem_de (session 31): Qwen2-72B is a catalog variant of Qwen2.5-72B's shape, and its plain-DDP
    // LoRA on 4 x A100 80GB is "no" (right): 5 of 6. Qwen3.5-122B-A10B is catalogued and stated but
    // still "fits" (its OOM is at load under ZeRO-3 init, a load-path peak not modelled).
    let floor_within = 0;
    let ceiling_under = 0;
    let floor_verdicts = 5;
    floors(
        &held,
        "held out 54",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
