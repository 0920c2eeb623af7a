//! The forty-seventh held-out set (tests/data/measured_memory_heldout47.tsv, session 29, mem_ck):
//! image and video generation on rented cards - SD1.5 with and without sequential offload (nvidia-smi),
//! FLUX.1-dev QLoRA / LoRA in diffusers' recipe on an RTX 4090, Wan2.2-TI2V-5B by generate.py on an
//! RTX 3090, and kohya sd-scripts' FLUX.1 LoRA / OFT / fine-tuning recipes on 24 / 16 / 12 GB cards -
//! written down and committed before the fit engine's code was read for it and scored untuned. A row
//! the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout47.tsv");

#[test]
fn public_measurements_forty_seventh_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout47.tsv (held out 47, session 29)",
    );
    assert!(held.numeric >= 6 && held.verdicts >= 7);
    // Untuned: to be filled in after the first scoring. The floors may only tighten.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 47",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
