//! The mechanisms held-out 12's misses pointed to (docs/misses/heldout12_misses.md), each on
//! models of no table: AutoAWQ's fused prefill by release (`AwqPrefill`), the prompt that a
//! generation's decoded tokens leave out, and the benchmark's LM head over the whole prompt.

use bot_core::Catalog;
use bot_core::vram::{AwqFused, AwqPrefill, FitRequest, ModelRef, Quant, Shape, Task, estimate};

const GIB: f64 = 1_073_741_824.0;

/// AutoAWQ's benchmark on `id`: `prompt` tokens, then as many decoded, into a static cache of
/// both (0.2.x `examples/benchmark.py`: `max_seq_len = n_generate + context`).
fn bench<'a>(c: &'a Catalog, id: &str, prompt: u32, prefill: AwqPrefill) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Awq,
        Task::Infer,
    );
    r.context = 2 * prompt;
    r.new_tokens = Some(prompt);
    r.autoawq_fused = Some(AwqFused {
        cache_tokens: 2 * prompt,
        keeps_unfused_qkv: false,
        prefill,
    });
    r
}

fn act(c: &Catalog, r: &FitRequest) -> f64 {
    estimate(c, r).unwrap().per_gpu.activations_gib
}

#[test]
fn autoawq_release_numbers_name_the_prefill() {
    assert_eq!(
        AwqPrefill::from_release("0.2.7"),
        Some(AwqPrefill::SdpaLlamaLike)
    );
    assert_eq!(
        AwqPrefill::from_release("v0.2.7.post2"),
        Some(AwqPrefill::SdpaLlamaLike)
    );
    assert_eq!(AwqPrefill::from_release("0.2.9"), Some(AwqPrefill::Flash));
    assert_eq!(
        AwqPrefill::from_release("0.2.6"),
        Some(AwqPrefill::Materialized)
    );
    assert_eq!(
        AwqPrefill::from_release("0.1.8"),
        Some(AwqPrefill::Materialized)
    );
    assert_eq!(AwqPrefill::from_release("latest"), None);
    assert_eq!(AwqPrefill::default(), AwqPrefill::Materialized);
}

/// A dense Llama-like model (Qwen2.5-Coder-32B: `LlamaLikeBlock`): from 0.2.7 the prompt's
/// scores are never materialized, so at 8192 tokens the workspace drops by about the fp32
/// softmax of 40 heads (8192² × 40 × 10 bytes = 25 GiB) and 0.2.7 and 0.2.8 agree within the
/// repeated GQA keys and values.
#[test]
fn from_0_2_7_a_llama_like_prefill_holds_no_scores() {
    let c = Catalog::embedded().unwrap();
    let old = act(
        &c,
        &bench(&c, "qwen2.5-coder-32b", 8192, AwqPrefill::Materialized),
    );
    let sdpa = act(
        &c,
        &bench(&c, "qwen2.5-coder-32b", 8192, AwqPrefill::SdpaLlamaLike),
    );
    let flash = act(&c, &bench(&c, "qwen2.5-coder-32b", 8192, AwqPrefill::Flash));
    let scores = 8192.0 * 8192.0 * 40.0 * 10.0 / GIB;
    assert!(
        (old - sdpa - scores).abs() < 0.05 * scores,
        "{old} - {sdpa}"
    );
    assert!(sdpa >= flash && sdpa - flash < 0.2, "{sdpa} vs {flash}");
}

/// At 0.2.7 only `LlamaLikeBlock` has `use_sdpa=True`: Gemma-2's, Phi-3's and Mixtral's blocks
/// still materialize the scores; 0.2.8 runs flash attention in all of them.
#[test]
fn at_0_2_7_gemma2_phi3_and_moe_blocks_still_materialize() {
    let c = Catalog::embedded().unwrap();
    for id in ["gemma-2-27b", "phi-3-medium-128k", "mixtral-8x22b"] {
        let old = act(&c, &bench(&c, id, 4096, AwqPrefill::Materialized));
        let sdpa = act(&c, &bench(&c, id, 4096, AwqPrefill::SdpaLlamaLike));
        let flash = act(&c, &bench(&c, id, 4096, AwqPrefill::Flash));
        assert!((old - sdpa).abs() < 1e-9, "{id}: {old} vs {sdpa}");
        assert!(flash < 0.5 * sdpa, "{id}: flash {flash} vs {sdpa}");
    }
}

/// The decoded tokens are not prefilled: 4096 + 4096 into a 8192-token cache has the workspace
/// of a 4096-token prompt, while the cache holds all 8192.
#[test]
fn decoded_tokens_leave_the_prompt_out_of_the_prefill() {
    let c = Catalog::embedded().unwrap();
    let decoding = bench(&c, "yi-1.5-9b", 4096, AwqPrefill::Materialized);
    let mut prompt_only = decoding.clone();
    prompt_only.context = 4096;
    prompt_only.new_tokens = None;
    let (a, b) = (
        estimate(&c, &decoding).unwrap(),
        estimate(&c, &prompt_only).unwrap(),
    );
    assert!((a.per_gpu.activations_gib - b.per_gpu.activations_gib).abs() < 1e-9);
    assert!((a.per_gpu.kv_cache_gib - b.per_gpu.kv_cache_gib).abs() < 1e-9);
}

/// AutoAWQ's benchmark calls the model on the prompt, so without the score matrix the peak
/// after the layers is the 16-bit logits of every prompt position, linear in the prompt.
#[test]
fn the_benchmark_forward_holds_every_prompt_logit() {
    let c = Catalog::embedded().unwrap();
    let v = Shape::from_model(c.model("yi-1.5-9b").unwrap())
        .unwrap()
        .vocab as f64;
    let a1 = act(&c, &bench(&c, "yi-1.5-9b", 8192, AwqPrefill::Flash));
    let a2 = act(&c, &bench(&c, "yi-1.5-9b", 16384, AwqPrefill::Flash));
    assert!(a1 >= 8192.0 * v * 2.0 / GIB, "{a1}");
    assert!((a2 / a1 - 2.0).abs() < 0.1, "{a1} -> {a2}");
}
