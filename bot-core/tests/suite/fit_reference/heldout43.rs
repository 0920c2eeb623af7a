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
    // Untuned (scored on mem_bw's branch from main 6f46df2e, 2026-12-05): 4 of 9 numeric rows within 15 %
    // (TGI 1.4 on an RTX 3090: Llama-3-8B bf16 x16 +11.3 %, x24 +5.0 %, AWQ x8 +7.8 %, x16 +1.9 %), 1 under by more
    // than 15 % (Unsloth QLoRA of Llama-3-8B at 16k x 2 on an RTX 4090: 20 measured, 16.80 estimated, -16.0 %), 4 over
    // (TGI right after warm-up, no request yet: bf16 +18.9 %, AWQ +31.1 % - the estimate is 23.69 GiB for every TGI
    // row whatever the batch; Unsloth QLoRA at 16k x 2 on a T4: Llama-2-7B +26.1 %, Mistral-7B +33.1 %), none not
    // stated; verdicts 6 of 6 - docs/misses/heldout43_misses.md. The floors may only tighten.
    // mem_by (session 28): TGI's pool sized at warm-up beside the warm-up's prefill logprobs, the warm-up released
    // before the pool is allocated (`vram::tgi_pool`): 6 of 9 within (after warm-up bf16 +18.9 -> +6.0 %, AWQ
    // +31.1 -> +14.2 %; bf16 x16 +0.8 %, x24 -4.8 %, AWQ x8 -4.6 %, x16 -9.7 %). Then Unsloth before 2024.11: its
    // forward returned the logits, which Accelerate copies to fp32 (`unsloth_release::ACCELERATE_FP32_LOGITS_BYTES`):
    // Llama-3-8B at 16k x 2 on an RTX 4090 -16.0 -> +81.8 % (over, no longer under: at x 2 the 32768 tokens' logits
    // alone take 23.5 GiB, more than the 20 GiB measured - see docs/fit-reference.md's seventieth pass on the batch).
    // Lead (session 28): the #824 rows corrected to batch 1 from the thread's own "OOM exceeding 7.83g" (one 16,384 x
    // 128,256 fp32 logits allocation; the TSV header says why): 9 of 9 within, 0 under, verdicts 6 of 6.
    // mem_cw (session 30): TGI 1.x's AWQ warm-up holds llm-awq's split-K partials, so its pool is smaller:
    // AWQ after warm-up +14.2 -> +7.4 %, x8 -4.6 -> -4.1 %, x16 -9.7 -> -9.3 %.
    let floor_within = 9;
    let ceiling_under = 0;
    let floor_verdicts = 6;
    floors(
        &held,
        "held out 43",
        floor_within,
        ceiling_under,
        floor_verdicts,
    );
}
