//! The sixty-sixth held-out set (tests/data/measured_memory_heldout66.tsv, heldout66 helper): a
//! published measurement matrix - LLaMA-Factory's wiki "Performance Comparison" (2024-04-15), its
//! long-context table of one QLoRA job (Llama-2-7B, 4-bit, rank 8 on all layers, batch 1,
//! accumulation 4) read at eight sequence lengths from 1,024 to 100,000 tokens on one A100 40GB,
//! with FlashAttention-2 and with Unsloth+FA2: every cell a row, and the runs whose outcome on that
//! card the table states (two OOMs, the longest that ran for each) as verdicts. Written down and
//! committed before the fit engine's code was read for it and scored untuned. A row the CLI cannot
//! state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout66.tsv");

#[test]
fn public_measurements_sixty_sixth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout66.tsv (held out 66)",
    );
    assert!(held.numeric >= 14);
    assert!(held.verdicts >= 4);
    // Before scoring: no floors yet (set to the untuned figures once scored).
    let floor_within = 0;
    let ceiling_under = 14;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 66",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
