//! ChatGLM's own modelling code (`trust_remote_code`, `modeling_chatglm.py`): how it computes
//! attention when the scores are materialized (held-out 31, mem_av). The house's eager mechanism
//! (`parts::eager_score_bytes`: every layer's `[batch, heads, q, kv]` scores, one layer at a
//! time) sizes it; this module only says how many bytes per score element and head that code holds.
//!
//! - ChatGLM2-6B / ChatGLM3-6B(-32K) `CoreAttention.forward` branches on the torch release:
//!   `torch.__version__` major >= 2 calls `scaled_dot_product_attention` (`is_causal=True` when
//!   no mask is built, as in a one-prompt `generate`), anything older builds the scores itself.
//!   THUDM's LongBench maintainer on chatglm3-6b-32k running out of memory on one A100
//!   (THUDM/LongBench#44): ChatGLM needs PyTorch 2.0 or later to enable FlashAttention
//!   automatically; without it the memory blows up. GLM-4's code (glm-4-9b-chat) keeps the same
//!   `CoreAttention` as its `"eager"` class of `CORE_ATTENTION_CLASSES` (`sdpa` and
//!   `flash_attention_2` beside it), so `attn=eager` sizes the same code there.
//! - That path, per score element and head (`[b * np, sq, sk]`): `matmul_input_buffer =
//!   torch.empty(...)` in the model's dtype (2, still referenced until the method returns), the
//!   `baddbmm(..., beta=0.0)` result (2, a new tensor; `matmul_result` stays referenced), the
//!   fp32 copy of `attention_softmax_in_fp32` (4), `* self.coeff` (`apply_query_key_layer_scaling`:
//!   a new fp32, the copy freed once rebound), `masked_fill` (out of place, likewise), `F.softmax`
//!   (4, beside the masked scores still bound to `attention_scores`) and `type_as(value_layer)`
//!   (2, while the fp32 probabilities are still referenced): 2 + 2 + 4 + 4 + 2 = 14 at the cast.
//!   The causal mask is a bool `[b, 1, sq, sk]` (1 byte per element, 2 while `~` makes its
//!   copy), within `eager_score_bytes`' 2 per element.
//! - Checked on two logs of chatglm3-6b-32k in fp16 that stop at `* self.coeff` (the fp32 buffer,
//!   result and copy allocated, the scaled copy asked for): zai-org/ChatGLM3#1294 asks for 20.18
//!   GiB with 46.59 GiB allocated on the first of two A800 (40.36 GiB = the 2 + 2 + 4 bytes of
//!   that step, 6.2 GiB of weights), LongBench#44 for 17.95 GiB with 48.28 allocated on one A100
//!   (35.9 GiB + 11.6 GiB of weights + its KV cache). Both prompts were shorter than their
//!   "30k" / 31.5k limits say (4-byte scores of 20.18 GiB over 32 heads = 13.0k tokens), so the
//!   logs check the order of the allocations, not a length.
//! - Logits: ChatGLM2/3's `prepare_inputs_for_generation` passes `return_last_logit=True`, so
//!   `generate` runs the output layer on the last position only (no prompt logits;
//!   `Shape::prompt_logit_bytes` stays 0 for these families); GLM-4's are measured
//!   (`shape::prompt_logit_bytes`).

use super::{Engine, FitRequest, GIB, ModelRef, Quant, Shape, round2};
use crate::reply::Msg;

/// Bytes per score element and head at the peak of ChatGLM's `CoreAttention` in a 16-bit
/// model: the buffer and the `baddbmm` result (2 + 2), the fp32 masked scores and the fp32
/// softmax (4 + 4) and the 16-bit cast (2).
pub const CORE_ATTENTION_SCORE_BYTES: f64 = 14.0;

/// The same in an fp32 model: `.float()` and `type_as` return the tensor itself, so the buffer,
/// the result, the masked scores and the softmax (4 each) are live at once.
pub const CORE_ATTENTION_SCORE_BYTES_FP32: f64 = 16.0;

/// Families that run ChatGLM's own `modeling_chatglm.py` under Transformers.
fn family<'a>(req: &FitRequest<'a>) -> Option<&'a str> {
    match req.model {
        ModelRef::Known(m) if matches!(m.family.as_str(), "chatglm2" | "chatglm3" | "glm4") => {
            Some(m.family.as_str())
        }
        _ => None,
    }
}

/// Whether the request runs ChatGLM's own attention code (Transformers with remote code).
pub fn runs_own_code(req: &FitRequest) -> bool {
    req.engine == Engine::Transformers && family(req).is_some()
}

/// Bytes per materialized score element and head for this request: ChatGLM's `CoreAttention`
/// where the model runs its own code, else Transformers' eager attention
/// (`parts::eager_bytes_per_score`).
pub fn eager_bytes_per_score(req: &FitRequest) -> f64 {
    match () {
        _ if !runs_own_code(req) => super::parts::eager_bytes_per_score(req.quant),
        _ if req.quant == Quant::Fp32 => CORE_ATTENTION_SCORE_BYTES_FP32,
        _ => CORE_ATTENTION_SCORE_BYTES,
    }
}

/// Bytes of one layer's scores on ChatGLM's own path at the request's prompt: every head over
/// every prompt token (the busiest card runs whole layers, all heads).
pub fn scores_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    let tokens = req.context as f64;
    let batch = super::beams::sequences(req.batch, req.beams);
    let per = eager_bytes_per_score(req);
    super::parts::eager_score_bytes(batch, tokens, tokens, shape.heads as f64, per)
}

/// What the answer says for an inference request on ChatGLM's own code: with `attn=eager` the
/// scores it sized and why; with no attention word on ChatGLM2/3 (whose code picks the path by
/// torch release) the figure on torch before 2.0, which the default (SDPA) leaves out.
pub(super) fn notes(shape: &Shape, req: &FitRequest) -> Vec<Msg> {
    if req.task.is_training() || !runs_own_code(req) {
        return Vec::new();
    }
    let gib = round2(scores_bytes(shape, req) / GIB);
    let id = if req.attention().materializes_scores() {
        "fit-warn-chatglm-eager"
    } else if req.attention.is_none() && family(req) != Some("glm4") {
        "fit-warn-chatglm-torch"
    } else {
        return Vec::new();
    };
    vec![
        Msg::new(id)
            .arg("tokens", req.context as f64)
            .arg("gib", gib)
            .arg("bytes", eager_bytes_per_score(req)),
    ]
}
