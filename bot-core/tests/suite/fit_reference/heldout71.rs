//! The seventy-first held-out set (tests/data/measured_memory_heldout71.tsv, heldout71 helper):
//! huggingface/optimum-benchmark's own committed run reports - Transformers 4.35 greedy generate
//! on one A100-SXM4-80GB at batch 1 to 64: Llama-2-7B / 13B in fp16 and LLaMA-7B / 13B / 65B in
//! GPTQ 4-bit (`max_memory_allocated`), and Mistral-7B in fp16, bitsandbytes FP4, GPTQ and AWQ at
//! batch 1 to 16 (nvml's device total), with the largest batch of each series as a FITS verdict.
//! Written down and committed before the fit engine's code was read for it and scored untuned. A
//! row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout71.tsv");

#[test]
fn public_measurements_seventy_first_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout71.tsv (held out 71)",
    );
    assert!(held.numeric >= 50);
    assert!(held.verdicts >= 9);
    // Floors 0 until the untuned score is read (the table is committed before it is scored).
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 71",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
