//! Helper mem_av (session 24): ChatGLM's own modelling code (`vram::chatglm_code`) - on torch
//! before 2.0, or with `attn=eager`, its `CoreAttention` holds 14 bytes per score element and head
//! (16 in fp32) where Transformers' own eager attention holds 8-10. Tested on models, contexts and
//! cards of no table row: ChatGLM3-6B at 8k, GLM-4-9B-Chat at 32k and 128k, ChatGLM2-6B in fp32,
//! Qwen2.5-7B and Llama-2-7B as the models it leaves alone, vLLM as the engine it leaves alone.

use bot_core::Catalog;
use bot_core::vram::chatglm_code::{CORE_ATTENTION_SCORE_BYTES, CORE_ATTENTION_SCORE_BYTES_FP32};
use bot_core::vram::{
    Attention, EAGER_SCORE_BYTES_FP16, Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef,
    Quant, Task, eager_score_bytes, estimate_with,
};

/// An inference of `id` in `quant` at `ctx` tokens on one card, Transformers unless `vllm`.
fn run(c: &Catalog, id: &str, quant: Quant, ctx: u32, attn: Option<Attention>) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.context = ctx;
    r.attention = attn;
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

fn has(r: &FitReport, id: &str) -> bool {
    r.warnings.iter().any(|m| m.id == id)
}

/// Activations eager minus SDPA on the busiest card, GiB.
fn eager_extra(c: &Catalog, id: &str, quant: Quant, ctx: u32) -> f64 {
    let eager = run(c, id, quant, ctx, Some(Attention::Eager));
    let sdpa = run(c, id, quant, ctx, Some(Attention::Sdpa));
    eager.per_gpu.activations_gib - sdpa.per_gpu.activations_gib
}

#[test]
fn chatglm_code_holds_fourteen_bytes_per_score_where_transformers_eager_holds_eight() {
    let c = Catalog::embedded().unwrap();
    let t = 8192.0;
    // ChatGLM3-6B: 32 heads; fp16 buffer + result, fp32 masked scores + softmax, fp16 cast.
    let glm = eager_extra(&c, "chatglm3-6b", Quant::Fp16, 8192);
    let want = eager_score_bytes(1.0, t, t, 32.0, CORE_ATTENTION_SCORE_BYTES) / GIB;
    assert!((glm - want).abs() < 0.01, "{glm} {want}");
    // Llama-2-7B has the same 32 heads and runs Transformers' own code: 8 bytes in fp16.
    let llama = eager_extra(&c, "llama-2-7b", Quant::Fp16, 8192);
    let own = eager_score_bytes(1.0, t, t, 32.0, EAGER_SCORE_BYTES_FP16) / GIB;
    assert!((llama - own).abs() < 0.01, "{llama} {own}");
    assert!(glm > llama * 1.7, "{glm} {llama}");
}

#[test]
fn an_fp32_chatglm_keeps_its_buffer_result_masked_scores_and_softmax_in_fp32() {
    let c = Catalog::embedded().unwrap();
    let t = 4096.0;
    let got = eager_extra(&c, "chatglm2-6b", Quant::Fp32, 4096);
    let want = eager_score_bytes(1.0, t, t, 32.0, CORE_ATTENTION_SCORE_BYTES_FP32) / GIB;
    assert!((got - want).abs() < 0.01, "{got} {want}");
}

#[test]
fn glm4_eager_at_32k_and_128k_needs_more_than_flash_and_says_why() {
    let c = Catalog::embedded().unwrap();
    for ctx in [32_768u32, 131_072] {
        let eager = run(
            &c,
            "glm-4-9b-chat",
            Quant::Bf16,
            ctx,
            Some(Attention::Eager),
        );
        let flash = run(
            &c,
            "glm-4-9b-chat",
            Quant::Bf16,
            ctx,
            Some(Attention::Flash),
        );
        let t = ctx as f64;
        let scores = eager_score_bytes(1.0, t, t, 32.0, CORE_ATTENTION_SCORE_BYTES) / GIB;
        assert!(
            eager.per_gpu_required_gib > flash.per_gpu_required_gib + scores * 0.99,
            "{ctx}: {} {} {scores}",
            eager.per_gpu_required_gib,
            flash.per_gpu_required_gib
        );
        assert!(has(&eager, "fit-warn-chatglm-eager"), "{ctx}");
        // GLM-4's code picks its class by `attn_implementation`: no torch note on flash.
        assert!(!has(&flash, "fit-warn-chatglm-eager") && !has(&flash, "fit-warn-chatglm-torch"));
    }
}

#[test]
fn chatglm2_and_3_with_no_attention_word_are_sized_on_sdpa_and_told_the_old_torch_figure() {
    let c = Catalog::embedded().unwrap();
    for id in ["chatglm2-6b", "chatglm3-6b-32k"] {
        let default = run(&c, id, Quant::Fp16, 16_384, None);
        let sdpa = run(&c, id, Quant::Fp16, 16_384, Some(Attention::Sdpa));
        assert!((default.per_gpu_required_gib - sdpa.per_gpu_required_gib).abs() < 1e-9);
        assert!(has(&default, "fit-warn-chatglm-torch"), "{id}");
        assert!(!has(&sdpa, "fit-warn-chatglm-torch"), "{id}: sdpa was said");
    }
    // A model of Transformers' own code gets no such note.
    let qwen = run(&c, "qwen2.5-7b", Quant::Bf16, 16_384, None);
    assert!(!has(&qwen, "fit-warn-chatglm-torch") && !has(&qwen, "fit-warn-chatglm-eager"));
}

#[test]
fn vllm_runs_its_own_chatglm_implementation_not_the_remote_code() {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("chatglm3-6b-32k").unwrap()),
        Quant::Fp16,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    r.context = 32_768;
    let rep = estimate_with(&c, &r, &FitOptions::default()).unwrap();
    assert!(!has(&rep, "fit-warn-chatglm-torch") && !has(&rep, "fit-warn-chatglm-eager"));
    assert_eq!(
        bot_core::vram::chatglm_code::eager_bytes_per_score(&r),
        bot_core::vram::EAGER_SCORE_BYTES_FP16
    );
}

#[test]
fn the_chatglm_shapes_are_one_shape_with_their_own_contexts() {
    let c = Catalog::embedded().unwrap();
    let two = c.model("chatglm2-6b").unwrap();
    let three = c.model("chatglm3-6b-32k").unwrap();
    let short = c.model("chatglm3-6b").unwrap();
    assert_eq!((two.layers, two.kv_heads, two.vocab), (28, 2, 65_024));
    assert_eq!(
        (three.layers, three.kv_heads, three.intermediate),
        (28, 2, 13_696)
    );
    assert_eq!((three.max_context, short.max_context), (32_768, 8_192));
    assert_eq!(three.family, "chatglm3");
    // Multi-query attention with 2 groups: 28 KiB of fp16 KV per token.
    let r = run(&c, "chatglm3-6b-32k", Quant::Fp16, 32_768, None);
    let kv = 32_768.0 * 28.0 * 2.0 * 2.0 * 128.0 * 2.0 / GIB;
    assert!(
        (r.per_gpu.kv_cache_gib - kv).abs() < 0.01,
        "{}",
        r.per_gpu.kv_cache_gib
    );
}
