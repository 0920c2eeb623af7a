//! What PyTorch FSDP (`fully_shard`, FSDP2) holds unsharded on every card beyond the two
//! decoder layers it gathers (`train::compute_train`), from how trainers wrap the model:
//!
//! - **The root unit.** Trainers wrap each decoder layer and then the whole model; the
//!   parameters no layer owns (token embedding, final norm, untied output head) form the root's
//!   group. FSDP2 all-gathers a group in its module's pre-forward and reshards it after that
//!   module's forward: the root's forward is the whole forward, and its pre-backward gathers
//!   again for the whole backward. So embedding and head sit whole, 16-bit, on every card
//!   throughout the step. axolotl's own `fsdp2_prepare_model`
//!   (src/axolotl/monkeypatch/accelerate/fsdp2.py @067b021c) and Accelerate's until
//!   huggingface/accelerate#4015 (60b5c258, 2026-04-24: "Carve embed + tail=[final_norm,
//!   lm_head] into their own units") wrap exactly so. Quantizers keep embedding and head
//!   16-bit, so a Q-LoRA base holds them whole too.
//! - **The unit's unsharded gradients** (full fine-tuning): FSDP2 reduce-scatters a unit's
//!   gradients after the unit's backward (`FSDPParamGroup.post_backward`), so one decoder
//!   layer's gradients exist whole first, and the root's (embedding and head) live from the
//!   head's backward, the first thing the backward computes, to its end. DeepSpeed ZeRO-3
//!   reduces gradient by gradient into small buckets instead (no word `fsdp`: nothing here).
//! - **The previous unit's reduce-scatter input** (full fine-tuning): `foreach_reduce`
//!   (torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py) copies a unit's gradients into
//!   a new flat `reduce_scatter_input` of the reduce dtype on the reduce-scatter stream, and
//!   `FSDPParamGroup.post_backward` keeps it in `comm_ctx.reduce_scatter_state` until the
//!   *next* unit's post-backward waits on it: while a decoder layer computes its gradients
//!   whole, the layer before it in the backward still holds its copy. Accelerate's FSDP2
//!   policy reduces in the training dtype (bf16: 2 bytes a parameter), so two layers of
//!   gradients, not one. Found with held-out 5's gpt-oss-20b on 8 cards (−22.6 → −17.8 %;
//!   on 4 cards −4.3 → −0.5 %).
//!
//! Found on held-out 5 (axolotl's gpt-oss-20b FSDP2 full fine-tuning, 201k-word vocabulary:
//! 1.16 B parameters in embedding and head; Llama-4 Scout Q-LoRA over FSDP2).

use super::{FitOptions, FitRequest, GIB, Shape, Task, Zero};

/// Bytes of (root parameters gathered, unsharded gradients) on each card beyond their shard,
/// for a training sharded by FSDP (`FitOptions::fsdp`) over `req.cards`; zero otherwise.
pub(super) fn unsharded_bytes(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> (f64, f64) {
    let full_shard = opts.zero.unwrap_or(Zero::Three) == Zero::Three;
    if !opts.fsdp || !full_shard || req.cards < 2 || !req.task.is_training() {
        return (0.0, 0.0);
    }
    let n = req.cards as f64;
    let pc = &shape.params;
    // In the model's dtype: 4 bytes for an fp32 one (`vram::fp32_model`).
    let b = req.quant.unquantized_bytes();
    let root = (pc.embed + pc.lm_head) * b;
    let params = root * (1.0 - 1.0 / n);
    let grads = if req.task == Task::Full {
        let layer = (pc.total - pc.embed - pc.lm_head).max(0.0) / shape.layers.max(1) as f64;
        // The unit's own gradients and the previous unit's reduce-scatter input.
        root * (1.0 - 1.0 / n) + layer * 2.0 * super::fp32_model::full_param_bytes(req)
    } else {
        0.0
    };
    (params, grads)
}

/// The same in GiB, together, for the answer (it states the term with its size); zero for a
/// model without a known shape.
pub fn fsdp_unsharded_gib(req: &FitRequest, opts: &FitOptions) -> f64 {
    let super::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = Shape::from_model(m) else {
        return 0.0;
    };
    let (p, g) = unsharded_bytes(&s, req, opts);
    (p + g) / GIB
}
