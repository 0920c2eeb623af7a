//! The forty-eighth held-out set (tests/data/measured_memory_heldout48.tsv, session 29, mem_cm):
//! fine-tuning as students and indie developers run it - Unsloth's executed notebooks (Gemma-3n-E4B
//! QLoRA, Ministral-3-3B and Qwen3.5-0.8B vision LoRA on a T4), ms-swift's Qwen3.5-4B LoRA under
//! ZeRO-2 and its PEFT-tuner scripts on Qwen2.5-7B, and fits / OOM outcomes of LLaMA-Factory LoRA
//! and ORPO and of OpenRLHF full SFT - written down and committed before the fit engine's code was
//! read for it and scored untuned. A row the CLI cannot state counts as a miss, not as a skipped
//! row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout48.tsv");

#[test]
fn public_measurements_forty_eighth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout48.tsv (held out 48, session 29)",
    );
    assert!(held.numeric >= 9 && held.verdicts >= 7);
    // Untuned: to be recorded after the first scoring. The floors may only tighten.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 48",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
