//! The fifteenth held-out set (tests/data/measured_memory_heldout15.tsv, session 16, mem-w): full fine-tunes of
//! 1-3B models, LoRA on Qwen3-30B-A3B, a Gemma 3 LoRA verdict, a DeepSeek-R1 distill's weights in llama.cpp, and
//! FLUX / SD3.5 verdicts with their offload, written down and committed before the estimator's code was read for
//! it and scored untuned. Printed with `-- --nocapture`.

use super::mixed::{print_breakdowns, scored};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout15.tsv");

#[test]
fn public_measurements_fifteenth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let held = scored(
        &catalog,
        TABLE,
        "measured_memory_heldout15.tsv (held out, session 16)",
    );
    assert!(held.numeric >= 4 && held.verdicts >= 7);
    // Untuned (scored on mem-w's branch from main c49539c2, 2026-12-03, before the estimator was read for these
    // rows): 3 of 4 numeric rows within 15 % (Qwen3-30B-A3B LoRA on one H20 -5.8 %, its bf16 weights -5.2 %,
    // DeepSeek-R1-Distill-Qwen-32B Q4_K_M weights in llama.cpp +3.3 %); under by more than 15 %: the Qwen3-1.7B full
    // fine-tune (pure bf16, adamw_torch) -36.5 %. Verdicts 5 of 7: right are Qwen3-30B-A3B LoRA fits an H20, FLUX.1-dev
    // with sequential offload fits a 3090, SD3.5 Large OOM on a 4090 on the card and fits with model offload, SD3.5
    // Medium in fp32 OOM on a T4; wrong are Qwen2.5-3B full under ZeRO-2 on 4 x 3090 ("tight", it ran out) and
    // Gemma-3-27B LoRA on 2 x A100 40GB under data parallel ("fits": sized as ZeRO-3 shards). The floor and ceiling
    // may only tighten.
    // After mem-w's second part: DeepSpeed's step holds its fp32 gradient partition beside the trainer's AdamW
    // multi-tensor square root (8 bytes an element, was 6: `vram::train::deepspeed_step_bytes`): the Qwen2.5-3B
    // ZeRO-2 row 24.14 -> 25.58 GiB as nvidia-smi shows on a 24 GiB card, still "tight" inside the margin; the
    // Gemma-3-27B row replayed with the --zero=0 its accelerate config states (MULTI_GPU, no DeepSpeed): no. 6 of 7
    // verdicts, none contradicting the run; numeric rows unchanged (docs/misses/heldout15_misses.md).
    let floor_within = 3;
    let ceiling_under = 1;
    let floor_verdicts = 6;
    assert!(
        held.within15 >= floor_within,
        "held out 15: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 15 under by >15%: {:?}",
        held.under
    );
    assert!(
        held.verdicts_right >= floor_verdicts,
        "held out 15 verdicts: {} of {} (floor {floor_verdicts})",
        held.verdicts_right,
        held.verdicts
    );
}

/// Each language-model row's breakdown on the busiest card, printed with `-- --nocapture`.
#[test]
fn fifteenth_held_out_set_breakdowns() {
    print_breakdowns(&Catalog::embedded().unwrap(), TABLE);
}
