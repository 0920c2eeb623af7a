//! Helper mem_ce (session 28): hybrid models keep a KV cache on their attention layers only;
//! their linear-attention (Gated DeltaNet) or Mamba-2 layers keep a fixed state per sequence
//! (`vram::recurrent`). Tested on contexts, batches, cards and engines of no table row, against
//! the same model laid out with KV on every layer.

use bot_core::Catalog;
use bot_core::catalog::{Model, RecurrentKind, RecurrentLayers};
use bot_core::vram::recurrent::{conv_elems, kv_layers, state_bytes_per_sequence, state_elems};
use bot_core::vram::shape::Shape;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, GIB, ModelRef, Quant, Task, estimate_with,
};

/// A bf16 inference of `m` at `ctx` tokens, `batch` sequences, on `cards` cards.
fn run(c: &Catalog, m: &Model, engine: Engine, ctx: u32, batch: u32, cards: u32) -> FitReport {
    let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
    r.engine = engine;
    r.context = ctx;
    r.batch = batch;
    r.cards = cards;
    estimate_with(c, &r, &FitOptions::default()).unwrap()
}

/// The model laid out as a plain transformer: a KV cache on every layer.
fn dense(m: &Model) -> Model {
    Model {
        recurrent: None,
        ..m.clone()
    }
}

/// KV cache of the whole job (every card), GiB.
fn kv(r: &FitReport) -> f64 {
    r.per_gpu.kv_cache_gib * r.cards as f64
}

#[test]
fn a_hybrid_keeps_kv_on_its_attention_layers_only_at_256k() {
    let c = Catalog::embedded().unwrap();
    for (id, attn, layers) in [("qwen3-next-80b-a3b", 12, 48), ("qwen3.5-27b", 16, 64)] {
        let m = c.model(id).unwrap();
        let r = m.recurrent.expect("a hybrid layout");
        assert_eq!(
            (r.attention_layers, r.layers, m.layers),
            (attn, layers - attn, layers)
        );
        for engine in [Engine::Vllm, Engine::Llamacpp, Engine::Transformers] {
            let h = run(&c, m, engine, 262_144, 1, 8);
            let d = run(&c, &dense(m), engine, 262_144, 1, 8);
            // Per token: exactly the attention layers' share.
            let ratio = h.kv_bytes_per_token / d.kv_bytes_per_token;
            assert!(
                (ratio - attn as f64 / layers as f64).abs() < 1e-9,
                "{id} {engine:?} {ratio}"
            );
            // At 256k the fixed state is small beside the cache it replaces.
            assert!(
                kv(&h) < kv(&d) * 0.3,
                "{id} {engine:?} {} {}",
                kv(&h),
                kv(&d)
            );
            assert!(h.per_gpu_required_gib < d.per_gpu_required_gib);
        }
    }
}

#[test]
fn the_state_does_not_grow_with_the_context() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen3-next-80b-a3b").unwrap();
    let s = Shape::from_model(m).unwrap();
    let r = m.recurrent.unwrap();
    // 36 layers x (32 heads x 128 x 128 x 4 bytes + 3 x (32 x 128 + 2 x 16 x 128) x 2 bytes).
    let want = 36.0 * (32.0 * 128.0 * 128.0 * 4.0 + 3.0 * 8192.0 * 2.0);
    assert!((state_bytes_per_sequence(&s, Engine::Vllm) - want).abs() < 1.0);
    assert_eq!(state_elems(&r), 32.0 * 128.0 * 128.0);
    assert_eq!(conv_elems(&r), 3.0 * 8192.0);
    // What is left of the cache after the per-token part is the state, at any length (the
    // report rounds to 0.01 GiB).
    let left = |ctx: u32| {
        let rep = run(&c, m, Engine::Transformers, ctx, 1, 1);
        kv(&rep) * GIB - rep.kv_bytes_per_token * ctx as f64
    };
    for ctx in [1_000, 40_000, 200_000] {
        assert!(
            (left(ctx) - want).abs() < 0.006 * GIB,
            "{ctx} {}",
            left(ctx)
        );
    }
}

#[test]
fn vllm_counts_one_state_per_sequence() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen3.5-27b").unwrap();
    let s = Shape::from_model(m).unwrap();
    let state = state_bytes_per_sequence(&s, Engine::Vllm);
    assert!(state > 0.0);
    // Short sequences: the state is most of a sequence's cache, and it is per sequence.
    let eight = run(&c, m, Engine::Vllm, 512, 8, 1);
    let many = run(&c, m, Engine::Vllm, 512, 64, 1);
    let per_seq = eight.kv_bytes_per_token * 512.0 + state;
    assert!(state > eight.kv_bytes_per_token * 512.0);
    assert!((kv(&eight) * GIB - 8.0 * per_seq).abs() / (8.0 * per_seq) < 0.01);
    assert!(
        (kv(&many) / kv(&eight) - 8.0).abs() < 0.05,
        "{} {}",
        kv(&many),
        kv(&eight)
    );
}

#[test]
fn mamba2_layers_take_the_same_layout() {
    // Nemotron-H's Mamba-2 mixer: 64 heads of 64, state 128, 8 groups, kernel 4
    // (NVIDIA-Nemotron-3-Nano-30B-A3B config.json), laid on a model of the catalog.
    let c = Catalog::embedded().unwrap();
    let mut m = c.model("qwen3-next-80b-a3b").unwrap().clone();
    m.recurrent = Some(RecurrentLayers {
        kind: RecurrentKind::Mamba2,
        layers: 23,
        attention_layers: 6,
        heads: 64,
        groups: 8,
        key_dim: 128,
        value_dim: 64,
        conv_kernel: 4,
    });
    let s = Shape::from_model(&m).unwrap();
    // vLLM's mamba2_state_shape: (kernel - 1) x (intermediate 4096 + 2 x 8 x 128) and
    // 64 x 64 x 128.
    let per_layer = 64.0 * 64.0 * 128.0 * 4.0 + 3.0 * (4096.0 + 2048.0) * 2.0;
    assert!((state_bytes_per_sequence(&s, Engine::Llamacpp) - 23.0 * per_layer).abs() < 1.0);
    assert_eq!(kv_layers(&s, Engine::Llamacpp), 6);
    let h = run(&c, &m, Engine::Llamacpp, 131_072, 1, 1);
    let d = run(&c, &dense(&m), Engine::Llamacpp, 131_072, 1, 1);
    assert!((h.kv_bytes_per_token / d.kv_bytes_per_token - 6.0 / 48.0).abs() < 1e-9);
}

#[test]
fn an_engine_whose_rule_was_not_read_keeps_kv_on_every_layer() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen3.5-27b").unwrap();
    let s = Shape::from_model(m).unwrap();
    assert_eq!(kv_layers(&s, Engine::Exllamav2), 64);
    assert_eq!(state_bytes_per_sequence(&s, Engine::Exllamav2), 0.0);
    // A plain transformer is left as it was.
    let llama = Shape::from_model(c.model("llama-3.1-8b").unwrap()).unwrap();
    assert_eq!(kv_layers(&llama, Engine::Vllm), llama.layers);
    assert_eq!(state_bytes_per_sequence(&llama, Engine::Vllm), 0.0);
}

#[test]
fn on_two_cards_at_256k_the_hybrid_holds_a_quarter_of_the_dense_layouts_kv() {
    // Qwen3-Next at 256k on 2 x H200 in bf16, one sequence: the weights take ~75 GiB a card;
    // KV on every layer would add 24 GiB for the sequence, the attention layers 6.
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen3-next-80b-a3b").unwrap();
    let h = run(&c, m, Engine::Vllm, 262_144, 1, 2);
    let d = run(&c, &dense(m), Engine::Vllm, 262_144, 1, 2);
    let ratio = kv(&h) / kv(&d);
    assert!(ratio > 0.24 && ratio < 0.27, "{ratio}");
}

#[test]
fn the_answer_says_which_layers_keep_kv_in_both_locales() {
    let en = super::chat::ask_fresh("en-US", "/fit qwen3.5-27b bf16 ctx=256k engine=vllm h200");
    assert!(en.contains("only 16 of the 64 layers"), "{en}");
    assert!(en.contains("Gated DeltaNet"), "{en}");
    let zh = super::chat::ask_fresh("zh-CN", "/fit qwen3.5-27b bf16 ctx=256k engine=vllm h200");
    assert!(zh.contains("64 层里只有 16 层是注意力层"), "{zh}");
    // A plain transformer gets no such note; training keeps no cache, so no note either.
    let plain = super::chat::ask_fresh("en-US", "/fit llama-3.1-8b bf16 ctx=128k engine=vllm h200");
    assert!(!plain.contains("Hybrid model"), "{plain}");
    let train = super::chat::ask_fresh("en-US", "/fit qwen3.5-27b lora bf16 ctx=4k h200");
    assert!(!train.contains("Hybrid model"), "{train}");
}

#[test]
fn sglang_keeps_the_hybrid_layout_and_an_unread_server_keeps_kv_on_every_layer() {
    use bot_core::vram::Server;
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen3-next-80b-a3b").unwrap();
    let served = |server: Server| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        r.engine = Engine::Vllm;
        r.context = 131_072;
        r.cards = 4;
        let opts = FitOptions {
            server: Some(server),
            ..FitOptions::default()
        };
        estimate_with(&c, &r, &opts).unwrap().kv_bytes_per_token
    };
    let vllm = run(&c, m, Engine::Vllm, 131_072, 1, 4).kv_bytes_per_token;
    assert!((served(Server::Sglang) - vllm).abs() < 1e-9);
    for s in [Server::Tgi, Server::Lmdeploy, Server::TrtLlm] {
        assert!((served(s) / vllm - 4.0).abs() < 1e-9, "{s:?}");
    }
}
