//! A LoRA step on a GPTQ base: auto_gptq's PyTorch dequantize path, whose 16-bit weights
//! autograd keeps for the backward pass.
//!
//! Transformers loads a GPTQ checkpoint for training with the exllama kernels off (ms-swift
//! @4312aeb2 `swift/llm/utils/model.py` `get_model_tokenizer_qwen_intx`: `GPTQConfig(bits,
//! use_exllama=False)`, and a patch that turns `autogptq_cuda_available` off in training "fix
//! sft no grad"; Qwen's own finetune.py: `disable_exllama=True`), so each matrix is auto_gptq's
//! `qlinear_cuda_old.QuantLinear`. Its CUDA kernel has no backward and only serves inputs under
//! `kernel_switch_threshold` (128) rows; a training step runs the PyTorch branch of `forward`
//! (AutoGPTQ/AutoGPTQ@f4c96810, v0.5.1, `auto_gptq/nn_modules/qlinear/qlinear_cuda_old.py`):
//! - `torch.bitwise_right_shift(qweight.unsqueeze(1).expand(...), wf)` of the int32 `qweight`
//!   and int32 `wf`: an int32 tensor of every weight (4 bytes a weight), `.to(torch.int8)`
//!   (`int16` at 8 bits) beside it, then `bitwise_and`, `weight - zeros` and `scales * (...)`,
//!   the last a 16-bit weight (2 bytes);
//! - `out = torch.matmul(x, weight)`: the input requires grad (the adapters below it train), so
//!   autograd saves `weight` for `grad_x = grad_out @ weight.T`. The dequantized matrix lives
//!   until its layer's backward has run.
//!
//! With gradient checkpointing the first forward runs without grad (nothing saved) and the
//! recomputed layer holds its matrices' 16-bit copies until its backward; while its last matrix
//! is unpacked, the int32 shift and the int8 (int16) cast stand where its 16-bit copy will be:
//! 3 (4) bytes a weight more. Without checkpointing every layer's copies wait for the backward.
//! The packed base itself is allocated once at load, like a bitsandbytes or AWQ base
//! (`train::allocator_reserve`): the reserve follows the dequantized copies, which are freed and
//! allocated again in every layer, not the base.
//!
//! Not for Unsloth (no GPTQ path) or a full fine-tune (a GPTQ base is not trained whole).

use super::{FitRequest, ModelLayout, Quant, Shape, Task};

/// Whether the step runs auto_gptq's PyTorch dequantize path: a LoRA / Q-LoRA on a GPTQ
/// checkpoint (`gptq-int4`, `gptq-int3`, `gptq-int8`) in Transformers' layout, not Unsloth.
pub(super) fn applies(req: &FitRequest) -> bool {
    matches!(
        req.quant,
        Quant::GptqInt4 | Quant::GptqInt3 | Quant::GptqInt8
    ) && matches!(req.task, Task::Lora | Task::Qlora)
        && req.layout == ModelLayout::Transformers
        && !req.unsloth
}

/// Bytes a weight stands at while its matrix is unpacked, beyond the 16-bit copy it becomes:
/// the int32 shift (4) and the int8 cast (1) at 4 bits, the int16 cast (2) at 8 bits, less 2.
/// At 3 bits nothing is cast down (AutoGPTQ @058fd80a72d63d992347e3a23dcd5757449a9e2d
/// `qlinear_cuda.py` `forward`, the torch path a trainable layer takes): the unpacked int32
/// `weight` (4) is held while `weight - zeros[g_idx]` (int32, 4) and its product with the fp16
/// scales (2) are built, 10 bytes, less 2.
fn unpack_extra(quant: Quant) -> f64 {
    match quant {
        Quant::GptqInt8 => 4.0,
        Quant::GptqInt3 => 8.0,
        _ => 3.0,
    }
}

/// Bytes the step holds of dequantized weights on a card holding `layers_on_card` layers (the
/// recomputed layer's with checkpointing, every layer's without) and the last matrix's unpack
/// beside them; 0 where the path does not apply.
pub(super) fn held_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !applies(req) {
        return 0.0;
    }
    let layers = shape.layers.max(1) as f64;
    let per_layer = shape.params.linear / layers;
    let held_layers = if req.grad_checkpointing { 1.0 } else { layers };
    // The widest matrix bounds the one being unpacked: an FFN projection or the query's.
    let hidden = shape.hidden as f64;
    let q_width = (shape.heads * shape.head_dim) as f64;
    let ffn = shape.intermediate.max(shape.moe_intermediate) as f64;
    let widest = hidden * ffn.max(q_width);
    per_layer * 2.0 * held_layers + widest * unpack_extra(req.quant)
}
