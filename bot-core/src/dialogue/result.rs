//! The engine-backed steps of `/pick`: card options (fit engine), barriers, the ranked result
//! (billing engine) and the trial plan.

use super::{PickState, TaskKind, Usage};
use crate::billing::{self, Job, RankedOffer};
use crate::catalog::{Platform, RealName};
use crate::context::Ctx;
use crate::fact::Fact;
use crate::reply::{Msg, Reply, Table};
use crate::vram::{self, Engine, FitOption, FitReport, FitRequest, ModelRef, Quant, Task};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Typical container boot and image pull for a first run. These are the user's job
/// assumptions (not platform facts); every answer that uses them says so.
const ASSUMED_BOOT_MINUTES: i64 = 3;
const ASSUMED_PULL_MINUTES: i64 = 2;

/// What the user needs from a platform before price matters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Needs {
    pub web_terminal: bool,
    pub images: bool,
    pub no_real_name: bool,
    /// Payment methods the user can use (any one is enough); empty = any.
    pub payments: Vec<String>,
    /// Budget for the job, in the user's currency.
    pub budget: Option<Decimal>,
}

/// Whether a platform meets one need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Met {
    Yes,
    No,
    Unknown,
}

const PAYMENTS: &[(&str, &[&str])] = &[
    ("alipay", &["alipay", "支付宝"]),
    ("wechat", &["wechat", "微信", "wechat pay", "微信支付"]),
    ("card", &["card", "credit card", "visa", "信用卡", "银行卡"]),
    ("crypto", &["crypto", "usdt", "加密货币", "虚拟币"]),
];

impl Needs {
    /// Toggles a need from a choice id or typed word; false when the word means nothing here.
    pub fn apply(&mut self, value: &str) -> bool {
        let v = value.trim().to_lowercase();
        for prefix in ["budget", "预算", "max"] {
            if let Some(rest) = v.strip_prefix(prefix) {
                let amount = rest.trim().trim_start_matches(['=', ':', '：']).trim();
                let amount = amount
                    .trim_start_matches(['¥', '$', '￥'])
                    .trim_end_matches(['元', '块']);
                return match amount.parse::<Decimal>() {
                    Ok(b) if b > Decimal::ZERO && b < Decimal::from(10_000_000) => {
                        self.budget = Some(b);
                        true
                    }
                    _ => false,
                };
            }
        }
        match v.as_str() {
            "web" | "web terminal" | "网页终端" | "网页" => {
                self.web_terminal = !self.web_terminal
            }
            "img" | "images" | "image" | "镜像" | "现成镜像" => self.images = !self.images,
            "nrn" | "no real-name" | "no real name" | "免实名" | "不实名" => {
                self.no_real_name = !self.no_real_name
            }
            _ => {
                let Some((key, _)) = PAYMENTS
                    .iter()
                    .find(|(k, words)| *k == v || words.contains(&v.as_str()))
                else {
                    return false;
                };
                if let Some(i) = self.payments.iter().position(|p| p == key) {
                    self.payments.remove(i);
                } else {
                    self.payments.push(key.to_string());
                }
            }
        }
        true
    }

    /// Each need the user set, with whether `p` meets it.
    pub fn check(&self, p: &Platform) -> Vec<(&'static str, Met)> {
        let b = &p.barriers;
        let fact = |f: &Fact<bool>| match f {
            Fact::Known(true) => Met::Yes,
            Fact::Known(false) => Met::No,
            Fact::Unknown => Met::Unknown,
        };
        let mut out = Vec::new();
        if self.web_terminal {
            // Jupyter's terminal also counts as a browser terminal.
            let m = match (fact(&b.web_terminal), fact(&b.jupyter)) {
                (Met::Yes, _) | (_, Met::Yes) => Met::Yes,
                (Met::No, Met::No) => Met::No,
                _ => Met::Unknown,
            };
            out.push(("web", m));
        }
        if self.images {
            out.push(("img", fact(&b.prebuilt_images)));
        }
        if self.no_real_name {
            out.push((
                "nrn",
                match b.real_name_verification {
                    Fact::Known(RealName::NotRequired) => Met::Yes,
                    Fact::Known(RealName::Required) => Met::No,
                    Fact::Unknown => Met::Unknown,
                },
            ));
        }
        if !self.payments.is_empty() {
            out.push((
                "pay",
                if b.payment_methods.is_empty() {
                    Met::Unknown
                } else if self.payments.iter().any(|p| b.payment_methods.contains(p)) {
                    Met::Yes
                } else {
                    Met::No
                },
            ));
        }
        out
    }
}

/// The fit request the answers so far describe.
fn fit_request<'a>(ctx: &'a Ctx, s: &PickState) -> Option<FitRequest<'a>> {
    let model = match (&s.model, s.params_b) {
        (Some(id), _) => ModelRef::Known(ctx.catalog.model(id).ok()?),
        (None, Some(b)) => ModelRef::BySize { params_b: b },
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

fn fit_report(ctx: &Ctx, s: &PickState) -> Option<FitReport> {
    let req = fit_request(ctx, s)?;
    vram::estimate(ctx.catalog, &req).ok()
}

/// The job the usage answer describes, with the stated boot/pull assumptions.
pub fn job_for(s: &PickState) -> Job {
    let boot = Decimal::from(ASSUMED_BOOT_MINUTES * 60);
    let pull = Decimal::from(ASSUMED_PULL_MINUTES * 60);
    match s.usage.unwrap_or(Usage::OneOff {
        hours: Decimal::ONE,
    }) {
        Usage::OneOff { hours } => Job {
            boot,
            pull,
            ..Job::one_off(hours * Decimal::from(3600))
        },
        // The image is cached after the first day; each day still boots.
        Usage::Daily { hours } => Job {
            boot,
            ..Job::daily(hours, 30)
        },
        Usage::Always => Job::always_on(1),
    }
}

/// Card options that fit, with the cheapest total for the job on each (in the user's
/// currency), cheapest first; cards without any price last.
pub fn card_options(ctx: &Ctx, s: &PickState) -> Vec<(FitOption, Option<Decimal>)> {
    fit_report(ctx, s).map_or_else(Vec::new, |report| priced_options(ctx, s, report))
}

fn priced_options(
    ctx: &Ctx,
    s: &PickState,
    report: FitReport,
) -> Vec<(FitOption, Option<Decimal>)> {
    let job = job_for(s);
    let mut priced: Vec<(FitOption, Option<Decimal>)> = report
        .options
        .into_iter()
        .filter(|o| o.fits)
        .map(|o| {
            let best =
                billing::compare(ctx.catalog, &o.gpu, o.cards, &job, &ctx.currency, ctx.today)
                    .first()
                    .map(|r| r.cost.total_cost);
            (o, best)
        })
        .collect();
    priced.sort_by(|a, b| match (a.1, b.1) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.0.cards.cmp(&b.0.cards),
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
    r.push(Msg::new("pick-ask-card"));
    if s.task != Some(TaskKind::FineTune) {
        r.push(Msg::new("pick-bandwidth-note"));
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
                .arg("bandwidth", format!("{:.0}", gpu.mem_bandwidth_gbps))
                .arg("from", from),
        );
    }
    r
}

pub fn ask_barriers(s: &PickState, header: Msg) -> Reply {
    let n = &s.needs;
    let on = |b: bool| if b { "on" } else { "off" };
    let pay = |k: &str| on(n.payments.iter().any(|p| p == k));
    let mut r = Reply::text(header).with(Msg::new("pick-ask-barriers"));
    if let Some(b) = n.budget {
        r.push(Msg::new("pick-budget-set").arg("budget", b.normalize().to_string()));
    }
    r.with_choice(
        "b:web",
        Msg::new("pick-need-web").arg("state", on(n.web_terminal)),
    )
    .with_choice(
        "b:img",
        Msg::new("pick-need-img").arg("state", on(n.images)),
    )
    .with_choice(
        "b:nrn",
        Msg::new("pick-need-nrn").arg("state", on(n.no_real_name)),
    )
    .with_choice(
        "b:alipay",
        Msg::new("pick-need-pay")
            .arg("method", "alipay")
            .arg("state", pay("alipay")),
    )
    .with_choice(
        "b:wechat",
        Msg::new("pick-need-pay")
            .arg("method", "wechat")
            .arg("state", pay("wechat")),
    )
    .with_choice(
        "b:card",
        Msg::new("pick-need-pay")
            .arg("method", "card")
            .arg("state", pay("card")),
    )
    .with_choice(
        "b:crypto",
        Msg::new("pick-need-pay")
            .arg("method", "crypto")
            .arg("state", pay("crypto")),
    )
    .with_choice("b:done", Msg::new("pick-barriers-done"))
}

/// Offers for the chosen card, cheapest first, with each one's barrier check; platforms that
/// certainly fail a need go after those that do not.
pub fn ranked_offers(
    ctx: &Ctx,
    s: &PickState,
    gpu: &str,
    cards: u32,
) -> Vec<(RankedOffer, Vec<(&'static str, Met)>)> {
    let job = job_for(s);
    let mut offers: Vec<_> =
        billing::compare(ctx.catalog, gpu, cards, &job, &ctx.currency, ctx.today)
            .into_iter()
            .filter_map(|o| {
                let p = ctx.catalog.platform(&o.platform_id).ok()?;
                let check = s.needs.check(p);
                Some((o, check))
            })
            .collect();
    // Stable sort keeps the cost order inside each group.
    offers.sort_by_key(|(_, check)| check.iter().any(|(_, m)| *m == Met::No));
    // One row per platform: its cheapest quote.
    let mut seen = Vec::new();
    offers.retain(|(o, _)| {
        if seen.contains(&o.platform_id) {
            false
        } else {
            seen.push(o.platform_id.clone());
            true
        }
    });
    offers
}

fn met_text(check: &[(&'static str, Met)]) -> String {
    if check.is_empty() {
        return "-".into();
    }
    check
        .iter()
        .map(|(k, m)| {
            format!(
                "{k}{}",
                match m {
                    Met::Yes => "✓",
                    Met::No => "✗",
                    Met::Unknown => "?",
                }
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn show_result(ctx: &Ctx, s: &PickState, header: Msg) -> Reply {
    let mut r = Reply::text(header);
    let (Some(gpu_id), Some(cards)) = (s.gpu.as_deref(), s.cards) else {
        return r.with(Msg::new("pick-fit-failed"));
    };
    let gpu_name = ctx
        .catalog
        .gpu(gpu_id)
        .map(|g| g.name.clone())
        .unwrap_or_else(|_| gpu_id.to_string());
    r.push(
        Msg::new("pick-result-title")
            .arg("cards", cards)
            .arg("gpu", &gpu_name),
    );
    r.push(usage_line(s));
    let offers = ranked_offers(ctx, s, gpu_id, cards);
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    if offers.is_empty() {
        r.push(Msg::new("pick-result-none"));
    } else {
        let rows = offers
            .iter()
            .take(3)
            .enumerate()
            .map(|(i, (o, check))| {
                let name = ctx
                    .catalog
                    .platform(&o.platform_id)
                    .map(|p| p.display_name(zh).to_string())
                    .unwrap_or_else(|_| o.platform_id.clone());
                vec![
                    format!("{}", i + 1),
                    name,
                    billing::format_money(o.cost.total_cost, &o.cost.currency),
                    billing::format_money(o.cost.effective_per_useful_hour, &o.cost.currency),
                    met_text(check),
                    if o.quote.undated {
                        "? *".to_string()
                    } else if o.stale {
                        format!("{} *", o.quote.as_of)
                    } else {
                        o.quote.as_of.clone()
                    },
                ]
            })
            .collect();
        r = r.with_table(Table {
            header: vec![
                Msg::new("col-rank"),
                Msg::new("col-platform"),
                Msg::new("col-job-cost"),
                Msg::new("col-per-useful-hour"),
                Msg::new("col-barriers"),
                Msg::new("col-as-of"),
            ],
            rows,
        });
        for (o, _) in offers.iter().take(3) {
            if let Some(rule) = &o.deciding_rule {
                let name = ctx
                    .catalog
                    .platform(&o.platform_id)
                    .map(|p| p.display_name(zh).to_string())
                    .unwrap_or_else(|_| o.platform_id.clone());
                r.push(
                    Msg::new("pick-rule")
                        .arg("platform", name)
                        .arg("rule", crate::Localizer::get().format(ctx.lang, rule)),
                );
            }
        }
        r.push(Msg::new("pick-stock-unknown"));
        r.push(Msg::new("pick-result-legend"));
        if !matches!(s.usage, Some(Usage::Always)) {
            r.push(
                Msg::new("pick-assumed-boot")
                    .arg("boot", ASSUMED_BOOT_MINUTES as u32)
                    .arg("pull", ASSUMED_PULL_MINUTES as u32),
            );
        }
    }
    let first_total = offers.first().map(|(o, _)| o.cost.total_cost);
    let over_budget = matches!((s.needs.budget, first_total), (Some(b), Some(t)) if t > b);
    if over_budget {
        r.push(Msg::new("pick-over-budget").arg(
            "budget",
            s.needs.budget.unwrap_or_default().normalize().to_string(),
        ));
    }
    if over_budget || offers.is_empty() {
        if let Some((alt, cost)) = drop_one_tier(ctx, s, gpu_id) {
            r.push(
                Msg::new("pick-drop-tier")
                    .arg("cards", alt.cards)
                    .arg("gpu", alt.gpu)
                    .arg("cost", cost),
            );
        } else {
            r.push(Msg::new("pick-no-lower-tier"));
        }
    }
    r.with_choice("r:trial", Msg::new("pick-see-trial"))
}

fn usage_line(s: &PickState) -> Msg {
    match s.usage.unwrap_or(Usage::OneOff {
        hours: Decimal::ONE,
    }) {
        Usage::OneOff { hours } => Msg::new("pick-usage-line-oneoff")
            .arg("hours", hours.round_dp(2).normalize().to_string()),
        Usage::Daily { hours } => Msg::new("pick-usage-line-daily")
            .arg("hours", hours.round_dp(2).normalize().to_string()),
        Usage::Always => Msg::new("pick-usage-line-always"),
    }
}

/// The cheapest fitting option on a lower-tier card than the chosen one.
fn drop_one_tier(ctx: &Ctx, s: &PickState, gpu_id: &str) -> Option<(FitOption, String)> {
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

/// Billing-unit advice for the usage answer (seed §2 and FAQ).
pub fn usage_advice(s: &PickState) -> Reply {
    let usage = s.usage.unwrap_or(Usage::OneOff {
        hours: Decimal::ONE,
    });
    let mut r = Reply::default();
    match usage {
        Usage::OneOff { hours } if hours <= Decimal::ONE => r.push(Msg::new("pick-advice-short")),
        Usage::OneOff { .. } => r.push(Msg::new("pick-advice-hours")),
        Usage::Daily { .. } => r.push(Msg::new("pick-advice-daily")),
        Usage::Always => r.push(Msg::new("pick-advice-always")),
    };
    let intermittent = !matches!(usage, Usage::Always);
    if s.task == Some(TaskKind::Serve) && intermittent {
        r.push(Msg::new("pick-advice-api"));
    }
    r
}

/// The seed's §5 as a checklist, sized for the first-ranked platform.
pub fn trial_plan(ctx: &Ctx, s: &PickState) -> Reply {
    let mut r = Reply::text(Msg::new("pick-step").arg("n", 7u32).arg("total", 7u32))
        .with(Msg::new("pick-trial-title"));
    let (Some(gpu), Some(cards)) = (s.gpu.as_deref(), s.cards) else {
        return r.with(Msg::new("pick-fit-failed"));
    };
    // A reduced real run: a tenth of the job, at least 30 minutes, at most 2 hours.
    let full = match s.usage.unwrap_or(Usage::OneOff {
        hours: Decimal::ONE,
    }) {
        Usage::OneOff { hours } => hours,
        Usage::Daily { hours } => hours,
        Usage::Always => Decimal::from(2),
    };
    let trial_hours = (full / Decimal::from(10)).clamp(Decimal::new(5, 1), Decimal::from(2));
    let mut trial = s.clone();
    trial.usage = Some(Usage::OneOff { hours: trial_hours });
    let offers = ranked_offers(ctx, &trial, gpu, cards);
    match offers.first() {
        Some((o, _)) => {
            let p = ctx.catalog.platform(&o.platform_id).ok();
            let zh = ctx.lang == crate::i18n::Lang::Zh;
            // Top up the trial cost rounded up to a whole unit, or the platform's minimum.
            let mut topup = o.cost.total_cost.ceil();
            let mut min_note = None;
            if let Some(p) = p
                && let Fact::Known(min) = p.barriers.min_topup
                && p.currency == o.cost.currency
                && min > topup
            {
                topup = min;
                min_note = Some(min);
            }
            r.push(
                Msg::new("pick-trial-topup")
                    .arg(
                        "platform",
                        p.map(|p| p.display_name(zh).to_string())
                            .unwrap_or_default(),
                    )
                    .arg("amount", billing::format_money(topup, &o.cost.currency))
                    .arg("hours", trial_hours.normalize().to_string()),
            );
            if min_note.is_some() {
                r.push(Msg::new("pick-trial-min-topup"));
            }
        }
        None => {
            r.push(Msg::new("pick-trial-topup-unknown"));
        }
    }
    r.push(Msg::new(match s.task {
        Some(TaskKind::FineTune) => "pick-trial-task-tune",
        Some(TaskKind::Serve) => "pick-trial-task-serve",
        _ => "pick-trial-task-exp",
    }));
    r.push(Msg::new("pick-trial-record"));
    r.push(Msg::new("pick-trial-ledger").arg("gpu", gpu));
    r.push(Msg::new("pick-trial-switch"));
    r.push(Msg::new("pick-trial-scale"));
    r.push(Msg::new("pick-subscribe-offer").arg("gpu", gpu));
    r.with_choice("x:done", Msg::new("pick-done"))
}
