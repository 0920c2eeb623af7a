//! The eighty-first held-out set (tests/data/measured_memory_heldout81.tsv, heldout81 helper):
//! Sebastian Raschka's from-scratch inference code in rasbt/LLMs-from-scratch (Qwen3-0.6B and
//! Llama-3.2-1B on an A100) and rasbt/reasoning-from-scratch (Qwen3-0.6B on an H100) - plain
//! PyTorch modules in bf16, greedy generation with and without a KV cache at batch 1 and 8, and a
//! cache pre-allocated for the whole 40,960-token context, torch.cuda.max_memory_allocated() per run.
//! Written down and committed before the fit engine's code was read for it, and scored untuned. A
//! row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout81.tsv");

#[test]
fn public_measurements_eighty_first_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout81.tsv (held out 81)",
    );
    assert_eq!(held.numeric, 11);
    assert_eq!(held.verdicts, 0);
    // Not yet scored: the floors are set at the untuned score once it is run.
    let floor_within = 0;
    let ceiling_under = 11;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 81",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
