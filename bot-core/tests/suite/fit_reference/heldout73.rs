//! The seventy-third held-out set (tests/data/measured_memory_heldout73.tsv, heldout73 helper):
//! modelscope/ms-swift's 1.x/2.x example training scripts, each headed by the memory its run
//! took ("# 2 * 18GB GPU memory") on the cards it names - LoRA, bitsandbytes QLoRA, LoRA on GPTQ
//! and AWQ bases and full fine-tuning of Qwen (v1), Qwen1.5, Baichuan2, ChatGLM, Yi, InternLM2,
//! CodeLlama, Mistral, Llama-2-70B and Mixtral-8x22B, on one card, DDP, ZeRO-2/3, device_map and
//! FSDP, plus FITS verdicts on the 24 GB cards the scripts name. Only scripts no table held:
//! held-out 13 and 14 scored nine others from the same folder (the header says so). Written down
//! and committed before the fit engine's code was read for it, and scored untuned. A row the CLI
//! cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout73.tsv");

#[test]
fn public_measurements_seventy_third_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout73.tsv (held out 73)",
    );
    assert!(held.numeric >= 67);
    assert!(held.verdicts >= 18);
    // Untuned (scored on the heldout73 branch from main 200445ff, 2026-12-07; the table committed
    // in 9aa9452e before it was scored): 67 numeric rows, 38 within 15 %, 7 under by more than
    // 15 %, 16 over, 6 the CLI cannot state (LoRA on a GPTQ-Int8 base replayed as QLoRA, which the
    // CLI refuses); verdicts 12 of 18 right (3 not stated, 2 "tight, short on paper" on an A10
    // that ran, 1 contradicted: a 34B 16-bit LoRA the script says took 18 GB). The answers are in
    // docs/misses/heldout73_misses.md. The floors may only tighten.
    // mem_fi (session 44): `qlora gptq-int8` read as LoRA on the frozen GPTQ-Int8 base
    // (`vram::qlora_int8`): the 9 rows are stated, within 38 -> 42 (2 of the 6 over by more
    // than 15 %, none under), verdicts 12 -> 15 of 18 (the three A10 FITS rows).
    let floor_within = 42;
    let ceiling_under = 7;
    let floor_verdicts = 15;
    floors(
        &held,
        "held out 73",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
