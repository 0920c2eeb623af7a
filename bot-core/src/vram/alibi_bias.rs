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
//!
//! In eval (inference) the same code takes other branches:
//! - `get_alibi_mask` registers a `future_mask` buffer of `[heads, P, P]`, `P = max(
//!   model_max_length, L)` (rebuilt larger when a longer sequence comes), in the embeddings'
//!   dtype, kept from the first forward on ([`eval_buffer_bytes`]);
//! - `BaichuanAttention` takes xformers only `if xops is not None and self.training`, so eval
//!   always runs `matmul` -> `/ sqrt(d)` -> `+ attention_mask` -> `torch.max` -> `softmax` over
//!   `[batch, heads, L, L]` in the model's dtype: each step makes a new tensor from the last, two
//!   live at once (2 + 2 bytes), beside the `[batch, heads, L, L]` sum with the padding mask that
//!   `generate`'s 2D mask makes `BaichuanModel.forward` build (2): [`EVAL_SCORE_BYTES`] per score
//!   and head, whatever attention word is said ([`manual_in_eval`]).

use super::{Engine, FitRequest, ModelLayout, ModelRef};
use crate::reply::Msg;

/// Whether the request runs the model's own code (Transformers with `trust_remote_code`, not
/// LitGPT's re-implementation; vLLM and llama.cpp compute an ALiBi bias in their kernels) and
/// that code builds an ALiBi bias.
fn own_code_alibi(req: &FitRequest) -> bool {
    let ModelRef::Known(m) = req.model else {
        return false;
    };
    req.engine == Engine::Transformers
        && req.layout == ModelLayout::Transformers
        && m.own_code_bias.as_ref().is_some_and(|b| b.kind == "alibi")
}

/// The training branch of that code.
fn applies(req: &FitRequest) -> bool {
    req.task.is_training() && own_code_alibi(req)
}

/// Bytes per score element and head at the peak of the eval path's manual softmax: two 16-bit
/// score tensors live at each step and the summed mask.
pub const EVAL_SCORE_BYTES: f64 = 6.0;

/// Whether an inference request runs this code's manual softmax: Transformers (the remote
/// code) on a model whose code builds an ALiBi bias, not training.
pub fn manual_in_eval(req: &FitRequest) -> bool {
    !req.task.is_training() && own_code_alibi(req)
}

/// Bytes of the eval `future_mask` buffer: `heads x P x P` at the embeddings' dtype (2; 4 in an
/// fp32 model), `P` the larger of the model's `model_max_length` (the catalog's context window)
/// and the request's length. 0 where the path does not apply.
pub fn eval_buffer_bytes(req: &FitRequest) -> f64 {
    let ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    if !manual_in_eval(req) {
        return 0.0;
    }
    let p = m.max_context.max(req.context) as f64;
    let elem = if req.quant == super::Quant::Fp32 {
        4.0
    } else {
        2.0
    };
    m.heads as f64 * p * p * elem
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

/// What the answer says where the bias is counted: its size at the request's length; in eval
/// the buffer and the scores the manual softmax holds.
pub(super) fn note(req: &FitRequest) -> Option<Msg> {
    let ModelRef::Known(m) = req.model else {
        return None;
    };
    if manual_in_eval(req) {
        let gib = |b: f64| super::round2(b / super::GIB);
        let batch = super::beams::sequences(req.batch, req.beams);
        let l = req.context as f64;
        let scores = batch * l * l * m.heads as f64 * EVAL_SCORE_BYTES;
        return Some(
            Msg::new("fit-warn-alibi-eval")
                .arg("buffer", gib(eval_buffer_bytes(req)))
                .arg("scores", gib(scores))
                .arg("tokens", req.context)
                .arg("heads", m.heads),
        );
    }
    if !applies(req) {
        return None;
    }
    let tokens = req.context as f64;
    let sequences = req.batch as f64 * super::method::sequences_per_example(req.method);
    let elem = super::layer_kept::stream_bytes(req) * super::fp32_model::activation_scale(req);
    let gib = super::round2(train_bytes(req, tokens, sequences, elem) / super::GIB);
    Some(
        Msg::new("fit-warn-alibi-bias")
            .arg("gib", gib)
            .arg("tokens", req.context)
            .arg("heads", m.heads),
    )
}
