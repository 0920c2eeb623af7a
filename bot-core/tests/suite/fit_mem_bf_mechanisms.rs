//! mem_bf (session 25, held-out 36's over-estimates): the trainer of a GRPO and its release
//! (`vram::rl_trainer`) decides whether a reference model is built (TRL's `beta` 0.0 since 0.19,
//! ms-swift's 0.04), whether PEFT's k-bit preparation runs (TRL's GRPO since 0.26 wraps the
//! base with plain `get_peft_model`) and what Liger's fused GRPO loss holds (the head's
//! gradients and one completion's logits, never every completion's). Qwen2-7B is a variant of
//! Qwen2.5-7B's shape, not Qwen2-VL-7B. Cases on models and settings of no table row.

use bot_core::Catalog;
use bot_core::vram::rl_trainer::{grpo_reference_by_default, kbit_upcast, reference_on};
use bot_core::vram::{
    Engine, FitRequest, LossHead, Method, ModelRef, Quant, RlTrainer, Task, Zero, estimate,
    estimate_with,
};

fn req<'a>(c: &'a Catalog, id: &str, quant: Quant, task: Task, method: Method) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.engine = Engine::Transformers;
    r.context = 1024;
    r.batch = 4;
    r.method = method;
    if method == Method::Grpo {
        r.completion = Some(512);
    }
    r
}

#[test]
fn trainer_words_parse_to_a_trainer_and_a_trl_release() {
    assert_eq!(RlTrainer::from_key("trl"), Some(RlTrainer::Trl(None)));
    assert_eq!(
        RlTrainer::from_key("0.18"),
        Some(RlTrainer::Trl(Some((0, 18))))
    );
    assert_eq!(
        RlTrainer::from_key("v0.19.1"),
        Some(RlTrainer::Trl(Some((0, 19))))
    );
    assert_eq!(
        RlTrainer::from_key("trl=0.26"),
        Some(RlTrainer::Trl(Some((0, 26))))
    );
    assert_eq!(RlTrainer::from_key("ms-swift"), Some(RlTrainer::Swift));
    assert_eq!(RlTrainer::from_key("verl"), None);
    assert_eq!(RlTrainer::from_key("0"), None);
}

#[test]
fn grpo_keeps_a_reference_by_the_trainers_default_dpo_always_orpo_never() {
    let c = Catalog::embedded().unwrap();
    assert!(!grpo_reference_by_default(RlTrainer::Trl(None)));
    assert!(!grpo_reference_by_default(RlTrainer::Trl(Some((0, 19)))));
    assert!(grpo_reference_by_default(RlTrainer::Trl(Some((0, 18)))));
    assert!(grpo_reference_by_default(RlTrainer::Swift));
    let mut g = req(&c, "qwen2.5-1.5b", Quant::Bf16, Task::Full, Method::Grpo);
    assert!(!reference_on(&g));
    g.reference = Some(true);
    assert!(reference_on(&g), "beta > 0 stated");
    g.reference = None;
    g.rl_trainer = RlTrainer::Swift;
    assert!(reference_on(&g));
    let d = req(&c, "qwen2.5-1.5b", Quant::Bf16, Task::Full, Method::Dpo);
    assert!(reference_on(&d));
    let o = req(&c, "qwen2.5-1.5b", Quant::Bf16, Task::Full, Method::Orpo);
    assert!(!reference_on(&o));
}

/// Weights on the busiest card, GiB.
fn weights(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().weights_gib
}

#[test]
fn a_full_grpo_under_ms_swift_holds_a_reference_copy_trl_today_none() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen2.5-1.5b").unwrap();
    let params = m.params_b * 1e9;
    let trl = req(&c, "qwen2.5-1.5b", Quant::Bf16, Task::Full, Method::Grpo);
    let mut swift = trl.clone();
    swift.rl_trainer = RlTrainer::Swift;
    // A bf16 copy of the model, 2 bytes a parameter.
    let copy = weights(&c, &swift) - weights(&c, &trl);
    let want = params * 2.0 / (1u64 << 30) as f64;
    assert!((copy - want).abs() < 0.05 * want, "{copy:.2} vs {want:.2}");
    // Sharded like the policy under ZeRO-3 over 4 cards.
    let opts = bot_core::vram::FitOptions {
        zero: Some(Zero::Three),
        ..Default::default()
    };
    let (mut t4, mut s4) = (trl.clone(), swift.clone());
    t4.cards = 4;
    s4.cards = 4;
    let w = |r: &FitRequest| estimate_with(&c, r, &opts).unwrap().per_gpu.weights_gib;
    let quarter = w(&s4) - w(&t4);
    assert!((quarter - want / 4.0).abs() < 0.05 * want, "{quarter:.2}");
    // An older TRL (beta 0.04 before 0.19) keeps it too.
    let mut old = trl.clone();
    old.rl_trainer = RlTrainer::Trl(Some((0, 18)));
    assert!((weights(&c, &old) - weights(&c, &swift)).abs() < 0.01);
}

#[test]
fn trl_grpo_since_0_26_skips_peft_kbit_preparation_an_older_trl_and_sft_keep_it() {
    let c = Catalog::embedded().unwrap();
    let mut now = req(&c, "llama-3.2-1b", Quant::Nf4, Task::Qlora, Method::Grpo);
    assert!(!kbit_upcast(&now));
    let mut old = now.clone();
    old.rl_trainer = RlTrainer::Trl(Some((0, 24)));
    assert!(kbit_upcast(&old));
    let sft = req(&c, "llama-3.2-1b", Quant::Nf4, Task::Qlora, Method::Sft);
    assert!(kbit_upcast(&sft));
    // Without the fp32 copies of the embedding (and a tied head) the weights are smaller, by
    // 2 more bytes a parameter of the embedding.
    now.loss = LossHead::Fp32;
    old.loss = LossHead::Fp32;
    let s = bot_core::vram::Shape::from_model(c.model("llama-3.2-1b").unwrap()).unwrap();
    let extra = (s.params.embed + s.params.lm_head) * 2.0 / (1u64 << 30) as f64;
    let diff = weights(&c, &old) - weights(&c, &now);
    assert!(diff > 0.8 * extra, "{diff:.2} vs {extra:.2}");
    // And the hidden-width stream stays 16-bit: fewer activations.
    let a = |r: &FitRequest| estimate(&c, r).unwrap().activations_gib;
    assert!(a(&old) > a(&now));
}

#[test]
fn liger_under_grpo_holds_the_heads_gradients_not_every_completions_logits() {
    let c = Catalog::embedded().unwrap();
    // Qwen2.5-14B LoRA GRPO, 16 completions of 512 tokens: fp32 logits of 8192 tokens x 152k
    // entries are 16 GiB at 14 bytes; the fused loss holds two 152k x 5120 head gradients in
    // bf16 (2.9 GiB) and one completion's logits.
    let mut f = req(&c, "qwen2.5-14b", Quant::Bf16, Task::Lora, Method::Grpo);
    f.batch = 16;
    f.loss = LossHead::Fused;
    let mut n = f.clone();
    n.loss = LossHead::Fp32;
    let a = |r: &FitRequest| estimate(&c, r).unwrap().activations_gib;
    let saved = a(&n) - a(&f);
    // Without Liger the logits stay 16-bit under GRPO (mem_cq, session 29: TRL's
    // `selective_log_softmax` takes no `logits.float()`, `rl_trainer::grpo_logits_head`):
    // 8 B x 8192 x 152k = 9.3 GiB against the fused loss's 2.9 GiB of head gradients.
    assert!(saved > 4.0, "{saved:.2}");
    // The fused loss does not grow with the completions, the logits do: doubling them
    // widens the gap by about the logits of 16 more completions (8 B x 512 x 152k each).
    let mut f2 = f.clone();
    f2.batch = 32;
    let mut n2 = n.clone();
    n2.batch = 32;
    let saved2 = a(&n2) - a(&f2);
    assert!(saved2 - saved > 6.0, "{saved:.2} -> {saved2:.2}");
    // A Liger word under SFT is unchanged by this (its own fused cross-entropy).
    let mut sft = f.clone();
    sft.method = Method::Sft;
    sft.completion = None;
    assert_eq!(
        bot_core::vram::liger_scope::effective_loss(&sft),
        LossHead::Fused
    );
}

#[test]
fn qwen2_7b_is_its_own_entry_with_qwen2_5_7bs_shape_not_qwen2_vl() {
    let c = Catalog::embedded().unwrap();
    let q2 = c.model("qwen2-7b").unwrap();
    assert_eq!(q2.id, "qwen2-7b");
    assert!(q2.vision.is_none());
    let q25 = c.model("qwen2.5-7b").unwrap();
    assert_eq!(
        (q2.layers, q2.hidden, q2.vocab),
        (q25.layers, q25.hidden, q25.vocab)
    );
    assert_eq!(c.model("Qwen/Qwen2-7B-Instruct").unwrap().id, "qwen2-7b");
    let r = |id| req(&c, id, Quant::Nf4, Task::Qlora, Method::Sft);
    assert!((weights(&c, &r("qwen2-7b")) - weights(&c, &r("qwen2.5-7b"))).abs() < 0.01);
    assert!(weights(&c, &r("qwen2-vl-7b")) > weights(&c, &r("qwen2-7b")) + 0.5);
}

#[test]
fn the_answer_says_whose_default_leaves_grpo_without_a_reference_in_both_languages() {
    let ask = |lang: &str, line: &str| super::chat::ask_fresh(lang, line);
    let en = ask("en", "/fit qwen2.5-1.5b full method=grpo ctx=1k a100");
    assert!(en.contains("defaults to beta=0.0 since v0.19"), "{en}");
    let zh = ask("zh", "/fit qwen2.5-1.5b full method=grpo ctx=1k a100");
    assert!(zh.contains("从 v0.19 起默认 beta=0.0"), "{zh}");
    // ms-swift's default keeps the copy, as `ref=on` does.
    for w in ["trainer=swift", "trl=0.18", "ref=on"] {
        let t = ask(
            "en",
            &format!("/fit qwen2.5-1.5b full method=grpo ctx=1k {w} a100"),
        );
        assert!(t.contains("Reference model: a frozen copy"), "{w}: {t}");
    }
}
