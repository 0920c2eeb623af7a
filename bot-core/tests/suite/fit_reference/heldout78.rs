//! The seventy-eighth held-out set (tests/data/measured_memory_heldout78.tsv, heldout78 helper):
//! qwopqwop200/GPTQ-for-LLaMa's README results - LLaMA-7B / 13B / 65B in FP16, GPTQ 4-bit and
//! 3-bit and bitsandbytes NF4 / NF4 double-quant / FP4, batch 1 over 2,048 tokens decoded one
//! at a time on one RTX 3090, the allocated memory after each step (its max), or OOM. Written down
//! and committed before the fit engine's code was read for it, and scored untuned. A row the CLI
//! cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout78.tsv");

#[test]
fn public_measurements_seventy_eighth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout78.tsv (held out 78)",
    );
    assert_eq!(held.numeric, 18);
    assert_eq!(held.verdicts, 7);
    // Untuned (scored on the heldout78 branch from main ec799c58, 2026-12-07; the table committed
    // in 41d296a0 before it was scored): 18 numeric rows, 2 within 15 % (FP16 LLaMA-7B, both
    // runs, +7 %), none under by more than 15 %, 12 over (every GPTQ 4-bit and bitsandbytes 4-bit
    // row, +15.7 % to +25.6 %: the answer sits 1.0 GiB (7B) / 1.3-2.0 GiB (13B) above weights + KV,
    // which this between-steps reading holds and little else), 4 the CLI cannot state (GPTQ
    // 3-bit); verdicts 5 of 7 (the two wrong are 65B GPTQ 3-bit, not stated). The answers are in
    // docs/misses/heldout78_misses.md. The floors may only tighten.
    // mem_fp (session 45, pass 152): `gptq-int3` is a word (`vram::gptq3`, 3 + 16/128 + 3/128
    // bits): the four 3-bit rows are stated (over by +18 % to +30 %, the step-before cache of
    // Transformers' `generate` that llama.py's own loop drops, docs/misses/mem_fp.md) and the two
    // LLaMA-65B 3-bit OOM verdicts are right: verdicts 7 of 7.
    let floor_within = 2;
    let ceiling_under = 0;
    let floor_verdicts = 7;
    floors(
        &held,
        "held out 78",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
