//! The fifty-ninth held-out set (tests/data/measured_memory_heldout59.tsv, heldout59 helper): a
//! mainstream mix of numeric rows first, each a peak a project printed with its run's settings -
//! Unsloth's Colab notebooks (Mistral-Small-Instruct-2409 and TinyLlama QLoRA, Gemma-3-4B in fp32
//! compute and gpt-oss-20b, all on a T4, max_memory_reserved), PEFT's MetaMathQA results (AdaLoRA
//! and BOFT on Llama-3.2-3B, L40S), LitGPT's Falcon-7B LoRA at 256 tokens (max_memory_allocated) -
//! and verdicts: ms-swift's Qwen2.5-14B LoRA on 2 x RTX 4090 by device_map (ran) and on 4 x RTX
//! 4090 under DDP (OOM), LLaMA-Factory's Qwen1.5-14B LoRA on 4 x RTX 4090 without DeepSpeed (OOM).
//! Written down and committed before the fit engine's code was read for it and scored untuned. A
//! row the CLI cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout59.tsv");

#[test]
fn public_measurements_fifty_ninth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout59.tsv (held out 59)",
    );
    assert!(held.numeric >= 7);
    // Not yet scored: the floors below are placeholders until the untuned run sets them.
    let floor_within = 0;
    let ceiling_under = 7;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 59",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
