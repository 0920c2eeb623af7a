//! LoRA adapters on an MoE's routed experts asked for apart from the module list
//! (`FitRequest::lora_experts`, `experts=on`, `--lora-experts`).
//!
//! PEFT's `target_parameters` is a list of its own beside `target_modules`: `ParamWrapper` wraps
//! a 3-D expert parameter with `lora_A` (in -> r·E) and `lora_B` (r·E -> out)
//! (huggingface/peft@5d602fdb `src/peft/tuners/lora/layer.py` `ParamWrapper`). axolotl sets both
//! lists: `lora_target_parameters: [mlp.experts.gate_up_proj, mlp.experts.down_proj]` beside a
//! q/k/v/o `lora_target_modules` (axolotl@067b021c examples/glm47-flash/qlora.yaml). So the routed
//! experts carry adapters even where the module list names no FFN projection. Found on held-out
//! 62's GLM-4.7-Flash QLoRA with its experts targeted (-47.0 % -> -14.7 %).

use super::unsloth_release::adapts_experts;
use super::{FitRequest, Shape};

/// [`Shape::lora_params_on`] at rank `r` on the request's targets, with the routed experts asked
/// for apart (`FitRequest::lora_experts`) adapted even where the targets name no FFN projection:
/// each routed expert's three projections, r x (hidden + expert width) each, as the all-linear
/// count takes an expert (PEFT's fused `gate_up_proj` is r x (hidden + 2 x width), a little
/// fewer). Experts an old Unsloth release adapts through its all-linear default
/// (`unsloth_release::adapts_routed_experts`) stay tied to the module list.
pub(super) fn lora_params_for(shape: &Shape, r: u32, req: &FitRequest) -> f64 {
    let targets = req.lora_targets;
    let own = shape.lora_params_on(r, targets, adapts_experts(req));
    if !req.lora_experts || targets.adapts_ffn() || !shape.is_moe() {
        return own;
    }
    let per_expert = 3.0 * (shape.hidden as f64 + shape.moe_intermediate as f64);
    own + r as f64 * shape.moe_layers() as f64 * shape.experts as f64 * per_expert
}
