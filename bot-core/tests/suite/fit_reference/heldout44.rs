//! The forty-fourth held-out set (tests/data/measured_memory_heldout44.tsv, session 28, mem_bz): Transformers inference
//! at a 32k context in 16-bit, FP8, GPTQ-Int8 and AWQ (the Qwen3 speed benchmark, every Qwen3 size on one H20), how many
//! H20 cards SGLang needs for Qwen3-32B / Qwen3-235B-A22B at 64k-128k tokens, and gpt-oss-20b under Ollama at 131072 tokens
//! with OLLAMA_NUM_PARALLEL 1 to 6 on H100 NVL cards (Ollama's own memory.required.full) - written down and committed
//! before the fit engine's code was read for it, then scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with
//! `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout44.tsv");

#[test]
fn public_measurements_forty_fourth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout44.tsv (held out 44, session 28)",
    );
    assert!(held.numeric >= 25 && held.verdicts >= 7);
    // Untuned: not yet scored (floors at 0 until the first scoring).
    let floor_within = 0;
    let ceiling_under = 5;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 44",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
