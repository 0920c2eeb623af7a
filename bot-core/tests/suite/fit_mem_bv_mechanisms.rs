//! mem_bv (session 27): Gemma-3's sliding-window layers under Ollama's own engine — the cache
//! (`kvcache/causal.go` `Init` @ v0.9.0: `maxSequences x windowSize + maxBatch` cells once a
//! slot reaches the window) and Ollama's estimate (`fs/ggml/ggml.go` `GraphSize` @ v0.9.0, the
//! `gemma3` arm) — both since v0.6.3, with `ollama_release` for the releases before; and
//! InternLM2.5 in the catalog. Cases of our own: models, contexts and slot counts of no row.

use bot_core::catalog::Catalog;
use bot_core::vram::ollama::{GEMMA3_WINDOW_FROM, OllamaRelease};
use bot_core::vram::{Engine, FitOptions, FitRequest, ModelRef, Quant, Task, estimate_with};

const GIB: f64 = (1u64 << 30) as f64;

fn ollama_req<'a>(c: &'a Catalog, id: &str, ctx: u32, slots: u32) -> FitRequest<'a> {
    let mut r = super::fit_fixtures::request(c, id, Quant::Q8_0, Task::Infer);
    r.engine = Engine::Llamacpp;
    r.context = ctx;
    r.batch = slots;
    r
}

fn ollama() -> FitOptions {
    FitOptions {
        ollama: true,
        ..FitOptions::default()
    }
}

/// 16-bit K and V over `layers` layers and `tokens` tokens of the model, GiB.
fn layers_gib(c: &Catalog, id: &str, layers: u32, tokens: f64) -> f64 {
    let m = c.model(id).unwrap();
    2.0 * layers as f64 * m.kv_heads as f64 * m.head_dim as f64 * 2.0 * tokens / GIB
}

#[test]
fn ollama_release_words() {
    assert_eq!(
        OllamaRelease::parse("0.6.3"),
        Some(GEMMA3_WINDOW_FROM),
        "the release of 1feff6197"
    );
    assert_eq!(
        OllamaRelease::parse("v0.9"),
        Some(OllamaRelease { minor: 9, patch: 0 })
    );
    assert!(OllamaRelease::parse("0.11.3") > OllamaRelease::parse("0.6.3"));
    for bad in ["1.0.0", "0.x", "0.6.0.1", ""] {
        assert_eq!(OllamaRelease::parse(bad), None, "{bad}");
    }
    assert!(OllamaRelease::gemma3_window(None), "today's Ollama");
    assert!(!OllamaRelease::gemma3_window(OllamaRelease::parse("0.6.2")));
}

#[test]
fn gemma3_sliding_layers_hold_the_window_per_slot_plus_one_batch() {
    let c = Catalog::embedded().unwrap();
    // Gemma-3-4B (34 layers, 29 sliding over 1024) at 24k with 3 slots, the 12B at 12k with 4.
    for (id, ctx, slots) in [("gemma-3-4b", 24_000u32, 3u32), ("gemma-3-12b", 12_000, 4)] {
        let m = c.model(id).unwrap();
        let (s, g) = (m.sliding_layers, m.layers - m.sliding_layers);
        let w = m.sliding_window as f64;
        let got = estimate_with(&c, &ollama_req(&c, id, ctx, slots), &ollama())
            .unwrap()
            .kv_cache_gib;
        // Every slot's full context on the global layers; the window per slot and one
        // 512-token batch shared on the sliding ones.
        let want = layers_gib(&c, id, g, ctx as f64 * slots as f64)
            + layers_gib(&c, id, s, w * slots as f64 + 512.0);
        assert!(
            (got - want).abs() / want < 0.01,
            "{id}: {got:.3} vs {want:.3}"
        );
        // Before 0.6.3 every layer held the whole context.
        let mut old = ollama_req(&c, id, ctx, slots);
        old.ollama_release = OllamaRelease::parse("0.6.2");
        let full = estimate_with(&c, &old, &ollama()).unwrap().kv_cache_gib;
        let all = layers_gib(&c, id, m.layers, ctx as f64 * slots as f64);
        assert!(
            (full - all).abs() / all < 0.01,
            "{id} 0.6.2: {full:.3} vs {all:.3}"
        );
    }
    // A context inside the window: each slot holds its context, no more.
    let m = c.model("gemma-3-4b").unwrap();
    let short = estimate_with(&c, &ollama_req(&c, "gemma-3-4b", 800, 2), &ollama())
        .unwrap()
        .kv_cache_gib;
    let want = layers_gib(&c, "gemma-3-4b", m.layers, 1600.0);
    // The report rounds to 0.01 GiB.
    assert!((short - want).abs() < 0.006, "{short:.3} vs {want:.3}");
    // Gemma 2 runs on Ollama's vendored llama.cpp, which keeps every layer at full length.
    let g2 = estimate_with(&c, &ollama_req(&c, "gemma-2-9b", 16_384, 1), &ollama())
        .unwrap()
        .kv_cache_gib;
    let m2 = c.model("gemma-2-9b").unwrap();
    let all2 = layers_gib(&c, "gemma-2-9b", m2.layers, 16_384.0);
    assert!(
        (g2 - all2).abs() / all2 < 0.01,
        "gemma-2: {g2:.3} vs {all2:.3}"
    );
}

#[test]
fn ollama_estimate_sizes_gemma3_by_its_gemma3_arm() {
    let c = Catalog::embedded().unwrap();
    // Gemma-3-27B at 12k with 2 slots (62 layers, every sixth global; 16 KV heads of 128).
    let (ctx, slots) = (12_000u64, 2u64);
    let r = estimate_with(
        &c,
        &ollama_req(&c, "gemma-3-27b", ctx as u32, slots as u32),
        &ollama(),
    )
    .unwrap();
    let e = r.ollama.expect("gemma3 is modelled");
    let per_token = (128 + 128) * 16 * 2;
    let want: u64 = (0..62u64)
        .map(|i| {
            let tokens = if (i + 1) % 6 == 0 {
                ctx * slots
            } else {
                slots * 1024 + 512
            };
            tokens * per_token
        })
        .sum();
    assert_eq!(e.kv, want);
    // 0.6.2: the gemma arm without the window, every layer at the full context.
    let mut old = ollama_req(&c, "gemma-3-27b", ctx as u32, slots as u32);
    old.ollama_release = OllamaRelease::parse("0.6.2");
    let e_old = estimate_with(&c, &old, &ollama()).unwrap().ollama.unwrap();
    assert_eq!(e_old.kv, 62 * ctx * slots * per_token);
    assert!(e_old.total > e.total);
}

#[test]
fn internlm2_5_in_the_catalog_from_its_config() {
    let c = Catalog::embedded().unwrap();
    for (hf, id, params) in [
        ("internlm/internlm2_5-7b-chat-4bit", "internlm2.5-7b", 7.74),
        ("internlm/internlm2_5-20b-chat", "internlm2.5-20b", 19.86),
    ] {
        let m = c.model(hf).unwrap();
        assert_eq!(m.id, id);
        // The parameter count follows from the shape (fused wqkv, wo, three MLP matrices,
        // untied embedding and head).
        let (h, kv) = (m.hidden as f64, (m.kv_heads * m.head_dim) as f64);
        let layer = h * (h + 2.0 * kv) + h * h + 3.0 * h * m.intermediate as f64;
        let total = (m.layers as f64 * layer + 2.0 * m.vocab as f64 * h) / 1e9;
        assert!((total - params).abs() < 0.01, "{id}: {total:.3}");
        assert!((m.params_b - total).abs() < 0.01, "{id}");
        assert_eq!(m.max_context, 32_768);
    }
}

#[test]
fn the_chat_word_names_the_release_and_ollama() {
    let ask = |lang: &str, line: &str| super::chat::ask_fresh(lang, line);
    // Gemma-3-4B Q8_0 at 64k on a 16 GB card: today's Ollama keeps the sliding layers at the
    // window, 0.6.2 kept them at the whole context.
    let today = ask(
        "en-US",
        "/fit gemma-3-4b q8_0 ctx=64k engine=ollama rtx-4080",
    );
    let old = ask(
        "en-US",
        "/fit gemma-3-4b q8_0 ctx=64k ollama_release=0.6.2 rtx-4080",
    );
    assert!(
        today.contains("that window for each parallel slot plus one shared batch"),
        "{today}"
    );
    assert!(
        old.contains("the whole context all the same under this engine"),
        "{old}"
    );
    // The word names Ollama as the engine: its `ollama ps` figure is given.
    assert!(old.contains("ollama ps"), "{old}");
    let zh = ask(
        "zh-CN",
        "/fit gemma-3-4b q8_0 ctx=64k engine=ollama rtx-4080",
    );
    assert!(zh.contains("每个并行槽位只存这个窗口"), "{zh}");
    let bad = ask(
        "en-US",
        "/fit gemma-3-4b q8_0 ctx=64k ollama_release=1.2 rtx-4080",
    );
    assert!(bad.contains("ollama_release=1.2"), "{bad}");
}

/// A vLLM inference of `id` on `cards` L40S at `ctx` tokens and `util` of the card.
fn vllm_on_l40s(
    c: &Catalog,
    id: &str,
    ctx: u32,
    cards: u32,
    util: f64,
) -> bot_core::vram::FitReport {
    super::fit_fixtures::vllm_on(c, id, "l40s", ctx, cards, util)
}

#[test]
fn vllm_kv_pool_is_the_share_left_not_one_request() {
    let c = Catalog::embedded().unwrap();
    let usable = c.gpu("l40s").unwrap().usable_gib();
    for (id, cards, util) in [("llama-3.1-8b", 1u32, 0.9), ("qwen2.5-14b", 2, 0.8)] {
        let short = vllm_on_l40s(&c, id, 4096, cards, util);
        let long = vllm_on_l40s(&c, id, 16_384, cards, util);
        for rep in [&short, &long] {
            let pool = rep.vllm_kv_pool.expect("vLLM on a named card");
            let p = &rep.per_gpu;
            // `requested_memory - non_kv_cache_memory`: the share less weights and profile peak.
            let want = util * usable - p.weights_gib - p.activations_gib;
            assert!(
                (pool.gib - want).abs() < 0.01,
                "{id}: {} vs {want}",
                pool.gib
            );
            // The tokens it holds: the pool over each card's share of a token's cache.
            let per_token = rep.kv_bytes_per_token / cards as f64;
            let tokens = pool.gib * (1u64 << 30) as f64 / per_token;
            assert!((pool.tokens as f64 - tokens).abs() / tokens < 0.01, "{id}");
            // Far more than the one request's KV the estimate sizes.
            assert!(pool.gib > 2.0 * p.kv_cache_gib, "{id}");
        }
        // The pool does not follow the request's KV need: four times the context leaves it
        // within the profile's activation difference.
        let (a, b) = (short.vllm_kv_pool.unwrap(), long.vllm_kv_pool.unwrap());
        let act = long.per_gpu.activations_gib - short.per_gpu.activations_gib;
        assert!((a.gib - b.gib - act).abs() < 0.02, "{id}");
    }
    // Not vLLM's own pool: Transformers, SGLang's own rule.
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("llama-3.1-8b").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    r.gpu = Some(c.gpu("l40s").unwrap());
    r.engine = Engine::Transformers;
    assert!(
        estimate_with(&c, &r, &FitOptions::default())
            .unwrap()
            .vllm_kv_pool
            .is_none()
    );
    r.engine = Engine::Vllm;
    let sglang = FitOptions {
        server: bot_core::vram::Server::parse("sglang"),
        ..FitOptions::default()
    };
    assert!(
        estimate_with(&c, &r, &sglang)
            .unwrap()
            .vllm_kv_pool
            .is_none()
    );
}

#[test]
fn the_answer_says_the_vllm_pool_in_both_languages() {
    let ask = |lang: &str, line: &str| super::chat::ask_fresh(lang, line);
    let en = ask("en-US", "/fit llama-3.1-8b bf16 ctx=8k engine=vllm l40s");
    assert!(en.contains("vLLM will keep about"), "{en}");
    assert!(en.contains("tokens across requests"), "{en}");
    let zh = ask("zh-CN", "/fit llama-3.1-8b bf16 ctx=8k engine=vllm l40s");
    assert!(zh.contains("作 KV 缓存"), "{zh}");
    // No card, no pool to state.
    let none = ask("en-US", "/fit llama-3.1-8b bf16 ctx=8k engine=vllm");
    assert!(!none.contains("vLLM will keep about"), "{none}");
}
