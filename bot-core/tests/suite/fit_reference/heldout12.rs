//! The twelfth held-out set (tests/data/measured_memory_heldout12.tsv, session 15, mem-q): ms-swift's padded
//! full fine-tuning at batch 8 and its vision-language full fine-tuning with and without checkpointing, Unsloth's
//! Qwen2-VL notebook on a T4, AutoAWQ 0.2.7's Llama-3.1-8B benchmark, Transformers' 40-beam Phi-3 example that runs
//! out of 50 GB, vLLM recipes for Kimi-K2-Thinking, MiniMax-M2 and GLM-5, an AWQ MoE LoRA under plain DDP that runs
//! out of RTX 3090s, and FLUX.1-dev at batch 1, 4 and 8 (diffusers-torchao's benchmark), written down and committed
//! before the estimator's code was read for it and scored untuned. Printed with `-- --nocapture`.

use super::mixed::{print_breakdowns, scored};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout12.tsv");

#[test]
fn public_measurements_twelfth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let held = scored(
        &catalog,
        TABLE,
        "measured_memory_heldout12.tsv (held out, session 15)",
    );
    assert!(held.numeric >= 10 && held.verdicts >= 5);
    // Untuned (scored on mem-q's branch from main 54a9fd49, 2026-12-03, before any estimator change): 8 of
    // 10 numeric rows within 15 % (ms-swift's three full fine-tunings +6.4 / -8.6 / -2.0 %, Unsloth's Qwen2-VL
    // -6.5 %, AutoAWQ's 64-token row -2.0 %, FLUX.1-dev at batch 1 / 4 / 8 +0.1 / +4.6 / +7.8 %), none under
    // by more than 15 %; over: AutoAWQ 0.2.7's Llama-3.1-8B at 4096 and 8192 tokens (+77.0 / +265.6 %).
    // Verdicts 3 of 5: the 40-beam Phi-3 that runs out of 50 GB is sized at 40.7 GiB (fits 48 GB), the AWQ
    // Qwen3-30B-A3B LoRA under plain DDP at 18.5 GiB (fits a 3090). The floor and ceiling may only tighten.
    // After mem-q's AutoAWQ release mechanism (`AwqPrefill`: 0.2.7's `LlamaLikeBlock` runs SDPA, no
    // score matrix; the benchmark's LM head over the prompt; the decoded half not prefilled): 10 of
    // 10 (AutoAWQ -2.0 / -1.7 / -2.8 %), verdicts unchanged.
    // mem-u (session 16): the Phi-3 row replayed with the source's num_beams (`--beams=40`, batch 1:
    // `vram::beams`) and its eager attention: 35.85 GiB allocated, answered tight on 48 GB (no longer
    // a plain "fits"), still below the card; verdicts unchanged.
    // Session 16 (mem-v): the AWQ MoE row read as the compressed-tensors checkpoint its publisher ships
    // (`vram::ct_decompress`: Transformers keeps each layer's 16-bit weights once it has run): 74.2 GiB
    // a card, a clear miss as the run died. Verdicts 4 of 5 (the 40-beam Phi-3 left to beam search).
    // mem_ds (session 34): the Phi-3 row states the Transformers of its example (`--transformers-release=4.42`,
    // the OffloadedCache docs of mid-2024), whose dynamic cache keeps each layer's fused qkv output through
    // the prefill (`vram::fused_qkv`): 55.97 GiB allocated, no on 48 GB as it died. Verdicts 5 of 5.
    let floor_within = 10;
    let ceiling_under = 0;
    let floor_verdicts = 5;
    assert!(
        held.within15 >= floor_within,
        "held out 12: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 12 under by >15%: {:?}",
        held.under
    );
    assert!(
        held.verdicts_right >= floor_verdicts,
        "held out 12 verdicts: {} of {} (floor {floor_verdicts})",
        held.verdicts_right,
        held.verdicts
    );
}

/// Each language-model row's breakdown on the busiest card, printed with `-- --nocapture`.
#[test]
fn twelfth_held_out_set_breakdowns() {
    print_breakdowns(&Catalog::embedded().unwrap(), TABLE);
}
