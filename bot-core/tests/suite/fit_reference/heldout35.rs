//! The thirty-fifth held-out set (tests/data/measured_memory_heldout35.tsv, session 25, mem_bb): quantized
//! formats beyond 4-bit AWQ/GPTQ as users run them - FP8 checkpoints and online FP8 (vLLM, SGLang, nano-vllm,
//! tinygrad), bitsandbytes LLM.int8 beside fp16, EXL2 under ExLlamaV2 and a GGUF I-quant with a q8_0 KV cache -
//! written down and committed before the fit engine's code was read for it and scored untuned. A row the CLI
//! cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout35.tsv");

#[test]
fn public_measurements_thirty_fifth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout35.tsv (held out 35, session 25)",
    );
    assert!(held.numeric >= 10 && held.verdicts >= 4);
    // Untuned: to be scored. The floors may only tighten.
    let floor_within = 0;
    let ceiling_under = held.numeric;
    let floor_verdicts = 0;
    floors(
        &held,
        "held out 35",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
