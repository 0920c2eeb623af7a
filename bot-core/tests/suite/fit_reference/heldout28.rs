//! The twenty-eighth held-out set (tests/data/measured_memory_heldout28.tsv, session 23, mem_am): mainstream
//! inference and serving - gpt-oss-20b (MXFP4) and Gemma-4-26B-A4B under vLLM 0.19 on an A100 at 128k, Mixtral-8x7B
//! bf16 / AWQ under vLLM tensor parallel on 4 x RTX 4090, Qwen2.5-14B Q4_K_M and Llama-3.1-8B Q8_0 under Ollama with 4
//! and 32 parallel slots, Qwen2.5-Coder-14B under Ollama on an RTX 3060 - written down and committed before the fit
//! engine's code was read for it and scored untuned. A row the CLI cannot state counts as a miss, not as a skipped
//! row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout28.tsv");

#[test]
fn public_measurements_twenty_eighth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout28.tsv (held out 28, session 23)",
    );
    assert!(held.numeric >= 7 && held.verdicts >= 5);
    // Untuned: not scored yet (floors at 0 until the first scoring). The floors may only tighten.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 28",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
