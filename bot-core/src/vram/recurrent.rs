//! Hybrid models' recurrent layers (`Shape::recurrent`): Gated DeltaNet linear attention
//! (Qwen3-Next, Qwen3.5) and Mamba-2 (Nemotron-H) keep a fixed-size state per sequence in
//! place of a KV cache, so only the attention layers' cache grows with the context.
//!
//! What each engine keeps, read from its code:
//! - vLLM V1 (`vllm/model_executor/layers/mamba/mamba_utils.py`,
//!   `MambaStateShapeCalculator.gated_delta_net_state_shape` / `mamba2_state_shape`): a conv
//!   state of `(conv_kernel - 1) x conv_dim` and a temporal state of
//!   `heads x value_dim x key_dim` per layer and request; `MambaStateDtypeCalculator`: the conv
//!   state in `mamba_cache_dtype` (auto: the model's), the temporal one in
//!   `mamba_ssm_cache_dtype` (auto: the model's; Qwen3.5's and Nemotron-3's config.json set
//!   float32). The hybrid allocator gives each running request one state block per
//!   state layer from the same pool as the attention blocks (`MambaSpec`, one page per
//!   request), so a pool holds one state per sequence it serves; only the attention layers
//!   hold KV (`FullAttentionSpec`).
//! - SGLang (`python/sglang/srt/mem_cache/memory_pool.py`): `HybridLinearKVPool` allocates
//!   the token pool for `full_attention_layer_ids` alone; the states live in a `MambaPool`
//!   of one slot per request.
//! - llama.cpp (`src/llama-memory-hybrid.cpp`, `src/llama-model.cpp` `create_memory`): the KV
//!   cache filters out the recurrent layers (`!hparams.is_recurrent(il)`); the recurrent
//!   memory keeps `max(1, n_seq_max)` cells, its `r` (conv) and `s` (state) tensors both
//!   `GGML_TYPE_F32`.
//! - Transformers (`models/qwen3_next/modeling_qwen3_next.py`, `Qwen3NextDynamicCache`): keys
//!   and values for the `full_attention` layers only; per linear layer a conv state in the
//!   model's dtype and the recurrent state the chunked kernel returns in float32.
//!
//! So the state is counted with its temporal part at 4 bytes and its conv part at 2 bytes on
//! every engine: vLLM's Qwen3-Next at `auto` keeps the temporal state in bf16 (half that; the
//! larger figure is kept, a few tens of MB a sequence) and llama.cpp's conv state is F32
//! (2 x (kernel - 1) x conv_dim bytes more a layer, under 0.1 % of the state). ExLlamaV2 has no
//! such model; for it, and any engine or server whose rule was not read (TGI, LMDeploy,
//! TensorRT-LLM: `keeps_state`), the safe layout stays: a KV cache on every layer.

use super::{Engine, FitOptions, FitRequest, Shape};
use crate::catalog::RecurrentLayers;

/// Bytes of one recurrent layer's temporal state per element (float32).
const STATE_BYTES: f64 = 4.0;
/// Bytes of one conv-window element (the model's 16-bit dtype).
const CONV_BYTES: f64 = 2.0;

/// Elements of one layer's temporal state: `heads x value_dim x key_dim`.
pub fn state_elems(r: &RecurrentLayers) -> f64 {
    r.heads as f64 * r.value_dim as f64 * r.key_dim as f64
}

/// Elements of one layer's conv window: `(conv_kernel - 1) x conv_dim`, with
/// `conv_dim = heads x value_dim + 2 x groups x key_dim` (q and k, or B and C).
pub fn conv_elems(r: &RecurrentLayers) -> f64 {
    let conv_dim = r.heads as f64 * r.value_dim as f64 + 2.0 * (r.groups * r.key_dim) as f64;
    r.conv_kernel.saturating_sub(1) as f64 * conv_dim
}

/// Whether the engine keeps KV on the attention layers alone (every engine whose rule was
/// read: vLLM, llama.cpp, Transformers).
fn engine_keeps_state(engine: Engine) -> bool {
    !matches!(engine, Engine::Exllamav2)
}

/// Whether the request's engine, and the vLLM-class server it runs as, keep KV on the
/// attention layers alone: SGLang's rule was read (`HybridLinearKVPool`); TGI's, LMDeploy's and
/// TensorRT-LLM's were not, so those keep the safe layout.
pub fn keeps_state(req: &FitRequest, opts: &FitOptions) -> bool {
    engine_keeps_state(req.engine)
        && matches!(
            opts.server_pool(req).map(|(s, _)| s),
            None | Some(super::Server::Sglang)
        )
}

/// The shape whose KV the request's engine keeps: the model's own, or, where the engine's rule
/// for a hybrid was not read, the same laid out with KV on every layer.
pub fn kv_shape<'a>(
    shape: &'a Shape,
    req: &FitRequest,
    opts: &FitOptions,
) -> std::borrow::Cow<'a, Shape> {
    if shape.recurrent.is_some() && !keeps_state(req, opts) {
        std::borrow::Cow::Owned(Shape {
            recurrent: None,
            ..shape.clone()
        })
    } else {
        std::borrow::Cow::Borrowed(shape)
    }
}

/// Layers that keep a KV cache under the engine: the attention layers of a hybrid model where
/// the engine's rule was read, else every layer.
pub fn kv_layers(shape: &Shape, engine: Engine) -> u32 {
    match shape.recurrent {
        Some(r) if engine_keeps_state(engine) => r.attention_layers.min(shape.layers),
        _ => shape.layers,
    }
}

/// Bytes of one sequence's state in all recurrent layers, whatever its length; 0 for a model
/// without them or an engine laid out with KV on every layer.
pub fn state_bytes_per_sequence(shape: &Shape, engine: Engine) -> f64 {
    match shape.recurrent {
        Some(r) if engine_keeps_state(engine) => {
            r.layers as f64 * (state_elems(&r) * STATE_BYTES + conv_elems(&r) * CONV_BYTES)
        }
        _ => 0.0,
    }
}

/// The answer's note on a hybrid model's inference: how many layers keep a KV cache, what the
/// others keep per sequence, and (`kept` no) that the engine is sized with KV on every layer.
pub fn note(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> Option<crate::reply::Msg> {
    let r = shape.recurrent?;
    if req.task.is_training() {
        return None;
    }
    let kind = match r.kind {
        crate::catalog::RecurrentKind::GatedDeltanet => "deltanet",
        crate::catalog::RecurrentKind::Mamba2 => "mamba2",
    };
    let state = state_bytes_per_sequence(&kv_shape(shape, req, opts), req.engine);
    Some(
        crate::reply::Msg::new("fit-warn-recurrent")
            .arg("attention", r.attention_layers)
            .arg("layers", shape.layers)
            .arg("recurrent", r.layers)
            .arg("kind", kind)
            .arg("mib", (state / (1024.0 * 1024.0)).round() as u32)
            .arg("kept", if keeps_state(req, opts) { "yes" } else { "no" }),
    )
}
