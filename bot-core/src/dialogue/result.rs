//! The result: platforms ranked by what the job really costs, with stock and barriers.

use super::barriers::{met_text, need_rank};
use super::card::{drop_one_tier, job_for};
use super::state::Met;
use super::state::{PickState, Usage};
use crate::advice::{self, BOOT_MINUTES, PULL_MINUTES};
use crate::billing::{self, RankedOffer};
use crate::context::Ctx;
use crate::reply::{Msg, Part, Reply, Table};
use rust_decimal::Decimal;

pub use super::barriers::CheckedOffer;

/// Offers for the chosen card, cheapest first, with each one's barrier check; platforms that
/// certainly fail a need go after those that do not.
pub fn ranked_offers(
    ctx: &Ctx,
    s: &PickState,
    gpu: &str,
    cards: u32,
) -> Vec<(RankedOffer, Vec<(&'static str, Met)>)> {
    ranked_offers_live(ctx, s, gpu, cards).0
}

/// [`ranked_offers`] with fresh live prices in place of list prices where a provider has
/// them, and what the live data did (empty: the catalog's ranking, untouched).
pub fn ranked_offers_live(
    ctx: &Ctx,
    s: &PickState,
    gpu: &str,
    cards: u32,
) -> (Vec<CheckedOffer>, Vec<billing::LiveUse>) {
    let (offers, used, _) = ranked_offers_grouped(ctx, s, gpu, cards);
    (offers, used)
}

/// [`ranked_offers_live`], and the platforms left out as known to fail a need.
pub fn ranked_offers_grouped(
    ctx: &Ctx,
    s: &PickState,
    gpu: &str,
    cards: u32,
) -> (Vec<CheckedOffer>, Vec<billing::LiveUse>, Vec<String>) {
    let job = job_for(s);
    let listed = billing::compare(ctx.catalog, gpu, cards, &job, &ctx.currency, ctx.today)
        .unwrap_or_default();
    let live =
        crate::availability::live_quotes(ctx.store, gpu, cards, crate::availability::now_unix())
            .unwrap_or_default();
    let (listed, used) = billing::with_live_prices(
        ctx.catalog,
        listed,
        gpu,
        cards,
        &job,
        &ctx.currency,
        ctx.today,
        &live,
    );
    let mut offers: Vec<_> = listed
        .into_iter()
        .filter_map(|o| {
            let p = ctx.catalog.platform(&o.platform_id).ok()?;
            let check = s.needs.check(p);
            Some((o, check))
        })
        .collect();
    // Known to meet every need, then not verified, then known to fail one: the less we know
    // about a platform, the less it is recommended; in each, firm prices before floors. Within a group, several cards not known to
    // be on NVLink (the quote's own statement, else the card's) rank with the link margin where
    // the cards talk every layer. Stable, so cost order holds for equal keys.
    let matters = super::card::fit_request(ctx, s).is_some_and(|r| advice::link_matters(&r));
    let gpu_entry = ctx.catalog.gpu(gpu).ok();
    offers.sort_by_cached_key(|(o, check)| {
        let link = gpu_entry.and_then(|g| (cards > 1).then(|| o.quote.card_link(g)));
        (
            need_rank(check),
            // A firm price before a "from" floor, as `/compare` ranks (`billing::rank_order`).
            o.is_floor(),
            advice::ranking_cost_linked(o.cost.total_cost, cards, link, matters),
        )
    });
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
    let left_out = super::barriers::leave_out_failing(&mut offers);
    (offers, used, left_out)
}

/// The `/pick` result: the top three platforms for the chosen card with what each costs, the
/// barriers each meets, their notes, and a card one tier down when over budget.
pub fn show_result(ctx: &Ctx, s: &PickState, header: Msg) -> Reply {
    let mut r = Reply::text(header);
    let (Some(gpu_id), Some(cards)) = (s.gpu.as_deref(), s.cards) else {
        return r.with(Msg::new("pick-fit-failed"));
    };
    let gpu_name = ctx
        .catalog
        .gpu(gpu_id)
        .map(|g| {
            g.display_name(ctx.lang == crate::i18n::Lang::Zh)
                .to_string()
        })
        .unwrap_or_else(|_| gpu_id.to_string());
    r.push(
        Msg::new("pick-result-title")
            .arg("cards", cards)
            .arg("gpu", &gpu_name),
    );
    r.push(usage_line(s));
    let (mut offers, live, left_out) = ranked_offers_grouped(ctx, s, gpu_id, cards);
    // Platforms the user refused (`不要autodl`): left out, and said.
    let listed = offers.len() + left_out.len();
    if !s.excluded.is_empty() {
        offers.retain(|(o, _)| !s.excluded.contains(&o.platform_id));
        let names: Vec<String> = s.excluded.iter().map(|p| platform_name(ctx, p)).collect();
        r.push(Msg::new("pick-excluded").arg("platforms", names.join(", ")));
    }
    // A cap per hour: what costs more per useful hour is left out, counted, and said.
    if let Some(cap) = super::cap::msg(ctx, s) {
        let over = |o: &CheckedOffer| {
            super::cap::offer_over(
                ctx,
                s,
                o.0.cost.effective_per_useful_hour,
                &o.0.cost.currency,
            )
        };
        let n = offers.iter().filter(|o| over(o)).count();
        r.push(cap);
        if n < offers.len() {
            offers.retain(|o| !over(o));
            r.push(Msg::new("pick-cap-left-out").arg("count", n));
        } else if n > 0 {
            r.push(Msg::new("pick-cap-none-under-result"));
        }
    }
    if offers.is_empty() && listed == 0 {
        r.push(Msg::new("pick-result-none"));
    } else if offers.is_empty() {
        // Every platform renting the card is left out by a need or a cap: said, with the way
        // back to another card, never an empty table with no word.
        r.push(Msg::new("pick-result-none-left"));
    } else {
        r = r.with_table(result_table(ctx, &offers));
        push_offer_notes(ctx, s, &mut r, &offers);
        if live.is_empty() {
            r.push(Msg::new("pick-stock-unknown"));
        } else {
            r = crate::answer::offers::live_notes(ctx, r, &live);
        }
        push_footers(ctx, s, &mut r, &offers);
    }
    if let Some(m) = super::barriers::left_out_line(ctx, &left_out) {
        r.push(m);
    }
    // An invoice is in no platform's record: asked of the platform, never assumed either way.
    if s.needs.invoice {
        r.push(Msg::new("pick-invoice-ask"));
    }
    push_budget(ctx, s, &mut r, &offers, gpu_id);
    // On a phone: what was asked, the top three, the budget verdict and what was assumed.
    crate::phone::Short::titled(&r)
        .keep(
            &r,
            &[
                "pick-result-title",
                "pick-result-none",
                "pick-result-none-left",
            ],
        )
        .part(Part::Text(usage_line(s)))
        .top_of(ctx.lang, &r)
        .keep(
            &r,
            &[
                "pick-over-budget",
                "pick-drop-tier",
                "pick-no-lower-tier",
                "pick-paid-vs-cheapest",
            ],
        )
        .keep(&r, &["pick-assumed-boot", "pick-invoice-ask"])
        .over(ctx.lang, r)
        .with_choice("r:trial", Msg::new("pick-see-trial"))
}

/// The top three: rank, platform, job cost, per useful hour, barriers met, date.
fn result_table(ctx: &Ctx, offers: &[CheckedOffer]) -> Table {
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let rows = offers
        .iter()
        .take(3)
        .enumerate()
        .map(|(i, (o, check))| {
            vec![
                format!("{}", i + 1),
                platform_name(ctx, &o.platform_id),
                crate::answer::billing::total_text_in(ctx.lang, o),
                billing::format_money(o.cost.effective_per_useful_hour, &o.cost.currency),
                met_text(check, zh),
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
    Table {
        header: vec![
            Msg::new("col-rank"),
            Msg::new("col-platform"),
            Msg::new("col-job-cost"),
            Msg::new("col-per-useful-hour"),
            Msg::new("col-barriers"),
            Msg::new("col-as-of"),
        ],
        rows,
        lead: vec![1, 2, 4, 5],
    }
}

fn platform_name(ctx: &Ctx, id: &str) -> String {
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    ctx.catalog
        .platform(id)
        .map(|p| p.display_name(zh).to_string())
        .unwrap_or_else(|_| id.to_string())
}

/// For each of the top three: its deciding rule, data-loss warnings, the needs not checked,
/// and a monthly rate the catalog lacks for an always-on service.
fn push_offer_notes(ctx: &Ctx, s: &PickState, r: &mut Reply, offers: &[CheckedOffer]) {
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let top = &offers[..offers.len().min(3)];
    for (o, _) in top {
        if let Some(rule) = &o.deciding_rule {
            r.push(
                Msg::new("pick-rule")
                    .arg("platform", platform_name(ctx, &o.platform_id))
                    .arg("rule", crate::i18n::Localizer::get().format(ctx.lang, rule)),
            );
        }
    }
    for (o, _) in top {
        if let Ok(p) = ctx.catalog.platform(&o.platform_id) {
            for m in crate::catalog::warn::data_loss_warnings(p, ctx.lang, 1) {
                r.push(m);
            }
        }
    }
    // Which of the user's needs each shown platform could not be checked against.
    for (o, check) in top {
        if let Some(m) = unverified_facts(ctx, s, &o.platform_id, check) {
            r.push(m);
        }
    }
    // An always-on service priced by the hour where the platform also rents by the month
    // at a price the catalog lacks: say that the figure is 730 hourly prices.
    if matches!(s.usage, Some(Usage::Always)) {
        for (o, _) in top {
            let Ok(p) = ctx.catalog.platform(&o.platform_id) else {
                continue;
            };
            let month = crate::units::TimeUnit::Month;
            let monthly_sold = p.billing.commitment.contains(&month);
            let priced_monthly = o.details.prepaid.is_some() || o.quote.per == month;
            if monthly_sold && !priced_monthly {
                r.push(Msg::new("advice-monthly-unpriced").arg("platform", p.display_name(zh)));
            }
        }
    }
}

/// The legend, what ranks lower and why, the range footer and the assumed boot minutes.
fn push_footers(ctx: &Ctx, s: &PickState, r: &mut Reply, offers: &[CheckedOffer]) {
    r.push(Msg::new("pick-result-legend"));
    // A "from" floor among the rows shown: which rows, and why they come last.
    let shown: Vec<billing::RankedOffer> = offers.iter().take(3).map(|(o, _)| o.clone()).collect();
    if let Some(m) = crate::answer::billing::floor_group_msg(&shown) {
        r.push(m);
    }
    if let Some(m) = super::barriers::unverified_group(ctx, offers) {
        r.push(m);
    }
    if offers.iter().any(|(o, _)| o.is_range()) {
        r.push(Msg::new("billing-range-footer"));
    }
    if !matches!(s.usage, Some(Usage::Always)) {
        r.push(
            Msg::new("pick-assumed-boot")
                .arg("boot", BOOT_MINUTES)
                .arg("pull", PULL_MINUTES),
        );
    }
}

/// Over the budget (in the chat's currency, said so), or nothing to rent: a card one tier
/// down.
fn push_budget(ctx: &Ctx, s: &PickState, r: &mut Reply, offers: &[CheckedOffer], gpu_id: &str) {
    let first = offers.first().map(|(o, _)| &o.cost);
    if let Some(m) = super::paid::compared(ctx, s, first) {
        r.push(m);
    }
    let over_budget = super::barriers::over_budget(ctx, s, first);
    if let (true, Some(b)) = (over_budget, s.needs.budget) {
        r.push(
            Msg::new("pick-over-budget")
                .arg("budget", super::barriers::budget_text(ctx, &s.needs, b))
                .arg("per", super::barriers::budget_per(&s.needs)),
        );
    }
    if over_budget || offers.is_empty() {
        if let Some((alt, cost)) = drop_one_tier(ctx, s, gpu_id) {
            r.push(
                Msg::new("pick-drop-tier")
                    .arg("cards", alt.cards)
                    .arg("gpu", alt.gpu)
                    .arg("cost", cost)
                    .arg("floor", if alt.price_from { "yes" } else { "no" }),
            );
        } else {
            r.push(Msg::new("pick-no-lower-tier"));
        }
    }
}

pub(super) fn usage_line(s: &PickState) -> Msg {
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

/// "Platform: not verified — payment by Alipay, a web terminal" for the needs whose facts the
/// catalog does not have for `platform_id`; `None` when every need is known either way.
fn unverified_facts(
    ctx: &Ctx,
    s: &PickState,
    platform_id: &str,
    check: &[(&'static str, Met)],
) -> Option<Msg> {
    let l = crate::i18n::Localizer::get();
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let facts: Vec<String> = check
        .iter()
        .filter(|(_, m)| *m == Met::Unknown)
        .map(|(k, _)| match *k {
            "pay" => {
                let methods: Vec<String> = s
                    .needs
                    .payments
                    .iter()
                    .map(|p| {
                        l.format(
                            ctx.lang,
                            &Msg::new("advice-pay-method").arg("method", p.as_str()),
                        )
                    })
                    .collect();
                let or = l.format(ctx.lang, &Msg::new("advice-or"));
                l.format(
                    ctx.lang,
                    &Msg::new("advice-fact-pay").arg("methods", methods.join(&or)),
                )
            }
            // Machines in the place asked (`机房在美国`), as `/platforms <place>` names it.
            "place" => l.format(
                ctx.lang,
                &Msg::new("platforms-need").arg("need", s.needs.place.as_deref().unwrap_or("")),
            ),
            k => l.format(ctx.lang, &Msg::new(&format!("advice-fact-{k}"))),
        })
        .collect();
    if facts.is_empty() {
        return None;
    }
    let name = ctx
        .catalog
        .platform(platform_id)
        .map(|p| p.display_name(zh).to_string())
        .unwrap_or_else(|_| platform_id.to_string());
    let sep = l.format(ctx.lang, &Msg::new("advice-list-sep"));
    Some(
        Msg::new("advice-unverified-facts")
            .arg("platform", name)
            .arg("facts", facts.join(&sep)),
    )
}
