//! mem_eg (session 37, issue 24): what Unsloth's fused LoRA MLP keeps for the backward pass.
//! Cases of our own, each asserting what the source implies:
//! - `LoRA_MLP.forward` (unslothai/unsloth@f4633d8e `unsloth/kernels/fast_lora.py`) computes
//!   `e = X @ gate`, `g = X @ up`, `h = swiglu(e, g)` and the down projection, and saves only
//!   `X, e, g` (with the adapters): the activation and the product `h` are recomputed in its
//!   backward (`swiglu_DWf_DW_dfg_kernel`). So a layer keeps 4 bytes per FFN element (e and g
//!   in 16-bit), not the 8 (gate, up, activation, product) a stock MLP under autograd keeps.
//! - `FastLlamaModel.patch_peft_model` (`unsloth/models/llama.py`) installs it only when the
//!   adapters have no dropout and no bias, and only on a layer whose gate, up and down
//!   projections all carry LoRA: attention-only targets keep the stock MLP.
//! - A mixture of experts goes through no class of Unsloth's own forward (`vram::unsloth_loss`):
//!   unchanged.
//! - The layer running its backward keeps more than its saved tensors (the kernel's `DW`
//!   buffer beside `e` and `g`): it keeps the stock count, and so does the one recomputed
//!   layer under gradient checkpointing, whose estimate does not move.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, LoraTargets, ModelRef, Quant, Task, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn unsloth(model: ModelRef<'_>, c: &Catalog, set: impl Fn(&mut FitRequest)) -> FitReport {
    let mut req = FitRequest::new(model, Quant::Nf4, Task::Qlora);
    req.context = 2048;
    req.batch = 2;
    req.grad_checkpointing = false;
    req.unsloth = true;
    set(&mut req);
    estimate_with(c, &req, &FitOptions::default()).unwrap()
}

/// Activations of every layer minus those with attention-only targets: what the MLP keeps
/// beyond the fused kernel's e and g, the loss head and the attention alike in both.
fn mlp_saving_gib(c: &Catalog, model: ModelRef<'_>, set: impl Fn(&mut FitRequest) + Copy) -> f64 {
    let attn = unsloth(model, c, |r| {
        r.lora_targets = LoraTargets::Attention;
        set(r);
    });
    let all = unsloth(model, c, |r| {
        r.lora_targets = LoraTargets::AllLinear;
        set(r);
    });
    attn.per_gpu.activations_gib - all.per_gpu.activations_gib
}

#[test]
fn unsloth_fused_lora_mlp_keeps_its_input_and_the_two_projections_only() {
    let c = Catalog::embedded().unwrap();
    for id in ["llama-3.1-8b", "qwen2.5-3b"] {
        let m = c.model(id).unwrap();
        let tokens = 2048.0 * 2.0;
        // The activation and product of every layer waiting for its backward no longer kept
        // (4 bytes per FFN element); the layer running its backward keeps its working set.
        let expected = f64::from(m.layers - 1) * tokens * 4.0 * f64::from(m.intermediate) / GIB;
        let got = mlp_saving_gib(&c, ModelRef::Known(m), |_| {});
        assert!(
            (got - expected).abs() <= 0.03 * expected,
            "{id}: the fused MLP saves {got:.3} GiB, the kernel's saved tensors imply {expected:.3}"
        );
    }
}

#[test]
fn dropout_keeps_unsloth_on_the_stock_mlp() {
    // With dropout Unsloth patches nothing: the MLP keeps what autograd keeps, whatever the
    // targets (the dropout copies of the MLP inputs come on top with all-linear targets).
    let c = Catalog::embedded().unwrap();
    let m = c.model("llama-3.1-8b").unwrap();
    let got = mlp_saving_gib(&c, ModelRef::Known(m), |r| r.lora_dropout = true);
    assert!(
        got <= 0.0,
        "with dropout the all-linear run keeps no less: {got:.3} GiB"
    );
}

#[test]
fn a_size_only_llama_guess_is_fused_and_a_mixture_of_experts_is_not() {
    let c = Catalog::embedded().unwrap();
    // A size-only guess is shaped like a Llama, which Unsloth's own forward serves.
    let guess = mlp_saving_gib(
        &c,
        ModelRef::BySize {
            params_b: 8.0,
            active_b: None,
        },
        |_| {},
    );
    assert!(guess > 0.5, "an 8B guess saves {guess:.3} GiB");
    // Qwen3-30B-A3B goes through FastModel's compiled forward: no fused MLP.
    let moe = c.model("qwen3-30b-a3b").unwrap();
    let got = mlp_saving_gib(&c, ModelRef::Known(moe), |_| {});
    assert!(
        got.abs() < 0.01,
        "the MoE keeps the stock count: {got:.3} GiB"
    );
}

#[test]
fn with_checkpointing_the_recomputed_layer_keeps_its_working_set() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("llama-3.1-8b").unwrap();
    let got = mlp_saving_gib(&c, ModelRef::Known(m), |r| r.grad_checkpointing = true);
    assert!(got.abs() < 0.01, "checkpointed: {got:.3} GiB");
}

#[test]
fn the_answer_states_the_fused_mlp_and_the_words_that_turn_it_off_in_both_languages() {
    // A student's Unsloth QLoRA of Llama-3.1-8B without checkpointing: the line says what the
    // fused MLP keeps less and which words keep the stock count.
    let line = "/fit llama-3.1-8b qlora unsloth ctx=2048 batch=2 gc=off";
    let en = super::chat::ask_fresh("en-US", line);
    assert!(en.contains("fused LoRA MLP"), "{en}");
    assert!(en.contains("dropout=0.1"), "{en}");
    let zh = super::chat::ask_fresh("zh-CN", line);
    assert!(zh.contains("融合 LoRA MLP"), "{zh}");
    // With dropout, or with checkpointing (the recomputed layer keeps its working set), none.
    for other in [
        "/fit llama-3.1-8b qlora unsloth ctx=2048 batch=2 gc=off dropout=0.1",
        "/fit llama-3.1-8b qlora unsloth ctx=2048 batch=2",
    ] {
        let a = super::chat::ask_fresh("en-US", other);
        assert!(!a.contains("fused LoRA MLP"), "{other}: {a}");
    }
}
