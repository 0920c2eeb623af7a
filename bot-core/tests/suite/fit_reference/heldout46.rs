//! The forty-sixth held-out set (tests/data/measured_memory_heldout46.tsv, session 29, mem_ch): a mainstream mix
//! of 2025-26 - vLLM serving read from nvidia-smi on RTX 3090 / 4090 cards (Qwen2.5 AWQ at vLLM's defaults,
//! Yi-1.5-34B under tensor parallel 4, a vendor's benchmark of six 16-bit 1.5B-9B models) and fits/OOM verdicts of
//! current models under vLLM (Gemma-4-31B BF16 / FP8 on an H200 and NVFP4 on an RTX 5090, Qwen3-Coder-30B-A3B AWQ
//! at 120k vs 128k on an RTX 5090, Llama-3.2-3B at a memory share of 1.0, Yi-1.5-34B at batch 4) - written down
//! and committed before the fit engine's code was read for it and scored untuned. A row the CLI cannot state
//! counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout46.tsv");

#[test]
fn public_measurements_forty_sixth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout46.tsv (held out 46, session 29)",
    );
    assert!(held.numeric >= 9 && held.verdicts >= 7);
    // Not scored yet: the floors stay at 0 until the untuned figures are recorded.
    let floor_within = 0;
    let ceiling_under = 9;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 46",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
