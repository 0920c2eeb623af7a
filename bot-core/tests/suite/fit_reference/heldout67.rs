//! The sixty-seventh held-out set (tests/data/measured_memory_heldout67.tsv, heldout67 helper): one
//! large measured matrix - ms-swift's own docs/source/LLM/Benchmark.md, `swift sft` with one knob
//! varied per table (quantization: bf16 / GPTQ int4 / GPTQ int8 / bnb int4; max_length 512-8192
//! for LoRA and full fine-tuning; batch size; flash-attn x gradient checkpointing; LoRA rank; its
//! Tuners, AWQ and AQLM tables), peak `max_memory_reserved` per card on one or two A100 80GB.
//! The cells already in measured_memory_heldout.tsv (3) and fit_reference.toml (31) are not
//! repeated. Written down and committed before the fit engine's code was read for it and scored
//! untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with
//! `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout67.tsv");

#[test]
fn public_measurements_sixty_seventh_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout67.tsv (held out 67)",
    );
    assert!(held.numeric >= 50);
    assert!(held.verdicts >= 7);
    // Untuned (scored on the heldout67 branch from main a7967518, 2026-12-06; the table committed
    // in 83a135b1 before it was scored): 50 numeric rows, 18 within 15 %, 23 under by more than
    // 15 %, 1 over (Qwen-14B full on 2 x A100, +16.3 %), 8 the CLI cannot state (AQLM, Qwen-1_8B,
    // Baichuan2-7B); verdicts 6 of 7 right (Qwen-14B full 8192 on 2 x A100 ran, answered short).
    // Run (b)'s cells all within 3 %; run (a)'s 16-bit LoRA cells under from 1024-2048 tokens and
    // -28 % to -68 % at 4096-8192; 7B-14B LoRA on GPTQ/bnb/AWQ bases -34 % to -55 %; Qwen v1 read
    // as Qwen2.5 - see docs/misses/heldout67_misses.md. The floors may only tighten.
    // mem_eq (session 39): Qwen v1, Baichuan2-7B and `aqlm` in the catalog and the lexicon, and
    // `1_8B` read as 1.8B: the 8 rows the CLI could not state are stated (5 within, 3 under),
    // Qwen-7B eager without checkpointing -19.7 % -> -9.7 % and Qwen-14B full on 2 x A100
    // +16.3 % -> +11.6 % on Qwen v1's own shape: 25 within, 25 under, 0 over, 0 unstated. The
    // under ceiling rises from 23 to 25 because three rows that counted as unstated misses now
    // carry a figure that is under (Qwen-1_8B LoRA and full at 2048 in run (a), -49 % / -41 %,
    // where run (b) is within for both; Baichuan2-7B at 8192, -30 %: groups A and B); no row
    // that was stated moved from within to under.
    // mem_et (session 40): Baichuan2-13B's own code keeps its ALiBi bias ([heads, L, L] cached
    // and [batch, heads, L, L] summed, `vram::alibi_bias`): 4096 -28.4 % -> -22.6 %, 8192
    // -40.9 % -> -25.8 %; no row crossed 15 %, the floors stand.
    // Session 40 (lead): the three bnb-4bit rows now replay with --no-load-warmup, as the header
    // says why (the warm-up exists from Transformers 4.50; swift@4312aeb2 pins <4.37). The 72B
    // row had scored within only through that block: -1 % -> -37.5 %, so within falls to 24 and
    // the under ceiling rises to 26. A correction of the replay, not a change of the engine.
    // mem_fb (session 42): AdamW's multi-tensor step runs per device, so a `device_map` card
    // steps its own layers' share (`optim_step::foreach_step_gib`): Qwen-14B full on 2 x A100
    // at 2048 +11.6 % -> -5.3 %, and at 8192 answered tight (72.81 GiB allocated, was short at
    // 79.83): verdicts 7 of 7. The re-run's other unders stay (pass 138: no term).
    let floor_within = 24;
    let ceiling_under = 26;
    let floor_verdicts = 7;
    floors(
        &held,
        "held out 67",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
