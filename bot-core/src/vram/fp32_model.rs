//! A model held and run in fp32 (`--quant fp32`): what follows its dtype. Found on held-out 58
//! (ChatGLM3-6B's full fine-tune under DeepSpeed without a precision section, which trains in
//! fp32), where `--quant fp32 --task full` was sized exactly like fp16.
//!
//! - Full fine-tuning: the trained parameters are the fp32 weights (4 bytes), autograd writes
//!   each `.grad` in its parameter's dtype (4), and `torch.optim.AdamW` makes its moments with
//!   `torch.zeros_like(p)` (4 + 4): no separate master copy, the fp32 parameters are the
//!   masters. DeepSpeed ZeRO clones its partition for the optimizer whatever the dtype
//!   (deepspeedai/DeepSpeed `deepspeed/runtime/zero/stage_1_and_2.py`:
//!   `self.parallel_partitioned_bit16_groups[i][partition_id].to(self.device).clone().float()
//!   .detach()`; stage3.py `fp32_partitioned_groups_flat` likewise), so 4 + 8 there.
//! - Without autocast (`FitRequest::mixed_precision` off) every tensor a layer computes is fp32:
//!   the activations kept for the backward pass are twice a 16-bit model's, and Transformers'
//!   KV cache holds the key and value states in the model's dtype (vLLM's `--kv-cache-dtype
//!   auto` is "the model data type" too). Under autocast the matmuls' outputs are 16-bit.

use super::{Engine, FitRequest, KvDtype, Quant, Task};

/// Whether the model computes in fp32: fp32 weights and no 16-bit autocast.
/// A quantized checkpoint loaded in fp32 computes in fp32 too (`vram::rest_fp32`).
pub(super) fn computes_in_fp32(req: &FitRequest) -> bool {
    (req.quant == Quant::Fp32 || super::rest_fp32::applies(req)) && !req.mixed_precision
}

/// Bytes per trained parameter of full fine-tuning's weights and gradients: the load dtype,
/// 4 for an fp32 model (under `amp` too: autocast casts copies, the parameters stay fp32).
pub(super) fn full_param_bytes(req: &FitRequest) -> f64 {
    if req.task == Task::Full && req.quant == Quant::Fp32 {
        4.0
    } else {
        2.0
    }
}

/// What the activations a training step keeps weigh against a 16-bit model's: 2 in fp32.
pub(super) fn activation_scale(req: &FitRequest) -> f64 {
    if req.task.is_training() && computes_in_fp32(req) {
        2.0
    } else {
        1.0
    }
}

/// What the KV cache weighs against the 16-bit cache sized for `(k, v)`: 2 when the engine
/// keeps it in an fp32 model's dtype (Transformers; vLLM's default `auto`), with the default
/// type asked for.
pub(super) fn kv_scale(req: &FitRequest, (k, v): (KvDtype, KvDtype)) -> f64 {
    let model_dtype = matches!(req.engine, Engine::Transformers | Engine::Vllm)
        && k == KvDtype::Fp16
        && v == KvDtype::Fp16;
    if model_dtype && computes_in_fp32(req) {
        2.0
    } else {
        1.0
    }
}
