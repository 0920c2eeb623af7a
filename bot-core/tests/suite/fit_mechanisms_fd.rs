//! mem_fd (session 42, issue 24, held-out 71): cases of our own, on models and settings of no
//! held-out row.
//!
//! 1. Transformers before 4.42 hands the cache back to `generate` as tuples
//!    (`to_legacy_cache()`, or 4.35's own tuples), and `greedy_search` / `sample` keep them in
//!    `outputs` and `model_kwargs` while the next forward concatenates each layer's keys and
//!    values into new tensors (`torch.cat([past_key_value[0], key_states], dim=2)`): every
//!    decode step holds the old cache and the new one. 4.42 passes a `DynamicCache` ("This will
//!    avoid back and forth from legacy format that keeps copying the cache thus using much more
//!    memory"). So the allocated peak of a generation on 4.35 or 4.41 carries one more KV cache
//!    of the whole context than on 4.42; a single forward pass (`new_tokens` 1) carries none.
//! 2. `generate` prefills the prompt only: with `new_tokens` stated, the prefill's workspace
//!    (eager scores, the layers' temporaries) is the prompt's, not the whole context's.

use bot_core::Catalog;
use bot_core::vram::{
    Attention, Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task,
    TransformersRelease, estimate_with,
};

/// Transformers inference of `id` in fp16 at `context` tokens of which `new` are generated,
/// `batch` sequences, on `release` (`None`: today's).
fn report(
    id: &str,
    (context, new, batch): (u32, Option<u32>, u32),
    release: Option<&str>,
    attention: Option<Attention>,
) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Fp16,
        Task::Infer,
    );
    r.engine = Engine::Transformers;
    r.context = context;
    r.new_tokens = new;
    r.batch = batch;
    r.attention = attention;
    r.transformers_release = release.map(|v| TransformersRelease::parse(v).unwrap());
    estimate_with(&c, &r, &FitOptions::default()).unwrap()
}

/// What the allocator holds at the peak (the busiest card less its overhead), GiB.
fn allocated(r: &FitReport) -> f64 {
    r.per_gpu_gib - r.per_gpu.overhead_gib
}

/// Multi-head (Llama-2-13B) and grouped-query (Qwen2.5-7B, Mistral-7B) models: on 4.35 and on
/// 4.41 a generation allocates at least the weights and two KV caches, and never more than
/// one KV cache above 4.42 (the prefill's own peak comes first and is shared).
#[test]
fn a_release_before_4_42_holds_the_cache_twice_while_it_decodes() {
    for (id, shape) in [
        ("llama-2-13b", (1024, Some(768), 8)),
        ("qwen2.5-7b", (3072, Some(2048), 4)),
        ("mistral-7b-v0.1", (2048, Some(1536), 16)),
    ] {
        let today = report(id, shape, Some("4.42"), None);
        let kv = today.per_gpu.kv_cache_gib;
        // The step before's cache is one token short of the context.
        let two = today.per_gpu.weights_gib + 1.99 * kv;
        for old in ["4.35", "4.41"] {
            let a = allocated(&report(id, shape, Some(old), None));
            let d = a - allocated(&today);
            assert!(
                a >= two && d < 1.05 * kv,
                "{id} on {old}: {a:.2} GiB allocated ({d:.2} over 4.42), weights + two KV {two:.2}"
            );
        }
    }
}

/// A single forward pass never concatenates a cache; without a release word the estimate is
/// today's Transformers.
#[test]
fn one_forward_pass_or_no_release_holds_one_cache() {
    let one = |r| allocated(&report("llama-2-13b", (1025, Some(1), 8), r, None));
    assert!((one(Some("4.35")) - one(Some("4.42"))).abs() < 0.05);
    let generation = |r| allocated(&report("llama-2-13b", (1024, Some(768), 8), r, None));
    assert!((generation(None) - generation(Some("4.42"))).abs() < 1e-9);
}

/// Eager attention over a 512-token prompt and 3584 generated tokens: the prefill's
/// activations are a 512-token prompt's, not a 4096-token one's.
#[test]
fn the_prefill_is_the_prompt_when_the_generated_tokens_are_stated() {
    let eager = Some(Attention::Eager);
    let long = report("mistral-7b-v0.1", (4096, Some(3584), 8), None, eager);
    let prompt = report("mistral-7b-v0.1", (512, None, 8), None, eager);
    let unknown = report("mistral-7b-v0.1", (4096, None, 8), None, eager);
    let (a, b) = (long.per_gpu.activations_gib, prompt.per_gpu.activations_gib);
    assert!(
        (a - b).abs() < 0.01,
        "{a:.2} vs a 512-token prompt's {b:.2}"
    );
    // Not stated: the whole context may be the prompt.
    assert!(unknown.per_gpu.activations_gib > 4.0 * a);
}

/// GPTQ 4-bit of `id` on Transformers at 1024 tokens, batch 1, with or without AutoGPTQ's
/// ExLlamaV2 kernel: what the allocator holds, GiB.
fn gptq_allocated(id: &str, exllama_v2: bool) -> f64 {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::GptqInt4,
        Task::Infer,
    );
    r.engine = Engine::Transformers;
    r.context = 1024;
    r.new_tokens = Some(512);
    r.exllama_v2 = exllama_v2;
    allocated(&estimate_with(&c, &r, &FitOptions::default()).unwrap())
}

/// AutoGPTQ's ExLlamaV2 kernel (`qlinear_exllamav2.py`, `scratch_space_fixed(2048, 8)`): one
/// scratch per card of the widest quantized matrix, in x out x 2 bytes to dequantize it and
/// out x 2048 x 8 x 4 for the forward, whatever the batch. Llama-2-13B's widest is gate/up
/// (5120 x 13824): 1.047e9 bytes; Qwen2.5-7B's (3584 x 18944): 1.378e9.
#[test]
fn exllama_v2_holds_one_fixed_scratch_of_the_widest_matrix() {
    for (id, inner, outer) in [
        ("llama-2-13b", 5120.0, 13824.0),
        ("qwen2.5-7b", 3584.0, 18944.0),
    ] {
        let want = (inner * outer * 2.0 + outer * 2048.0 * 8.0 * 4.0) / bot_core::vram::GIB;
        let d = gptq_allocated(id, true) - gptq_allocated(id, false);
        assert!(
            (d - want).abs() < 0.01,
            "{id}: {d:.3} GiB, scratch {want:.3}"
        );
    }
}

/// The chat's word turns the kernel on: `/fit` of Llama-2-13B GPTQ on Transformers with
/// `exllamav2=on` totals about the scratch more than without it.
#[test]
fn the_chat_word_sizes_the_exllama_v2_scratch() {
    let total = super::fit_mem_ex_mechanisms::total;
    let base = "/fit llama-2-13b gptq-int4 ctx=1024 transformers";
    let on = total(&crate::chat::ask_fresh(
        "en-US",
        &format!("{base} exllamav2=on"),
    ));
    let off = total(&crate::chat::ask_fresh("en-US", base));
    assert!((on - off - 0.976).abs() < 0.1, "{on} vs {off}");
}
