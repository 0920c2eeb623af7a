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
    // Floors 0 until the untuned score is written here (the table is committed first).
    let floor_within = 0;
    let ceiling_under = 18;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 78",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
