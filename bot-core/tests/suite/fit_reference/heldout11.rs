//! The eleventh held-out set (tests/data/measured_memory_heldout11.tsv, session 14, mem-o): two Unsloth
//! notebooks not read before (Qwen3-14B on a T4, Llama-3.2-1B on an A10G), PEFT's rsLoRA run (LoRA without
//! gradient checkpointing at batch 4), vLLM issue 15203 (Qwen2.5-3B / 7B AWQ at vLLM's defaults on an RTX 3090,
//! nvidia-smi), torchtune issues 979 and 1398 (Llama-3-8B LoRA at 8192 tokens on one A100 80GB; Llama-3.1-8B
//! QLoRA's memory after model init) and LLaMA-Factory issues 2379 and 2321 (Mixtral-8x7B under plain data
//! parallel runs out of 80 GB cards), written down and committed before the estimator's code was read and scored
//! untuned. Its header lists the jobs found that the engine cannot state (DoRA, GaLore, LISA, LLaMA-Pro,
//! `modules_to_save`, QAT, optimizer-in-backward, ExLlama, ZeRO offload) and the word each would need. Printed
//! with `-- --nocapture`.

use super::mixed::{print_breakdowns, scored};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout11.tsv");

#[test]
fn public_measurements_eleventh_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let held = scored(
        &catalog,
        TABLE,
        "measured_memory_heldout11.tsv (held out, session 14)",
    );
    assert!(held.numeric >= 6 && held.verdicts >= 3);
    // Untuned (scored on mem-o's branch from main 5a9fa6d, 2026-12-03, no estimator change): 2 of 6
    // numeric rows within 15 % (PEFT's rsLoRA run -5.3 %, torchtune's QLoRA weights after init
    // -13.6 %), 3 under by more than 15 %: vLLM issue 15203's nvidia-smi figure for Qwen2.5-3B and
    // 7B AWQ at vLLM's defaults on an RTX 3090 (-64.0 / -39.1 %: the process holds what
    // --gpu-memory-utilization grants, not what the model needs; the answer states that share in
    // `fit-warn-vllm-prealloc`) and Unsloth's Qwen3-14B on a T4 (-15.1 %); Llama-3.2-1B on an A10G
    // +36.4 %. Verdicts 3 of 3. The floor and ceiling may only tighten.
    // Session 16 (mem-v): what nvidia-smi shows for vLLM on a named card is its budget
    // (`vram::vllm_grant`: the KV cache fills gpu_memory_utilization of CUDA's total): both 15203 rows
    // read 21.82 GiB, +39.8 % (over: the desktop's own processes, which vLLM subtracts from its budget,
    // are not stated). Under: Unsloth's Qwen3-14B only.
    let floor_within = 2;
    let ceiling_under = 1;
    let floor_verdicts = 3;
    assert!(
        held.within15 >= floor_within,
        "held out 11: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 11 under by >15%: {:?}",
        held.under
    );
    assert!(
        held.verdicts_right >= floor_verdicts,
        "held out 11 verdicts: {} of {} (floor {floor_verdicts})",
        held.verdicts_right,
        held.verdicts
    );
}

/// Each language-model row's breakdown on the busiest card, printed with `-- --nocapture`.
#[test]
fn eleventh_held_out_set_breakdowns() {
    print_breakdowns(&Catalog::embedded().unwrap(), TABLE);
}
