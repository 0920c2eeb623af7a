//! What a decoder layer keeps per token for the backward pass, tensor by tensor: on a 16-bit
//! base in Transformers (`sixteen_bit_layer_bytes`) and the LoRA adapters' own copies of their
//! inputs (`adapter_input_bytes`). Used by `train::activations`.

use super::request::{FitRequest, ModelLayout};
use super::shape::Shape;
use super::unsloth_release::adapts_experts;
use super::{LoraTargets, ModelRef, Task};

/// Bytes per token one decoder layer keeps for the backward pass in Transformers on a 16-bit
/// base (sdpa or flash attention), by tensor, where the layer is a plain one (no MLA, no
/// compressed attention; quantized bases, LitGPT and Unsloth keep the lump above):
/// - each RMSNorm its fp32 upcast input (4 bytes, two norms: 8h), and with trainable weights
///   its bf16 output too (the linear layers' shared input; 2h each);
/// - the attention kernel its q, k, v and output (2·qw + 2·kvw + 2·kvw + 2·qw, with qw = heads ×
///   head_dim and kvw = KV heads × head_dim), and with q/k norms (`Shape::qk_norm`) their fp32
///   inputs (4·qw + 4·kvw) and, trainable, their bf16 outputs (2·qw + 2·kvw);
/// - a trainable o projection its input (2·qw);
/// - the MLP the gate output, the activation and the up output (6f), and a trainable down
///   projection its input, the product (2f).
///
/// A frozen linear keeps no input (autograd saves a matmul's input only for its weight's
/// gradient): under LoRA the adapters' own copies (`adapter_input_bytes`) are what is kept.
/// Measured with tools/fit-measure --train (H200, Transformers 5.17, PEFT 0.21, pure bf16): per
/// token, Qwen2.5-0.5B LoRA 3.77 MB and full 3.12 MB against 3.77 and 3.15 here (with the loss
/// head), Qwen2.5-7B LoRA 10.8 against 10.8, Qwen3-8B LoRA 12.47 against 12.45.
pub(super) fn sixteen_bit_layer_bytes(shape: &Shape, req: &FitRequest, stream: f64) -> Option<f64> {
    let plain = shape.mla.is_none() && shape.compressed.is_none();
    let base_16bit = !req.quant.is_low_bit();
    if stream != 2.0
        || !base_16bit
        || !plain
        || req.layout != ModelLayout::Transformers
        || req.unsloth
    {
        return None;
    }
    let trainable = req.task == Task::Full;
    let h = shape.hidden as f64;
    let qw = (shape.heads * shape.head_dim) as f64;
    let kvw = (shape.kv_heads * shape.head_dim) as f64;
    let f = shape.ffn_width_active_per_token();
    let mut kept = 8.0 * h + 4.0 * qw + 4.0 * kvw + 6.0 * f;
    if shape.qk_norm {
        kept += 4.0 * (qw + kvw);
    }
    if trainable {
        kept += 4.0 * h + 2.0 * qw + 2.0 * f;
        if shape.qk_norm {
            kept += 2.0 * (qw + kvw);
        }
    }
    Some(kept)
}

/// Bytes per adapted input element that LoRA keeps for the backward pass beside the layer's
/// own tensors. With dropout, the dropped-out copy that `lora_A` saves (2) and the mask (1).
/// Without, PEFT still makes a copy: it keeps adapters in fp32 on a 16-bit base
/// (`get_peft_model(autocast_adapter_dtype=True)`) and `lora.Linear.forward` casts each
/// adapter's input to fp32 (`_cast_input_dtype`), which 16-bit autocast casts back to a new
/// bf16 tensor for `lora_A`: 2 bytes, one copy per adapter even where q, k and v share an
/// input. Without autocast (`FitRequest::autocast` off: a loop of its own on a bf16 model)
/// `lora_A` keeps the fp32 copy itself: 4, or 5 with dropout. LitGPT's and Unsloth's adapters
/// share the model's dtype and read the layer's own input: nothing without dropout.
pub(super) fn adapter_input_bytes(req: &FitRequest) -> f64 {
    let peft = req.layout == ModelLayout::Transformers && !req.unsloth;
    match (req.lora_dropout, peft, req.autocast) {
        (true, true, false) => 5.0,
        (true, _, _) => 3.0,
        (false, true, true) => 2.0,
        (false, true, false) => 4.0,
        (false, false, _) => 0.0,
    }
}

/// The width in bytes of the hidden-size stream a layer keeps: 4 for a PEFT-prepared k-bit
/// base whose trainer casts the norms and inputs to fp32, 2 otherwise (`train::activations`).
pub(super) fn stream_bytes(req: &FitRequest) -> f64 {
    if super::kbit_base::prepared_by_peft(req.quant)
        && req.task != Task::Full
        && super::rl_trainer::kbit_upcast(req)
        && !req.unsloth
        // axolotl casts the norms back to 16-bit after the preparation (`vram::axolotl`).
        && !req.axolotl
    {
        4.0
    } else {
        2.0
    }
}

/// Bytes a layer keeps per token for the backward pass in 16-bit terms (the caller scales an fp32
/// model): the layer's own tensors, LoRA dropout's input copies and DoRA's kept outputs.
pub(super) fn per_layer_bytes(shape: &Shape, req: &FitRequest, stream: f64) -> f64 {
    // bitsandbytes casts each fp32 input to the compute dtype and its output back to fp32, so
    // all eight hidden-width tensors a layer keeps are fp32 (LitGPT's no-checkpointing 4-bit
    // rows hold even more per token).
    // LoRA adapters' own copies of their inputs, `ModelLayout::lora_dropout_inputs` wide per
    // token, on top of the layer's own tensors (`adapter_input_bytes`).
    // A tuner beside LoRA keeps its own per-token tensors on its own targets
    // (`tuners::per_token_bytes`).
    let tuner = super::tuners::per_token_bytes(shape, req, adapter_input_bytes(req));
    let dropout = if let Some(own) = tuner {
        own
    } else if req.task.is_training() && req.task != Task::Full {
        adapter_input_bytes(req)
            * super::parts::lora_dropout_inputs(
                shape,
                req.lora_targets,
                req.layout,
                adapts_experts(req),
            )
    } else {
        0.0
    };
    // FFN-width tensors: the gate and up outputs, the activation and the product's 16-bit copy
    // the down projection keeps. bitsandbytes' `Linear4bit.forward` casts its input to the
    // compute dtype and returns `out.to(inp_dtype)`, so with an fp32 stream the gate and up
    // outputs and the activation are fp32: 4 + 4 + 4 + 2 = 14 bytes per element instead of 8.
    // LitGPT's own 4-bit path (`ModelLayout::LitGpt`, bf16-true) feeds its layers in bf16.
    let ffn_bytes = if stream == 4.0 && req.layout == ModelLayout::Transformers {
        14.0
    } else {
        8.0
    };
    // DoRA keeps each wrapped matrix's base and adapter outputs for its magnitude's gradient.
    let dora = if req.dora && req.task.is_training() && req.task != Task::Full {
        let r1 = super::expert_adapters::lora_params_for(shape, 1, req);
        super::method::dora_activation_bytes_per_token(shape, r1)
    } else {
        0.0
    };
    (match sixteen_bit_layer_bytes(shape, req, stream) {
        Some(kept) => kept,
        None => 8.0 * stream * shape.hidden as f64 + ffn_bytes * shape.ffn_width_active_per_token(),
    } + dropout
        + dora)
}

/// Bytes per token that each layer waiting for its backward keeps less than `per_layer_bytes`
/// counts, under Unsloth's fused LoRA MLP (`unsloth_fused_mlp`): its activation and product
/// (4 bytes per FFN element). The layer running its backward is left at the full count: beside
/// its `X, e, g` the kernel's backward allocates `DW` (the down projection's input gradient,
/// 2 bytes per element) and writes the SwiGLU gradients into `DW, e, g` in place, with the
/// attention's own backward buffers besides; the per-layer count of the recomputed layer under
/// checkpointing stands for that working set and is not re-derived here.
pub(super) fn fused_mlp_saving_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if unsloth_fused_mlp(req) {
        4.0 * shape.ffn_width_active_per_token()
    } else {
        0.0
    }
}

/// Whether Unsloth's fused LoRA MLP runs every layer's FFN. `LoRA_MLP.forward`
/// (unslothai/unsloth@f4633d8e `unsloth/kernels/fast_lora.py`) computes the gate and up outputs
/// `e` and `g`, the SwiGLU product and the down projection, and saves only `X, e, g` beside the
/// adapters: its backward (`swiglu_DWf_DW_dfg_kernel`) recomputes the activation and the
/// product, so a layer keeps 4 bytes per FFN element (e and g in 16-bit) where a stock MLP
/// under autograd keeps 8 (gate, up, activation, product). `FastLlamaModel.patch_peft_model`
/// (`unsloth/models/llama.py`) installs it only when the adapters have no dropout and no bias,
/// and only on a layer whose gate, up and down projections all carry LoRA; it serves the
/// classes of Unsloth's own forward (`unsloth_loss::own_family`; no mixture of experts). Phi-3 /
/// Phi-4 checkpoints as Microsoft ships them fuse gate and up into one `gate_up_proj` that the
/// patch does not match: the stock count stays (never under). Found on held-out 59's TinyLlama
/// QLoRA without checkpointing (Unsloth 2024.1, packed 4096 x 2 on a T4: 13.5 GiB reserved).
fn unsloth_fused_mlp(req: &FitRequest) -> bool {
    let own_forward = match req.model {
        ModelRef::Known(m) => super::unsloth_loss::own_family(m) && !m.family.starts_with("phi"),
        // A size-only guess is shaped like a Llama, which Unsloth's own forward serves.
        ModelRef::BySize { .. } => true,
    };
    req.unsloth
        && own_forward
        && req.task.is_training()
        && req.task != Task::Full
        && !req.lora_dropout
        && !req.dora
        && req.tuner.is_none()
        && matches!(req.lora_targets, LoraTargets::AllLinear | LoraTargets::Mlp)
}
