//! AutoGPTQ's ExLlamaV2 kernel in Transformers (`GPTQConfig(exllama_config={"version": 2})`;
//! `exllamav2=on`, CLI `--exllama-v2`): one fixed scratch per card, allocated when the model is
//! loaded and held for its life.
//!
//! Read at AutoGPTQ's tags v0.5.1 (the same lines at v0.5.0, v0.6.0, v0.7.1):
//! `auto_gptq/modeling/_utils.py` `autogptq_post_init` takes, per device, the largest
//! `scratch_space_fixed()` of the exllamav2 `QuantLinear`s on it and builds
//! `ExLlamaV2DeviceTensors(device.index, scratch_bytes)` ("have persistent buffers, otherwise we
//! will get OOM"); `nn_modules/qlinear/qlinear_exllamav2.py`: `scratch_space_fixed(max_input_len
//! =2048, max_batch_size=8)` = `temp_dq_size()` (`infeatures * outfeatures * 2 + 128`) +
//! `temp_fwd_size` (`outfeatures * max_input_len * max_batch_size * 4 + 128`), `outfeatures`
//! padded to a multiple of 32, and `prepare()` is one `torch.empty` of that many bytes.
//!
//! The default kernel, ExLlama (v1), on the releases that default to it (`exllama_v1_bytes`):
//! Transformers' `GPTQConfig.post_init` sets `use_exllama = True` and `exllama_config =
//! {"version": 1}` when neither is given (transformers 4.38.2 and 4.48.3
//! `utils/quantization_config.py`; the GPTQ integration arrived in 4.32, and 4.49.0 adds
//! `backend` and GPTQModel, whose "auto" may pick another kernel). The same
//! `autogptq_post_init` (v0.5.1 lines 273-344, v0.7.1 349-430) then holds per device one
//! `temp_dq` of the largest `qweight.numel() * 8` halves (a 4-bit `qweight` packs 8 weights an
//! int32: the widest quantized matrix, in fp16) and `temp_state` of `max_input_len` (2048 by
//! default) x the widest side in fp16 only when the checkpoint is act-order (`desc_act`; else
//! 1 x 1). Act-order is the checkpoint's, not stated in a request, so `temp_state` is not
//! sized: the answer says what it would add (`note`).
//!
//! Measured (held-out 71, optimum-benchmark, TheBloke/LLaMa-7B-GPTQ on Transformers 4.35.2,
//! `max_memory_allocated`): the v2 series sits 726 MB above the v1 series at every batch
//! (5,609 against 4,883 MB at batch 1; 56,364 against 55,638 at 64): v2's scratch (4096 x
//! 11008 x 2 + 11008 x 2048 x 8 x 4 bytes = 811.6 MB) less v1's `temp_dq` (90.2 MB) is 721.4 MB.

use super::{Engine, FitRequest, ModelLayout, Quant, Shape, Task, TransformersRelease};
use crate::reply::Msg;

/// The first Transformers release with a GPTQ integration (`GPTQConfig`): 4.32.
const GPTQ_INTEGRATION_FROM: TransformersRelease = TransformersRelease {
    major: 4,
    minor: 32,
};

/// The first release whose `GPTQConfig` can hand the kernel to GPTQModel (`backend`): 4.49.
const GPTQMODEL_FROM: TransformersRelease = TransformersRelease {
    major: 4,
    minor: 49,
};

/// AutoGPTQ's `EXLLAMA_DEFAULT_MAX_INPUT_LENGTH`: the rows of `temp_state` under act-order.
const EXLLAMA_MAX_INPUT_LEN: f64 = 2048.0;

/// Each quantized matrix as (inner, outer) features: q, k, v, o and the FFN's (an MoE's
/// experts too). The head stays 16-bit (optimum quantizes the decoder layers only).
fn linears(shape: &Shape) -> Vec<(f64, f64)> {
    let h = f64::from(shape.hidden);
    let attn = f64::from(shape.heads * shape.head_dim);
    let kv = f64::from(shape.kv_heads * shape.head_dim);
    let mut linears = vec![(h, attn), (h, kv), (attn, h)];
    for inter in [shape.intermediate, shape.moe_intermediate] {
        if inter > 0 {
            let i = f64::from(inter);
            linears.extend([(h, i), (i, h)]);
        }
    }
    linears
}

/// Whether a 4-bit GPTQ inference runs ExLlama (v1) by default: Transformers' layout, a
/// release word from 4.32 through 4.48, no ExLlamaV2 word. Training loads with exllama off
/// (`gptq_train`); no release word is today's Transformers (GPTQModel's own choice).
fn runs_v1(req: &FitRequest) -> bool {
    req.engine == Engine::Transformers
        && req.layout == ModelLayout::Transformers
        && req.quant == Quant::GptqInt4
        && req.task == Task::Infer
        && !req.exllama_v2
        && !req.unsloth
        && req
            .transformers_release
            .is_some_and(|r| r >= GPTQ_INTEGRATION_FROM && r < GPTQMODEL_FROM)
}

/// Bytes of ExLlama (v1)'s `temp_dq` on each card: the widest quantized matrix in fp16; 0
/// where the kernel is not the default (`runs_v1`).
pub fn exllama_v1_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !runs_v1(req) {
        return 0.0;
    }
    linears(shape)
        .into_iter()
        .map(|(inner, outer)| inner * outer * 2.0)
        .fold(0.0, f64::max)
}

/// Bytes `temp_state` would add on each card for an act-order checkpoint: 2048 rows of the
/// widest side in fp16. Said in the answer, not sized.
fn act_order_bytes(shape: &Shape) -> f64 {
    let widest = linears(shape)
        .into_iter()
        .map(|(inner, outer)| inner.max(outer))
        .fold(0.0, f64::max);
    EXLLAMA_MAX_INPUT_LEN * widest * 2.0
}

/// The answer's line where ExLlama (v1)'s buffer is sized: the release, its GiB, and what an
/// act-order checkpoint would add.
pub fn note(shape: &Shape, req: &FitRequest) -> Option<Msg> {
    let bytes = exllama_v1_bytes(shape, req);
    let r = req.transformers_release.filter(|_| bytes > 0.0)?;
    let gib = |b: f64| (b / super::GIB * 100.0).round() / 100.0;
    Some(
        Msg::new("fit-note-exllama-v1")
            .arg("release", r.label())
            .arg("gib", gib(bytes))
            .arg("state", gib(act_order_bytes(shape))),
    )
}

/// Bytes of the ExLlamaV2 scratch on each card: the widest quantized matrix's dequantized copy
/// and its forward buffer for 2048 tokens x 8 sequences in fp32. 0 without the word, off
/// Transformers, or for a format the kernel does not run (it takes 4-bit GPTQ only).
pub fn exllama_v2_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !req.exllama_v2 || req.engine != Engine::Transformers || req.quant != Quant::GptqInt4 {
        return 0.0;
    }
    linears(shape)
        .into_iter()
        .map(|(inner, outer)| {
            let outer = (outer / 32.0).ceil() * 32.0;
            (inner * outer * 2.0 + 128.0) + (outer * 2048.0 * 8.0 * 4.0 + 128.0)
        })
        .fold(0.0, f64::max)
}
