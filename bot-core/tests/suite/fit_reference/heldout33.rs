//! The thirty-third held-out set (tests/data/measured_memory_heldout33.tsv, session 24, mem_ay): mainstream serving
//! on rented cards - vLLM V0 / V1 and SGLang loader figures, vLLM's paged pool and fits / OOM outcomes for AWQ and
//! GPTQ-Int4 checkpoints of current models on one A10 / A40 - written down and committed before the fit engine's
//! code was read for it and scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row.
//! Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout33.tsv");

#[test]
fn public_measurements_thirty_third_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout33.tsv (held out 33, session 24)",
    );
    assert!(held.numeric >= 5 && held.verdicts >= 4);
    // Floors at 0 until the set is scored untuned; they may only tighten.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 33",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
