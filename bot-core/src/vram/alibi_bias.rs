//! A model whose own modelling code materializes its ALiBi positions as an additive bias over
//! the whole length, per head (held-out 67's group B, mem_et): the catalog says which models
//! (`Model::own_code_bias`, kind `alibi`, with the file read); this module sizes what that code
//! holds through a training step.
//!
//! Baichuan2-13B's `modeling_baichuan.py` (jrd77/Baichuan2-13B-Chat@35e3d5af, a copy of the Hub
//! file), `BaichuanModel.forward` in training:
//! - `self.alibi_mask = self.get_alibi_mask(inputs_embeds, L)`: `_buffered_future_mask` adds the
//!   causal `-inf` triangle to the slopes on the CPU and `.to(tensor)` puts `[heads, L, L]` on the
//!   card in the embeddings' dtype; the model keeps it between steps (rebuilt when L changes).
//! - with a 2D `attention_mask` (what a collator passes), `attention_mask = inverted_mask +
//!   alibi_mask.unsqueeze(0)`: `[batch, heads, L, L]`, the input of every decoder layer, which
//!   `torch.utils.checkpoint` keeps until the backward pass is done.
//!
//! Both exist whatever kernel the attention runs (xformers' `memory_efficient_attention` in
//! training where xformers imports; the manual softmax otherwise, whose scores `attn=eager`
//! sizes on top): `(1 + batch) x heads x L^2` elements in the stream's dtype, quadratic in the
//! length where a RoPE model's `[batch, 1, L, L]` mask is small. The `[batch, L, L]` boolean and
//! 16-bit steps that build the padding mask (per position pair, not per head) are left out.
//! Inference is not sized here: in eval the same code registers a `future_mask` buffer of
//! `[heads, max(model_max_length, L), ...]` and always runs the manual softmax.

use super::{Engine, FitRequest, ModelRef};
use crate::reply::Msg;

/// Whether the request runs a model whose own code materializes an ALiBi bias, in training
/// under Transformers (the remote code; vLLM and llama.cpp compute the bias in their kernels).
fn applies(req: &FitRequest) -> bool {
    let ModelRef::Known(m) = req.model else {
        return false;
    };
    req.task.is_training()
        && req.engine == Engine::Transformers
        && m.own_code_bias.as_ref().is_some_and(|b| b.kind == "alibi")
}

/// Bytes of the two bias tensors live through a training step on a card: the cached
/// `[heads, L, L]` mask and the per-step `[sequences, heads, L, L]` sum, at `elem_bytes` each
/// (the embeddings' dtype: `layer_kept::stream_bytes` times the fp32-model scale). 0 where the
/// model's code builds none.
pub fn train_bytes(req: &FitRequest, tokens: f64, sequences: f64, elem_bytes: f64) -> f64 {
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    if !applies(req) {
        return 0.0;
    }
    (1.0 + sequences) * m.heads as f64 * tokens * tokens * elem_bytes
}

/// What the answer says where the bias is counted: its size at the request's length.
pub(super) fn note(req: &FitRequest) -> Option<Msg> {
    if !applies(req) {
        return None;
    }
    let ModelRef::Known(m) = req.model else {
        return None;
    };
    let tokens = req.context as f64;
    let sequences = req.batch as f64 * super::method::sequences_per_example(req.method);
    let elem = super::layer_kept::stream_bytes(req) * super::fp32_model::activation_scale(req);
    let gib = super::estimate::round2(train_bytes(req, tokens, sequences, elem) / super::GIB);
    Some(
        Msg::new("fit-warn-alibi-bias")
            .arg("gib", gib)
            .arg("tokens", req.context)
            .arg("heads", m.heads),
    )
}
