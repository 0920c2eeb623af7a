//! Where Liger Kernel's fused linear cross-entropy applies (`liger_fuses_loss`): only to a
//! trainer that hands the model its labels, i.e. supervised fine-tuning and pre-training. The
//! preference and RL trainers take per-token log-probabilities from the full-vocabulary logits
//! themselves, so `liger` / `enable_liger_kernel` / `use_liger_kernel` leaves those logits on
//! the card there.
//!
//! - linkedin/Liger-Kernel at 0150ad04 (`src/liger_kernel/transformers/model/qwen2.py`,
//!   `lce_forward`): the fused loss runs `if self.training and (labels is not None)`; otherwise
//!   `logits = self.lm_head(hidden_states)` and `logits.float()`, every token.
//! - hiyouga/LlamaFactory at 9174a7a8 (`src/llamafactory/model/model_utils/liger_kernel.py`):
//!   `if require_logits ...: kwargs = {"fused_linear_cross_entropy": False, "cross_entropy": True}`,
//!   with `require_logits=(finetuning_args.stage not in ["pt", "sft"])` in `model/loader.py`;
//!   at bd0c25a3 (`src/llamafactory/train/dpo/trainer.py`, `concatenated_forward`):
//!   `labels = batch.pop("labels")` then `model(**batch).logits` for chosen and rejected.
//! - TRL's DPO / ORPO / CPO / KTO `concatenated_forward` and GRPO's per-token log-probs call the
//!   model without labels the same way; TRL's separate `use_liger_loss` (a fused DPO loss)
//!   has no word here yet, so `liger` under those methods means the kernel patch. GRPO is the
//!   exception: `GRPOConfig.use_liger_kernel` itself builds Liger's fused GRPO loss from the
//!   last hidden state and the head's weight, whatever the model type (`vram::rl_trainer`).
//!
//! - linkedin/Liger-Kernel at ead96b61 (2026-08-21, `src/liger_kernel/transformers/monkey_patch.py`):
//!   the patch is looked up by the config's `model_type` in `MODEL_TYPE_TO_APPLY_LIGER_FN`; for a
//!   type not listed `_apply_liger_kernel` logs "There are currently no Liger kernels supported
//!   for model type" and patches nothing (LLaMA-Factory's `apply_liger_kernel` likewise logs that
//!   the model does not support it). `deepseek_v3` (DeepSeek-V3 / R1, Kimi-K2), `glm4_moe`
//!   (GLM-4.5 to 4.7), GLM-5's and `minimax_m2` are not listed, so `liger` leaves their logits.
//!
//! Unsloth keeps its own loss rules (`unsloth_loss`); this scope is for the other trainers.

use super::method::Method;
use super::{FitRequest, LossHead, ModelRef};

/// Catalog families whose `model_type` has no Liger patch (Liger-Kernel at ead96b61,
/// `MODEL_TYPE_TO_APPLY_LIGER_FN`).
const NO_PATCH: &[&str] = &[
    "deepseek-v3",
    "deepseek-r1",
    "kimi-k2",
    "glm-4.5",
    "glm-5",
    "minimax-m2",
];

/// Whether Liger has a patch for the model: every family but `NO_PATCH`. A size-only guess is
/// sized Llama-like, which Liger patches.
pub fn liger_patches(model: &ModelRef) -> bool {
    match model {
        ModelRef::Known(m) => !NO_PATCH.contains(&m.family.as_str()),
        ModelRef::BySize { .. } => true,
    }
}

/// Whether Liger's fused linear cross-entropy replaces the full-vocabulary logits for this
/// training method: only when the trainer passes labels to the model (SFT). A reward model has
/// no vocabulary logits at all (`method::logit_tokens`), so the answer does not matter there.
pub fn liger_fuses_loss(method: Method) -> bool {
    matches!(method, Method::Sft)
}

/// The loss head the trainer really runs: the requested one, except that a fused (Liger) loss
/// asked for under a preference or RL method falls back to the default fp32 head
/// (`LossHead::Fp32`: Transformers' `logits.float()`), because the trainer holds every token's
/// logits to take its log-probabilities. Unsloth's own loss is left to `unsloth_loss`.
pub fn effective_loss(req: &FitRequest) -> LossHead {
    // The Triton loss replaces the loss the model computes from its labels: a preference or RL
    // trainer's own log-probabilities, or a model class fms does not patch, keep Transformers'.
    if req.loss == LossHead::Triton
        && !req.unsloth
        && (!liger_fuses_loss(req.method) || !super::loss_head::triton_patches(&req.model))
    {
        return LossHead::Fp32;
    }
    // TRL's and ms-swift's GRPO build Liger's own fused GRPO loss (`rl_trainer::grpo_fused`).
    if req.loss == LossHead::Fused
        && !req.unsloth
        && !super::rl_trainer::grpo_fused(req)
        && (!liger_fuses_loss(req.method) || !liger_patches(&req.model))
    {
        LossHead::Fp32
    } else {
        req.loss
    }
}

/// Whether the request asked for Liger (`liger`) under a method where it does not fuse the
/// loss: the answer says the logits are counted anyway.
pub fn liger_logits_kept(req: &FitRequest) -> bool {
    req.loss == LossHead::Fused
        && effective_loss(req) != LossHead::Fused
        && liger_patches(&req.model)
}

/// Whether the request asked for the Triton loss (`fast_loss`) where it does not run (a model
/// class fms does not patch, or a trainer that takes its own log-probabilities): the answer
/// says the logits are counted as Transformers' own loss holds them.
pub fn triton_unapplied(req: &FitRequest) -> bool {
    req.loss == LossHead::Triton && !req.unsloth && effective_loss(req) != LossHead::Triton
}

/// Whether the request asked for Liger for a model Liger has no patch for: the answer says the
/// logits are counted anyway.
pub fn liger_unpatched(req: &FitRequest) -> bool {
    req.loss == LossHead::Fused && !req.unsloth && !liger_patches(&req.model)
}
