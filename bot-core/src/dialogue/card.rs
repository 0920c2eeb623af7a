//! The card step: the cards that hold the job (the fit engine), each priced for the job.

use super::state::{PickState, TaskKind, Usage};
use crate::advice;
use crate::billing::{self, Job};
use crate::catalog::CardLink;
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::vram::{self, Engine, FitOption, FitReport, FitRequest, ModelRef, Quant, Task};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

mod held;
mod no_bf16;
mod rentable;
pub(super) use held::{recheck_kept, reopen_card_step, shortfall, unfit_msg};
use no_bf16::{drop_full_no_bf16, no_bf16_cards, no_bf16_msg};
use rentable::{need_left_cards, only_left_out};

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
    let (boot, pull) = advice::hidden_seconds(&job);
    job.boot = boot;
    job.pull = pull;
    job.boot_assumed = boot > Decimal::ZERO;
    job.pull_assumed = pull > Decimal::ZERO;
    job
}

/// The first `want` card options that fit, with the cheapest total for the job on each (in
/// the user's currency), cheapest first; cards without any price last.
pub fn card_options(ctx: &Ctx, s: &PickState, want: usize) -> Vec<(FitOption, Option<Decimal>)> {
    fit_options(ctx, s).map_or_else(Vec::new, |all| priced_options(ctx, s, all, want, |_| true))
}

/// Every option the job's estimate gives: the fit engine's, or a generation's cards.
fn fit_options(ctx: &Ctx, s: &PickState) -> Option<Vec<FitOption>> {
    if s.media.is_some() {
        return super::media::sized(ctx, s).map(|m| m.options);
    }
    fit_report(ctx, s).map(|r| {
        let mut options = r.options;
        drop_full_no_bf16(ctx, s, &mut options);
        options
    })
}

/// The first `want` of the fitting options that `keep` accepts, in the order of
/// [`advice::compare_configs`] over the cheapest total of each (as `compare`'s first row);
/// equal keys keep the fit engine's order.
///
/// Exactly the head of pricing and ranking them all, without pricing them all: every option
/// gets a lower bound first ([`billing::Pricer::lower_bound`], no billing rule read), options
/// are priced cheapest bound first, and once `want` totals are known an option whose bound
/// already ranks after the `want`-th of them cannot reach the head and is not priced. At
/// 100× the catalog that prices a few hundred of some 4,900 options.
pub(super) fn priced_options(
    ctx: &Ctx,
    s: &PickState,
    all: Vec<FitOption>,
    want: usize,
    keep: impl Fn(&FitOption) -> bool,
) -> Vec<(FitOption, Option<Decimal>)> {
    if want == 0 {
        return Vec::new();
    }
    let job = job_for(s);
    // Rules and exchange rates are worked out once for the whole list; a refused platform
    // never prices a card.
    let left = super::negated::left_out(ctx, s);
    let mut pricer = billing::Pricer::new(ctx.catalog, &job, &ctx.currency).excluding(&left);
    let no_row = super::barriers::no_row(ctx, s);
    let matters = fit_request(ctx, s).is_some_and(|r| advice::link_matters(&r));
    // Inference: configurations that keep up with a reader come first, as /fit ranks them
    // (`advice::rank_options`); the tier needs no price, so it leads the pruning key too.
    let batch = s.concurrency.unwrap_or(1);
    struct Candidate {
        option: FitOption,
        tier: u8,
        /// The ranking key's lower bound (`INFINITY`: no price possible).
        bound: f64,
        /// Worked out for the options priced.
        link: Option<CardLink>,
        total: Option<Decimal>,
    }
    let mut candidates: Vec<Candidate> = all
        .into_iter()
        .filter(|o| o.fits && keep(o) && !only_left_out(ctx, &o.gpu, &no_row))
        .map(|option| {
            // The ranking key only scales the total up (a margin per doubling of cards, and
            // one more for a slow link, which the bound leaves out), so the bound scaled by
            // the first margin bounds the key.
            let factor = advice::ranking_cost(Decimal::ONE, option.cards)
                .to_f64()
                .unwrap_or(1.0);
            let bound = pricer
                .lower_bound(&option.gpu, option.cards)
                .map_or(f64::INFINITY, |b| b * factor * (1.0 - 1e-9));
            Candidate {
                tier: advice::speed_tier(&option, batch),
                option,
                bound,
                link: None,
                total: None,
            }
        })
        .collect();
    // (speed tier, price group, ranking key): a firm price before a "from" floor
    // (`advice::price_group`). An option not yet priced is bounded by group 0, the lowest.
    let key_order = |a: &(u8, u8, f64), b: &(u8, u8, f64)| {
        (a.0, a.1).cmp(&(b.0, b.1)).then(a.2.total_cmp(&b.2))
    };
    let mut by_bound: Vec<usize> = (0..candidates.len()).collect();
    by_bound.sort_by(|&a, &b| {
        let (a, b) = (&candidates[a], &candidates[b]);
        key_order(&(a.tier, 0, a.bound), &(b.tier, 0, b.bound))
    });
    // The `want` smallest known ranking keys so far, ascending.
    let mut head: Vec<(u8, u8, f64)> = Vec::with_capacity(want + 1);
    let mut priced: Vec<usize> = Vec::new();
    for i in by_bound {
        let c = &mut candidates[i];
        // Strictly after the `want`-th key (the margins above absorb float rounding), so it
        // ranks after `want` options whatever the tie-breaks.
        if head.len() == want && key_order(&(c.tier, 0, c.bound), &head[want - 1]).is_gt() {
            break;
        }
        c.link = ctx
            .catalog
            .gpu(&c.option.gpu)
            .ok()
            .and_then(|g| advice::config_link(g, c.option.cards));
        let marked = pricer.cheapest_total_marked(&c.option.gpu, c.option.cards);
        c.total = marked.map(|(t, _)| t);
        // The option's price is now this total: a floor says so on the card step.
        c.option.price_from = marked.is_some_and(|(_, from)| from);
        if let Some(key) = c
            .total
            .and_then(|t| advice::ranking_cost_linked(t, c.option.cards, c.link, matters).to_f64())
        {
            let key = (
                c.tier,
                advice::price_group(c.total, c.option.price_from),
                key,
            );
            let at = head.partition_point(|k| key_order(k, &key).is_le());
            head.insert(at, key);
            head.truncate(want);
        }
        priced.push(i);
    }
    // The engine's order, then a stable sort: the same order as ranking every option.
    priced.sort_unstable();
    priced.sort_by(|&a, &b| {
        let (a, b) = (&candidates[a], &candidates[b]);
        advice::compare_priced(
            (&a.option, a.total, a.link),
            (&b.option, b.total, b.link),
            matters,
            batch,
        )
    });
    priced.truncate(want);
    let mut slots: Vec<Option<Candidate>> = candidates.into_iter().map(Some).collect();
    priced
        .into_iter()
        .filter_map(|i| slots[i].take().map(|c| (c.option, c.total)))
        .collect()
}

/// How many card options the card step offers.
const SHOWN: usize = 6;

pub fn ask_card(ctx: &Ctx, s: &PickState, header: Msg) -> Reply {
    let mut r = Reply::text(header);
    if s.media.is_some() {
        return media_card(ctx, s, r);
    }
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
            .arg("overhead", format!("{:.1}", report.overhead_gib))
            // What a card must hold (the allocator's cache, in the total, is given back).
            .arg("required", format!("{:.1}", report.per_gpu_required_gib))
            .arg(
                "cache",
                if report.per_gpu_gib > report.per_gpu_required_gib + 0.05 {
                    "yes"
                } else {
                    "no"
                },
            ),
    );
    for w in &report.warnings {
        r.push(w.clone());
    }
    let mut options = report.options;
    if let Some(m) = drop_full_no_bf16(ctx, s, &mut options) {
        r.push(m);
    }
    if let Some(m) = need_left_cards(ctx, s, &options) {
        r.push(m);
    }
    let want = if s.cap.is_some() { SHOWN * 5 } else { SHOWN };
    let options = priced_options(ctx, s, options, want, |_| true);
    // A LoRA offered on a card without bf16 trains in fp16 there: said for the first cards
    // offered (those a cap does not take out are among them).
    let shown = options.iter().take(SHOWN).map(|(o, _)| o);
    if let Some((Task::Lora, cards)) = no_bf16_cards(ctx, s, shown) {
        r.push(no_bf16_msg(ctx, "pick-no-bf16-lora", &cards));
    }
    card_list(ctx, s, r, options)
}

/// The fitting options offered as choices, with the notes their kind calls for.
pub(super) fn card_list(
    ctx: &Ctx,
    s: &PickState,
    mut r: Reply,
    options: Vec<(FitOption, Option<Decimal>)>,
) -> Reply {
    // A cap per hour leaves out what costs more, and says so.
    let (mut options, cap_line) = super::cap::filter_options(ctx, s, options);
    options.truncate(SHOWN);
    if let Some(m) = cap_line {
        r.push(m);
    }
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
    if s.task != Some(TaskKind::FineTune) && s.media.is_none() {
        r.push(Msg::new("pick-bandwidth-note"));
    }
    // Serving over several cards not known to be on NVLink: tensor parallelism talks over
    // the link every layer.
    let slow_multi = options.iter().any(|(o, _)| {
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
    for (o, best) in &options {
        let Ok(gpu) = ctx.catalog.gpu(&o.gpu) else {
            continue;
        };
        let from = best.map_or_else(
            || "unknown".to_string(),
            |total| billing::format_money(total, &ctx.currency),
        );
        let floor = if o.price_from { "yes" } else { "no" };
        r = r.with_choice(
            &format!("g:{}:{}", o.gpu, o.cards),
            Msg::new("pick-card-option")
                .arg("cards", o.cards)
                .arg("gpu", gpu.display_name(ctx.lang == crate::i18n::Lang::Zh))
                .arg("per_card", format!("{:.1}", o.per_gpu_gib))
                .arg("tight", if o.tight { "yes" } else { "no" })
                .arg("vram", format!("{:.0}", gpu.vram_gb))
                .arg(
                    "bandwidth",
                    gpu.bandwidth_gbps()
                        .map_or_else(|| "unknown".to_string(), |b| format!("{b:.0}")),
                )
                .arg("from", from)
                .arg("floor", floor),
        );
    }
    r
}

/// The card step of a generation job (or a LoRA on its model): its size, then the cards that
/// hold it priced for the job as any other (`card::card_list`).
fn media_card(ctx: &Ctx, s: &PickState, mut r: Reply) -> Reply {
    if super::media::train_unsized(s) {
        return r
            .with(Msg::new("pick-media-train-unknown"))
            .with(Msg::new("pick-hint-card"));
    }
    let Some(fit) = super::media::sized(ctx, s) else {
        return r.with(Msg::new("pick-fit-failed"));
    };
    r.push(fit.summary());
    if let Some(m) = fit.no_bf16_left_out(ctx.lang == crate::i18n::Lang::Zh) {
        r.push(m);
    }
    if let Some(m) = need_left_cards(ctx, s, &fit.options) {
        r.push(m);
    }
    let want = if s.cap.is_some() { 30 } else { 6 };
    let options = priced_options(ctx, s, fit.options, want, |_| true);
    card_list(ctx, s, r, options)
}

/// The cheapest fitting option on a lower-tier card than the chosen one.
pub(super) fn drop_one_tier(ctx: &Ctx, s: &PickState, gpu_id: &str) -> Option<(FitOption, String)> {
    let tier = ctx.catalog.gpu(gpu_id).ok()?.tier;
    let lower = |o: &FitOption| ctx.catalog.gpu(&o.gpu).is_ok_and(|g| g.tier < tier);
    let all = fit_options(ctx, s)?;
    // The first lower-tier option; unpriced ones rank last, so if it has no price none has.
    priced_options(ctx, s, all, 1, lower)
        .into_iter()
        .find_map(|(o, best)| {
            let g = ctx.catalog.gpu(&o.gpu).ok()?;
            let total = best?;
            let name = g
                .display_name(ctx.lang == crate::i18n::Lang::Zh)
                .to_string();
            Some((
                FitOption { gpu: name, ..o },
                billing::format_money(total, &ctx.currency),
            ))
        })
}

/// Why `cards` × `gpu_id` cannot hold the job the answers describe, with the cards that can;
/// `None` when it fits (or the fit cannot be judged, e.g. an incomplete model config).
pub(super) fn refuse_card(ctx: &Ctx, s: &PickState, gpu_id: &str, cards: u32) -> Option<Reply> {
    if s.media.is_some() {
        return super::media::refuse(ctx, s, gpu_id, cards);
    }
    let (need, vram) = shortfall(ctx, s, gpu_id, cards)?;
    let gpu = ctx.catalog.gpu(gpu_id).ok()?;
    let mut r = Reply::text(
        Msg::new("pick-card-does-not-fit")
            .arg("cards", cards)
            .arg("gpu", gpu.display_name(ctx.lang == crate::i18n::Lang::Zh))
            .arg("vram", format!("{vram:.1}"))
            .arg("need", format!("{need:.1}")),
    );
    let alternatives: Vec<String> = card_options(ctx, s, 3)
        .iter()
        .filter_map(|(o, _)| {
            let g = ctx.catalog.gpu(&o.gpu).ok()?;
            Some(format!(
                "{}× {}",
                o.cards,
                g.display_name(ctx.lang == crate::i18n::Lang::Zh)
            ))
        })
        .collect();
    if alternatives.is_empty() {
        r.push(Msg::new("pick-no-card-fits"));
    } else {
        r.push(Msg::new("pick-card-alternatives").arg("cards", alternatives.join(", ")));
    }
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::context::ChatRef;
    use crate::dialogue::state::Usage;
    use crate::i18n::Lang;
    use crate::store::Store;

    /// What pruning must equal: every fitting option priced, ranked by `compare_configs`
    /// (stable), its head.
    fn rank_all(
        ctx: &Ctx,
        s: &PickState,
        want: usize,
        keep: impl Fn(&FitOption) -> bool,
    ) -> Vec<(FitOption, Option<Decimal>)> {
        let report = fit_report(ctx, s).unwrap();
        let job = job_for(s);
        let left = super::super::negated::left_out(ctx, s);
        let mut pricer = billing::Pricer::new(ctx.catalog, &job, &ctx.currency).excluding(&left);
        let mut all: Vec<(FitOption, Option<Decimal>)> = report
            .options
            .into_iter()
            .filter(|o| o.fits && keep(o))
            .map(|mut o| {
                let marked = pricer.cheapest_total_marked(&o.gpu, o.cards);
                o.price_from = marked.is_some_and(|(_, from)| from);
                (o, marked.map(|(t, _)| t))
            })
            .collect();
        let matters = fit_request(ctx, s).is_some_and(|r| advice::link_matters(&r));
        let link = |o: &FitOption| {
            ctx.catalog
                .gpu(&o.gpu)
                .ok()
                .and_then(|g| advice::config_link(g, o.cards))
        };
        let batch = s.concurrency.unwrap_or(1);
        all.sort_by(|a, b| {
            advice::compare_priced(
                (&a.0, a.1, link(&a.0)),
                (&b.0, b.1, link(&b.0)),
                matters,
                batch,
            )
        });
        all.truncate(want);
        all
    }

    /// The embedded catalog three times over, the copies quoting each other's cards at the
    /// same and at slightly higher prices, spot rows and cheaper "from" floors: many equal
    /// totals, so ties and the stable order are exercised, not only distinct prices.
    fn tripled() -> Catalog {
        let base = Catalog::embedded().unwrap();
        let id = |s: &str, c: usize| {
            if c == 0 {
                s.to_string()
            } else {
                format!("{s}-c{c}")
            }
        };
        let (mut gpus, mut platforms) = (Vec::new(), Vec::new());
        for c in 0..3 {
            for g in &base.gpus {
                let mut g = g.clone();
                g.id = id(&g.id, c);
                g.name = id(&g.name, c);
                g.aliases = g.aliases.iter().map(|a| id(a, c)).collect();
                gpus.push(g);
            }
            for p in &base.platforms {
                let mut p = p.clone();
                p.id = id(&p.id, c);
                p.name = id(&p.name, c);
                p.name_zh = p.name_zh.as_deref().map(|z| id(z, c));
                p.aliases = p.aliases.iter().map(|a| id(a, c)).collect();
                for n in &mut p.nicknames {
                    n.name = id(&n.name, c);
                }
                let mut prices = Vec::new();
                for (i, q) in p.prices.iter().enumerate() {
                    let mut own = q.clone();
                    own.gpu = id(&q.gpu, c);
                    let mut next = q.clone();
                    next.gpu = id(&q.gpu, (c + 1) % 3);
                    next.amount = q.amount * Decimal::new(100 + (i % 3) as i64, 2);
                    if q.tier == "on_demand" && q.cards == 1 && i % 2 == 0 {
                        let mut spot = own.clone();
                        spot.tier = "spot".into();
                        spot.amount = (q.amount * Decimal::new(6, 1)).round_dp(4);
                        prices.push(spot);
                    }
                    // "From" floors, cheaper than any firm price: the third copy's cards
                    // have floors alone, and some of the second's a floor beside firm
                    // prices, so the firm-first order is pruned like the rest.
                    let floor = |q: &mut crate::catalog::PriceQuote, tenths: i64| {
                        q.from = true;
                        q.amount = (q.amount * Decimal::new(tenths, 1)).round_dp(4);
                    };
                    match c {
                        2 => floor(&mut own, 5),
                        1 => floor(&mut next, 5),
                        _ if i % 3 == 0 => floor(&mut next, 4),
                        _ => {}
                    }
                    prices.push(own);
                    prices.push(next);
                }
                p.prices = prices;
                platforms.push(p);
            }
        }
        Catalog::from_parts(gpus, platforms, base.models.clone(), base.fx.clone()).unwrap()
    }

    fn states() -> Vec<PickState> {
        let mut out = Vec::new();
        let usages = [
            Usage::OneOff {
                hours: Decimal::ONE,
            },
            Usage::OneOff {
                hours: Decimal::new(25, 2),
            },
            Usage::OneOff {
                hours: Decimal::from(3),
            },
            Usage::Daily {
                hours: Decimal::from(4),
            },
            Usage::Always,
        ];
        let jobs: [(TaskKind, Option<&str>, Option<f64>, &str); 7] = [
            (TaskKind::Experiment, Some("qwen2.5-7b"), None, "bf16"),
            (TaskKind::Serve, Some("qwen2.5-72b"), None, "int4"),
            (TaskKind::Serve, Some("llama-3.1-8b"), None, "fp8"),
            (TaskKind::FineTune, Some("qwen2.5-7b"), None, "lora"),
            (TaskKind::FineTune, Some("llama-2-70b"), None, "qlora"),
            (TaskKind::FineTune, Some("qwen2.5-14b"), None, "full"),
            (TaskKind::Experiment, None, Some(13.0), "q4_k_m"),
        ];
        for (task, model, params_b, method) in jobs {
            for usage in usages {
                let mut s = PickState::new();
                s.task = Some(task);
                s.model = model.map(str::to_string);
                s.params_b = params_b;
                s.method = Some(method.into());
                s.context = Some(4096);
                s.usage = Some(usage);
                out.push(s);
            }
        }
        out
    }

    /// Every state in USD, CNY and an unknown currency over the embedded catalog, and the
    /// tripled catalog's ties in USD; the tripled catalog in every currency is the twin below.
    #[test]
    fn pruned_heads_equal_ranking_every_option() {
        let compared = pruned_against_all(Catalog::embedded().unwrap(), &["USD", "CNY", "XYZ"])
            + pruned_against_all(tripled(), &["USD"]);
        // 10,950 when written (5,895 + 5,055).
        assert!(compared > 8_000, "only {compared} options compared");
    }

    /// The rest of the check (about half of its comparisons: the tripled catalog in CNY and an
    /// unknown currency), left out of the normal run: `cargo test -p bot-core --lib dialogue::card
    /// -- --ignored`.
    #[test]
    #[ignore = "long: the tripled catalog in every currency"]
    fn pruned_heads_equal_ranking_every_option_tripled_in_every_currency() {
        let compared = pruned_against_all(tripled(), &["USD", "CNY", "XYZ"]);
        // 15,165 when written.
        assert!(compared > 12_000, "only {compared} options compared");
    }

    /// Compares the pruned heads with ranking every option, for every state and wanted count;
    /// returns how many options were compared.
    fn pruned_against_all(catalog: Catalog, currencies: &[&str]) -> usize {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.redb")).unwrap();
        let who = ChatRef::terminal(Some("en"));
        let mut compared = 0;
        for &currency in currencies {
            let ctx = Ctx {
                catalog: &catalog,
                store: &store,
                who: &who,
                lang: Lang::En,
                currency: currency.into(),
                bare_currency: currency.into(),
                today: crate::catalog::parse_date("2026-11-30").unwrap(),
                is_operator: false,
            };
            for s in states() {
                let Some(report) = fit_report(&ctx, &s) else {
                    continue;
                };
                let fitting = report.options.iter().filter(|o| o.fits).count();
                for want in [1, 2, 3, 6, fitting + 1] {
                    let got = card_options(&ctx, &s, want);
                    let all = rank_all(&ctx, &s, want, |_| true);
                    let key = |v: &[(FitOption, Option<Decimal>)]| {
                        v.iter()
                            .map(|(o, t)| (o.gpu.clone(), o.cards, *t))
                            .collect::<Vec<_>>()
                    };
                    assert_eq!(key(&got), key(&all), "{currency} {s:?} want {want}");
                    compared += got.len();
                }
                let low = |o: &FitOption| catalog.gpu(&o.gpu).is_ok_and(|g| g.tier < 4);
                let got = priced_options(&ctx, &s, fit_report(&ctx, &s).unwrap().options, 1, low);
                let all = rank_all(&ctx, &s, 1, low);
                assert_eq!(
                    got.iter().map(|(o, t)| (&o.gpu, *t)).collect::<Vec<_>>(),
                    all.iter().map(|(o, t)| (&o.gpu, *t)).collect::<Vec<_>>(),
                    "{currency} {s:?} lower tier"
                );
            }
        }
        compared
    }
}
