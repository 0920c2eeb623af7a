//! KV-cache bytes per token and per sequence, and each card's share of them (split out of
//! `parts.rs` to keep it short; re-exported there).

use super::{Engine, KvDtype, Shape};

/// KV-cache bytes per token for one sequence, all layers, for an engine.
/// Standard attention: 2 (K and V) x layers x KV heads x head_dim x bytes.
/// MLA (DeepSeek-V2/V3): vLLM, SGLang and llama.cpp cache the compressed latent,
/// layers x (kv_lora_rank + qk_rope_head_dim) x bytes; Hugging Face Transformers caches the
/// decompressed per-head K (qk_nope + qk_rope) and V (v_head_dim).
pub fn kv_bytes_per_token(shape: &Shape, engine: Engine, kv: KvDtype) -> f64 {
    kv_bytes_per_token_kv(shape, engine, kv, kv)
}

/// [`kv_bytes_per_token`] with the K and V caches in their own types (llama.cpp's `-ctk` and
/// `-ctv`). A latent (MLA) or compressed cache is one tensor, held in the K type: llama.cpp's
/// MLA reads V as a view of the K cache.
pub fn kv_bytes_per_token_kv(shape: &Shape, engine: Engine, k: KvDtype, v: KvDtype) -> f64 {
    // A hybrid model's recurrent layers keep a fixed state, no KV (`vram::recurrent`).
    let l = crate::vram::recurrent::kv_layers(shape, engine) as f64;
    let b = k.bytes();
    if let Some(c) = &shape.compressed {
        return c.per_token * b;
    }
    match &shape.mla {
        Some(m) if engine != Engine::Transformers => l * (m.kv_lora_rank + m.qk_rope) as f64 * b,
        Some(m) => l * shape.heads as f64 * ((m.qk_nope + m.qk_rope) as f64 + m.v_head as f64) * b,
        // Sliding-window layers are counted apart (`sliding_bytes_per_token`); the full
        // layers at their own width (Gemma-4's global layers: `Sliding::full_kv_heads`).
        None => {
            let (full, heads, dim) = match shape.sliding {
                Some(s) => (l - s.layers as f64, s.full_kv_heads, s.full_head_dim),
                None => (l, shape.kv_heads, shape.head_dim),
            };
            2.0 * full * heads as f64 * dim as f64 * crate::vram::kv_cache::mean_bytes(k, v)
        }
    }
}

/// KV bytes one cached token takes in the sliding-window layers (`Shape::sliding`), all of
/// them; 0 for other models. How many tokens they hold is the engine's (`swa::sliding_tokens`).
pub fn sliding_bytes_per_token(shape: &Shape, k: KvDtype, v: KvDtype) -> f64 {
    shape.sliding.map_or(0.0, |s| {
        2.0 * s.layers as f64
            * shape.kv_heads as f64
            * shape.head_dim as f64
            * crate::vram::kv_cache::mean_bytes(k, v)
    })
}

/// KV bytes one sequence holds whatever its length beyond the window: the sliding window of
/// a compressed-attention model (`Shape::compressed`), up to `tokens`, and the sliding-window
/// layers' `sliding_tokens` (`Shape::sliding`, as the engine keeps them), and a hybrid model's
/// recurrent state (`Shape::recurrent`); 0 for other models.
/// The K and V caches in their own types (llama.cpp's `-ctk` / `-ctv`).
pub fn kv_bytes_per_sequence_kv(
    shape: &Shape,
    engine: Engine,
    tokens: f64,
    sliding_tokens: f64,
    (k, v): (KvDtype, KvDtype),
) -> f64 {
    let compressed = shape.compressed.map_or(0.0, |c| {
        c.window_per_token * tokens.min(c.window as f64) * k.bytes()
    });
    // A hybrid model's recurrent state, one per sequence (`vram::recurrent`).
    let state = crate::vram::recurrent::state_bytes_per_sequence(shape, engine);
    compressed + sliding_bytes_per_token(shape, k, v) * sliding_tokens + state
}

/// Share of the KV cache each card holds under tensor parallelism over `cards`: heads are
/// split, and replicated when cards > KV heads (vLLM `num_kv_heads` per rank =
/// max(1, kv_heads / tp)); an MLA latent has one "head" and is replicated on every card.
pub fn kv_share_per_card(shape: &Shape, cards: u32) -> f64 {
    let n = cards.max(1) as f64;
    if shape.mla.is_some() {
        return 1.0;
    }
    let k = shape.kv_heads.max(1) as f64;
    (k.max(n) / k) / n
}
