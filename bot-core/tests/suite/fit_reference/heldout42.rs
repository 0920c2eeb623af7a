//! The forty-second held-out set (tests/data/measured_memory_heldout42.tsv, session 27, mem_bu): a mainstream mix
//! measured apart from the code - 4-bit serving read from nvidia-smi (Qwen2.5-7B AWQ under vLLM on an RTX 5060 Ti at
//! 32k, InternLM2.5-7B 4-bit under LMDeploy on an RTX 4090), axolotl's Yi-34B QLoRA example on one RTX 4090, and
//! Ollama serving Gemma-3-12B Q8_0 at 40k with 1-10 parallel slots - written down and committed before the fit
//! engine's code was read for it, then scored untuned. A row the CLI cannot state counts as a miss, not as a
//! skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout42.tsv");

#[test]
fn public_measurements_forty_second_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout42.tsv (held out 42, session 27)",
    );
    assert!(held.numeric >= 9 && held.verdicts >= 3);
    // Written before scoring: floors at 0 until the untuned figures are recorded.
    let floor_within = 0;
    let ceiling_under = usize::MAX;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 42",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
