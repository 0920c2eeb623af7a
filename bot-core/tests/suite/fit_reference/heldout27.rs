//! The twenty-seventh held-out set (tests/data/measured_memory_heldout27.tsv, session 23, mem_al): mainstream
//! training - PEFT's method-comparison harness (DoRA, MLP-only LoRA, LoRA r64 on Llama-3.2-3B), Unsloth's QLoRA
//! notebooks not yet taken (Mistral-NeMo-12B, CodeGemma-7B on a T4) and a packed 16k full fine-tune of Qwen2.5-1.5B
//! under ZeRO-3 - written down and committed before the fit engine's code was read for it and scored untuned. A row
//! the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout27.tsv");

#[test]
fn public_measurements_twenty_seventh_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout27.tsv (held out 27, session 23)",
    );
    assert!(held.numeric >= 5 && held.verdicts >= 6);
    // Untuned (scored on mem_al's branch from main 5cbe2a09, 2026-12-04): 2 of 5 numeric rows within 15 % (PEFT's
    // DoRA r32 -14.0 %, LoRA r64 over 1000 steps +1.0 %), none under; the other three not stated (LoRA on the MLP
    // only has no word; Mistral-NeMo-12B and CodeGemma-7B are not in the catalog); verdicts 3 of 6 (DoRA and r64 fit
    // on the L40S, Qwen2.5-1.5B packed 16k x 16 under ZeRO-3 "no" on 8 x H20), the same three rows not stated -
    // docs/misses/heldout27_misses.md. After mem_al's catalog entries (Mistral-NeMo-12B, Gemma-7B with CodeGemma-7B
    // as an alias, from their config.json), `LoraTargets::Mlp` (PEFT target_modules gate/up/down) and Gemma (1)
    // under Unsloth holding its logits (`unsloth_loss::own_family`): 3 of 5 within 15 %, verdicts 6 of 6, every row
    // stated; one row under - CodeGemma-7B QLoRA at -19.7 %, which was a miss before (not stated) and is now
    // stated short: the replay's 2048 tokens for guanaco under a 4096 cap is a rule fixed before scoring, and its
    // 6.35 GB of training memory is what every token's fp32 logits at about 4096 tokens would take. The ceiling
    // of 1 under counts that row; the floors may only tighten from here.
    let floor_within = 3;
    let ceiling_under = 1;
    let floor_verdicts = 6;
    floors(
        &held,
        "held out 27",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
