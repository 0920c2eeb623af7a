//! The thirty-ninth held-out set (tests/data/measured_memory_heldout39.tsv, session 26, mem_bm): a second
//! fresh mainstream mix - 4-bit vLLM serving read from nvidia-smi (CodeLlama-13B AWQ on an L4 and an A40,
//! Qwen1.5-32B-Chat GPTQ-Int4 on an A800 80GB), 4-bit serving verdicts (RTX 4090, RTX 3090) and a 72B model
//! in bf16 under TP 2 on 2 x A800 80GB - written down and committed before the fit engine's code was read for
//! it and scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with
//! `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout39.tsv");

#[test]
fn public_measurements_thirty_ninth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout39.tsv (held out 39, session 26)",
    );
    assert!(held.numeric >= 5 && held.verdicts >= 3);
    // Floors at 0 until the untuned score is recorded.
    let floor_within = 0;
    let ceiling_under = held.numeric;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 39",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
