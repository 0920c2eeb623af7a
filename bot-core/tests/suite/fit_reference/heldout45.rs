//! The forty-fifth held-out set (tests/data/measured_memory_heldout45.tsv, session 28, mem_cb): training jobs of 2025-26 -
//! ms-swift's own example scripts (full fine-tuning of Qwen2.5-VL-7B under ZeRO-3 with and without gradient
//! checkpointing, LoRA of its LLM with the ViT trained in full, LoRA of Qwen3.5-35B-A3B under ZeRO-3, PPO of Llama-3.1-8B
//! on 8 cards) and an executed Unsloth notebook (QLoRA of Llama-3.2-3B on an L4) - written down and committed before the
//! fit engine's code was read for it, then scored untuned. A row the CLI cannot state counts as a miss, not as a skipped
//! row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout45.tsv");

#[test]
fn public_measurements_forty_fifth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout45.tsv (held out 45, session 28)",
    );
    assert!(held.numeric >= 8);
    // Untuned: not yet scored.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 45",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
