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
    // Untuned (scored on the heldout79 branch from main 19ccd98b, 2026-12-07; the table committed
    // in b0a18c16 before it was scored): 5 numeric rows, 1 within 15 % (SDXL-Turbo batch 8,
    // -7.7 %), 3 under by more than 15 % (batch 1, 2, 4: -19.5 to -27.7 %, the answer 1.4-3.0 GiB
    // below), 1 over (batch 16, +49.4 %: 31.7 against 21.2), none the CLI cannot state; verdicts
    // 9 of 12 - the six Transformers verdicts (TinyLlama fp16, Mistral-7B fp16 and NF4) right, the
    // three image FITS at 16 x 512x512 / 4 x 1024x1024 wrong (peak 31.7 GiB on the L4's 22.5; it
    // ran). The answers are in docs/misses/heldout79_misses.md. The floors may only tighten.
    // mem_fq (session 46): the 2-D decode's cached blocks, handed back before an out-of-memory
    // error, leave the need (`diffusion::estimate::decode_blocks`): the three FITS now fit (20.6
    // GiB on 22.5), twice each still does not: verdicts 12 of 12.
    let floor_within = 1;
    let ceiling_under = 3;
    let floor_verdicts = 12;
    floors(
        &held,
        "held out 79",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
