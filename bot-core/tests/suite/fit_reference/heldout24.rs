//! The twenty-fourth held-out set (tests/data/measured_memory_heldout24.tsv, session 21, mem_af): jobs people rent
//! for today that died or nearly did - Llama-3.2-11B-Vision on vLLM's default `max_num_seqs`, Qwen3 MoE models on
//! SGLang, vLLM and Ollama, full fine-tunes under DeepSpeed ZeRO-2/3, QLoRA of large or long-context jobs -
//! written down and committed before the fit engine's code was read for it and scored untuned. A row the CLI
//! cannot state counts as a miss, not as a skipped row. Printed with `-- --nocapture`.

use super::each_row::{floors, scored_rows};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout24.tsv");

#[test]
fn public_measurements_twenty_fourth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let (held, _unstated) = scored_rows(
        &catalog,
        TABLE,
        "measured_memory_heldout24.tsv (held out 24, session 21)",
    );
    assert!(held.numeric >= 3 && held.verdicts >= 9);
    // Untuned (scored on mem_af's branch from main 93e1c06e, 2026-12-04; six rows found in earlier tables
    // were then removed and one added, see the table's header): 2 of 3 numeric rows within 15 % (the two
    // weight figures), 1 under by more (Ollama's qwen3-vl:30b figure, -22.2 %); verdicts 5 of 9
    // (Llama-3.2-Vision on vLLM 0.6's default max_num_seqs twice "fits"; "tight" for qwen3-vl:30b split
    // by Ollama on a 3090 and for Llama-3-8B LoRA at 8k under ZeRO-3 on 4 x RTX 4090) -
    // docs/misses/heldout24_misses.md.
    // After mem_af's `vision_tower::vllm_v0_tiled_profile_bytes` (vLLM V0 encodes one image per dummy
    // sequence): verdicts 7 of 9 (both Llama-3.2-Vision start-up deaths answered short; the
    // max_num_seqs 32 start still fits). The floors may only tighten.
    // After mem_ai (session 22, `vram::ollama`): qwen3-vl:30b's 25 GB is `ollama ps` SIZE, re-marked basis
    // ollama_ps: Ollama's own estimate (the pre-0.12 formula) 22.1 GB, -11.5 %: 3 of 3 within, none under;
    // its OOM verdict is still missed (Ollama's estimate puts every layer on the 3090; 0.12.7 measured
    // and split), answered "tight".
    let floor_within = 3;
    let ceiling_under = 0;
    let floor_verdicts = 7;
    floors(
        &held,
        "held out 24",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
