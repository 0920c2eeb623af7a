//! mem_cr (session 29, held-out 49's vLLM profile of a hybrid MoE): vLLM's start-up profile
//! runs one forward pass of `max_num_batched_tokens` tokens; a fused-MoE layer holds the Triton
//! kernel's caches (`fused_moe.py`: `cache13` of tokens x top_k x max(2 x moe intermediate / TP,
//! hidden), `cache2` of tokens x top_k x moe intermediate / TP, chunked at 32768 tokens), a
//! dense layer its MLP (3 x intermediate / TP). Cases on models and settings of no table row.

use bot_core::Catalog;
use bot_core::vram::vllm_moe_profile::{FUSED_MOE_CHUNK_TOKENS, ffn_temporaries_bytes};
use bot_core::vram::{Engine, FitOptions, FitRequest, ModelRef, Quant, Shape, Task, estimate_with};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn shape(c: &Catalog, id: &str) -> Shape {
    Shape::from_model(c.model(id).unwrap()).unwrap()
}

#[test]
fn an_moe_profile_grows_with_tokens_times_top_k() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "qwen3-30b-a3b");
    // At TP 4 the down output (top_k x hidden) outweighs the experts' MLP as one wide MLP.
    let at = |s: &Shape, t: f64| ffn_temporaries_bytes(s, t, 4.0);
    let one = at(&s, 4096.0);
    assert!((at(&s, 8192.0) / one - 2.0).abs() < 1e-9);
    let mut doubled = s.clone();
    doubled.experts_per_token *= 2;
    assert!((at(&doubled, 4096.0) / one - 2.0).abs() < 1e-9);
    // The old estimate (routed + shared experts as one MLP) is below the kernel's caches here.
    let wide = 4096.0 * 3.0 * s.ffn_width_active_per_token() * 2.0 / 4.0;
    assert!(one > 1.5 * wide, "{one} vs {wide}");
    // Past the kernel's chunk the caches stop growing.
    let chunk = at(&s, FUSED_MOE_CHUNK_TOKENS);
    assert_eq!(at(&s, 2.0 * FUSED_MOE_CHUNK_TOKENS), chunk);
}

#[test]
fn a_dense_profile_follows_its_mlp_width() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "llama-3.1-8b");
    let b = ffn_temporaries_bytes(&s, 1000.0, 1.0);
    assert_eq!(b, 1000.0 * 3.0 * s.intermediate as f64 * 2.0);
    let mut wider = s.clone();
    wider.intermediate *= 2;
    assert_eq!(ffn_temporaries_bytes(&wider, 1000.0, 1.0), 2.0 * b);
    assert_eq!(ffn_temporaries_bytes(&s, 1000.0, 2.0), b / 2.0);
}

#[test]
fn tensor_parallel_divides_the_expert_width_not_the_hidden_width() {
    let c = Catalog::embedded().unwrap();
    // Mixtral-8x7B: 2 x 14336 is wider than the hidden 4096 at TP 1, narrower at TP 8.
    let s = shape(&c, "mixtral-8x7b");
    let (k, i, h, t) = (
        s.experts_per_token as f64,
        s.moe_intermediate as f64,
        s.hidden as f64,
        1000.0,
    );
    let tp1 = ffn_temporaries_bytes(&s, t, 1.0);
    let tp8 = ffn_temporaries_bytes(&s, t, 8.0);
    assert!(tp1 > 3.0 * tp8, "{tp1} vs {tp8}");
    // At TP 8 the shared buffer is the hidden width's: it does not shrink below top_k x hidden.
    assert!(tp8 >= t * k * h * 2.0);
    assert!((tp8 - t * k * (h + i / 8.0) * 2.0).abs() < 1.0);
}

#[test]
fn vllms_profile_activations_hold_the_fused_moe_caches() {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("qwen3-30b-a3b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    r.cards = 4;
    r.context = 32_768;
    let at = |n: u32| {
        let o = FitOptions {
            vllm_batched_tokens: Some(n),
            ..FitOptions::default()
        };
        estimate_with(&c, &r, &o).unwrap().activations_gib * GIB / 4.0
    };
    let s = shape(&c, "qwen3-30b-a3b");
    for n in [40_000u32, 60_000] {
        let caches = ffn_temporaries_bytes(&s, n as f64, 4.0);
        assert!(at(n) >= caches, "{n}: {} < {caches}", at(n));
    }
}
