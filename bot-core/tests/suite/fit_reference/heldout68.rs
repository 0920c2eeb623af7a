//! The sixty-eighth held-out set (tests/data/measured_memory_heldout68.tsv, heldout68 helper): one
//! repository's published measurement matrix - ljm565/universal-llm-trainer's docs/gpu_test.md,
//! full fine-tuning (pure bf16 AdamW), LoRA and 4-bit QLoRA of Llama 3.1 8B, Llama 2 13B, Gemma 2
//! 9B, Gemma 7B and Phi-3-mini at batch 2 x 8,192 fully filled tokens with gradient checkpointing,
//! the trainer's `memory_reserved` on one H100, A100 80GB or RTX Pro 6000, and its OOM cells.
//! Written down and committed before the fit engine's code was read for it and scored untuned. A
//! row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout68.tsv");

#[test]
fn public_measurements_sixty_eighth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout68.tsv (held out 68)",
    );
    assert!(held.numeric >= 34);
    assert!(held.verdicts >= 6);
    // Not yet scored: the floors are set to the untuned figures once the table, committed first,
    // has been scored.
    let floor_within = 0;
    let ceiling_under = 34;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 68",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
