//! mem_cq (session 29, held-out 49's GRPO over-estimates): TRL's and ms-swift's GRPO take the
//! completions' log-probabilities with `selective_log_softmax` on logits in the head's own
//! dtype (no labels, so no `logits.float()`): 16-bit logits are `LossHead::Half`, an fp32 head
//! (PEFT's k-bit preparation) keeps the fp32 head's bytes, SFT and a fused loss are untouched.
//! Cases on models and settings of no table row.

use bot_core::Catalog;
use bot_core::vram::rl_trainer::grpo_logits_head;
use bot_core::vram::{
    Engine, FitOptions, FitRequest, LossHead, Method, ModelRef, Quant, RlTrainer, Task, estimate,
    estimate_with,
};

fn grpo<'a>(c: &'a Catalog, id: &str, quant: Quant, task: Task) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.engine = Engine::Transformers;
    r.context = 1024;
    r.batch = 16;
    r.method = Method::Grpo;
    r.completion = Some(768);
    r.grad_checkpointing = true;
    r
}

fn act(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().activations_gib
}

#[test]
fn grpo_logits_stay_in_the_heads_dtype_for_trl_and_ms_swift() {
    let c = Catalog::embedded().unwrap();
    let r = grpo(&c, "llama-3.2-3b", Quant::Bf16, Task::Lora);
    assert_eq!(grpo_logits_head(&r, LossHead::Fp32, false), LossHead::Half);
    let mut s = r.clone();
    s.rl_trainer = RlTrainer::Swift;
    assert_eq!(grpo_logits_head(&s, LossHead::Fp32, false), LossHead::Half);
    // Before TRL 0.15 (no `selective_log_softmax`, no `logits_to_keep`): the head asked for.
    let mut old = r.clone();
    old.rl_trainer = RlTrainer::Trl(Some((0, 14)));
    assert_eq!(
        grpo_logits_head(&old, LossHead::Fp32, false),
        LossHead::Fp32
    );
    // An fp32 head makes fp32 logits; a fused loss and SFT keep what they asked for.
    assert_eq!(grpo_logits_head(&r, LossHead::Fp32, true), LossHead::Fp32);
    assert_eq!(
        grpo_logits_head(&r, LossHead::Fused, false),
        LossHead::Fused
    );
    let mut sft = r.clone();
    sft.method = Method::Sft;
    assert_eq!(
        grpo_logits_head(&sft, LossHead::Fp32, false),
        LossHead::Fp32
    );
}

#[test]
fn sixteen_bit_grpo_logits_cost_8_bytes_a_vocabulary_entry_not_14() {
    let c = Catalog::embedded().unwrap();
    // Llama-3.2-3B LoRA, 16 completions of 768 tokens over a 128k vocabulary: 14 - 8 = 6 bytes
    // a logit less, 6 x 16 x 768 x 128256 = 8.8 GiB; the estimate drops by most of it (the
    // checkpointed layer may be the larger term for part of it).
    let now = grpo(&c, "llama-3.2-3b", Quant::Bf16, Task::Lora);
    let mut old = now.clone();
    old.rl_trainer = RlTrainer::Trl(Some((0, 14)));
    let v = c.model("llama-3.2-3b").unwrap();
    let vocab = bot_core::vram::Shape::from_model(v).unwrap().vocab as f64;
    let logits = 6.0 * 16.0 * 768.0 * vocab / (1u64 << 30) as f64;
    let drop = act(&c, &old) - act(&c, &now);
    assert!(
        drop > 0.7 * logits && drop < 1.05 * logits,
        "{drop:.2} vs {logits:.2}"
    );
    // Doubling the completions doubles the 16-bit logits, not the 14-byte ones.
    let mut now2 = now.clone();
    now2.batch = 32;
    let grew = act(&c, &now2) - act(&c, &now);
    let half = 8.0 * 16.0 * 768.0 * vocab / (1u64 << 30) as f64;
    assert!(
        grew > 0.9 * half && grew < 1.4 * half,
        "{grew:.2} vs {half:.2}"
    );
}

#[test]
fn an_sft_of_the_same_sequences_keeps_its_fp32_loss() {
    let c = Catalog::embedded().unwrap();
    let g = grpo(&c, "qwen2.5-1.5b", Quant::Bf16, Task::Lora);
    let mut sft = g.clone();
    sft.method = Method::Sft;
    sft.completion = None;
    let mut sft_old = sft.clone();
    sft_old.rl_trainer = RlTrainer::Trl(Some((0, 14)));
    // The trainer's release is a GRPO word: an SFT is sized the same under either.
    assert!((act(&c, &sft) - act(&c, &sft_old)).abs() < 1e-9);
}

#[test]
fn max_num_batched_tokens_sets_the_profile_forward_not_the_sampler_rows() {
    use bot_core::vram::VllmDefaults;
    use bot_core::vram::vllm_seqs::with_batched_tokens;
    let d = VllmDefaults::SMALL;
    let set = with_batched_tokens(d, Some(40_000));
    assert_eq!((set.batched_tokens, set.max_seqs), (40_000, d.max_seqs));
    assert_eq!(with_batched_tokens(d, Some(0)), d);
    assert_eq!(with_batched_tokens(d, None), d);
    // Qwen3-8B served on one L40S (the smaller class: 2048 tokens): 40000 tokens in the
    // profile's forward pass grow the activations; the chunk's growth is linear in tokens.
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen3-8b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    r.context = 32_768;
    r.gpu = c.gpu("l40s").ok();
    let at = |n: Option<u32>| {
        let o = FitOptions {
            vllm_batched_tokens: n,
            ..FitOptions::default()
        };
        estimate_with(&c, &r, &o).unwrap().activations_gib
    };
    let (dflt, big, bigger) = (at(None), at(Some(40_000)), at(Some(80_000)));
    assert!(big > dflt + 1.0, "{dflt:.2} -> {big:.2}");
    assert!(((bigger - big) / (big - at(Some(20_000))) - 2.0).abs() < 0.1);
}

#[test]
fn the_chat_takes_batched_and_the_answer_states_the_chunk_in_both_locales() {
    for lang in ["en", "zh"] {
        let a = super::chat::ask_fresh(lang, "/fit qwen3-8b vllm l40s ctx=32k batched=40000");
        assert!(a.contains("40000") || a.contains("40,000"), "{lang}: {a}");
        let d = super::chat::ask_fresh(lang, "/fit qwen3-8b vllm l40s ctx=32k");
        assert!(!d.contains("40000") && !d.contains("40,000"), "{lang}: {d}");
    }
}
