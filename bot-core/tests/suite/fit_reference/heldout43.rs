//! The forty-third held-out set (tests/data/measured_memory_heldout43.tsv, session 28, mem_bw): the worst
//! categories measured apart from the code - Llama-3-8B in 16-bit and AWQ under TGI 1.4 on an RTX 3090 at batch 1-24
//! read from nvidia-smi, Unsloth QLoRA at 16k of Llama-3-8B / Llama-2-7B / Mistral-7B on a T4 and an RTX 4090, and
//! axolotl's QLoRA of Mixtral-8x7B on one A100 80GB - written down and committed before the fit engine's code was read
//! for it, then scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with
//! `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout43.tsv");

#[test]
fn public_measurements_forty_third_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout43.tsv (held out 43, session 28)",
    );
    assert!(held.numeric >= 9 && held.verdicts >= 6);
    // Untuned: not yet scored (floors at 0 until the scoring commit).
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 43",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
