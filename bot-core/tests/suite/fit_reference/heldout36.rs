//! The thirty-sixth held-out set (tests/data/measured_memory_heldout36.tsv, session 25, mem_bd): mainstream
//! fine-tuning on rented cards with the trainers' current releases - TRL's GRPO QLoRA notebook (its executed
//! peak and its table, naive FP16 beside it), axolotl's Ministral QLoRA recipes, ms-swift's full DPO and LoRA PPO
//! scripts and a LLaMA-Factory QLoRA of Qwen3.5-27B under ZeRO-3 - written down and committed before the fit
//! engine's code was read for it and scored untuned. A row the CLI cannot state counts as a miss, not as a
//! skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout36.tsv");

#[test]
fn public_measurements_thirty_sixth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout36.tsv (held out 36, session 25)",
    );
    assert!(held.numeric >= 12 && held.verdicts >= 4);
    // Floors at 0 until the set is scored untuned; they may only tighten.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 36",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
