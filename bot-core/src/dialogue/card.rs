//! The card step: the cards that hold the job (the fit engine), each priced for the job.

use super::state::{PickState, TaskKind, Usage};
use crate::advice;
use crate::billing::{self, Job};
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::vram::{self, Engine, FitOption, FitReport, FitRequest, ModelRef, Quant, Task};
use rust_decimal::Decimal;

/// The fit request the answers so far describe.
pub(super) fn fit_request<'a>(ctx: &'a Ctx, s: &PickState) -> Option<FitRequest<'a>> {
    let model = match (&s.model, s.params_b) {
        (Some(id), _) => ModelRef::Known(ctx.catalog.model(id).ok()?),
        (None, Some(b)) => ModelRef::BySize {
            params_b: b,
            active_b: None,
        },
        _ => return None,
    };
    let method = s.method.as_deref().unwrap_or("bf16");
    let (quant, task) = match method {
        "lora" => (Quant::Bf16, Task::Lora),
        "qlora" => (Quant::Nf4, Task::Qlora),
        "full" => (Quant::Bf16, Task::Full),
        q => (q.parse().ok()?, Task::Infer),
    };
    let mut req = FitRequest::new(model, quant, task);
    req.context = s.context.unwrap_or(4096);
    req.batch = s.concurrency.unwrap_or(1);
    req.engine = match quant {
        Quant::Q2K
        | Quant::Q3KM
        | Quant::Q4_0
        | Quant::Q4KM
        | Quant::Q5KM
        | Quant::Q6K
        | Quant::Q8_0 => Engine::Llamacpp,
        _ if s.task == Some(TaskKind::Serve) => Engine::Vllm,
        _ => Engine::Transformers,
    };
    req.grad_checkpointing = task != Task::Infer;
    Some(req)
}

pub(super) fn fit_report(ctx: &Ctx, s: &PickState) -> Option<FitReport> {
    let req = fit_request(ctx, s)?;
    vram::estimate(ctx.catalog, &req).ok()
}

/// The job the usage answer describes, with the same boot/pull assumptions /cost makes
/// ([`advice::hidden_seconds`]).
pub fn job_for(s: &PickState) -> Job {
    let mut job = match s.usage.unwrap_or(Usage::OneOff {
        hours: Decimal::ONE,
    }) {
        Usage::OneOff { hours } => Job::one_off(hours * Decimal::from(3600)),
        Usage::Daily { hours } => Job::daily(hours, 30),
        Usage::Always => Job::always_on(1),
    };
    let (boot, pull) = advice::hidden_seconds(&job.pattern);
    job.boot = boot;
    job.pull = pull;
    job.boot_assumed = boot > Decimal::ZERO;
    job.pull_assumed = pull > Decimal::ZERO;
    job
}

/// Card options that fit, with the cheapest total for the job on each (in the user's
/// currency), cheapest first; cards without any price last.
pub fn card_options(ctx: &Ctx, s: &PickState) -> Vec<(FitOption, Option<Decimal>)> {
    fit_report(ctx, s).map_or_else(Vec::new, |report| priced_options(ctx, s, report))
}

pub(super) fn priced_options(
    ctx: &Ctx,
    s: &PickState,
    report: FitReport,
) -> Vec<(FitOption, Option<Decimal>)> {
    let job = job_for(s);
    // The cheapest total per option, as `compare`'s first row, without ranking every platform
    // of every option (rules and exchange rates worked out once for the whole list).
    let mut pricer = billing::Pricer::new(ctx.catalog, &job, &ctx.currency);
    let mut priced: Vec<(FitOption, Option<Decimal>)> = report
        .options
        .into_iter()
        .filter(|o| o.fits)
        .map(|o| {
            let best = pricer.cheapest_total(&o.gpu, o.cards);
            (o, best)
        })
        .collect();
    let matters = fit_request(ctx, s).is_some_and(|r| advice::link_matters(&r));
    let link = |o: &FitOption| {
        ctx.catalog
            .gpu(&o.gpu)
            .ok()
            .and_then(|g| advice::config_link(g, o.cards))
    };
    // Inference: configurations that keep up with a reader first, as /fit ranks them
    // (advice::rank_options).
    let batch = s.concurrency.unwrap_or(1);
    priced.sort_by(|a, b| {
        advice::compare_priced(
            (&a.0, a.1, link(&a.0)),
            (&b.0, b.1, link(&b.0)),
            matters,
            batch,
        )
    });
    priced
}

pub fn ask_card(ctx: &Ctx, s: &PickState, header: Msg) -> Reply {
    let mut r = Reply::text(header);
    let Some(report) = fit_report(ctx, s) else {
        return r.with(Msg::new("pick-fit-failed"));
    };
    r.push(
        Msg::new("pick-fit-summary")
            .arg("model", &report.model)
            .arg("method", s.method.clone().unwrap_or_default())
            .arg("total", format!("{:.1}", report.total_gib))
            .arg("weights", format!("{:.1}", report.weights_gib))
            .arg("kv", format!("{:.1}", report.kv_cache_gib))
            .arg("act", format!("{:.1}", report.activations_gib))
            .arg("optimizer", format!("{:.1}", report.optimizer_gib))
            .arg("overhead", format!("{:.1}", report.overhead_gib)),
    );
    for w in &report.warnings {
        r.push(w.clone());
    }
    let options = priced_options(ctx, s, report);
    if options.is_empty() {
        return r.with(Msg::new("pick-no-card-fits"));
    }
    // Inference options carry a decode speed: those too slow for a reader rank last, and the
    // answer says so.
    let by_speed = options.iter().any(|(o, _)| o.decode_tok_s.is_some());
    r.push(if by_speed {
        Msg::new("advice-pick-ask-card-reader")
            .arg("tps", format!("{:.1}", advice::reading_tokens_per_second()))
    } else {
        Msg::new("pick-ask-card")
    });
    if s.task != Some(TaskKind::FineTune) {
        r.push(Msg::new("pick-bandwidth-note"));
    }
    // Serving over several cards not known to be on NVLink: tensor parallelism talks over
    // the link every layer.
    let slow_multi = options.iter().take(6).any(|(o, _)| {
        ctx.catalog
            .gpu(&o.gpu)
            .ok()
            .and_then(|g| advice::config_link(g, o.cards))
            .is_some_and(|l| !l.is_known_fast())
    });
    if s.task == Some(TaskKind::Serve) && slow_multi {
        r.push(Msg::new("pick-pcie-multicard-note"));
    }
    if slow_multi && fit_request(ctx, s).is_some_and(|r| advice::link_matters(&r)) {
        r.push(Msg::new("advice-link-margin").arg("pct", advice::INTERCONNECT_MARGIN_PERCENT));
    }
    for (o, best) in options.iter().take(6) {
        let Ok(gpu) = ctx.catalog.gpu(&o.gpu) else {
            continue;
        };
        let from = best.map_or_else(
            || "unknown".to_string(),
            |total| billing::format_money(total, &ctx.currency),
        );
        r = r.with_choice(
            &format!("g:{}:{}", o.gpu, o.cards),
            Msg::new("pick-card-option")
                .arg("cards", o.cards)
                .arg("gpu", &gpu.name)
                .arg("per_card", format!("{:.1}", o.per_gpu_gib))
                .arg("vram", format!("{:.0}", gpu.vram_gb))
                .arg(
                    "bandwidth",
                    gpu.bandwidth_gbps()
                        .map_or_else(|| "unknown".to_string(), |b| format!("{b:.0}")),
                )
                .arg("from", from),
        );
    }
    r
}

/// The cheapest fitting option on a lower-tier card than the chosen one.
pub(super) fn drop_one_tier(ctx: &Ctx, s: &PickState, gpu_id: &str) -> Option<(FitOption, String)> {
    let tier = ctx.catalog.gpu(gpu_id).ok()?.tier;
    card_options(ctx, s).into_iter().find_map(|(o, best)| {
        let g = ctx.catalog.gpu(&o.gpu).ok()?;
        if g.tier >= tier {
            return None;
        }
        let total = best?;
        let name = g.name.clone();
        Some((
            FitOption { gpu: name, ..o },
            billing::format_money(total, &ctx.currency),
        ))
    })
}

/// Why `cards` × `gpu_id` cannot hold the job the answers describe, with the cards that can;
/// `None` when it fits (or the fit cannot be judged, e.g. an incomplete model config).
pub(super) fn refuse_card(ctx: &Ctx, s: &PickState, gpu_id: &str, cards: u32) -> Option<Reply> {
    let mut req = fit_request(ctx, s)?;
    let gpu = ctx.catalog.gpu(gpu_id).ok()?;
    req.gpu = Some(gpu);
    req.cards = cards;
    let fit = advice::decide(ctx.catalog, &req, &vram::FitOptions::default()).ok()?;
    if fit.fits() {
        return None;
    }
    let mut r = Reply::text(
        Msg::new("pick-card-does-not-fit")
            .arg("cards", cards)
            .arg("gpu", &gpu.name)
            .arg("vram", format!("{:.1}", gpu.vram_gib()))
            .arg("need", format!("{:.1}", fit.report.per_gpu_gib)),
    );
    let alternatives: Vec<String> = card_options(ctx, s)
        .iter()
        .take(3)
        .filter_map(|(o, _)| {
            let g = ctx.catalog.gpu(&o.gpu).ok()?;
            Some(format!("{}× {}", o.cards, g.name))
        })
        .collect();
    if alternatives.is_empty() {
        r.push(Msg::new("pick-no-card-fits"));
    } else {
        r.push(Msg::new("pick-card-alternatives").arg("cards", alternatives.join(", ")));
    }
    Some(r)
}
