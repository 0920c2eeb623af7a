//! A compressed-tensors checkpoint run through Transformers (`FitRequest::compressed_tensors`;
//! words `compressed-tensors` / `llm-compressor`, CLI `--compressed-tensors`): the 16-bit
//! weights it keeps beside the packed ones.
//!
//! llm-compressor writes its AWQ, GPTQ, W8A16 and FP8 checkpoints in compressed-tensors'
//! format (`quant_method: "compressed-tensors"`, `pack-quantized` / `float-quantized`), which
//! Transformers loads through `CompressedTensorsHfQuantizer`
//! (`transformers/quantizers/quantizer_compressed_tensors.py`): with `run_compressed` (the
//! default) every quantized `nn.Linear` becomes a `CompressedLinear` holding the packed
//! weight; with `run_compressed=False` the model is decompressed to 16-bit as it loads.
//! `CompressedLinear.forward` (neuralmagic/compressed-tensors
//! `src/compressed_tensors/linear/compressed_linear.py`) decompresses the weight on the
//! module's first call and registers it as the module's 16-bit `weight` (b762e565, "Update:
//! CompressedLinear to decompress once", first released in 0.10.0, 2025-06; same in 0.12.2),
//! and the packed parameters stay registered. So once a prefill or a training step has run
//! every layer, each quantized matrix is held twice: packed, and in the model's 16-bit dtype.
//! vLLM and SGLang run the packed weights with their own kernels: not them.

use super::{Engine, FitRequest, Quant, Shape};

/// Whether `quant` is a format compressed-tensors packs a linear layer in (integer 4/8-bit
/// with group scales, FP8), as opposed to bitsandbytes, GGUF, MXFP4 or 16-bit weights.
fn packed_format(quant: Quant) -> bool {
    matches!(
        quant,
        Quant::Fp8
            | Quant::Int8
            | Quant::GptqInt8
            | Quant::Int4
            | Quant::GptqInt4
            | Quant::Awq
            | Quant::Int4G32
    )
}

/// Parameters of the matrices `quant` stores quantized (an experts-only format: its experts;
/// a publisher's FP8 checkpoint: less what it keeps in 16-bit).
fn quantized_params(shape: &Shape, quant: Quant) -> f64 {
    let linear = shape.params.linear;
    if quant.experts_only() {
        let experts = if quant.routed_experts_only() {
            shape.routed_expert_params()
        } else {
            shape.expert_params()
        };
        experts.min(linear)
    } else if quant == Quant::Fp8 {
        linear - shape.fp8_kept_16bit.min(linear)
    } else {
        linear
    }
}

/// Bytes, whole model, of the 16-bit weights `CompressedLinear` keeps once every layer has
/// run, whatever the request says; 0 where the mechanism cannot apply (another engine or a
/// format compressed-tensors does not pack).
pub(crate) fn decompressed_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if req.engine != Engine::Transformers || !packed_format(req.quant) || req.torchao.is_some() {
        return 0.0;
    }
    quantized_params(shape, req.quant) * req.quant.unquantized_bytes()
}

/// What the estimate adds to the weights: [`decompressed_bytes`] when the request names a
/// compressed-tensors checkpoint, else nothing.
pub(super) fn extra_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if req.compressed_tensors {
        decompressed_bytes(shape, req)
    } else {
        0.0
    }
}

/// What the answer says about it: with the word, that the estimate counts the 16-bit copies
/// (and how much); without it, for a LoRA / Q-LoRA on a packed base in Transformers, that an
/// llm-compressor checkpoint of the same format would need them too, and the word that sizes
/// it. `None` elsewhere.
pub(super) fn warning(shape: &Shape, req: &FitRequest) -> Option<crate::reply::Msg> {
    let gib = decompressed_bytes(shape, req) / super::GIB;
    if gib <= 0.0 {
        return None;
    }
    let key = if req.compressed_tensors {
        "fit-assume-compressed-tensors"
    } else if req.task.is_training() {
        "fit-warn-compressed-tensors"
    } else {
        return None;
    };
    // Two decimals, as every figure the answer shows.
    let gib = (gib * 100.0).round() / 100.0;
    Some(crate::reply::Msg::new(key).arg("gib", gib))
}
