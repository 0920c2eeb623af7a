//! Issue 24: a model known only by its size is shaped like the catalog's dense model nearest
//! in size (layers, KV heads, head dim), not a formula: `72b` has the 80 layers of a 70B-class
//! model, not 103, and its KV cache per token is that of a real model of its size.

use bot_core::catalog::Model;
use bot_core::store::{Store, db_path};
use bot_core::vram::{self, FitRequest, ModelRef, Quant, Shape, Task};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use std::sync::Arc;

/// KV cache values per token (K and V, all layers) of a plain decoder.
fn kv_per_token(layers: u32, kv_heads: u32, head_dim: u32) -> u32 {
    2 * layers * kv_heads * head_dim
}

fn dense(c: &Catalog) -> Vec<&Model> {
    c.models
        .iter()
        .filter(|m| {
            m.experts == 0 && m.kv_lora_rank == 0 && m.compress_ratios.is_empty() && m.layers > 0
        })
        .collect()
}

/// The KV per token of the catalog's real dense models of about `b` billion parameters:
/// within a factor 1.5, or where none is, the nearest smaller and the nearest larger.
fn real_range(c: &Catalog, b: f64) -> (u32, u32) {
    let all = dense(c);
    let mut near: Vec<&Model> = all
        .iter()
        .copied()
        .filter(|m| m.params_b >= b / 1.5 && m.params_b <= b * 1.5)
        .collect();
    if near.is_empty() {
        let below = all
            .iter()
            .filter(|m| m.params_b < b)
            .max_by(|x, y| x.params_b.total_cmp(&y.params_b));
        let above = all
            .iter()
            .filter(|m| m.params_b > b)
            .min_by(|x, y| x.params_b.total_cmp(&y.params_b));
        near.extend(below.into_iter().chain(above).copied());
    }
    let kv: Vec<u32> = near
        .iter()
        .map(|m| kv_per_token(m.layers, m.kv_heads.max(1), m.head_dim))
        .collect();
    (*kv.iter().min().unwrap(), *kv.iter().max().unwrap())
}

#[test]
fn a_guessed_kv_per_token_is_that_of_real_models_of_the_size() {
    let c = Catalog::embedded().unwrap();
    let mut b = 1.0;
    while b <= 405.0 {
        let s = Shape::by_size(b, None);
        let kv = kv_per_token(s.layers, s.kv_heads, s.head_dim);
        let (lo, hi) = real_range(&c, b);
        assert!(
            (lo..=hi).contains(&kv),
            "{b}b: guessed {kv} values per token ({} layers x {} KV heads x {}), real {lo}..{hi}",
            s.layers,
            s.kv_heads,
            s.head_dim
        );
        // The parameters add up to the size asked (the width is solved for it).
        let total = s.params.total / 1e9;
        assert!((total / b - 1.0).abs() < 0.05, "{b}b counts {total}");
        b *= 1.25;
    }
}

#[test]
fn seventy_b_class_sizes_have_eighty_layers_and_say_whose_shape() {
    let c = Catalog::embedded().unwrap();
    for b in [70.0, 72.0] {
        let s = Shape::by_size(b, None);
        assert_eq!((s.layers, s.kv_heads, s.head_dim), (80, 8, 128), "{b}b");
    }
    // The estimate at 72b: the KV cache of Qwen2.5-72B's shape, not 29% more.
    let req = |m| {
        let mut r = FitRequest::new(m, Quant::Awq, Task::Infer);
        r.context = 32_768;
        vram::estimate(&c, &r).unwrap()
    };
    let guess = req(ModelRef::BySize {
        params_b: 72.0,
        active_b: None,
    });
    let known = req(ModelRef::Known(c.model("qwen2.5-72b").unwrap()));
    assert!(
        (guess.kv_cache_gib / known.kv_cache_gib - 1.0).abs() < 0.03,
        "{} vs {}",
        guess.kv_cache_gib,
        known.kv_cache_gib
    );
    // The answer names the model whose shape it took, in both languages.
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::new(
        Arc::new(c),
        Arc::new(Store::open(&db_path(dir.path())).unwrap()),
    );
    for (lang, like) in [
        ("en", "shaped like Qwen2.5-72B"),
        ("zh", "Qwen2.5-72B 的结构"),
    ] {
        let who = ChatRef {
            platform: "test".into(),
            chat: "c".into(),
            user: lang.into(),
            locale: Some(lang.into()),
            thread: None,
        };
        let a = bot.handle(&who, Input::Text("/fit 72b 4090".into()));
        let out: String = a
            .replies
            .iter()
            .map(|r| Localizer::get().render_plain(a.lang, r))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(out.contains(like), "{out}");
        assert!(out.contains("80"), "{out}");
    }
}
