//! Held-out 28's session (mem_am): Gemma-4's sliding-window layers keep only the window's KV
//! (config.json `layer_types` + `sliding_window` 1024; vLLM's hybrid KV cache manager,
//! Transformers' sliding cache layers and llama.cpp's SWA cache all cap those layers at the
//! window), so only the global layers grow with the context; and Qwen2.5-Coder-14B is
//! Qwen2.5-14B's decoder under its own name. Tested at lengths, engines and cards of no table
//! row: Gemma-4-31B and Gemma-4-26B-A4B under llama.cpp and Transformers at 8k-64k, the Coder
//! model's Ollama tag and AWQ id.

use bot_core::Catalog;
use bot_core::vram::{Engine, FitRequest, ModelRef, Quant, Task, estimate};

fn kv_gib(c: &Catalog, id: &str, engine: Engine, quant: Quant, ctx: u32) -> f64 {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
    r.engine = engine;
    r.context = ctx;
    r.batch = 1;
    estimate(c, &r).unwrap().kv_cache_gib
}

/// KV bytes a token adds on `full` full-attention layers of `kv_heads` x `head_dim`, 16-bit K
/// and V, in GiB.
fn per_token_gib(full: u32, kv_heads: u32, head_dim: u32) -> f64 {
    2.0 * full as f64 * kv_heads as f64 * head_dim as f64 * 2.0 / (1u64 << 30) as f64
}

#[test]
fn gemma4_kv_grows_with_the_global_layers_only() {
    let c = Catalog::embedded().unwrap();
    // (model, layers, global layers, KV heads and head dim of the shape as catalogued)
    for (id, layers, global, kv_heads, head_dim) in [
        ("gemma-4-26b-a4b", 30, 5, 8, 256),
        ("gemma-4-31b", 60, 10, 16, 256),
    ] {
        let m = c.model(id).unwrap();
        assert_eq!(m.sliding_window, 1024, "{id}: config.json sliding_window");
        assert_eq!(
            m.layers - m.sliding_layers,
            global,
            "{id}: full_attention layers"
        );
        for engine in [Engine::Llamacpp, Engine::Transformers] {
            let quant = if engine == Engine::Llamacpp {
                Quant::Q4KM
            } else {
                Quant::Bf16
            };
            let short = kv_gib(&c, id, engine, quant, 8192);
            let long = kv_gib(&c, id, engine, quant, 65536);
            let grown = long - short;
            // At the global layers' own width (mem_ap: text_config num_global_key_value_heads
            // x global_head_dim, half the sliding layers' 8 x 256 / 16 x 256).
            let want =
                per_token_gib(global, m.global_kv_heads, m.global_head_dim) * (65536 - 8192) as f64;
            assert!(
                (grown - want).abs() / want < 0.02,
                "{id} {engine:?}: 8k -> 64k adds {grown:.2} GiB, the global layers {want:.2}"
            );
            // Every layer at full length would have added layers / global times as much.
            let all = per_token_gib(layers, kv_heads, head_dim) * (65536 - 8192) as f64;
            assert!(grown < all / 4.0, "{id} {engine:?}: {grown:.2} vs {all:.2}");
        }
    }
}

#[test]
fn qwen25_coder_14b_is_qwen25_14b_under_its_own_name() {
    let c = Catalog::embedded().unwrap();
    let base = c.model("qwen2.5-14b").unwrap();
    for q in [
        "qwen2.5-coder-14b",
        "qwen2.5-coder:14b",
        "Qwen/Qwen2.5-Coder-14B-Instruct-AWQ",
    ] {
        let m = c.model(q).unwrap_or_else(|e| panic!("{q}: {e}"));
        assert_eq!(m.id, "qwen2.5-coder-14b", "{q}");
        assert!(m.source.contains("Qwen2.5-Coder-14B"), "its own source");
        assert_eq!(
            (m.layers, m.hidden, m.heads, m.kv_heads, m.head_dim),
            (
                base.layers,
                base.hidden,
                base.heads,
                base.kv_heads,
                base.head_dim
            )
        );
        assert_eq!((m.intermediate, m.vocab), (base.intermediate, base.vocab));
        assert_eq!(m.tied_embeddings, base.tied_embeddings);
        assert_eq!(m.max_context, 32768, "the Coder config's own window");
    }
    // Same tensors, same weights in every format.
    for quant in [Quant::Bf16, Quant::Awq, Quant::Q4KM] {
        let w = |id: &str| {
            let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Infer);
            r.context = 4096;
            estimate(&c, &r).unwrap().weights_gib
        };
        assert!(
            (w("qwen2.5-coder-14b") - w("qwen2.5-14b")).abs() < 1e-9,
            "{quant:?}"
        );
    }
}
