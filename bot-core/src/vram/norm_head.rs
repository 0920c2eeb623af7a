//! Baichuan2's output head in training (mem_fg, session 44).
//!
//! Baichuan2's modelling code (`NormHead`, jrd77/Baichuan2-13B-Chat@c6f8592 `modeling_baichuan.py`
//! lines 504-521, a copy of the Hub file; the 7B's file has the same class) normalizes the head's
//! weight on every forward in training mode:
//! `norm_weight = nn.functional.normalize(self.weight)` then
//! `nn.functional.linear(hidden_states, norm_weight)`. `linear` keeps `norm_weight` for the
//! input's gradient, so a vocabulary x hidden copy lives from the head's forward to its backward,
//! whether the head trains (full fine-tuning) or not (LoRA, QLoRA). ms-swift patches the class
//! (`patch_baichuan2_lm_head_forward`: `F.normalize(self.weight).to(self.weight.dtype)`) and keeps
//! the copy. In eval the code normalizes the weight once in place: nothing at inference.
//!
//! Under 16-bit autocast the copy `linear` keeps is the 16-bit cast; an fp32 head (PEFT's k-bit
//! preparation casts it) is normalized in fp32 first, 4 bytes a weight beside the 2 for the cast.
//! In full fine-tuning the head's backward makes the normalized weight's gradient (compute dtype)
//! and the division's gradient (the parameter's dtype) beside the copy.

use super::request::{FitRequest, ModelLayout};
use super::{Engine, ModelRef, Shape, Task};
use crate::reply::Msg;

/// Whether the request trains Baichuan2 through its own modelling code (Transformers with
/// `trust_remote_code`: the Trainer, ms-swift, LLaMA-Factory).
fn applies(req: &FitRequest) -> bool {
    let ModelRef::Known(m) = req.model else {
        return false;
    };
    req.task.is_training()
        && req.engine == Engine::Transformers
        && req.layout == ModelLayout::Transformers
        && !req.unsloth
        && m.family == "baichuan2"
}

/// Bytes of the normalized copy `linear` keeps from the head's forward to its backward.
pub(super) fn held_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !applies(req) {
        return 0.0;
    }
    shape.params.lm_head * 2.0 * super::fp32_model::activation_scale(req)
}

/// Bytes beside the held copy at the head's forward (an fp32 head's normalized weight before
/// autocast casts it) or, in full fine-tuning, at its backward (the normalized weight's gradient
/// and the division's), whichever is larger.
pub(super) fn step_bytes(shape: &Shape, req: &FitRequest) -> f64 {
    if !applies(req) {
        return 0.0;
    }
    let vh = shape.params.lm_head;
    // PEFT's k-bit preparation casts the head to fp32 with the norms (`layer_kept::stream_bytes`).
    let fp32_head = super::layer_kept::stream_bytes(req) == 4.0
        || super::fp32_model::full_param_bytes(req) == 4.0;
    let forward = if fp32_head { vh * 4.0 } else { 0.0 };
    let backward = if req.task == Task::Full {
        vh * (2.0 + super::fp32_model::full_param_bytes(req))
    } else {
        0.0
    };
    forward.max(backward)
}

/// The answer's line: what the copy holds, and in full fine-tuning what the backward adds.
pub(super) fn note(shape: &Shape, req: &FitRequest) -> Option<Msg> {
    let held = held_bytes(shape, req);
    if held <= 0.0 {
        return None;
    }
    let backward = if req.task == Task::Full {
        step_bytes(shape, req)
    } else {
        0.0
    };
    Some(
        Msg::new("fit-note-norm-head")
            .arg("gib", super::round2(held / super::GIB))
            .arg("backward", super::round2(backward / super::GIB))
            .arg("vocab", shape.vocab as f64),
    )
}
