//! The fourteenth held-out set (tests/data/measured_memory_heldout14.tsv, session 16, mem-u): ms-swift's 2024
//! LoRA / Q-LoRA scripts on 7-13B models, vLLM's per-card weights of current checkpoints, and verdicts from
//! Ollama, vLLM, Unsloth, LLaMA-Factory and Wan's generate.py on named cards, written down and committed before
//! the estimator's code was read for it and scored untuned. Printed with `-- --nocapture`.

use super::mixed::{print_breakdowns, scored};
use bot_core::Catalog;

const TABLE: &str = include_str!("../../data/measured_memory_heldout14.tsv");

#[test]
fn public_measurements_fourteenth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let held = scored(
        &catalog,
        TABLE,
        "measured_memory_heldout14.tsv (held out, session 16)",
    );
    assert!(held.numeric >= 9 && held.verdicts >= 6);
    // Untuned (scored on mem-u's branch from main b88f11a6, 2026-12-03, before the estimator was read for these
    // rows): 5 of 9 numeric rows within 15 % (vLLM weights of Qwen3-30B-A3B over four A10s -0.2 %, gpt-oss-20b on an
    // RTX 3090 +6.0 %, Qwen2-72B GPTQ-Int8 over four cards -0.5 %; ms-swift's Llama-3-8B LoRA +2.4 % on one card,
    // -0.3 % under ZeRO-2); under by more than 15 %: Mistral-7B LoRA under ZeRO-2 on two A10s -16.7 %, Mistral-7B-v0.2
    // q/k/v LoRA with flash attention -17.1 %, Phi-3-mini LoRA on an A10 -21.3 %, Llama-2-13B Q-LoRA under ZeRO-2
    // -18.0 %. Verdicts 7 of 7 (the Llama-3-8B LoRA fits an RTX 3090 and, tight, an A10; gpt-oss-20b at 36,864 tokens
    // in Ollama and the 18,000-token Q-LoRA on a T4 are "short", Llama-3.1-8B at vLLM's 131,072 on a 3090, the
    // 51,974-token Q-LoRA on an H100 and Wan2.1-T2V-14B at 720p on an RTX 5090 do not fit). The floor and ceiling may
    // only tighten.
    // After mem-u's second part (the Phi-3-mini row replayed with the eager attention its code had: swift 2.0
    // loads it with trust_remote_code and flash attention off, and Phi-3's code had no SDPA class until
    // Transformers 4.46): Phi-3-mini -21.3 -> -9.2 %, 6 of 9, 3 under (docs/misses/heldout14_misses.md).
    // Session 21 (lead's decision, mem_ag): ollama#11753's gpt-oss-20b row moved out of the scored verdicts (a leak
    // 30 s into inference, by the issue's own title, not a sizing verdict; reason quoted in the table's header), and
    // the verdict floor lowered by exactly that row, 7 -> 6.
    // Session 29 (mem_cg): each ms-swift 2.0 row carries the Transformers release its script's commit pinned
    // (`--transformers-release`, quoted in the header), whose Llama / Mistral classes built RoPE caches in every
    // attention layer (`vram::transformers_rope`): Mistral-7B ZeRO-2 -16.7 -> -14.3 %, Mistral-7B-v0.2 -17.1 ->
    // -14.5 %, Llama-2-13B Q-LoRA -18.0 -> -17.5 % (4096 positions: 80 MiB), Llama-3-8B +2.4 -> +3.0 % and
    // -0.3 -> +0.2 %; 8 of 9, 1 under.
    let floor_within = 8;
    let ceiling_under = 1;
    let floor_verdicts = 6;
    assert!(
        held.within15 >= floor_within,
        "held out 14: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 14 under by >15%: {:?}",
        held.under
    );
    assert!(
        held.verdicts_right >= floor_verdicts,
        "held out 14 verdicts: {} of {} (floor {floor_verdicts})",
        held.verdicts_right,
        held.verdicts
    );
}

/// Each language-model row's breakdown on the busiest card, printed with `-- --nocapture`.
#[test]
fn fourteenth_held_out_set_breakdowns() {
    print_breakdowns(&Catalog::embedded().unwrap(), TABLE);
}
