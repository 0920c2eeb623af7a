//! Liger Kernel patches a model by its config's `model_type`; a type missing from
//! `MODEL_TYPE_TO_APPLY_LIGER_FN` (DeepSeek-V3/R1 and Kimi-K2's `deepseek_v3`, GLM-4.5's
//! `glm4_moe`, GLM-5, MiniMax-M2) is left unpatched, so `liger` keeps every token's logits
//! (`vram::liger_scope::liger_patches`). Session 23, lead, from mem_an's reading.

use bot_core::Catalog;
use bot_core::vram::liger_scope::{effective_loss, liger_patches, liger_unpatched};
use bot_core::vram::{Engine, FitRequest, LossHead, Method, ModelRef, Quant, Task, estimate};

fn req<'a>(c: &'a Catalog, id: &str, loss: LossHead) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.engine = Engine::Transformers;
    r.context = 8192;
    r.batch = 1;
    r.cards = 8;
    r.method = Method::Sft;
    r.loss = loss;
    r
}

fn act(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().activations_gib
}

#[test]
fn liger_shortens_only_the_models_it_patches() {
    let c = Catalog::embedded().unwrap();
    for id in ["glm-4.5-air", "kimi-k2", "minimax-m2.5", "deepseek-r1"] {
        let fused = req(&c, id, LossHead::Fused);
        assert!(!liger_patches(&fused.model), "{id}");
        assert!(liger_unpatched(&fused), "{id}");
        assert_eq!(effective_loss(&fused), LossHead::Fp32, "{id}");
        let plain = req(&c, id, LossHead::Fp32);
        assert!(
            (act(&c, &fused) - act(&c, &plain)).abs() < 1e-9,
            "{id}: liger changed nothing, so the estimate must not move"
        );
    }
    for id in [
        "qwen3-30b-a3b",
        "llama-3.1-8b",
        "gpt-oss-20b",
        "mixtral-8x7b",
    ] {
        let fused = req(&c, id, LossHead::Fused);
        assert!(liger_patches(&fused.model), "{id}");
        assert!(!liger_unpatched(&fused), "{id}");
        let plain = req(&c, id, LossHead::Fp32);
        assert!(
            act(&c, &fused) < act(&c, &plain),
            "{id}: liger fuses the loss"
        );
    }
}

#[test]
fn the_answer_says_liger_has_no_patch() {
    let en = super::chat::ask_fresh("en", "/fit glm-4.5-air lora ctx=8k 4xh100 liger");
    assert!(en.contains("no patch for GLM-4.5-Air"), "{en}");
    let zh = super::chat::ask_fresh("zh", "/fit glm-4.5-air lora ctx=8k 4xh100 liger");
    assert!(zh.contains("没有 GLM-4.5-Air 的补丁"), "{zh}");
    let qwen = super::chat::ask_fresh("en", "/fit qwen3-8b lora ctx=8k h100 liger");
    assert!(!qwen.contains("no patch"), "{qwen}");
}
