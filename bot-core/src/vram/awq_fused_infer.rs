//! AutoAWQ's fused modules at inference (`AwqFused`): whole layers per card, a static cache,
//! the prompt's attention as each release runs it (split from `vram::infer` for the 650-line
//! rule).

use super::layer_split::{layer_split_weights, layers_per_card};
use super::parts::{AWQ_FUSED_SCORE_BYTES, Common, Parts, hf_activation_bytes_per_token};
use super::request::{AwqFused, AwqPrefill, FitRequest, ModelRef};
use super::{Parallelism, Shape};

/// AutoAWQ's fused modules (`AwqFused`): whole layers per card as with Transformers, a static
/// cache of `cache_tokens` per sequence, the prompt's attention as the release runs it
/// (`AwqPrefill`: materialized with an fp32 softmax before 0.2.7), the LM head over the whole
/// prompt, and (before 0.2.0) every layer's q, k and v held twice at load. Checked on
/// AutoAWQ's README benchmark (5c7e368, 0.1.6, `max_memory_allocated`): the load copy is
/// 1.52 GiB for Llama-2-13B against the 1.60 GiB the 64 + 64-token run holds above its
/// weights, 0.78 against 0.80 for Llama-2-7B, 0.39 against 0.45 for Mistral-7B.
pub(super) fn autoawq_fused(shape: &Shape, req: &FitRequest, c: &Common, f: AwqFused) -> Parts {
    let Common {
        cards,
        n,
        tokens,
        batch,
        split,
        w_total,
        ctx,
        heads,
        ..
    } = *c;
    let cache = f.cache_tokens.max(1) as f64;
    // What the job generates after the prompt (`new_tokens`) is decoded, not prefilled.
    let generated = req.new_tokens.map_or(0.0, |t| (t as f64).min(tokens - 1.0));
    let prompt = (tokens - generated).min(cache);
    let materialized = awq_materializes(f.prefill, shape, req);
    let kv_total = c.kv_tok * cache * batch;
    let w = layer_split_weights(shape, &split, cards);
    let share = layers_per_card(shape, cards) / shape.layers.max(1) as f64;
    let kv = kv_total * share;
    let head_dim = shape.head_dim as f64;
    // GQA: `repeat_interleave` gives keys and values every query head for the prefill.
    let repeated = if shape.kv_heads < shape.heads && f.prefill != AwqPrefill::Flash {
        2.0 * batch * prompt * heads * head_dim * 2.0
    } else {
        0.0
    };
    // The 16-bit causal mask, one for all heads and sequences.
    let mask = prompt * prompt * 2.0;
    let scores = if materialized {
        batch * prompt * prompt * heads * AWQ_FUSED_SCORE_BYTES
    } else {
        0.0
    };
    let mut a = prompt * batch * hf_activation_bytes_per_token(shape)
        + batch * shape.vocab as f64 * 4.0
        + scores
        + mask
        + repeated;
    // AutoAWQ's benchmark calls the model on the prompt (`examples/benchmark.py`,
    // `generate_torch`: `model(inputs)`), and outside `generate` Transformers runs the LM head
    // over every position (`num_logits_to_keep` 0): 16-bit logits of the whole prompt, after
    // the layers' workspace is freed.
    a = a.max(prompt * batch * shape.vocab as f64 * 2.0);
    if let Some(p) = req.prompt_logits {
        a = a.max(p.min(f.cache_tokens) as f64 * batch * shape.vocab as f64 * 6.0);
    }
    if f.keeps_unfused_qkv {
        // q, k and v of this card's layers, a second time, in the checkpoint's format; the
        // static cache is allocated as the layers are fused, so it is already there.
        let qkv = shape.layers as f64
            * shape.hidden as f64
            * (heads + 2.0 * shape.kv_heads as f64)
            * head_dim;
        a = a.max(qkv * share * req.quant.linear_bits() / 8.0);
    }
    let mut p = Parts::default();
    p.set(n, w_total, kv_total, [w, kv, a, 0.0, ctx], a * n, 0.0);
    p.parallelism = if cards > 1 {
        Parallelism::Layer
    } else {
        Parallelism::None
    };
    p
}

/// Whether AutoAWQ's fused prefill materializes the scores: always before 0.2.7, never from
/// 0.2.8; at 0.2.7 only outside `LlamaLikeBlock`, which AutoAWQ 0.2.7 builds for dense
/// Llama-like models (`awq/models/{llama,mistral,qwen2,gemma,yi,...}.py`) but not for
/// Mixtral (`MixtralBlock`), Gemma-2 (`Gemma2LikeBlock`) or Phi-3 and Phi-4 (`Phi3Block`).
fn awq_materializes(prefill: AwqPrefill, shape: &Shape, req: &FitRequest) -> bool {
    match prefill {
        AwqPrefill::Materialized => true,
        AwqPrefill::Flash => false,
        AwqPrefill::SdpaLlamaLike => {
            let own_block = match req.model {
                ModelRef::Known(m) => ["gemma2", "phi3", "phi4"].contains(&m.family.as_str()),
                _ => false,
            };
            shape.experts > 0 || own_block
        }
    }
}
