//! Session 26's held-out 39 helper (mem_bo): Qwen1.5-72B in the catalog, from its config.json
//! (80 layers, 64 heads and 64 KV heads: no grouped-query attention), and size-only guesses
//! that keep taking today's release as their template, never a superseded one (Qwen1.5-72B's
//! KV cache per token is 8 times Qwen2.5-72B's). Tested on contexts, quantizations and sizes of
//! no table row.

use bot_core::Catalog;
use bot_core::vram::{self, Engine, FitRequest, ModelRef, Quant, Shape, Task};

fn infer(c: &Catalog, m: ModelRef<'_>, quant: Quant, context: u32) -> vram::FitReport {
    let mut r = FitRequest::new(m, quant, Task::Infer);
    r.context = context;
    vram::estimate(c, &r).unwrap()
}

#[test]
fn qwen15_72b_holds_eight_times_the_kv_of_qwen25_72b() {
    let c = Catalog::embedded().unwrap();
    let old = c.model("qwen1.5-72b").unwrap();
    let new = c.model("qwen2.5-72b").unwrap();
    // Same depth and head size; 64 KV heads against 8.
    assert_eq!((old.layers, old.head_dim), (new.layers, new.head_dim));
    for (ctx, quant) in [(8192, Quant::Bf16), (20_000, Quant::Awq)] {
        let a = infer(&c, ModelRef::Known(old), quant, ctx);
        let b = infer(&c, ModelRef::Known(new), quant, ctx);
        let ratio = a.kv_cache_gib / b.kv_cache_gib;
        assert!((ratio - 8.0).abs() < 0.05, "{ctx}: {ratio}");
        // 2 (K and V) x 80 layers x 64 heads x 128 x 2 bytes per token in 16 bits.
        assert!(
            (a.kv_bytes_per_token - 2.0 * 80.0 * 64.0 * 128.0 * 2.0).abs() < 1.0,
            "{}",
            a.kv_bytes_per_token
        );
    }
    // The weights follow the counted 72.29 B: about 134.6 GiB in bf16.
    let w = infer(&c, ModelRef::Known(old), Quant::Bf16, 2048).weights_gib;
    assert!((w - 72.29e9 * 2.0 / 1024f64.powi(3)).abs() < 2.0, "{w}");
    // The Chat checkpoint's id reaches the same entry.
    assert_eq!(
        c.model("Qwen/Qwen1.5-72B-Chat").map(|m| m.id.as_str()).ok(),
        Some("qwen1.5-72b")
    );
}

#[test]
fn no_superseded_release_is_a_size_template() {
    let c = Catalog::embedded().unwrap();
    let superseded: Vec<_> = c
        .models
        .iter()
        .filter(|m| m.superseded_by.is_some() && m.experts == 0 && m.params_b > 0.0)
        .collect();
    assert!(superseded.len() >= 3, "{}", superseded.len());
    for m in superseded {
        // A size-only guess at exactly that release's size takes another model's shape.
        let t = Shape::size_template(m.params_b).unwrap();
        assert!(t.superseded_by.is_none(), "{} -> {}", m.id, t.id);
    }
    // So a bare 72b guess has today's 8 KV heads, and its KV cache stays Qwen2.5-72B's (within
    // the width the size solves for), a fraction of Qwen1.5-72B's.
    let guess = infer(
        &c,
        ModelRef::BySize {
            params_b: 72.0,
            active_b: None,
        },
        Quant::GptqInt4,
        12_000,
    );
    let old = infer(
        &c,
        ModelRef::Known(c.model("qwen1.5-72b").unwrap()),
        Quant::GptqInt4,
        12_000,
    );
    assert!(guess.kv_cache_gib * 4.0 < old.kv_cache_gib, "{guess:?}");
    assert_eq!(Shape::by_size(72.0, None).kv_heads, 8);
}

#[test]
fn a_72b_mha_model_under_vllm_tp2_starts_short_but_not_at_its_own_context() {
    // Two A800 80GB under TP 2 at a 95 % share: 1024 tokens start (half of 134.6 GiB of
    // weights and one short sequence's KV cache per card); Qwen1.5's own 32768 tokens do not,
    // the MHA cache of one such sequence alone being 80 GiB, 40 per card.
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen1.5-72b").unwrap();
    let run = |context: u32| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        r.engine = Engine::Vllm;
        r.vllm_v0 = true;
        r.context = context;
        r.cards = 2;
        r.gpu = Some(c.gpu("a800-80g-sxm").unwrap());
        let opts = vram::FitOptions {
            vllm_utilization: 0.95,
            ..vram::FitOptions::default()
        };
        vram::estimate_with(&c, &r, &opts).unwrap()
    };
    let short = run(1024);
    assert_eq!(
        short.fits,
        Some(true),
        "{:?} {}",
        short.verdict,
        short.per_gpu_gib
    );
    let long = run(32_768);
    assert_eq!(
        long.fits,
        Some(false),
        "{:?} {}",
        long.verdict,
        long.per_gpu_gib
    );
    assert!(
        (long.per_gpu.kv_cache_gib - 40.0).abs() < 1.0,
        "{:?}",
        long.per_gpu
    );
}
