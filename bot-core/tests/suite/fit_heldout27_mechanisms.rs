//! Mechanisms found on held-out 27 (session 23, mem_al), checked on models and settings of
//! their own, not the held-out rows: LoRA on the FFN only (PEFT `target_modules` gate / up /
//! down) and Gemma (1) under Unsloth, whose own causal-LM forward holds the full-vocabulary
//! logits as Gemma-2's does, while Gemma-3's compiled text forward keeps Cut Cross Entropy.

use bot_core::Catalog;
use bot_core::vram::{
    FitOptions, FitRequest, LoraTargets, LossHead, ModelRef, Quant, Shape, Task, estimate_with,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// Adapters on gate, up and down only: r x (in + out) of the three FFN matrices a layer, and
/// the FFN-only and attention-only sets add up to every linear layer.
#[test]
fn mlp_only_lora_counts_the_three_ffn_matrices() {
    let c = cat();
    for id in ["llama-3.1-8b", "qwen2.5-7b", "mistral-7b-v0.3"] {
        let m = c.model(id).unwrap();
        let s = Shape::from_model(m).unwrap();
        let r = 16;
        let mlp = s.lora_params_on(r, LoraTargets::Mlp, false);
        let want = r as f64 * m.layers as f64 * 3.0 * (m.hidden + m.intermediate) as f64;
        assert!((mlp - want).abs() < 1.0, "{id}: {mlp} vs {want}");
        let attn = s.lora_params_on(r, LoraTargets::Attention, false);
        let all = s.lora_params_on(r, LoraTargets::AllLinear, false);
        assert!((attn + mlp - all).abs() < 1.0, "{id}");
    }
    assert_eq!(LoraTargets::from_key("mlp"), Some(LoraTargets::Mlp));
    assert_eq!(LoraTargets::Mlp.key(), "mlp");
}

fn lora<'a>(c: &'a Catalog, id: &str, targets: LoraTargets) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.context = 1024;
    r.batch = 4;
    r.grad_checkpointing = false;
    r.lora_targets = targets;
    r
}

/// Without checkpointing an FFN-only LoRA keeps fewer adapter inputs than every linear layer
/// and more than q / v only: the gate and up inputs (hidden wide) and down's (FFN wide).
#[test]
fn mlp_only_lora_activations_sit_between_qv_and_all_linear() {
    let c = cat();
    let o = FitOptions::default();
    for id in ["llama-3.1-8b", "qwen2.5-3b"] {
        let act = |t| {
            estimate_with(&c, &lora(&c, id, t), &o)
                .unwrap()
                .per_gpu
                .activations_gib
        };
        let (qv, mlp, all) = (
            act(LoraTargets::QueryValue),
            act(LoraTargets::Mlp),
            act(LoraTargets::AllLinear),
        );
        assert!(qv < mlp && mlp < all, "{id}: {qv} {mlp} {all}");
    }
}

fn unsloth(c: &Catalog, id: &str, ctx: u32, liger: bool) -> f64 {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Nf4,
        Task::Qlora,
    );
    r.context = ctx;
    r.batch = 1;
    r.unsloth = true;
    if liger {
        r.loss = LossHead::Fused;
    }
    estimate_with(c, &r, &FitOptions::default())
        .unwrap()
        .per_gpu
        .activations_gib
}

/// Gemma (1) under Unsloth holds every token's logits (a 256k vocabulary: at least 4 bytes a
/// logit more than with a fused loss); Gemma-3-1B's compiled forward does not (Cut Cross
/// Entropy, the same as `liger`).
#[test]
fn unsloth_gemma_one_holds_its_logits_and_gemma_three_text_does_not() {
    let c = cat();
    let tokens = 3000.0;
    let vocab = c.model("gemma-7b").unwrap().vocab as f64;
    let held = unsloth(&c, "gemma-7b", 3000, false) - unsloth(&c, "gemma-7b", 3000, true);
    assert!(
        held * bot_core::vram::GIB >= 0.9 * 4.0 * tokens * vocab,
        "{held}"
    );
    let g3 = unsloth(&c, "gemma-3-1b", 3000, false) - unsloth(&c, "gemma-3-1b", 3000, true);
    assert!(g3.abs() < 0.05, "{g3}");
}

/// CodeGemma-7B resolves to Gemma-7B's shape, and Mistral-NeMo-12B's parameters match its
/// card (12.2 B) within a few per cent.
#[test]
fn new_catalog_shapes_resolve() {
    let c = cat();
    assert_eq!(c.model("codegemma-7b").unwrap().id, "gemma-7b");
    let nemo = c.model("mistralai/Mistral-Nemo-Base-2407").unwrap();
    let p = Shape::from_model(nemo).unwrap().params.total / 1e9;
    assert!((p - 12.2).abs() / 12.2 < 0.03, "{p}");
    let g = Shape::from_model(c.model("gemma-7b").unwrap())
        .unwrap()
        .params
        .total
        / 1e9;
    assert!((g - 8.54).abs() / 8.54 < 0.03, "{g}");
}
