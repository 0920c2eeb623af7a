//! The thirty-seventh held-out set (tests/data/measured_memory_heldout37.tsv, session 26, mem_bg): the mainstream
//! mix - 16-bit vLLM serving on an RTX 4090 against nvidia-smi, vLLM's weight figures for 1B-8B models (one card
//! and TP8) and a bitsandbytes 4-bit Phi-4, LoRA of 7B-14B models as users read nvidia-smi, Kimi-K2.5 served by
//! SGLang on 8 x RTX PRO 6000 and a multi-card LoRA OOM - written down and committed before the fit engine's code
//! was read for it and scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed
//! with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout37.tsv");

#[test]
fn public_measurements_thirty_seventh_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout37.tsv (held out 37, session 26)",
    );
    assert!(held.numeric >= 10 && held.verdicts >= 4);
    // Untuned (scored on mem_bg's branch from main a989f0f7, 2026-12-05): 6 of 11 numeric rows within 15 %, 2 under
    // by more than 15 % (LLaMA-Factory's Qwen2-7B LoRA at 2k tokens: 26.1 / 32.0 GiB measured, 20.3 / 25.4
    // estimated), 1 over (Kimi-K2.5 on SGLang, nvidia-smi 81.4 vs 101.8 GiB); verdicts 1 of 4 (the Kimi-K2.5
    // server that ran answered "short"); 4 rows not stated (Qwen3.5-4B, MiniCPM5-1B, Qwen1.5-7B: no catalog
    // entry) - docs/misses/heldout37_misses.md. The floors may only tighten.
    // Session 26, mem_bi: SGLang starts with a token pool shorter than the context
    // (`vram::sglang_pool`): the Kimi-K2.5 server is answered "starts, pool of N tokens"; and
    // Qwen1.5-7B in the catalog (its config.json): the 4 x 3090 OOM is answered "no" - verdicts
    // 3 of 4, 3 rows not stated.
    // Session 30, mem_cv: Qwen3.5-4B in the catalog (its config.json text_config): weights +3.4 %
    // (8.90 vs 8.61 GiB), the RTX 4090 D server answered "fits" - 7 within, verdicts 4 of 4, 1 row
    // not stated.
    let floor_within = 7;
    let ceiling_under = 2;
    let floor_verdicts = 4;
    floors(
        &held,
        "held out 37",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
