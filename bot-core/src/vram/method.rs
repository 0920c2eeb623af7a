//! The training method beyond SFT (`FitRequest::method`) and DoRA (`FitRequest::dora`): what
//! each adds to a fine-tune's memory, each rule from the library's own code at a commit.
//!
//! - huggingface/trl at f2cd5771 (`trl/trainer/dpo_trainer.py`, `grpo_trainer.py`,
//!   `grpo_config.py`, `kto_trainer.py`, `reward_trainer.py`; `trl/experimental/orpo`, `cpo`);
//! - huggingface/peft at 5d602fdb (`src/peft/tuners/lora/dora.py`).
//!
//! ms-swift's `swift rlhf` and LLaMA-Factory's `stage: dpo/kto/rm` run these TRL trainers.

use super::{FitError, FitRequest, Shape, Task};
use serde::Serialize;

/// What a fine-tune optimizes (`method=`; CLI `--method`); SFT unless said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Supervised fine-tuning: one sequence per example.
    #[default]
    Sft,
    /// DPO (and IPO, RPO: the same trainer): chosen and rejected, and a reference model.
    Dpo,
    /// ORPO: chosen and rejected, no reference model.
    Orpo,
    /// SimPO (CPO's trainer with `loss_type="simpo"`): chosen and rejected, no reference.
    Simpo,
    /// CPO: chosen and rejected, no reference.
    Cpo,
    /// KTO: one completion per example, a reference model and a KL batch without gradients.
    Kto,
    /// A reward model: chosen and rejected through a value head, no vocabulary logits.
    Reward,
    /// GRPO: completions generated per prompt, scored, trained; a reference model when the KL
    /// term is on.
    Grpo,
}

impl Method {
    pub fn key(self) -> &'static str {
        match self {
            Method::Sft => "sft",
            Method::Dpo => "dpo",
            Method::Orpo => "orpo",
            Method::Simpo => "simpo",
            Method::Cpo => "cpo",
            Method::Kto => "kto",
            Method::Reward => "reward",
            Method::Grpo => "grpo",
        }
    }

    /// The method a key names (`dpo`, `rm`, `reward_model`, …); `None` for another word.
    pub fn from_key(s: &str) -> Option<Self> {
        let s = s.to_ascii_lowercase().replace(['-', '_'], "");
        Some(match s.as_str() {
            "sft" => Method::Sft,
            "dpo" | "ipo" | "rpo" => Method::Dpo,
            "orpo" => Method::Orpo,
            "simpo" => Method::Simpo,
            "cpo" => Method::Cpo,
            "kto" => Method::Kto,
            "reward" | "rm" | "rewardmodel" => Method::Reward,
            "grpo" | "gspo" | "dapo" => Method::Grpo,
            _ => return None,
        })
    }

    /// Sequences in one training forward per example of the micro-batch (`sequences_per_example`).
    pub fn sequences_per_example(self) -> f64 {
        sequences_per_example(self)
    }

    /// Whether the trainer computes reference log-probabilities (`needs_reference`).
    pub fn has_reference(self) -> bool {
        needs_reference(self)
    }
}

/// Where GRPO's completions are generated (`rollout=`; CLI `--rollout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rollout {
    /// The policy itself with Transformers' `generate` on the training card (TRL's
    /// `use_vllm=False`, the default of `GRPOConfig`).
    #[default]
    Generate,
    /// vLLM (or LMDeploy) on cards of its own (`vllm_mode="server"`): nothing on this card.
    Separate,
    /// vLLM inside the training process on the same card (`vllm_mode="colocate"`): it holds
    /// its `gpu_memory_utilization` share of the card.
    Colocate,
}

impl Rollout {
    pub fn key(self) -> &'static str {
        match self {
            Rollout::Generate => "hf",
            Rollout::Separate => "separate",
            Rollout::Colocate => "colocate",
        }
    }

    pub fn from_key(s: &str) -> Option<Self> {
        match s.to_ascii_lowercase().as_str() {
            "hf" | "generate" | "transformers" => Some(Rollout::Generate),
            "separate" | "server" | "external" => Some(Rollout::Separate),
            "colocate" | "colocated" | "internal" => Some(Rollout::Colocate),
            _ => None,
        }
    }
}

/// TRL's `GRPOConfig.num_generations` default (trl f2cd5771 `grpo_config.py`: 8).
pub const DEFAULT_GENERATIONS: u32 = 8;

/// Sequences one training forward runs per example of the micro-batch. DPO builds one batch of
/// `[chosen; rejected]` (trl `dpo_trainer.py` `DataCollatorForPreference`: `torch.cat((chosen,
/// rejected))` on the batch axis) and runs it with gradients; ORPO's and CPO/SimPO's
/// `concatenated_forward` do the same; the reward trainer scores both of the pair. KTO trains
/// on one completion per example (its KL batch runs under `no_grad`); GRPO's micro-batch
/// already counts completions (`per_device_train_batch_size` is completions since TRL 0.15,
/// trl PR 2776; ms-swift the same).
pub fn sequences_per_example(method: Method) -> f64 {
    match method {
        Method::Dpo | Method::Orpo | Method::Simpo | Method::Cpo | Method::Reward => 2.0,
        Method::Sft | Method::Kto | Method::Grpo => 1.0,
    }
}

/// Whether the trainer computes reference log-probabilities each step: DPO and KTO always
/// (unless precomputed, `ref=off`); GRPO when its KL term is on (`beta > 0`: ms-swift's
/// default 0.04; TRL's own default became 0.0, `grpo_config.py` `beta`), assumed on so the
/// answer errs towards more memory, `ref=off` for `beta=0`. ORPO, SimPO, CPO and the reward
/// trainer have none.
pub fn needs_reference(method: Method) -> bool {
    matches!(method, Method::Dpo | Method::Kto | Method::Grpo)
}

/// Bytes of the reference model's weights on one card: a frozen copy of the model for full
/// fine-tuning, loaded with the policy's own `model_init_kwargs` (trl `dpo_trainer.py`
/// L893-908: `create_model_from_path(ref_model_path, **ref_model_init_kwargs)`; `grpo_trainer.py`
/// L971 the same), so in the dtype the policy was loaded in: `load_bytes` per parameter
/// (2 for bf16, 4 for an fp32 model under `amp`). Under DeepSpeed ZeRO-3 the copy is sharded
/// like the policy (`prepare_deepspeed(self.ref_model, …)`), else every card holds it whole.
/// LoRA / QLoRA use the base with the adapters off (`use_adapter(model, adapter_name=None)`
/// under `no_grad`, L1374-1380): no second copy. `ref_on`: the request keeps the reference
/// (`FitRequest::reference`), `sharded_over`: the ZeRO-3 card count, 1 otherwise.
pub fn reference_weight_bytes(
    shape: &Shape,
    task: Task,
    method: Method,
    ref_on: bool,
    load_bytes: f64,
    sharded_over: f64,
) -> f64 {
    if task != Task::Full || !needs_reference(method) || !ref_on {
        return 0.0;
    }
    shape.params.total * load_bytes / sharded_over.max(1.0)
}

/// Tokens per sequence that carry vocabulary logits in the loss: GRPO keeps only the
/// completion's (`logits_to_keep`, trl `grpo_trainer.py` L1374-1393); the reward model none
/// (a value head over the last hidden state, `AutoModelForSequenceClassification`); the others
/// every position.
pub fn logit_tokens(method: Method, context: f64, completion: Option<u32>) -> f64 {
    match method {
        Method::Reward => 0.0,
        Method::Grpo => completion.map_or(context, |c| (c as f64).min(context)),
        _ => context,
    }
}

/// The KV cache GRPO's rollout holds on the training card when the policy generates itself
/// (`Rollout::Generate`): every completion of the micro-batch to the whole sequence, at a
/// moment when no training activations are alive (TRL generates in
/// `_generate_and_score_completions`, before the loss forward). `kv_per_sequence`: bytes of
/// one sequence's cache at the full context.
pub fn rollout_cache_bytes(rollout: Rollout, sequences: f64, kv_per_sequence: f64) -> f64 {
    match rollout {
        Rollout::Generate => sequences * kv_per_sequence,
        Rollout::Separate | Rollout::Colocate => 0.0,
    }
}

/// The share of the card a colocated vLLM holds through training (TRL `vllm_mode="colocate"`
/// without sleep mode: `LLM(gpu_memory_utilization=…)` in the trainer's process, its weights
/// and KV cache reserved for the run). Unsloth's `fast_inference` shares the 4-bit weights
/// with the trained model and sizes vLLM's cache into what is left of its
/// `gpu_memory_utilization` (unsloth docs, "Memory-efficient RL"): nothing beyond training.
pub fn colocated_share(rollout: Rollout, unsloth: bool, utilization: f64) -> f64 {
    if rollout == Rollout::Colocate && !unsloth {
        utilization.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Output features per decoder layer of the matrices LoRA wraps (all linear): the length of
/// DoRA's magnitude vectors and the width of the outputs its forward keeps. Approximated as
/// half of LoRA's in + out sum (`Shape::lora_params_on` at rank 1), exact for square matrices
/// and within the FFN's asymmetry otherwise (a stated approximation: these are small terms).
fn adapted_outputs_per_layer(shape: &Shape, lora_rank1: f64) -> f64 {
    lora_rank1 / 2.0 / shape.layers.max(1) as f64
}

/// DoRA's trainable magnitude parameters (PEFT `DoraLinearLayer.update_layer`:
/// `self.weight = nn.Parameter(weight_norm)`, one per output feature of each wrapped matrix),
/// trained like the adapters (fp32 weight, gradient and AdamW moments).
pub fn dora_magnitude_params(shape: &Shape, lora_rank1: f64) -> f64 {
    adapted_outputs_per_layer(shape, lora_rank1) * shape.layers as f64
}

/// Bytes per token per layer DoRA's forward keeps for the backward pass beyond LoRA's: PEFT
/// `DoraLinearLayer.forward` returns `(mag_norm_scale - 1) * base_result + mag_norm_scale *
/// lora_result * scaling`; the magnitude's gradient needs both products' other factor, the
/// base layer's output and the adapter's output (16-bit each): 2 + 2 bytes per output feature.
pub fn dora_activation_bytes_per_token(shape: &Shape, lora_rank1: f64) -> f64 {
    4.0 * adapted_outputs_per_layer(shape, lora_rank1)
}

/// The transient of DoRA's weight norm, live while one wrapped layer runs: `get_lora_weight`
/// builds `lora_B(lora_A(eye))`, a full out x in matrix in the adapters' fp32, and
/// `get_weight_norm` adds it to the weight (`weight + scaling * lora_weight`, fp32 by
/// promotion) before `torch.linalg.norm`: 4 + 4 bytes per element of the largest wrapped
/// matrix (the FFN's). A quantized base is dequantized first (`dequantize_module_weight`),
/// a 16-bit copy: 2 more. `quantized`: a 4-/8-bit base.
pub fn dora_transient_bytes(shape: &Shape, quantized: bool) -> f64 {
    let h = shape.hidden as f64;
    let ffn = if shape.is_moe() && shape.moe_intermediate > 0 && shape.intermediate == 0 {
        shape.moe_intermediate
    } else {
        shape.intermediate.max(shape.moe_intermediate)
    } as f64;
    let largest = h * ffn.max(h);
    largest * if quantized { 10.0 } else { 8.0 }
}

/// Whether the request's method words fit its task: a method other than SFT, and DoRA, size a
/// fine-tune (DoRA a LoRA / QLoRA one). `Err` names what to change.
pub fn check(req: &FitRequest) -> Result<(), FitError> {
    if req.method != Method::Sft && !req.task.is_training() {
        return Err(FitError::MethodScope(req.method.key().to_uppercase()));
    }
    if req.dora && !matches!(req.task, Task::Lora | Task::Qlora) {
        return Err(FitError::DoraScope);
    }
    Ok(())
}
