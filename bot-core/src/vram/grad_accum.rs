//! Gradient accumulation and the training peak (`FitRequest::grad_accum`): whether the
//! gradients live beside the forward pass's activations.
//!
//! With accumulation (more than one micro-batch per optimizer step) the gradients of the first
//! micro-batch stay through every later one's forward and backward pass: the peak is weights +
//! gradients + optimizer state + the larger of the activations and the optimizer step's
//! intermediate (`train::compute_train`'s sum). The trainers accumulate by default:
//! LLaMA-Factory's example configs (hiyouga/LLaMA-Factory `examples/train_lora/llama3_lora_sft.yaml`
//! @13d252fa `gradient_accumulation_steps: 8`, `examples/train_full/qwen3_full_sft.yaml` @dc85995a
//! `2`) and ms-swift (modelscope/ms-swift@3602360a `swift/trainers/arguments.py`: `None` becomes
//! `max(1, ceil(16 / per_device_train_batch_size / world_size))`; 1 for GRPO).
//!
//! With one micro-batch per step and `zero_grad(set_to_none=True)` (PyTorch's default since 2.0;
//! the Hugging Face Trainer calls `model.zero_grad()` after each step, its
//! `gradient_accumulation_steps` default is 1) no gradient exists when the forward pass runs:
//! `single_step_peak` is the largest of the moments of the step (`Phases`).

use super::request::{FitOptions, FitRequest};
use super::{Shape, Task, Zero};

pub use super::request::MAX_GRAD_ACCUM;

/// Whether the job steps the optimizer after every micro-batch with its gradients freed in
/// between: `accum=1`, training on one card, under plain data parallel or a layer split.
/// DeepSpeed ZeRO and FSDP keep gradient partitions and buckets of their own (not modelled
/// here): their figure stays the accumulating one.
pub(super) fn single_step(req: &FitRequest, opts: &FitOptions, zero: Zero) -> bool {
    req.grad_accum == Some(1) && req.task.is_training() && zero == Zero::Off && !opts.fsdp
}

/// What is live, beyond weights and optimizer state, at each moment of one micro-batch's step,
/// in bytes on the card.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Phases {
    /// The forward pass's peak with the loss head at the start of the backward pass (the
    /// estimator's activations): no parameter gradient exists yet.
    pub activations: f64,
    /// Of those, what the decoder layers keep for the backward pass (every layer's tensors, or
    /// the checkpointed inputs), still held while the output head's backward runs.
    pub layers_held: f64,
    /// One layer's kept tensors: the last layer the backward pass reaches holds them (under
    /// checkpointing, recomputed) with nearly every gradient already made.
    pub one_layer: f64,
    /// The output head's backward transient: the 16-bit gradient of the logits and the
    /// hidden states' gradient (0 for a fused loss, which makes its gradient in the forward).
    pub head_transient: f64,
    /// Every gradient of the micro-batch on this card.
    pub grads: f64,
    /// The trained output head's gradient (V × h), made first; 0 when the head is frozen.
    pub head_grads: f64,
    /// One decoder layer's gradients.
    pub layer_grads: f64,
    /// A tied embedding's second gradient: the embedding's backward makes a V × h tensor at
    /// the very end and adds it in place into the head's (`AccumulateGrad`); 0 when untied or
    /// frozen (an untied embedding's gradient is one of `grads`).
    pub tied_embedding_grad: f64,
    /// What the optimizer step allocates (`optim_step::foreach_step_bytes`, or DeepSpeed's).
    pub step: f64,
}

/// The transient part of a single-step peak: the largest of
/// - the forward and loss peak, no gradient yet (`activations`);
/// - the output head's backward: the layers' kept tensors, the head's gradient and the larger
///   of the logits' gradient and the first layer's gradients (the logits' are freed before it);
/// - the end of the backward pass: every gradient and the larger of the last layer's kept
///   tensors and a tied embedding's second gradient;
/// - the optimizer step: every gradient and the step's intermediate (PyTorch's AdamW on its
///   default multi-tensor path: `_multi_tensor_adamw` builds `exp_avg_sq_sqrt =
///   torch._foreach_sqrt(device_exp_avg_sqs)`, one tensor the size of the moments per parameter
///   group, and updates everything else in place, weight decay included:
///   pytorch/pytorch@c15fcf4e `torch/optim/adamw.py`).
///
/// In between, one layer's kept tensors are freed as its gradients are made: what is held
/// moves from the second moment to the third, never above both.
pub fn single_step_peak(p: &Phases) -> f64 {
    let head = p.layers_held + p.head_grads + p.head_transient.max(p.layer_grads);
    let end = p.grads + p.one_layer.max(p.tied_embedding_grad);
    let step = p.grads + p.step;
    p.activations.max(head).max(end).max(step)
}

/// The transient part of an accumulating step: the gradients held throughout, with the larger
/// of the activations and the step's intermediate (the sum `train` has always counted).
pub fn accumulating_peak(p: &Phases) -> f64 {
    p.grads + p.activations.max(p.step)
}

/// Bytes the output head's backward holds beside the layers' tensors: the logits' 16-bit
/// gradient (`logit_tokens` × V × 2, after the loss's fp32 tensors are freed) and the hidden
/// states' gradient (`tokens` × h × 2).
pub(super) fn head_transient_bytes(shape: &Shape, logit_tokens: f64, tokens: f64) -> f64 {
    logit_tokens * shape.vocab as f64 * 2.0 + tokens * shape.hidden as f64 * 2.0
}

/// The trained output head's gradient and a tied embedding's second one (bytes, 16-bit), for
/// full fine-tuning; (0, 0) when the head is frozen.
pub(super) fn head_grad_bytes(shape: &Shape, req: &FitRequest) -> (f64, f64) {
    if req.task != Task::Full {
        return (0.0, 0.0);
    }
    let vh = shape.vocab as f64 * shape.hidden as f64 * 2.0;
    (vh, if shape.tied { vh } else { 0.0 })
}
