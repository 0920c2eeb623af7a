//! The seventy-second held-out set (tests/data/measured_memory_heldout72.tsv, heldout72 helper):
//! huggingface/optimum-benchmark's own committed TRAINING run reports - the Transformers Trainer
//! fine-tuning Llama-2-7B / 13B at 256 tokens, batch 1 to 16, no gradient checkpointing: full
//! pure-fp16, LoRA, bitsandbytes FP4 LoRA and GPTQ LoRA on one A100-SXM4-80GB, and bitsandbytes /
//! GPTQ LoRA on one RTX 4090. The reports print throughput, not memory: every run in them is a
//! FITS verdict on its named card. Written down and committed before the fit engine's code was
//! read for it and scored untuned. A row the CLI cannot state counts as a miss, not as a skipped
//! row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout72.tsv");

#[test]
fn public_measurements_seventy_second_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout72.tsv (held out 72)",
    );
    assert!(held.verdicts >= 39);
    // Not yet scored: the floors are set at the untuned score in the commit after this one.
    let floor_within = 0;
    let ceiling_under = 0;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 72",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
