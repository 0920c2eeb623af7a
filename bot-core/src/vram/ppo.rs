//! PPO as its trainer lays it out (`method=ppo`; `trainer=trl|swift`, `FitRequest::rl_trainer`):
//! four models, and which of them train.
//!
//! - huggingface/trl at f2cd5771 (`trl/experimental/ppo/ppo_trainer.py`; `trl/trainer/` before
//!   0.26): the policy trains. The value model is a separate `AutoModelForSequenceClassification`
//!   wrapped with the policy in `PolicyAndValueWrapper` and optimized with it, so it trains in
//!   full even when the policy is a PEFT model (`peft_config` wraps `self.policy_model` only).
//!   The reference is `create_reference_model(policy)`, a frozen copy, or none for a PEFT policy
//!   (`null_ref_context`: `disable_adapter()`). The reward model is frozen; under DeepSpeed it
//!   and the reference are `prepare_deepspeed`'d (sharded under ZeRO-3 only), else `.to(device)`.
//! - modelscope/ms-swift at 3602360a (`swift/pipelines/train/rlhf.py` `_prepare_single_model`):
//!   the value model is loaded from `--reward_model`'s path and passed through the same
//!   `prepare_model(args, model, …)` as the policy, so under `--tuner_type lora` it is LoRA
//!   adapters on a frozen backbone of its own; the reward model is a third backbone,
//!   `requires_grad_(False).eval()`. `rlhf_args.py`: a reference model only for a full
//!   fine-tune (`ref_model = self.ref_model or self.model`). The trainer is TRL's (`PPOTrainer`
//!   subclasses it), so the rest is TRL's.
//! - Gradient checkpointing: TRL's PPO trainer never calls `gradient_checkpointing_enable` (its
//!   `train()` replaces the Trainer's loop, where the Trainer turns it on), and the wrapper's own
//!   `gradient_checkpointing_enable` reaches the policy only; ms-swift's PPO trainer overrides
//!   `_prepare_gradient_checkpointing` with `pass` ("Be consistent with TRL"). So PPO runs
//!   without it unless the user's script turns it on for the policy (`gc=on`): `checkpoints`.
//! - Dropout: `disable_dropout_in_model` on all four models sets every `nn.Dropout` to p = 0,
//!   LoRA's included, and PyTorch's dropout at p = 0 returns its input: no dropout copies.
//! - Logits: the training forward takes the policy's logits over the whole sequence
//!   (`output.logits[:, context_length - 1 : -1]` is a view of them): `method::logit_tokens`'
//!   default. The rollout (`batch_generation`, under `no_grad`) is the policy's `generate` with
//!   `output_scores=True`: one fp32 row of scores per generated token, stacked
//!   (`torch.stack(output.scores, 1)`), for `per_device_train_batch_size ×
//!   gradient_accumulation_steps` queries (`local_batch_size`); then the reference forward's
//!   16-bit logits, in chunks of `local_rollout_forward_batch_size` (64).

use super::parts::{Common, Parts, weight_split};
use super::request::{FitOptions, FitRequest};
use super::{Method, Quant, RlTrainer, Shape, Task, Zero};

/// TRL's `PPOConfig.local_rollout_forward_batch_size` default (f2cd5771 `ppo_config.py`: 64).
pub const ROLLOUT_FORWARD_BATCH: f64 = 64.0;

/// Whether the trainer turns gradient checkpointing on by itself for PPO: neither TRL's nor
/// ms-swift's does (module notes). The default a request gets (`answer::fit::settle`).
pub fn trainer_checkpoints(method: Method) -> bool {
    method != Method::Ppo
}

/// How the value model trains: in full under TRL whatever the policy (the wrapper optimizes
/// it whole), with the policy's own tuner under ms-swift (`prepare_model`).
pub fn value_task(req: &FitRequest) -> Task {
    match req.rl_trainer {
        RlTrainer::Swift => req.task,
        RlTrainer::Trl(_) => Task::Full,
    }
}

/// The backbone of a sequence-classification model on the policy's shape (the value and reward
/// models: ms-swift requires "the same template/tokenizer", TRL's examples load both from one
/// reward checkpoint): no output head over the vocabulary, a one-unit `score` head instead.
pub fn scoring_shape(shape: &Shape) -> Shape {
    let mut s = shape.clone();
    s.params.total -= s.params.lm_head;
    s.params.lm_head = 0.0;
    s.tied = false;
    s
}

/// The quantization a scoring model is loaded in: the policy's (ms-swift loads every model with
/// the same arguments), 16-bit where it trains in full (a 4-bit model cannot).
fn scoring_quant(req: &FitRequest, task: Task) -> Quant {
    if task == Task::Full && req.quant.is_low_bit() {
        Quant::Bf16
    } else {
        req.quant
    }
}

/// The policy as PPO's trainer runs it: dropout off in every adapter (`disable_dropout_in_model`).
pub fn policy_request<'a>(req: &FitRequest<'a>) -> FitRequest<'a> {
    let mut p = req.clone();
    p.lora_dropout = false;
    p
}

/// The value model as a fine-tune of its own: a value head, no vocabulary logits
/// (`Method::Reward`'s loss), trained as `value_task` says, never checkpointed (the wrapper's
/// `gradient_checkpointing_enable` reaches the policy only), no reference.
pub fn value_request<'a>(req: &FitRequest<'a>) -> FitRequest<'a> {
    let mut v = policy_request(req);
    v.task = value_task(req);
    v.quant = scoring_quant(req, v.task);
    v.method = Method::Reward;
    v.reference = Some(false);
    v.grad_checkpointing = false;
    v.dora = false;
    v
}

/// The frozen reward model's bytes on one card: its backbone in the policy's format, whole on
/// every card unless ZeRO-3 shards it (`prepare_deepspeed`).
pub fn reward_bytes(shape: &Shape, req: &FitRequest, zero3_over: f64) -> f64 {
    let s = scoring_shape(shape);
    weight_split(&s, scoring_quant(req, req.task), req.engine).total() / zero3_over.max(1.0)
}

/// Whether the frozen models are sharded (ZeRO-3, the default over several cards) rather than
/// whole on every card.
pub fn sharded_by_zero3(cards: u32, opts: &FitOptions) -> bool {
    cards > 1 && !opts.device_map && opts.zero.unwrap_or(Zero::Three) == Zero::Three
}

/// The rollout's peak on the card, under `no_grad` and before the training forward: the policy's
/// KV cache for every query generated (`sequences`, each `kv_per_sequence` bytes at the whole
/// context) with its fp32 scores, counted twice at the stack (the list and the stacked tensor);
/// or the scores beside the reference forward's 16-bit logits over the whole sequence for one
/// chunk of at most `ROLLOUT_FORWARD_BATCH` queries, whichever is larger.
pub fn rollout_bytes(
    shape: &Shape,
    sequences: f64,
    kv_per_sequence: f64,
    (context, completion): (f64, f64),
) -> f64 {
    let v = shape.vocab as f64;
    let scores = sequences * completion * v * 4.0;
    let generate = sequences * kv_per_sequence + 2.0 * scores;
    let reference = scores + sequences.min(ROLLOUT_FORWARD_BATCH) * context * v * 2.0;
    generate.max(reference)
}

/// PPO's memory per card: the policy trained as `train::compute_train` sizes it (its reference,
/// if any, included there), the value model trained beside it (its weights, gradients, optimizer
/// state and activations, alive with the policy's through the step), the frozen reward model,
/// and the rollout, which comes before the training forward and so competes with it.
pub(super) fn compute(shape: &Shape, req: &FitRequest, opts: &FitOptions, c: &Common) -> Parts {
    let policy = policy_request(req);
    let mut p = super::train::compute_train(shape, &policy, opts, c);
    let vs = scoring_shape(shape);
    let value = value_request(req);
    let split = weight_split(&vs, value.quant, value.engine);
    let vc = Common {
        split,
        w_total: split.total(),
        ..*c
    };
    let v = super::train::compute_train(&vs, &value, opts, &vc);
    let zero3 = sharded_by_zero3(c.cards, opts);
    let reward = reward_bytes(shape, req, if zero3 { c.n } else { 1.0 });
    let sequences = c.batch * req.grad_accum.unwrap_or(1).max(1) as f64;
    let per_seq = c.kv_tok * c.tokens + c.kv_seq;
    let completion = req
        .completion
        .map_or(c.tokens, |x| (x as f64).min(c.tokens));
    let rollout = rollout_bytes(shape, sequences, per_seq, (c.tokens, completion));
    let mut card = p.card;
    card[0] += v.card[0] + reward;
    card[2] = (card[2] + v.card[2]).max(rollout);
    card[3] += v.card[3];
    // The value model's allocator reserve and casts; the CUDA context is the policy's.
    let v_overhead = (v.card[4] - c.ctx).max(0.0);
    card[4] += v_overhead;
    let n = c.n;
    p.set(
        n,
        p.weights + (v.card[0] + reward) * n,
        p.kv,
        card,
        card[2] * n,
        p.optim + v.card[3] * n,
    );
    p.releasable += v.releasable;
    p
}
