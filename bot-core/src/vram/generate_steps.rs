//! What a Transformers `generate` holds beyond the prefill: the prompt is prefilled, the rest
//! decoded a token at a time, and before 4.42 every decode step holds the cache twice.
//!
//! Read in the wheels (mem_fd, pass 140):
//! - 4.35.2 `models/llama/modeling_llama.py` `LlamaAttention.forward`: `key_states =
//!   torch.cat([past_key_value[0], key_states], dim=2)` (the same in Mistral's), a new tensor per
//!   layer returned as the next cache's tuple; `generation/utils.py` `greedy_search` / `sample`
//!   keep the step before's `outputs` bound and its cache in `model_kwargs["past_key_values"]`
//!   (`_update_model_kwargs_for_generation`) until the next forward has returned: the old cache
//!   and the new one at once, through every layer of every step.
//! - 4.36.2 and 4.41.2: the model wraps the tuples in `DynamicCache.from_legacy_cache`, whose
//!   `update` concatenates the same way, and returns `to_legacy_cache()`: the tuples
//!   `generate` holds are the old cache still.
//! - 4.42.4 `generate`: `model_kwargs["past_key_values"] = DynamicCache()` ("This will avoid back
//!   and forth from legacy format that keeps copying the cache thus using much more memory"):
//!   one object updated in place, each layer's old tensor freed as it is replaced.
//!
//! Measured (held-out 71, optimum-benchmark's reports, Transformers 4.35.2, A100,
//! `max_memory_allocated`): Llama-2-7B fp16 at 256 + 512 tokens allocates 65,112 MB at batch 64,
//! its 13,476 MB of weights plus 51,636 MB, two caches of 768 tokens (51,540 MB); its
//! BetterTransformer and FlashAttention-2 runs the same to 3 MB.

use super::{Engine, FitRequest, TransformersRelease};

/// The first release whose `generate` passes a `DynamicCache` instead of the legacy tuples.
pub const DYNAMIC_CACHE_FROM: TransformersRelease = TransformersRelease {
    major: 4,
    minor: 42,
};

/// Tokens the prefill runs over: the prompt, `context` less the generated tokens where the
/// request states them (at least one); the whole context where it does not.
pub(super) fn prefill_tokens(req: &FitRequest, context: f64) -> f64 {
    let generated = req
        .new_tokens
        .map_or(0.0, |t| f64::from(t).min(context - 1.0));
    (context - generated).max(1.0)
}

/// Bytes a decode step holds beyond the cache counted once, on a release that passes the cache
/// as tuples: the step before's cache (`kv`, this card's, one token short) and its fp32 logits
/// in `outputs` (`batch` x `vocab` x 4). 0 on 4.42 and later, without a release word (today's),
/// off Transformers, and for a single forward pass (`new_tokens` 1: nothing is decoded).
pub(super) fn legacy_step_bytes(
    req: &FitRequest,
    kv: f64,
    (batch, vocab, context): (f64, f64, f64),
) -> f64 {
    let legacy = req.engine == Engine::Transformers
        && req
            .transformers_release
            .is_some_and(|r| r < DYNAMIC_CACHE_FROM);
    if !legacy || req.new_tokens.is_some_and(|t| t <= 1) {
        return 0.0;
    }
    kv * ((context - 1.0) / context).max(0.0) + batch * vocab * 4.0
}
