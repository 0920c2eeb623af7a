//! The lines a `/fit` answer adds for a training method beyond SFT (`vram::method`): how the
//! batch and context are read, which reference model is assumed and the word that changes it,
//! GRPO's completions and rollout, DoRA's extra memory.

use crate::reply::{Msg, Reply};
use crate::vram::{self, FitRequest, Method, Rollout, Task};

/// The method as the title says it after the task: `DPO`, `DoRA`, `DoRA GRPO`; `none` for SFT
/// without DoRA (the title's select leaves it out).
pub(super) fn method_label(req: &FitRequest) -> String {
    let mut t = Vec::new();
    if req.dora {
        t.push("DoRA".to_string());
    }
    if req.method != Method::Sft && req.task.is_training() {
        t.push(req.method.key().to_uppercase());
    }
    if t.is_empty() {
        "none".into()
    } else {
        t.join(" ")
    }
}

/// GiB of the reference copy on the busiest card (`method::reference_weight_bytes`), 0 when none
/// or for a size-only guess.
fn reference_gib(req: &FitRequest) -> f64 {
    let vram::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = vram::Shape::from_model(m) else {
        return 0.0;
    };
    let sharded = if req.cards > 1 { req.cards as f64 } else { 1.0 };
    let load = if req.fp32_masters() { 4.0 } else { 2.0 };
    let on = vram::rl_trainer::reference_on(req);
    vram::method::reference_weight_bytes(&s, req.task, req.method, on, load, sharded) / vram::GIB
}

/// GiB of PPO's frozen reward model on the busiest card (`ppo::reward_bytes`), 0 for a
/// size-only guess.
fn reward_gib(req: &FitRequest, opts: &vram::FitOptions) -> f64 {
    let vram::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = vram::Shape::from_model(m) else {
        return 0.0;
    };
    let zero3 = vram::ppo::sharded_by_zero3(req.cards, opts);
    let sharded = if zero3 { req.cards as f64 } else { 1.0 };
    vram::ppo::reward_bytes(&s, req, sharded) / vram::GIB
}

/// GiB of DoRA's weight-norm transient (`method::dora_transient_bytes`), 0 for a size-only guess.
fn dora_gib(req: &FitRequest) -> f64 {
    let vram::ModelRef::Known(m) = req.model else {
        return 0.0;
    };
    let Ok(s) = vram::Shape::from_model(m) else {
        return 0.0;
    };
    vram::method::dora_transient_bytes(&s, req.quant.is_low_bit()) / vram::GIB
}

/// The method's lines, each with the word that changes what it assumed.
pub(super) fn push_method(r: &mut Reply, req: &FitRequest, opts: &vram::FitOptions) {
    if !req.task.is_training() {
        return;
    }
    let m = req.method.key().to_uppercase();
    match req.method {
        Method::Sft => {}
        Method::Dpo | Method::Orpo | Method::Simpo | Method::Cpo | Method::Reward => {
            r.push(
                Msg::new("fit-method-pairs")
                    .arg("method", m.as_str())
                    .arg("batch", req.batch)
                    .arg("seqs", req.batch * 2)
                    .arg("context", req.context),
            );
        }
        Method::Kto => {
            r.push(Msg::new("fit-method-kto"));
        }
        Method::Grpo => {
            let completion = req.completion.unwrap_or(req.context);
            r.push(
                Msg::new("fit-method-grpo")
                    .arg("batch", req.batch)
                    .arg("generations", req.generations)
                    .arg("completion", completion)
                    .arg("context", req.context),
            );
            let id = match req.rollout {
                Rollout::Generate => "fit-rollout-hf",
                Rollout::Separate => "fit-rollout-separate",
                Rollout::Colocate if req.unsloth => "fit-rollout-unsloth",
                Rollout::Colocate => "fit-rollout-colocate",
            };
            r.push(Msg::new(id));
        }
        Method::Ppo => {
            let trainer = match req.rl_trainer {
                vram::RlTrainer::Swift => "swift",
                vram::RlTrainer::Trl(_) => "trl",
            };
            let value = match vram::ppo::value_task(req) {
                Task::Full => "full",
                _ => "adapter",
            };
            r.push(
                Msg::new("fit-method-ppo")
                    .arg("trainer", trainer)
                    .arg("value", value)
                    .arg("reward", format!("{:.1}", reward_gib(req, opts)))
                    .arg("completion", req.completion.unwrap_or(req.context))
                    .arg("gc", if req.grad_checkpointing { "on" } else { "off" }),
            );
        }
    }
    if req.method == Method::Reward {
        r.push(Msg::new("fit-method-reward"));
    }
    if req.method != Method::Sft {
        let on = vram::rl_trainer::reference_on(req);
        let id = match (req.method.has_reference(), on, req.task) {
            (false, _, _) => "fit-ref-none",
            // GRPO without a word: TRL's default since 0.19 (`vram::rl_trainer`).
            (true, false, _) if req.method == Method::Grpo && req.reference.is_none() => {
                "fit-ref-grpo-default"
            }
            (true, false, _) => "fit-ref-off",
            (true, true, Task::Full) => "fit-ref-copy",
            (true, true, _) => "fit-ref-adapter",
        };
        r.push(
            Msg::new(id)
                .arg("method", m.as_str())
                .arg("gib", format!("{:.1}", reference_gib(req))),
        );
    }
    if req.dora {
        r.push(Msg::new("fit-dora").arg("gib", format!("{:.1}", dora_gib(req))));
    }
    super::fit_tuner::push(r, req);
}
