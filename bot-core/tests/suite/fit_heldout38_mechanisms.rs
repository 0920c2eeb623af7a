//! What held-out 38 (session 26, mem_bl) found missing, tested on settings of no table row:
//! Qwen1.5-32B, the one Qwen1.5 size with grouped-query attention, from its config.json
//! (catalog entry `qwen1.5-32b`; vllm#4880 served its AWQ checkpoint).

use bot_core::Catalog;
use bot_core::vram::{Engine, FitRequest, ModelRef, Quant, Task, estimate};

#[test]
fn qwen15_32b_resolves_from_its_hub_ids_and_counts_its_shapes() {
    let catalog = Catalog::embedded().unwrap();
    for q in [
        "Qwen/Qwen1.5-32B-Chat-AWQ",
        "qwen1.5-32b-chat",
        "Qwen1.5-32B",
    ] {
        assert_eq!(catalog.model(q).unwrap().id, "qwen1.5-32b", "{q}");
    }
    let m = catalog.model("qwen1.5-32b").unwrap();
    // The stated parameter count must follow from the stated shapes (untied embeddings,
    // q/o at hidden², k/v at hidden × KV heads × head_dim, a gated MLP).
    let (h, kv) = (f64::from(m.hidden), f64::from(m.kv_heads * m.head_dim));
    let layer = 2.0 * h * h + 2.0 * h * kv + 3.0 * h * f64::from(m.intermediate);
    let counted = (f64::from(m.layers) * layer + 2.0 * h * f64::from(m.vocab)) / 1e9;
    assert!(
        (counted - m.params_b).abs() / m.params_b < 0.01,
        "{counted} vs {}",
        m.params_b
    );
    assert!(
        m.kv_heads < m.heads,
        "Qwen1.5-32B uses grouped-query attention"
    );
}

#[test]
fn qwen15_32b_kv_cache_grows_by_its_eight_kv_heads() {
    let catalog = Catalog::embedded().unwrap();
    let m = catalog.model("qwen1.5-32b").unwrap();
    let kv_at = |context| {
        let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        req.context = context;
        req.engine = Engine::Transformers;
        estimate(&catalog, &req).unwrap().per_gpu.kv_cache_gib
    };
    // 2 (K, V) × 64 layers × 8 KV heads × 128 × 2 bytes = 256 KiB a token: 8192 more tokens
    // add 2 GiB; with all 40 heads it would be 10 GiB.
    let grew = kv_at(16384) - kv_at(8192);
    assert!(
        (grew - 2.0).abs() < 0.2,
        "KV growth {grew} GiB for 8192 tokens"
    );
}
