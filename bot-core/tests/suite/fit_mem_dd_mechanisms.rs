//! An Ollama estimate for every architecture Ollama runs (session 31, mem_dd, issue 24):
//! catalog family -> GGUF `general.architecture` (`vram::ollama::GGUF_ARCH`), its `GraphSize`
//! case or `EstimateGPULayers`' fallback `GQA × kvTotal / 6`, and the vision tower Ollama's own
//! engine reads from the model's GGUF (`VisionGraphSize`). Sources: ollama/ollama
//! `fs/ggml/ggml.go` and `llm/memory.go` @ v0.7.0 / v0.11.3 (the cases below are identical in
//! both), d75557747 (v0.7.1: the tower with the output layer), eb10390de (v0.11.11: Ollama-
//! engine models measured, not formula-sized). Every figure below is worked by hand from the Go
//! formula with the config.json numbers written in the comment.

use bot_core::Catalog;
use bot_core::vram::ollama::{OllamaRelease, gguf_arch, vision_graph};
use bot_core::vram::{FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, estimate_with};

fn ollama(model: &str, quant: Quant, ctx: u32, cards: u32, release: Option<&str>) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(ModelRef::Known(c.model(model).unwrap()), quant, Task::Infer);
    req.engine = bot_core::vram::Engine::Llamacpp;
    req.context = ctx;
    req.cards = cards;
    req.ollama_release = release.map(|r| OllamaRelease::parse(r).unwrap());
    let opts = FitOptions {
        ollama: true,
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

/// f16 KV of `layers` blocks at `ctx` tokens, `kv_heads` of `head_dim` (K and V).
fn kv(layers: u64, ctx: u64, kv_heads: u64, head_dim: u64) -> u64 {
    layers * ctx * 2 * head_dim * kv_heads * 2
}

#[test]
fn every_ollama_family_maps_to_its_gguf_architecture() {
    assert_eq!(
        gguf_arch("mistral-small", "mistral-small-3.1-24b"),
        Some("mistral3")
    );
    assert_eq!(gguf_arch("phi4", "phi-4"), Some("phi3"));
    assert_eq!(
        gguf_arch("deepseek-r1-distill", "deepseek-r1-distill-qwen-7b"),
        Some("qwen2")
    );
    assert_eq!(gguf_arch("llama4", "llama-4-scout"), Some("llama4"));
    assert_eq!(gguf_arch("glm4", "glm-4-9b"), Some("chatglm"));
    assert_eq!(gguf_arch("qwen3", "qwen3-30b-a3b"), Some("qwen3moe"));
    assert_eq!(gguf_arch("kimi-k2", "kimi-k2"), Some("deepseek2"));
    // Not an architecture Ollama's source lists, or a case not modelled: no figure.
    assert_eq!(gguf_arch("mixtral", "mixtral-8x7b"), None);
    assert_eq!(gguf_arch("qwen3.5", "qwen3.5-27b"), None);
}

#[test]
fn mistral_small_is_the_fallback_graph_with_its_vision_tower() {
    // Mistral-Small-3.1-24B (config.json: 40 layers, 32 heads / 8 KV of 128; Pixtral tower 24
    // blocks of 1024, MLP 4096 gated, patch 14, 16 heads, image 1540) as `mistral3`, Q4_K_M at
    // 65536 tokens on two cards of unstated size:
    // kv = 40 × 65536 × (128 + 128) × 8 × 2 = 10 GiB; no GraphSize case, so partial = GQA ×
    // kv / 6 = 4 × 10 GiB / 6 (several cards: the partial graph on each);
    // tower weights = 2 × (24 × (4 × 1024² + 3 × 1024 × 4096) + 3 × 14² × 1024) = 806 510 592
    // (769.2 MiB; ollama#10615's log: projector.weights 769.3 MiB);
    // tower graph = 4 × (1540² × 3 + 1024 × 14 + (110²)² × 16) = 9 398 756 544 (8.75 GiB; the
    // log: projector.graph 8.8 GiB).
    let c = Catalog::embedded().unwrap();
    let m = c.model("mistral-small-3.1-24b").unwrap();
    let (w, g) = vision_graph("mistral3", m.vision.as_ref().unwrap());
    assert_eq!(w, 806_510_592);
    assert_eq!(g, 9_398_756_544);
    let r = ollama("mistral-small-3.1-24b", Quant::Q4KM, 65536, 2, None);
    let o = r.ollama.expect("an Ollama figure for mistral3");
    let k = kv(40, 65536, 8, 128);
    assert_eq!(k, 10 << 30);
    assert_eq!(o.kv, k);
    assert_eq!(o.graph, 4 * k / 6);
    // Both cards carry the graph and the minimum; the tower sits with the output layer.
    assert!(o.fully_loaded());
    let min = bot_core::vram::ollama::MINIMUM_MEMORY_BYTES;
    assert!(o.total > w + g + k + 2 * o.graph + 2 * min);
    // ollama#10615's 48.0 GiB at 64K on two 23.3 GiB cards (37 of 41 layers placed) is the
    // same parts: the whole figure lands within a few percent of it.
    let gib = o.total as f64 / (1u64 << 30) as f64;
    assert!((gib - 48.0).abs() / 48.0 < 0.05, "{gib}");
}

#[test]
fn phi4_takes_the_fallback_over_its_gqa() {
    // Phi-4 (config.json: 40 layers, 40 heads / 10 KV of 128) as `phi3`, no GraphSize case:
    // kv = 40 × 16384 × 256 × 10 × 2 = 3 355 443 200; graph = (40 / 10) × kv / 6.
    let o = ollama("phi-4", Quant::Q4KM, 16384, 1, None).ollama.unwrap();
    let k = kv(40, 16384, 10, 128);
    assert_eq!(o.kv, k);
    assert_eq!(o.graph, 4 * k / 6);
}

#[test]
fn deepseek_r1_distill_qwen_is_the_qwen2_case() {
    // DeepSeek-R1-Distill-Qwen-7B (config.json: 28 layers, hidden 3584, 28 heads / 4 KV of
    // 128, vocab 152064) as `qwen2`, 8192 tokens, batch 512, one card: full = max(4 × 512 ×
    // (3584 + 152064), 4 × 512 × (1 + 2 × 3584 + 8192 + 8192 × 28)) = 501 221 376.
    let o = ollama("deepseek-r1-distill-qwen-7b", Quant::Q4KM, 8192, 1, None)
        .ollama
        .unwrap();
    assert_eq!(o.kv, kv(28, 8192, 4, 128));
    assert_eq!(o.graph, 501_221_376);
}

#[test]
fn glm4_is_the_chatglm_case_with_its_qkv_bias() {
    // GLM-4-9B (config.json: 40 layers, hidden 4096, 32 heads / 2 KV of 128, vocab 151552,
    // add_qkv_bias) as `chatglm`; its attn_qkv.bias holds (32 + 2 × 2) × 128 = 4608 entries.
    // 8192 tokens, one card: full = max(4 × 512 × (4096 + 151552), 4 × 512 × (2 + 2 × 4096 +
    // 8192 + 8192 × 32 + 128 × 32 + 4608)) = 2048 × 287 234 = 588 255 232 (before: no figure).
    let o = ollama("glm-4-9b", Quant::Q4KM, 8192, 1, None)
        .ollama
        .unwrap();
    assert_eq!(o.kv, kv(40, 8192, 2, 128));
    assert_eq!(o.graph, 588_255_232);
}

#[test]
fn llama4_scout_is_the_llama_case_with_its_expert_tensor() {
    // Llama-4-Scout (config.json: 48 layers, hidden 5120, 40 heads / 8 KV of 128, 16 experts
    // of 8192) as `llama4`: the llama case, and `blk.0.ffn_gate_exps.weight` present, so the
    // 8x22b variant for the partial graph: max(3 × gate + 4 × 512 × (2 × 8192 + 8 + 5120 +
    // 8192 + 128 × 8), 4 × (8192 × 512 × 40 + 8192 × 128 × 8 + 512 × 1024 + 128 × 8 × 512)),
    // gate = 16 × 5120 × 8192 × 4.8944 / 8 bytes (Q4_K_M) = 410 573 406; 3 × gate + 2048 ×
    // 30 728 = 1 294 651 162 > 4 × 176 685 056 = 706 740 224. Two cards: the partial graph.
    let o = ollama("llama-4-scout", Quant::Q4KM, 8192, 2, None)
        .ollama
        .unwrap();
    let gate = (16.0f64 * 5120.0 * 8192.0 * 4.8944 / 8.0) as u64;
    assert_eq!(o.graph, 3 * gate + 2048 * 30_728);
    assert_eq!(o.kv, kv(48, 8192, 8, 128));
}

#[test]
fn the_tower_moves_with_the_release_and_the_new_layout_is_not_this_formula() {
    // Before v0.7.1 the tower (weights + graph) goes on the first card before any layer; from
    // v0.7.1 with the output layer. On cards of unstated size both hold everything: the same
    // total, and every part is there either way.
    let old = ollama(
        "mistral-small-3.1-24b",
        Quant::Q4KM,
        32768,
        1,
        Some("0.6.8"),
    );
    let new = ollama(
        "mistral-small-3.1-24b",
        Quant::Q4KM,
        32768,
        1,
        Some("0.7.1"),
    );
    assert_eq!(old.ollama.unwrap().total, new.ollama.unwrap().total);
    // v0.11.11 lays Ollama-engine models out by measuring their graphs: no formula figure for
    // mistral3, while a llama-engine model (Llama-3.1-8B) keeps its figure.
    let measured = ollama(
        "mistral-small-3.1-24b",
        Quant::Q4KM,
        32768,
        1,
        Some("0.11.11"),
    );
    assert!(measured.ollama.is_none());
    let llama = ollama("llama-3.1-8b", Quant::Q4KM, 32768, 1, Some("0.11.11"));
    assert!(llama.ollama.is_some());
}
