//! axolotl's quantized routed experts (`quantize_moe_experts`), dequantized whole when the
//! experts module runs and held by autograd until the layer's backward.
//!
//! axolotl@067b021c `src/axolotl/monkeypatch/moe_quant.py` quantizes each fused 3-D expert
//! parameter (`gate_up_proj`, `down_proj`) at load and registers a parametrization on it:
//! bitsandbytes' `replace_parameter_4bit` for a 4-bit base, whose `Bnb4bitParametrization.forward`
//! is `F.dequantize_4bit` of the whole stack in the original 16-bit dtype
//! (bitsandbytes-foundation/bitsandbytes@0dc0c64c `bitsandbytes/nn/parametrize.py`), and
//! axolotl's own `Bnb8bitParametrization` for an 8-bit base, `int8_vectorwise_dequant` of the
//! whole stack, which returns fp32 (the int8 codes times fp32 row statistics). Both cache the
//! dequantized stack while the experts module's forward runs (pre- and post-hooks on
//! `P._cache_enabled`).
//!
//! Transformers' experts forward then computes each hit expert as
//! `F.linear(current_state, self.gate_up_proj[expert_idx])` and
//! `F.linear(..., self.down_proj[expert_idx])` (huggingface/transformers@1e1fe311
//! `models/glm4_moe_lite/modeling_glm4_moe_lite.py` `Glm4MoeLiteNaiveMoe.forward`; the same
//! loop in the other v5 MoE classes). `F.linear` saves its weight for the input's gradient, and
//! `[expert_idx]` is a view of the dequantized stack, so the whole stack stays alive until the
//! layer's backward has run. With gradient checkpointing that is one MoE layer's stack, from its
//! recompute to its backward; without it every MoE layer's (the ~53 GB bitsandbytes#1999 and
//! axolotl#3915 describe on a 30B MoE). The 8-bit stack is fp32, which the bf16 input can only
//! meet under autocast: each expert's slice is cast to 16-bit and that copy is the one saved, so
//! the recompute holds the fp32 stack (4 bytes a weight) and the 16-bit copies (2) together.
//! axolotl's ScatterMoE path (`FitRequest::scattermoe`) does not: "scattermoe dequants only
//! the active experts per step and recomputes that bf16 in backward (recipe) instead of saving
//! it — so the expert weights stay 4-bit-resident and never pin per-layer"
//! (axolotl@067b021c `examples/gemma4/26b-a4b-moe-bnb-lora.yaml`).
//! Found on held-out 62's GLM-4.7-Flash Q-LoRA on one card (axolotl's README ~24 GiB; 64
//! experts × 3 × 2048 × 1536 × 2 bytes = 1.13 GiB a layer).

use super::bnb_base::{bnb_base, kept};
use super::{FitRequest, Quant, Shape};

/// Whether `req` trains on axolotl's parametrized quantized experts: axolotl (not Unsloth) on
/// a bitsandbytes base of an MoE, the experts quantized with the rest (`bnb_experts`).
fn applies(shape: &Shape, req: &FitRequest) -> bool {
    req.axolotl
        && !req.unsloth
        && shape.is_moe()
        && req.task.is_training()
        && bnb_base(req)
        && !kept(req)
        && !req.scattermoe
}

/// Bytes one MoE layer's dequantized routed-expert stack holds while it waits for the layer's
/// backward (2 a weight from a 4-bit base; 4 + 2 from an 8-bit one, module doc); 0 where the
/// experts are not parametrized.
pub(super) fn layer_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !applies(shape, req) {
        return 0.0;
    }
    let per_layer = shape.routed_expert_params() / shape.moe_layers().max(1) as f64;
    let bytes = if req.quant == Quant::Int8 { 6.0 } else { 2.0 };
    per_layer * bytes
}

/// Bytes the step holds of dequantized stacks: one MoE layer's with gradient checkpointing
/// (the layer recomputed), every MoE layer's without.
pub(super) fn held_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    let layers = if req.grad_checkpointing {
        1.0
    } else {
        shape.moe_layers() as f64
    };
    layer_bytes(shape, req) * layers
}

/// GiB of dequantized expert stacks the step holds (`held_bytes`), for the answer to state; 0
/// where none or for a size-only guess.
pub fn held_gib(req: &FitRequest) -> f64 {
    let super::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = Shape::from_model(m) else {
        return 0.0;
    };
    held_bytes(&s, req) / super::GIB
}
