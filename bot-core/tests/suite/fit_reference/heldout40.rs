//! The fortieth held-out set (tests/data/measured_memory_heldout40.tsv, session 27, mem_bp): the five weak
//! categories measured afresh - long context in Transformers code that keeps every prompt position's logits
//! (Qwen1.5-7B / 72B at 16k and 32k, 16-bit, GPTQ and AWQ), QLoRA of a 70B model at 7k-89k tokens, LoRA of 21B-30B
//! MoE and 27B models at batch 4 (Unsloth's executed notebooks) and LoRA without gradient checkpointing at batch 4
//! (BLOOM-7b1 under DeepSpeed-Chat) - written down and committed before the fit engine's code was read for it and
//! scored untuned. A row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout40.tsv");

#[test]
fn public_measurements_fortieth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout40.tsv (held out 40, session 27)",
    );
    assert!(held.numeric >= 14 && held.verdicts >= 5);
    // Untuned: not scored yet (floors at 0 until the first scoring). The floors may only tighten.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 40",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
