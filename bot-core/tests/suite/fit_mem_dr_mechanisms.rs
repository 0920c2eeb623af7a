//! mem_dr (session 34, issue 24, groups C and D of `docs/misses/mem_do_unders.md`): cases of
//! our own, each asserting what the trainers' source implies, written before the engine change.
//!
//! Unsloth picks its model class by the checkpoint's `config.json` `model_type`, not by the
//! model's marketing name: `FastLanguageModel.from_pretrained` (unslothai/unsloth
//! `unsloth/models/loader.py` @ 015bdef0, and since 9b4ed21a "May 2024 Prelim" for `qwen2`)
//! sends `llama` to `FastLlamaModel`, `mistral` to `FastMistralModel`, `qwen2` to
//! `FastQwen2Model`, … and only the rest to `FastModel`'s compiled forward (Cut Cross Entropy).
//! `FastQwen2Model` patches `Qwen2ForCausalLM.forward = CausalLM_fast_forward(...)`
//! (`unsloth/models/qwen2.py` @ 9b4ed21a): Unsloth's own loss over the logits. Qwen1.5's
//! checkpoints are `Qwen2ForCausalLM` (`model_type` `qwen2`); CodeLlama, TinyLlama and SmolLM2 are
//! `LlamaForCausalLM` (`llama`): each is trained through Unsloth's own forward and holds the
//! logits its loss takes, never the compiled path's no-logits Cut Cross Entropy.

use bot_core::catalog::Catalog;
use bot_core::vram::{FitOptions, FitReport, FitRequest, LossHead, ModelRef, Quant, Task};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn unsloth_qlora(model: &str, tokens: u32, cce: bool) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
    req.context = tokens;
    req.batch = 1;
    req.unsloth = true;
    // Unsloth's notebooks and the CLI's default: checkpointing on (offloaded by Unsloth).
    req.grad_checkpointing = true;
    if cce {
        req.loss = LossHead::Fused;
    }
    bot_core::vram::estimate_with(&c, &req, &FitOptions::default()).unwrap()
}

fn vocab(model: &str) -> f64 {
    Catalog::embedded().unwrap().model(model).unwrap().vocab as f64
}

#[test]
fn unsloth_own_forward_holds_the_logits_of_llama_and_qwen2_classes_by_any_name() {
    // Unsloth's own loss (no card named: one chunk of every token's logits, 16-bit and fp32,
    // 6 bytes a logit) is live at the step's peak, which is therefore at least that; under Cut
    // Cross Entropy, which holds none, the same job peaks below it.
    for model in [
        "qwen1.5-7b",
        "qwen1.5-14b",
        "codellama-7b",
        "tinyllama-1.1b",
        "smollm2-1.7b",
    ] {
        let tokens = 1024.0;
        let own = unsloth_qlora(model, 1024, false).per_gpu.activations_gib;
        let cce = unsloth_qlora(model, 1024, true).per_gpu.activations_gib;
        let loss = tokens * vocab(model) * 6.0 / GIB;
        assert!(
            own >= 0.95 * loss && cce < 0.95 * loss,
            "{model}: own loss {own:.3} GiB vs CCE {cce:.3} GiB, logits 16-bit + fp32 {loss:.3}"
        );
    }
}

#[test]
fn the_logits_grow_with_the_tokens_under_unsloth_for_qwen1_5() {
    // Doubling the tokens adds at least one more fp32 copy of 1024 tokens' logits on Qwen1.5
    // (vocabulary 151,936): the loss, not only the checkpointed layers, grows with the length.
    let a1 = unsloth_qlora("qwen1.5-7b", 1024, false)
        .per_gpu
        .activations_gib;
    let a2 = unsloth_qlora("qwen1.5-7b", 2048, false)
        .per_gpu
        .activations_gib;
    let step = 1024.0 * vocab("qwen1.5-7b") * 4.0 / GIB;
    assert!(
        a2 - a1 >= 0.9 * step,
        "1024: {a1:.3}, 2048: {a2:.3}, step {step:.3}"
    );
}

#[test]
fn a_class_unsloth_compiles_keeps_cut_cross_entropy() {
    // OLMo-2 (`model_type` `olmo2`) is none of FastLanguageModel's own classes: FastModel's
    // compiled forward, Cut Cross Entropy, no logits beside the layers.
    let own = unsloth_qlora("olmo-2-7b", 1024, false)
        .per_gpu
        .activations_gib;
    let cce = unsloth_qlora("olmo-2-7b", 1024, true)
        .per_gpu
        .activations_gib;
    // Below a tenth of a GiB: far under one fp32 copy of its logits (0.38 GiB at 1024 tokens).
    assert!((own - cce).abs() < 0.1, "olmo-2-7b: {own:.3} vs {cce:.3}");
}

#[test]
fn unsloth_sends_a_qwen_moe_to_the_compiled_forward() {
    // FastLanguageModel's `qwen3` branch has taken only `model_type == "qwen3"` since Unsloth's
    // Qwen3 release (`elif model_type == "qwen3":# or model_type == "qwen3_moe":`,
    // unsloth/models/loader.py @ 9a930bb0, 2025-04-30, still so @ 015bdef0), and no branch takes
    // `qwen2_moe`: Qwen3-30B-A3B, Qwen3-Coder and Qwen2-57B-A14B go through FastModel's compiled
    // forward, whose Transformers `lm_head` + `self.loss_function` pattern becomes Cut Cross
    // Entropy (unsloth-zoo `compiler.py` @ ce232d6c, `cross_entropy_replacement_2`): no logits.
    for model in ["qwen3-30b-a3b", "qwen3-coder-30b-a3b", "qwen2-57b-a14b"] {
        let own = unsloth_qlora(model, 2048, false).per_gpu.activations_gib;
        let cce = unsloth_qlora(model, 2048, true).per_gpu.activations_gib;
        assert!((own - cce).abs() < 0.1, "{model}: {own:.3} vs {cce:.3}");
    }
    // The dense Qwen3 of the same family keeps Unsloth's own loss (`FastQwen3Model`).
    let own = unsloth_qlora("qwen3-8b", 2048, false)
        .per_gpu
        .activations_gib;
    let loss = 2048.0 * vocab("qwen3-8b") * 6.0 / GIB;
    assert!(own >= 0.95 * loss, "qwen3-8b: {own:.3} vs loss {loss:.3}");
}

#[test]
fn unsloth_compiles_the_vision_language_classes_of_own_families() {
    // Qwen2.5-VL (`qwen2_5_vl`) and Llama-3.2-Vision (`mllama`) are none of FastLanguageModel's
    // branches: FastModel / FastVisionModel compile Transformers' forward, whose
    // `logits = self.lm_head(...)` … `loss_fct(shift_logits, shift_labels)` is unsloth-zoo's
    // `cross_entropy_find_1` (`compiler.py` @ ce232d6c) and becomes Cut Cross Entropy. The family
    // name that begins like `qwen2` or `llama3` does not make them Unsloth's own forward.
    for model in ["qwen2.5-vl-7b", "llama-3.2-11b-vision"] {
        let own = unsloth_qlora(model, 2048, false).per_gpu.activations_gib;
        let cce = unsloth_qlora(model, 2048, true).per_gpu.activations_gib;
        assert!((own - cce).abs() < 0.1, "{model}: {own:.3} vs {cce:.3}");
    }
    // Their text-only relatives keep the own loss.
    for model in ["qwen2.5-7b", "llama-3.2-3b"] {
        let own = unsloth_qlora(model, 2048, false).per_gpu.activations_gib;
        let loss = 2048.0 * vocab(model) * 6.0 / GIB;
        assert!(own >= 0.95 * loss, "{model}: {own:.3} vs loss {loss:.3}");
    }
}
