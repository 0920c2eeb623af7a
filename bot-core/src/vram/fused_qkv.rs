//! Hugging Face Transformers before 4.56: a model whose attention slices its value out of one
//! fused q/k/v projection keeps that whole projection's output through the prefill.
//!
//! - `DynamicCache.update` stored a layer's first key and value states as passed
//!   (`self.key_cache.append(key_states)`, `self.value_cache.append(value_states)`, 4.36 to 4.55;
//!   huggingface/transformers PR 33861 shows the 4.45 form). 4.56's lazily initialized
//!   `DynamicLayer` (PR 39797, "all caches are initialized lazily") concatenates onto an empty
//!   tensor instead (`torch.cat([self.keys, key_states], dim=-2)` after `lazy_initialization`,
//!   `src/transformers/cache_utils.py` @ 004999d9): a copy, so nothing else stays referenced.
//! - `Phi3Attention.forward` (`src/transformers/models/phi3/modeling_phi3.py` @ 00d4b3d2, the same
//!   layout since Phi-3 was added) runs one `qkv_proj` and takes `query_states`, `key_states` and
//!   `value_states` as slices of its output (`qkv[..., query_pos + kv_width:]`), viewed and
//!   transposed. The key goes through `apply_rotary_pos_emb` (a new tensor); the value reaches the
//!   cache as a view, so the cache keeps the whole `qkv` tensor of every layer alive: the q and k
//!   widths per token and layer beyond the cache's own keys and values, until the first decode
//!   step's `torch.cat` replaces the view (or a beam search's reorder copies it).
//! - So the prefill's last layers, its LM head and the first step's scores run with that much
//!   more held: `generate` over `batch` sequences of `tokens` holds `tokens × batch × layers ×
//!   (heads + kv_heads) × head_dim` elements more in the model's dtype. A quantized cache
//!   (quanto / HQQ) stores its own quantized copy: nothing held.
//!
//! Checked on Transformers' own `kv_cache.md` example (huggingface/transformers @ 04d5adf3): Phi-3-mini
//! in fp16 with 40 beams over a ~1006-token prompt prints "CUDA out of memory. Tried to allocate
//! 4.83 GiB" on 50 GB (40 × 32 heads × 1006² fp32 softmax scores of a late layer) and succeeds with
//! `cache_implementation="offloaded"`: the cache's 2 × 3072 values per token and layer would leave
//! room for that allocation, with the held `qkv` (4 × 3072 values) it does not.

use super::{Engine, FitRequest, ModelRef, Quant, Shape, TransformersRelease};

/// The first release whose dynamic cache copies the first states it is given.
pub const CACHE_COPIES_FROM: TransformersRelease = TransformersRelease {
    major: 4,
    minor: 56,
};

/// Families whose Transformers attention is `Phi3Attention` (one `qkv_proj`, the value a view):
/// Phi-3 and Phi-3.5-mini (`Phi3ForCausalLM`, their config.json).
const FAMILIES: [&str; 2] = ["phi3", "phi3.5"];

/// Bytes per prompt token, sequence and layer that the cache keeps referenced beyond its own
/// keys and values through the prefill: the q and k widths of the fused projection's output
/// (the key's slice too: the cache holds the rotated copy), in the compute dtype. 0 where it
/// does not apply: another engine, training, torchao's generate, no release said or 4.56 on, a
/// model whose q, k and v are separate projections, or a quantized cache (`cache_16bit` false).
pub fn held_bytes_per_token_layer(shape: &Shape, req: &FitRequest, cache_16bit: bool) -> f64 {
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    // torchao's `generate.py` prefills no prompt of `tokens` (`vram::torchao::generate_bytes`).
    let applies = req.engine == Engine::Transformers
        && !req.task.is_training()
        && req.torchao.is_none()
        && cache_16bit
        && req
            .transformers_release
            .is_some_and(|r| r < CACHE_COPIES_FROM)
        && FAMILIES.contains(&m.family.as_str());
    if !applies {
        return 0.0;
    }
    let bytes = if req.quant == Quant::Fp32 { 4.0 } else { 2.0 };
    f64::from(shape.heads + shape.kv_heads) * f64::from(shape.head_dim) * bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_release_that_copies_is_4_56() {
        assert!(TransformersRelease::parse("4.55.4").unwrap() < CACHE_COPIES_FROM);
        assert!(TransformersRelease::parse("4.56.0").unwrap() >= CACHE_COPIES_FROM);
    }
}
