//! The sixty-fifth held-out set (tests/data/measured_memory_heldout65.tsv, heldout65 helper):
//! verdict-rich runs from the engines' own issue trackers, 2025-2026 - Qwen2.5-VL-3B LoRA with
//! the vision tower unfrozen at cutoff 24576 on 4 x H100 under ZeRO-3 offload (LLaMA-Factory,
//! OOM), Gemma-4-31B-IT-NVFP4 on vLLM at 8192 tokens on one RTX 5090 (OOM), Qwen3-8B full `swift
//! pt` at 3000 tokens packed on one H20 (OOM), and LLaMA-Factory's GLM-4.5V support PR's LoRA
//! peak per card. Written down and committed before the fit engine's code was read for it and
//! scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed
//! with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout65.tsv");

#[test]
fn public_measurements_sixty_fifth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout65.tsv (held out 65)",
    );
    assert!(held.numeric >= 1);
    assert!(held.verdicts >= 3);
    // Untuned: not yet scored (the table is committed first; the floors follow the first run).
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 65",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
