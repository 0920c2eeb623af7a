//! Hugging Face Transformers' RoPE caches, one per attention layer, in the releases that built
//! them (`transformers=4.39`; CLI `--transformers-release`). Without the word, today's
//! Transformers: nothing per layer.
//!
//! Read in the wheels' own `modeling_*.py`: every `*Attention.__init__` constructs its own
//! `*RotaryEmbedding`, whose constructor registers `cos_cached` and `sin_cached` (Llama 4.38–4.40:
//! `_cos_cached`, `_sin_cached`, kept "for BC"), `max_position_embeddings` x `head_dim` each, in
//! `torch.get_default_dtype()` — which `PreTrainedModel.from_pretrained` sets to the load's
//! `torch_dtype` while the model is built (`_set_default_torch_dtype`). Non-persistent buffers
//! go to the card with their layer. Gone from the release where the model's one rotary module
//! hands every layer its `position_embeddings`:
//! - Llama (`LlamaForCausalLM`: Llama 2 / 3, Yi): present in 4.36.2, 4.39.3, 4.40.2; gone in 4.41.2.
//! - Mistral (`MistralForCausalLM`): present in 4.36.2 … 4.41.2; gone in 4.42.4.
//! - Qwen2 (`Qwen2ForCausalLM`: Qwen1.5, Qwen2, Qwen2.5): present in 4.39.3 … 4.44.2; gone in 4.45.2.
//!
//! Mixtral still registers them in 4.47.1 (where it stops was not read), so it is left out.
//! At Mistral-7B's 32768 positions that is 0.5 GiB in bf16; at Qwen2-7B's 131072, 1.75 GiB.
//! Found on held-out 14: ms-swift's Mistral-7B LoRA scripts of 2024-01 and 2024-03, run on the
//! Transformers their `requirements/framework.txt` allowed (`<4.37`, `<4.40`).

use super::{FitRequest, ModelRef, Quant, Shape, TransformersRelease};

/// The first release without per-layer caches, for the model classes read (module docs).
fn shared_from(family: &str) -> Option<TransformersRelease> {
    let minor = match family {
        "llama1" | "llama2" | "llama3" | "llama3.1" | "llama3.2" | "llama3.3" | "yi1.5" => 41,
        "mistral" | "mistral-small" => 42,
        "qwen1.5" | "qwen2" | "qwen2.5" | "qwen2.5-coder" | "qwq" => 45,
        _ => return None,
    };
    Some(TransformersRelease { major: 4, minor })
}

/// Bytes of the per-layer caches of the whole model (cos and sin, positions x head_dim each):
/// 0 without a release word, from the release that shares one, under Unsloth (which builds its
/// own, `unsloth_release::rope_cache_bytes`), or for a class not read.
pub fn per_layer_cache_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    let (Some(r), ModelRef::Known(m)) = (req.transformers_release, req.model) else {
        return 0.0;
    };
    if req.unsloth || shared_from(&m.family).is_none_or(|from| r >= from) {
        return 0.0;
    }
    // Built in the load's dtype: fp32 for an fp32 load, else the 16-bit compute dtype (a
    // bitsandbytes load passes its `torch_dtype` too).
    let fp32 = req.quant == Quant::Fp32 || super::rest_fp32::applies(req);
    let bytes = if fp32 { 4.0 } else { 2.0 };
    f64::from(shape.layers) * 2.0 * f64::from(m.max_context) * f64::from(shape.head_dim) * bytes
}

/// The answer's note when the caches are sized: the release and their GiB over the model.
pub fn note(shape: &Shape, req: &FitRequest) -> Option<crate::reply::Msg> {
    let bytes = per_layer_cache_bytes(shape, req);
    let r = req.transformers_release.filter(|_| bytes > 0.0)?;
    Some(
        crate::reply::Msg::new("fit-warn-rope-per-layer")
            .arg("release", r.label())
            .arg("gib", (bytes / super::GIB * 100.0).round() / 100.0),
    )
}
