//! vLLM's MTP speculative decoding (`--speculative-config '{"method": "mtp",
//! "num_speculative_tokens": N}'`; `qwen3_next_mtp` and `deepseek_mtp` name the same): the
//! checkpoint's own multi-token-prediction layers run as the draft model beside the target.
//!
//! What it costs in memory, as vLLM builds it (vllm `model_executor/models/qwen3_next_mtp.py`
//! @ 055e47c28003156421365af985d676fc921cb075, `Qwen3NextMultiTokenPredictor`):
//! `num_nextn_predict_layers` (Qwen3.5's `mtp_num_hidden_layers`) full-attention decoder
//! layers of the model's own kind, an `fc` of 2h -> h and three norms. Its `embed_tokens` and
//! `lm_head` are loaded and then replaced by the target's (the proposer's log: "Detected MTP
//! model. Sharing target model embedding weights with the draft model." and "... lm_head
//! weights ..."), so they add nothing once loaded. Under GPTQ / AWQ / AutoRound the draft
//! layers are sized in 16 bits: AutoRound's exports keep the `mtp.*` tensors beside the packed
//! blocks, unquantized (Intel's Qwen3.5 AutoRound checkpoints map them to
//! `model_extra_tensors.safetensors`), and Transformers, which a quantizer loads the model
//! with, does not build them at all.
//!
//! Under FP8 the draft block is FP8 like the target (mem_eo, pass 125): vLLM builds it with
//! the checkpoint's own quant config (vllm `deepseek_mtp.py` @
//! 4f7c14402630b97c8c078523fca8edef287ed2cf: `DeepseekV2DecoderLayer(config, prefix,
//! model_config, cache_config, quant_config)` with `quant_config=vllm_config.quant_config`;
//! `glm4_moe_mtp.py` @ 6e052ba8f4d97e43fb88a3288f3240ff4f73d7d2: `Glm4MoeDecoderLayer(...,
//! quant_config=quant_config)`), and DeepSeek-V3's FP8 config (quant_method fp8, e4m3, 128 x 128
//! blocks) names no layer to leave out, so the block's matrices load as FP8 blocks as the
//! target's do (an online `--quantization fp8` goes through the same config). Only the
//! `eh_proj`, the norms and the router stay 16-bit ([`Shape::mtp_layer_unquantized_params`]).
//! A checkpoint whose FP8 config lists its MTP layer among the ignored ones holds more than
//! this sizes; GLM-4.5-FP8's and the Qwen FP8 releases' ignore lists were not read.
//!
//! Each draft layer is attention with a KV cache of the target's width, and vLLM V1 gives its
//! cache specs to the same pool as the target's layers (one `KVCacheConfig` over every
//! attention layer the runner holds): the pool's GiB ("Available KV cache memory") is what the
//! weights and the profile leave, and each token it holds takes one more layer's KV.

use super::{Engine, FitRequest, GIB, Quant, Shape};
use crate::reply::Msg;

/// The MTP layers vLLM loads as the draft: the checkpoint's, where the request turns MTP on
/// for a vLLM-class server at inference; 0 otherwise (or for a model with none known).
pub(super) fn draft_layers(shape: &Shape, req: &FitRequest) -> u32 {
    if req.mtp_drafts == 0 || req.engine != Engine::Vllm || req.task.is_training() {
        return 0;
    }
    shape.mtp_layers
}

/// Bytes of the draft layers' weights over all cards (split with the target's tensor
/// parallelism): FP8 where the target is FP8 (its matrices; the rest 16-bit), else the
/// checkpoint's 16-bit type.
pub(super) fn draft_weight_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    let layers = draft_layers(shape, req) as f64;
    let all = shape.mtp_layer_params();
    let sixteen = req.quant.unquantized_bytes();
    if req.quant == Quant::Fp8 {
        let kept = shape.mtp_layer_unquantized_params();
        layers * ((all - kept) * req.quant.linear_bits() / 8.0 + kept * sixteen)
    } else {
        layers * all * sixteen
    }
}

/// The factor on the KV bytes per token: the target's attention layers and the draft's, over
/// the target's (the fixed state of a hybrid's linear-attention layers is not per token).
pub(super) fn kv_token_scale(shape: &Shape, req: &FitRequest) -> f64 {
    let d = draft_layers(shape, req) as f64;
    let l = super::recurrent::kv_layers(shape, req.engine) as f64;
    if d == 0.0 || l == 0.0 {
        1.0
    } else {
        (l + d) / l
    }
}

/// The answer's MTP note where the request turns MTP on at inference: the draft layers and
/// their GiB a card, in FP8 where the target is FP8; or that no MTP layer is known.
pub(super) fn note(shape: &Shape, req: &FitRequest) -> Option<Msg> {
    if req.mtp_drafts == 0 || req.task.is_training() {
        return None;
    }
    let layers = draft_layers(shape, req);
    if layers == 0 {
        return Some(Msg::new("fit-note-mtp-unknown").arg("drafts", req.mtp_drafts));
    }
    let per_card = draft_weight_bytes(shape, req) / req.cards.max(1) as f64 / GIB;
    let id = if req.quant == Quant::Fp8 {
        "fit-note-mtp-fp8"
    } else {
        "fit-note-mtp"
    };
    Some(
        Msg::new(id)
            .arg("drafts", req.mtp_drafts)
            .arg("layers", layers)
            .arg("gib", (per_card * 100.0).round() / 100.0),
    )
}
