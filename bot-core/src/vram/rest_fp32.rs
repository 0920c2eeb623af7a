//! A quantized checkpoint loaded with fp32 as the model's dtype (`FitRequest::unquantized_fp32`,
//! word `fp32rest=on`, CLI `--unquantized-fp32`): what the format leaves unquantized is fp32.
//!
//! - LitGPT (Lightning-AI/litgpt@982abcbc `generate/base.py`): `--quantize gptq.int4` builds the
//!   model under `fabric.init_module(empty_init=True)` at the Fabric precision, so under
//!   `--precision 32-true` the embedding and the norms are fp32 parameters, while every Linear,
//!   the head included, is `quantize/gptq.py`'s `ColBlockQuantizedLinear` (`uint8`
//!   `quant_weight`, per-column `scales` / `zeros`). Its KV cache and RoPE tables take the model's
//!   dtype. The bitsandbytes path there (`--quantize bnb.*` with `32-true`) dequantizes a layer
//!   to fp16 and casts it to the input's fp32 (`litgpt_infer`).
//! - Transformers with `torch_dtype=torch.float32` on a GPTQ / AWQ / bitsandbytes checkpoint: the
//!   modules the quantizer skips (embedding, norms, `lm_head`) load in that dtype, and the cache
//!   holds the key and value states in it (`vram::fp32_model`).
//!
//! Measured (held-out 58, LitGPT `tutorials/quantize.md` @982abcbc): Falcon-7B `gptq.int4` at
//! `32-true` allocates 5.05 GB, 0.59 GB above its 16-bit embedding's reading.
//! Inference only: a training job on a 4-bit base has PEFT's own fp32 cast (`kbit_upcast`).

use super::parts::WeightSplit;
use super::{Engine, FitRequest, ModelLayout, Quant, Shape};

/// Whether the word applies: inference of a quantized checkpoint that takes a torch dtype
/// (GPTQ, AWQ, bitsandbytes; not GGUF / EXL2 files, FP8 or an experts-only format).
pub(super) fn applies(req: &FitRequest) -> bool {
    req.unquantized_fp32
        && !req.task.is_training()
        && req.engine == Engine::Transformers
        && matches!(
            req.quant,
            Quant::Int8
                | Quant::GptqInt8
                | Quant::Int4
                | Quant::GptqInt4
                | Quant::GptqInt3
                | Quant::Awq
                | Quant::Nf4
                | Quant::Fp4
        )
}

/// The split with its unquantized tensors at 4 bytes instead of 2: embedding and norms, and the
/// head unless LitGPT's layout packed it with the matrices (`litgpt_infer::reshape_split`).
pub(super) fn widen(req: &FitRequest, split: &mut WeightSplit) {
    if !applies(req) {
        return;
    }
    split.embed *= 2.0;
    split.other *= 2.0;
    if req.layout != ModelLayout::LitGpt {
        split.head *= 2.0;
    }
}

/// Bytes the fp32 rest adds over the 16-bit one (for the answer), 0 where the word does not apply.
pub(super) fn extra_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !applies(req) {
        return 0.0;
    }
    // `widen` doubles only parts LitGPT's reshape leaves as they are (it moves the head it packs
    // into the matrices' format, which `widen` skips), so the plain split gives the same sum.
    let mut split = super::parts::weight_split(shape, req.quant, req.engine);
    let before = split.total();
    widen(req, &mut split);
    split.total() - before
}

/// The answer's line: the fp32 rest's GiB over 16-bit, and the cache in fp32.
pub(super) fn note(shape: &Shape, req: &FitRequest) -> Option<crate::reply::Msg> {
    let extra = extra_bytes(shape, req);
    (extra > 0.0).then(|| {
        crate::reply::Msg::new("fit-note-fp32-rest")
            .arg("gib", (extra / super::GIB * 100.0).round() / 100.0)
    })
}
