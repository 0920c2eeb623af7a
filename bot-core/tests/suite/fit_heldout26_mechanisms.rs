//! Held-out 26's session (mem_ak): Liger Kernel's fused linear cross-entropy shortens the loss
//! only of a trainer that gives the model its labels (SFT); DPO and the other preference / RL
//! trainers take log-probabilities from every token's full-vocabulary logits, and LLaMA-Factory
//! turns the fused loss off for every stage but pt / sft (`vram::liger_scope`). Tested on models
//! and methods of no table row: Qwen2.5-3B ORPO, Llama-3.1-8B KTO and GRPO, Qwen3-8B DPO, with
//! SFT on the same models as the case Liger still shortens. GRPO was corrected by mem_bf
//! (session 25): TRL's GRPO builds Liger's own fused GRPO loss (`vram::rl_trainer`).

use bot_core::Catalog;
use bot_core::vram::liger_scope::{effective_loss, liger_fuses_loss, liger_logits_kept};
use bot_core::vram::{Engine, FitRequest, LossHead, Method, ModelRef, Quant, Task, estimate};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

fn req<'a>(c: &'a Catalog, id: &str, method: Method, loss: LossHead, ctx: u32) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.engine = Engine::Transformers;
    r.context = ctx;
    r.batch = 1;
    r.method = method;
    r.loss = loss;
    r
}

/// Activations on the busiest card, GiB.
fn act(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().activations_gib
}

#[test]
fn liger_fuses_the_loss_of_sft_only() {
    assert!(liger_fuses_loss(Method::Sft));
    for m in [
        Method::Dpo,
        Method::Orpo,
        Method::Simpo,
        Method::Cpo,
        Method::Kto,
        Method::Grpo,
    ] {
        assert!(!liger_fuses_loss(m), "{m:?}");
    }
    let c = Catalog::embedded().unwrap();
    // Asked for under DPO the fused head falls back to the fp32 one; under SFT it stays; a
    // request without liger is left as it was; Unsloth's own loss is not this rule's.
    let dpo = req(&c, "qwen3-8b", Method::Dpo, LossHead::Fused, 4096);
    assert_eq!(effective_loss(&dpo), LossHead::Fp32);
    assert!(liger_logits_kept(&dpo));
    let sft = req(&c, "qwen3-8b", Method::Sft, LossHead::Fused, 4096);
    assert_eq!(effective_loss(&sft), LossHead::Fused);
    assert!(!liger_logits_kept(&sft));
    let plain = req(&c, "qwen3-8b", Method::Dpo, LossHead::Half, 4096);
    assert_eq!(effective_loss(&plain), LossHead::Half);
    let mut unsloth = req(&c, "qwen3-8b", Method::Dpo, LossHead::Fused, 4096);
    unsloth.unsloth = true;
    assert_eq!(effective_loss(&unsloth), LossHead::Fused);
}

#[test]
fn under_preference_and_rl_methods_liger_changes_nothing_under_sft_it_still_shortens() {
    let c = Catalog::embedded().unwrap();
    for (id, method, ctx) in [
        ("qwen2.5-3b", Method::Orpo, 8192),
        ("llama-3.1-8b", Method::Kto, 4096),
        ("qwen3-8b", Method::Dpo, 16384),
    ] {
        let with = act(&c, &req(&c, id, method, LossHead::Fused, ctx));
        let without = act(&c, &req(&c, id, method, LossHead::Fp32, ctx));
        assert!(
            (with - without).abs() < 0.01,
            "{id} {method:?} {ctx}: liger {with:.2} vs none {without:.2}"
        );
        // The same model and length under SFT: Liger drops the vocabulary-wide logits, at
        // least a gigabyte at these lengths (vocabularies of 128k-152k tokens).
        let sft_with = act(&c, &req(&c, id, Method::Sft, LossHead::Fused, ctx));
        let sft_without = act(&c, &req(&c, id, Method::Sft, LossHead::Fp32, ctx));
        assert!(
            sft_without - sft_with > 1.0,
            "{id} SFT {ctx}: liger {sft_with:.2} vs none {sft_without:.2}"
        );
    }
    // GRPO is not among them (mem_bf, session 25): TRL's `use_liger_kernel` builds Liger's
    // fused GRPO loss (`vram::rl_trainer`), which holds the head's gradients and one
    // completion's logits, not 8 completions x 1024 tokens of logits (16-bit since mem_cq,
    // `rl_trainer::grpo_logits_head`: 7.8 GiB on Llama-3.1-8B's 128k vocabulary, 12.5 at
    // fp32). Its own cases: `fit_mem_bf_mechanisms`.
    let mut g = req(&c, "llama-3.1-8b", Method::Grpo, LossHead::Fused, 1536);
    g.completion = Some(1024);
    g.batch = 8;
    let mut g0 = g.clone();
    g0.loss = LossHead::Fp32;
    assert!(act(&c, &g0) - act(&c, &g) > 3.0);
}

#[test]
fn the_answer_says_liger_does_not_shorten_dpo_in_both_languages() {
    let en = ask("en", "/fit qwen3-8b lora dpo liger ctx=8192 h100");
    assert!(en.contains("does not shorten the loss of dpo"), "{en}");
    assert!(!en.contains("the loss never holds the logits"), "{en}");
    let zh = ask("zh", "/fit qwen3-8b lora dpo liger ctx=8192 h100");
    assert!(zh.contains("不会减少 dpo 的损失显存"), "{zh}");
    // Under SFT the fused-loss line stays.
    let sft = ask("en", "/fit qwen3-8b lora liger ctx=8192 h100");
    assert!(sft.contains("the loss never holds the logits"), "{sft}");
}
