//! The `/fit` answer's assumptions: the defaults the figure rests on that the user did not
//! choose, each with the word that changes it (the quantization, the context, serving, the
//! training line with its loss, dropout and precision). Cut from `fit_render` for its length;
//! `fit_render` pushes them right after the title.

use super::fit_base::push_adapter_base;
use super::fit_gc::trainers_defaulting;
use super::fit_options::{gib, option_price};
use super::fit_parsed::Parsed;
use crate::advice;
use crate::catalog::Catalog;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::vram::{FitReport, FitRequest, ModelRef, Task};

/// The defaults the figure rests on that the user did not choose, each with its word.
pub(super) fn push_assumptions(
    r: &mut Reply,
    catalog: &Catalog,
    p: &Parsed<'_>,
    rep: &FitReport,
    currency: &str,
    lang: Lang,
) {
    let req = &p.req;
    if let Some(m) = super::fit_method::assumed(p.method_assumed) {
        r.push(m);
    }
    push_quant_assumed(r, catalog, p, rep, currency, lang);
    if !p.context_given {
        r.push(Msg::new("fit-assume-context").arg("context", req.context));
    }
    if p.serving_default {
        r.push(Msg::new("fit-assume-serving").arg("batch", req.batch));
    }
    super::fit_held::push_generate(r, req);
    super::fit_beams::push_beams(r, req, rep);
    if req.task.is_training() {
        push_training(r, p, lang);
    }
}

/// The quantization when none was typed: 4-bit instead of a BF16 that needs more than one of
/// the common largest cards (with the quality figures and the BF16 configuration beside), the
/// publisher's own format, or the default said plainly.
fn push_quant_assumed(
    r: &mut Reply,
    catalog: &Catalog,
    p: &Parsed<'_>,
    rep: &FitReport,
    currency: &str,
    lang: Lang,
) {
    let req = &p.req;
    match &p.bf16_instead {
        Some(bf16) if !p.quant_given => {
            // How many of the common largest cards the 4-bit job itself takes: "one or two"
            // only where that is so (a 1T model in 4-bit still needs several).
            let card_gib = advice::COMMON_LARGEST_CARD_GB * 1e9 / crate::vram::GIB;
            let cards = (rep.total_gib / card_gib).ceil().max(1.0);
            r.push(
                Msg::new("advice-quant-4bit-default")
                    .arg("model", rep.model.as_str())
                    .arg("bf16", gib(bf16.per_gpu_gib))
                    .arg("gb", advice::COMMON_LARGEST_CARD_GB)
                    .arg("quant", req.quant.key())
                    .arg("cards", cards),
            );
            r.push(
                Msg::new("advice-quant-quality")
                    .arg("b72", advice::QUALITY_72B_BF16)
                    .arg("q72", advice::QUALITY_72B_AWQ)
                    .arg("b7", advice::QUALITY_7B_BF16)
                    .arg("q7", advice::QUALITY_7B_AWQ),
            );
            push_bf16_beside(r, catalog, p, currency, lang);
        }
        // Sized as the publisher ships it (config.json): said so, with no other model's
        // quality figures; the 4-bit and 16-bit estimates are one word away.
        _ if !p.quant_given && advice::sized_as_published(req) => {
            r.push(
                Msg::new("advice-quant-published")
                    .arg("model", rep.model.as_str())
                    .arg("quant", req.quant.key()),
            );
        }
        _ if !p.quant_given => {
            // The words that change it depend on the job: inference formats are no advice to
            // a trainer, whose base is 16-bit (LoRA, full) or bitsandbytes 4-bit (QLoRA).
            r.push(
                Msg::new("fit-quant-assumed")
                    .arg("quant", req.quant.key())
                    .arg("task", req.task.key()),
            );
        }
        _ => {}
    }
}

/// The cheapest BF16 configuration beside the 4-bit default, or that none holds it.
fn push_bf16_beside(r: &mut Reply, catalog: &Catalog, p: &Parsed<'_>, currency: &str, lang: Lang) {
    match advice::bf16_alternative(catalog, &p.req, &p.opts) {
        Some(o) => {
            let name = catalog.gpu(&o.gpu).map_or(o.gpu.clone(), |g| {
                g.display_name(lang == Lang::Zh).to_string()
            });
            // A configuration without a catalog price is named as such, never
            // priced "at ?".
            let priced = o.usd_per_hour.is_some() && o.price_as_of.is_some();
            r.push(
                Msg::new("advice-bf16-beside")
                    .arg("cards", o.cards)
                    .arg("gpu", name)
                    .arg("priced", if priced { "yes" } else { "no" })
                    .arg("price", option_price(catalog, &o, currency, lang)),
            );
        }
        None => {
            r.push(Msg::new("advice-bf16-none"));
        }
    }
}

/// A training job's line (checkpointing, rank, targets, experts, method), its loss, then the
/// adapter's dropout and base or full fine-tuning's precision, what is held and the method's.
fn push_training(r: &mut Reply, p: &Parsed<'_>, lang: Lang) {
    let req = &p.req;
    r.push(
        Msg::new("fit-assume-training")
            .arg("gc", if req.grad_checkpointing { "on" } else { "off" })
            .arg("given", if p.gc_given { "yes" } else { "no" })
            .arg("rank", p.opts.lora_rank)
            .arg("targets", req.lora_targets.key())
            .arg("modules", req.lora_targets.names())
            .arg("moe", lora_experts_word(req))
            .arg("experts", lora_expert_count(req))
            .arg("task", training_line_task(req))
            .arg("tuner", req.tuner.map_or(String::new(), |t| t.key()))
            .arg("on_default", trainers_defaulting(true, lang))
            .arg("off_default", trainers_defaulting(false, lang)),
    );
    push_loss(r, req);
    if matches!(req.task, Task::Lora | Task::Qlora) {
        r.push(
            Msg::new("advice-assume-dropout")
                .arg("on", if req.lora_dropout { "yes" } else { "no" }),
        );
        push_adapter_base(r, req, &p.opts);
    } else {
        push_full_precision(r, req, p);
    }
    super::fit_held::push_held(r, req, &p.opts);
    super::fit_rl::push_method(r, req, &p.opts);
}

/// How the loss holds the logits, when it is not Transformers' own: Liger's fused loss (or
/// why it keeps them), the Triton loss (or why it is not applied).
fn push_loss(r: &mut Reply, req: &FitRequest<'_>) {
    // Liger fuses the loss for SFT only (`vram::liger_scope`): under DPO and the other
    // preference / RL methods the answer says the logits are counted.
    // Liger patches by the config's model type; a type it lacks keeps every logit.
    let unpatched = match req.model {
        ModelRef::Known(m) if crate::vram::liger_scope::liger_unpatched(req) => Some(m),
        _ => None,
    };
    if let Some(m) = unpatched {
        r.push(Msg::new("advice-liger-unpatched").arg("model", m.name.clone()));
    } else if crate::vram::liger_scope::liger_logits_kept(req) {
        r.push(Msg::new("advice-liger-logits-kept").arg("method", req.method.key()));
    } else if req.loss == crate::vram::LossHead::Fused {
        r.push(Msg::new("advice-assume-fused-loss"));
    } else if crate::vram::liger_scope::triton_unapplied(req) {
        r.push(Msg::new("advice-triton-loss-unapplied"));
    } else if req.loss == crate::vram::LossHead::Triton {
        r.push(
            Msg::new("advice-assume-triton-loss")
                .arg("bytes", crate::vram::triton_loss_bytes_label(req)),
        );
    } else if req.loss == crate::vram::LossHead::Half && !req.unsloth {
        // A loop's own loss on the 16-bit logits, the model's output kept or deleted
        // (`FitRequest::logits_kept`, `vram::loss_head::HALF_CALLER_LOGITS`).
        let kept = if req.logits_kept { "yes" } else { "no" };
        r.push(Msg::new("advice-assume-half-loss").arg("kept", kept));
    }
}

/// Full fine-tuning's precision and optimizer (DeepSpeed ZeRO keeps fp32 masters of a bf16
/// model, `vram::fp32_master_weights`), and the AdamW step's own copy when it has one.
fn push_full_precision(r: &mut Reply, req: &FitRequest<'_>, p: &Parsed<'_>) {
    let masters = crate::vram::fp32_master_weights(req, &p.opts);
    // A 16-bit checkpoint DeepSpeed ZeRO-3 builds in fp32 is sized as one (`vram::zero_init`).
    let fp32 =
        req.quant == crate::vram::Quant::Fp32 || crate::vram::zero_init::builds_fp32(req, &p.opts);
    let amp = match (fp32, req.fp32_masters(), masters) {
        // An fp32 model: its fp32 parameters are the masters (`vram::fp32_model`).
        (true, _, _) => "fp32",
        (false, true, _) => "yes",
        (false, false, true) => "deepspeed",
        (false, false, false) => "no",
    };
    // Gradients (in the parameters' dtype) + optimizer state, per parameter.
    let bytes = if fp32 {
        4.0 + crate::vram::fp32_model_state_bytes(req, &p.opts)
    } else if masters {
        2.0 + p.opts.optimizer.state_bytes()
    } else {
        2.0 + p.opts.optimizer.state_bytes_in_param_dtype(2.0)
    };
    // The 16-bit dtype the model was loaded in, as typed (`fp16` is not bf16 to a user who
    // checks their config; the bytes are the same).
    let half = if req.quant == crate::vram::Quant::Fp16 {
        "fp16"
    } else {
        "bf16"
    };
    r.push(
        Msg::new("advice-assume-precision")
            .arg("amp", amp)
            .arg("half", half)
            .arg("optim", p.opts.optimizer.key())
            .arg("bytes", bytes),
    );
    let step = crate::vram::foreach_step_gib(req, &p.opts);
    if step >= 0.05 {
        r.push(Msg::new("advice-assume-optimizer-step").arg("gib", gib(step)));
    }
    // AdamW's for-loop path (`foreach=off`): two temporaries of the tensor it steps.
    let (loop_step, deepspeed) = crate::vram::for_loop_step_gib(req, &p.opts);
    if loop_step >= 0.05 {
        r.push(
            Msg::new("advice-assume-optimizer-step-loop")
                .arg("gib", gib(loop_step))
                .arg("deepspeed", if deepspeed { "yes" } else { "no" }),
        );
    }
}

/// Whether the training line names the routed experts: `no` for a dense model, full
/// fine-tuning or adapters on the attention only; else whether they carry adapters
/// (`FitRequest::lora_experts`).
fn lora_experts_word(req: &FitRequest) -> &'static str {
    let moe = lora_expert_count(req) > 0;
    match () {
        _ if !moe || req.task == Task::Full => "no",
        // A module list without the FFN adapts the routed experts only when they are asked for
        // apart (`experts=on`: PEFT's `target_parameters`).
        _ if !req.lora_targets.adapts_ffn() && !req.lora_experts => "no",
        _ if crate::vram::unsloth_release::adapts_experts(req) => "on",
        _ => "off",
    }
}

/// Routed experts per MoE layer of the request's model (0 for a dense one; a raw MoE size
/// such as `30b-a3b` has the skeleton `Shape::by_size` builds).
fn lora_expert_count(req: &FitRequest) -> u32 {
    match req.model {
        ModelRef::Known(m) => m.experts,
        ModelRef::BySize { params_b, active_b } => {
            crate::vram::Shape::by_size(params_b, active_b).experts
        }
    }
}

/// The training line's method: a PEFT tuner beside LoRA is said as itself (its rank and targets
/// are its own line's, `fit_tuner`), never as LoRA at LoRA's rank.
fn training_line_task(req: &FitRequest) -> &'static str {
    match (req.task, req.tuner) {
        (Task::Full, _) | (_, None) => req.task.key(),
        (_, Some(_)) => "tuner",
    }
}
