//! Which trainer runs a method other than SFT, and at which release (`FitRequest::rl_trainer`;
//! `trainer=swift`, `trl=0.18`; CLI `--rl-trainer`): the defaults that differ between them.
//!
//! - The reference model of GRPO. TRL's `GRPOConfig.beta` defaults to 0.0 since v0.19.0
//!   (huggingface/trl 7359ddcc, PR 3516, 2025-05-30, "New default: `beta=0.0` for GRPO"; at
//!   f2cd5771 `grpo_config.py`: "If `0.0` (default), the reference model is not loaded", and
//!   `grpo_trainer.py` L955: `if self.beta == 0.0: self.ref_model = None`); before, 0.04.
//!   ms-swift keeps 0.04 (modelscope/ms-swift 3602360a `swift/arguments/rlhf_args.py`:
//!   `if self.beta is None: self.beta = 0.04`, and `if self.rlhf_type == 'grpo' and self.beta
//!   == 0.0: self.ref_model = None` else a full fine-tune gets `ref_model = self.model`).
//!   DPO and KTO keep theirs in every trainer (`ref=off` for precomputed log-probs).
//! - PEFT's k-bit preparation of a bitsandbytes base. TRL's GRPO (and SFT) trainers from
//!   v0.26.0 (2025-12-09) wrap the model with plain `get_peft_model` (v0.26.0
//!   `grpo_trainer.py` L318-319) and cast only the trainable adapters, to bf16 (L324-333):
//!   no fp32 norms, embedding or head, so the hidden stream stays 16-bit. v0.25 prepared it
//!   with TRL's own `prepare_model_for_kbit_training` (fda88c64, PR 4335: the norms only, which
//!   still turns the stream fp32) and earlier releases with PEFT's (every non-int8 parameter to
//!   fp32); both are sized as PEFT's (`FitRequest::kbit_upcast`), a little high for 0.25.
//! - Liger under GRPO (`use_liger_kernel=True`): TRL's GRPO trainer builds
//!   `LigerFusedLinearGRPOLoss` (f2cd5771 `grpo_trainer.py` L1018-1032, `compute_liger_loss`
//!   from the last hidden state and `lm_head.weight`); ms-swift's GRPO trainer does the same
//!   (`swift/rlhf_trainers/grpo_trainer.py` `_prepare_liger_loss`). No full-vocabulary logits:
//!   `grpo_fused_loss_bytes`.

use super::method::Method;
use super::{FitRequest, LossHead, Shape};
use serde::Serialize;

/// The trainer of a preference / RL method (`FitRequest::rl_trainer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RlTrainer {
    /// huggingface/trl at a release `(major, minor)`; `None`: today's (1.x). Unsloth's and
    /// axolotl's GRPO run TRL's trainer.
    Trl(Option<(u32, u32)>),
    /// ms-swift's `swift rlhf` (its trainers subclass TRL's, with defaults of its own).
    Swift,
}

impl Default for RlTrainer {
    fn default() -> Self {
        RlTrainer::Trl(None)
    }
}

impl RlTrainer {
    /// `trl`, `trl=0.18`-style releases (`0.18`, `v0.18.2`, `1.2`), `swift` / `ms-swift`;
    /// `None` for another word.
    pub fn from_key(s: &str) -> Option<Self> {
        let w = s.trim().to_ascii_lowercase();
        match w.as_str() {
            "trl" => return Some(RlTrainer::Trl(None)),
            "swift" | "ms-swift" | "ms_swift" | "msswift" => return Some(RlTrainer::Swift),
            _ => {}
        }
        let v = w.strip_prefix("trl").unwrap_or(&w);
        let v = v
            .trim_start_matches(['-', '=', '@', ' '])
            .trim_start_matches('v');
        let mut parts = v.split('.');
        let major: u32 = parts.next()?.parse().ok()?;
        let minor: u32 = parts.next()?.parse().ok()?;
        if let Some(p) = parts.next() {
            p.parse::<u32>().ok()?;
        }
        if parts.next().is_some() || major > 9 {
            return None;
        }
        Some(RlTrainer::Trl(Some((major, minor))))
    }

    /// Whether a TRL release is at least `(major, minor)`; today's is.
    fn trl_since(self, v: (u32, u32)) -> bool {
        match self {
            RlTrainer::Trl(None) => true,
            RlTrainer::Trl(Some(r)) => r >= v,
            RlTrainer::Swift => false,
        }
    }
}

/// Whether the trainer's default keeps GRPO's reference model: TRL before 0.19 and ms-swift
/// (beta 0.04), not TRL since 0.19 (beta 0.0).
pub fn grpo_reference_by_default(trainer: RlTrainer) -> bool {
    !trainer.trl_since((0, 19))
}

/// Whether the trainer computes reference log-probabilities: the word stated
/// (`FitRequest::reference`), else the trainer's default for the method (GRPO's by release,
/// DPO and KTO always); never for a method without one.
pub fn reference_on(req: &FitRequest) -> bool {
    if !super::method::needs_reference(req.method) {
        return false;
    }
    match req.reference {
        Some(on) => on,
        None if req.method == Method::Grpo => grpo_reference_by_default(req.rl_trainer),
        None => true,
    }
}

/// Whether TRL wraps a bitsandbytes base without PEFT's k-bit preparation: its GRPO trainer
/// since 0.26 (Unsloth and axolotl prepare their own, `FitRequest::unsloth` / `axolotl`).
pub fn trl_skips_kbit_prep(req: &FitRequest) -> bool {
    req.method == Method::Grpo
        && req.task.is_training()
        && !req.unsloth
        && !req.axolotl
        && req.rl_trainer.trl_since((0, 26))
}

/// PEFT's k-bit preparation as the trainer runs it: the word (`FitRequest::kbit_upcast`)
/// unless the trainer skips the preparation (`trl_skips_kbit_prep`).
pub fn kbit_upcast(req: &FitRequest) -> bool {
    req.kbit_upcast && !trl_skips_kbit_prep(req)
}

/// Whether Liger's GRPO loss replaces the full-vocabulary logits: GRPO with `liger`.
pub fn grpo_fused(req: &FitRequest) -> bool {
    req.method == Method::Grpo && req.loss == super::LossHead::Fused && !req.unsloth
}

/// Bytes Liger's fused GRPO loss holds at its peak, in the forward pass that also makes the
/// gradients (linkedin/Liger-Kernel 397ab301, 2025-11-21, `chunked_loss/fused_linear_ppo.py`):
/// `grad_weight = torch.zeros_like(weight)` for the whole head, and each chunk of one
/// completion (`chunk_size=1`) returns its own head gradient from `torch.func.grad_and_value`
/// (argnums 0 and 1: the weight's gradient is made even for a frozen head) before
/// `grad_weight.add_`: two vocabulary x hidden tensors in the head's dtype (`head_bytes`).
/// Beside them one completion's logits (16-bit), their fp32 log-softmax and its gradient
/// (`chunk_forward`: `F.log_softmax(logits.float())`): 2 + 4 + 4 bytes per vocabulary entry
/// of `completion` tokens. The fused loss keeps the input gradient too (2 bytes per hidden
/// unit of every completion token of the micro-batch, `grad_inputs`), which
/// `LossHead::Fused`'s hidden-width term already counts.
pub fn grpo_fused_loss_bytes(shape: &Shape, head_bytes: f64, completion: f64) -> f64 {
    let v = shape.vocab as f64;
    let h = shape.hidden as f64;
    2.0 * v * h * head_bytes + completion * v * (2.0 + 4.0 + 4.0)
}

/// The loss head TRL's (and ms-swift's) GRPO really runs on the completions' logits. It takes no labels, so
/// Transformers' `ForCausalLMLoss` (`logits.float()`, `LossHead::Fp32`) never runs: the
/// logits stay in the head's dtype, and `selective_log_softmax` on 16-bit logits keeps one
/// 16-bit `F.log_softmax` output a row (trl f2cd5771 `grpo_trainer.py`
/// `_get_per_token_logps_and_entropies` L1511-1521: `logits.div_(self.temperature)`, then
/// `selective_log_softmax`; `trainer/utils.py`: the per-row loop for a non-fp32 dtype; the
/// entropies run under `no_grad` unless the entropy bonus is on): `LossHead::Half`. TRL has
/// worked this way since 0.15 (`selective_log_softmax`, with `logits_to_keep`); ms-swift's GRPO
/// calls the same function on its own logits (modelscope/ms-swift 25870583, 2025-03-25,
/// `grpo_trainer.py` `_get_per_token_logps` L1007-1026: `logits / self.temperature`, then
/// `selective_log_softmax`; 3602360a L1479-1592 likewise). An fp32 head
/// (PEFT's k-bit preparation, `fp32_head`) makes fp32 logits and keeps the requested head.
pub fn grpo_logits_head(req: &FitRequest, requested: LossHead, fp32_head: bool) -> LossHead {
    let selective = match req.rl_trainer {
        RlTrainer::Trl(_) => req.rl_trainer.trl_since((0, 15)),
        RlTrainer::Swift => true,
    };
    if req.method == Method::Grpo
        && selective
        && requested == LossHead::Fp32
        && !fp32_head
        && !req.unsloth
    {
        LossHead::Half
    } else {
        requested
    }
}
