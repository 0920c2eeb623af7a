//! The seventy-ninth held-out set (tests/data/measured_memory_heldout79.tsv, heldout79 helper):
//! luxonis/datadreamer's pull requests #33, #34 and #36 - on one NVIDIA L4 24GB, SDXL-Turbo image
//! generation under diffusers' model CPU offload at batch 1 to 16 with the memory each batch
//! took, and the largest batch that fit (FITS; twice it, OOM) of SDXL-Turbo, SDXL, SDXL-Lightning
//! and of Transformers text-generation pipelines of TinyLlama-1.1B (fp16) and Mistral-7B (fp16,
//! NF4) at 70 new tokens. Written down and committed before the fit engine's code was read for it,
//! and scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed
//! with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout79.tsv");

#[test]
fn public_measurements_seventy_ninth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout79.tsv (held out 79)",
    );
    assert_eq!(held.numeric, 5);
    assert_eq!(held.verdicts, 12);
    // Floors 0 until the untuned score is written here (the table is committed first).
    let floor_within = 0;
    let ceiling_under = 5;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 79",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
