//! Ranking: what a job costs on each platform that quotes the card, cheapest first.

use super::choice::{PriceRange, Tiers, billed_cards, current_quotes, readings_range};
use super::cost::{CostBreakdown, CostDetails, deciding_rule, job_cost, job_total};
use super::mix::plan_mix;
use super::money::resolve_fx;
use super::{BillingError, Job, Rule, STALE_AFTER_DAYS};
use crate::catalog::{Catalog, Platform, PriceQuote};
use crate::reply::Msg;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::Serialize;
use std::collections::HashMap;

/// One platform's answer for a job.
#[derive(Debug, Clone, Serialize)]
pub struct RankedOffer {
    pub platform_id: String,
    pub gpu_id: String,
    pub cards: u32,
    pub quote: PriceQuote,
    pub cost: CostBreakdown,
    /// Older than 30 days, or undated.
    pub stale: bool,
    /// The hidden cost that moved this offer most away from its list price.
    pub deciding_rule: Option<Msg>,
    pub details: CostDetails,
    /// When a billing rule is unverified, `cost` is the worst case and this is the best case
    /// (per second, no minimum, boot free): the true cost lies between. `None` when the rules
    /// that matter are known, or the two readings agree.
    pub best_case: Option<CostBreakdown>,
    /// Cards paid for when the quote is a whole instance larger than the job needs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance_cards: Option<u32>,
    /// Other current readings of this price that disagree with it (low and high, dated).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<PriceRange>,
}

impl RankedOffer {
    /// Whether the offer is priced on a "from" floor (the cheapest configuration the platform
    /// lists): its total is a floor too, and it ranks after every firm price.
    pub fn is_floor(&self) -> bool {
        self.quote.from
    }

    /// Whether the figure is a range because a billing rule is unverified.
    pub fn is_range(&self) -> bool {
        self.best_case
            .as_ref()
            .is_some_and(|b| b.total_cost != self.cost.total_cost)
    }
}

/// What `job` costs on `platform` for `gpu_id` × `cards`, in `currency`: every quote for that
/// GPU (on-demand and commitment tiers) is priced and the cheapest total is kept.
pub fn platform_cost(
    catalog: &Catalog,
    platform: &Platform,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    today: i64,
) -> Result<RankedOffer, BillingError> {
    platform_cost_fx(catalog, platform, gpu_id, cards, job, currency, None, today)
}

/// [`platform_cost`] with an explicit exchange rate (units of `currency` per one unit of the
/// platform's currency) instead of the catalog's.
#[allow(clippy::too_many_arguments)]
pub fn platform_cost_fx(
    catalog: &Catalog,
    platform: &Platform,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    fx_rate: Option<Decimal>,
    today: i64,
) -> Result<RankedOffer, BillingError> {
    let gpu_id = catalog.gpu(gpu_id).map(|g| g.id.as_str()).unwrap_or(gpu_id);
    let rule = Rule::from_platform(platform)?;
    // The tiers the job may use, the newest reading of each (`choice`). A firm quote is what
    // the user can count on, so it prices the platform whenever one can; a "from" floor (the
    // cheapest configuration only) prices it only when no firm quote does.
    let (firm, floors): (Vec<&PriceQuote>, Vec<&PriceQuote>) =
        current_quotes(platform, gpu_id, job.tiers)
            .into_iter()
            .partition(|q| !q.from);
    let on = Pricing {
        catalog,
        platform,
        gpu_id,
        cards,
        job,
        currency,
        fx_rate,
        today,
        rule: &rule,
    };
    let mut last_err = None;
    for quotes in [firm, floors] {
        if quotes.is_empty() {
            continue;
        }
        match on.best_of(quotes) {
            Ok(o) => return Ok(o),
            Err(e) => last_err = Some(e),
        }
    }
    Err(last_err.unwrap_or_else(|| BillingError::NoPrice {
        platform: platform.id.clone(),
        gpu: gpu_id.to_string(),
    }))
}

/// One platform's job and answer currency, for pricing one group of its quotes.
struct Pricing<'a> {
    catalog: &'a Catalog,
    platform: &'a Platform,
    gpu_id: &'a str,
    cards: u32,
    job: &'a Job,
    currency: &'a str,
    fx_rate: Option<Decimal>,
    today: i64,
    rule: &'a Rule,
}

impl Pricing<'_> {
    /// The cheapest total over `quotes` (all firm, or all floors), a held span split over a
    /// plan and the rest included.
    fn best_of(&self, quotes: Vec<&PriceQuote>) -> Result<RankedOffer, BillingError> {
        let Pricing {
            catalog,
            platform,
            gpu_id,
            cards,
            job,
            currency,
            fx_rate,
            today,
            rule,
        } = *self;
        // A quote for exactly this many cards beats scaling a single-card price.
        let exact: Vec<&PriceQuote> = quotes
            .iter()
            .copied()
            .filter(|q| q.cards == cards)
            .collect();
        let quotes = if exact.is_empty() { quotes } else { exact };
        let mut best: Option<RankedOffer> = None;
        let mut last_err = None;
        for &q in &quotes {
            let fx = resolve_fx(Some(catalog), &q.currency, currency, fx_rate)?;
            match job_cost(q, rule, job, cards, fx.as_ref()) {
                Ok((cost, details)) => {
                    if best
                        .as_ref()
                        .is_none_or(|b| cost.total_cost < b.cost.total_cost)
                    {
                        let best_case = if rule.has_unverified_timing() {
                            job_cost(q, &rule.best_case(), job, cards, fx.as_ref())
                                .ok()
                                .map(|(c, _)| c)
                        } else {
                            None
                        };
                        best = Some(RankedOffer {
                            platform_id: platform.id.clone(),
                            gpu_id: gpu_id.to_string(),
                            cards,
                            quote: q.clone(),
                            stale: q.is_stale(today, STALE_AFTER_DAYS),
                            deciding_rule: deciding_rule(&details, &cost),
                            cost,
                            details,
                            best_case,
                            instance_cards: super::choice::pays_for_whole_instance(q, cards)
                                .then(|| billed_cards(q.cards, cards)),
                            range: readings_range(platform, q),
                        });
                    }
                }
                Err(e) => last_err = Some(e),
            }
        }
        // A held span that is no whole number of a plan: whole periods, then the rest.
        let fx_of = |c: &str| resolve_fx(Some(catalog), c, currency, fx_rate).ok();
        if let Some(b) = &best
            && let Some(mix) = plan_mix(&quotes, rule, job, cards, &fx_of)
            && mix.cost.total_cost < b.cost.total_cost
        {
            let best_case = if rule.has_unverified_timing() {
                plan_mix(&quotes, &rule.best_case(), job, cards, &fx_of).map(|m| m.cost)
            } else {
                None
            };
            best = Some(RankedOffer {
                platform_id: platform.id.clone(),
                gpu_id: gpu_id.to_string(),
                cards,
                quote: mix.head.clone(),
                stale: mix.head.is_stale(today, STALE_AFTER_DAYS)
                    || mix.rest.is_stale(today, STALE_AFTER_DAYS),
                deciding_rule: Some(mix.rule_msg()),
                cost: mix.cost,
                details: mix.details,
                best_case,
                instance_cards: super::choice::pays_for_whole_instance(mix.head, cards)
                    .then(|| billed_cards(mix.head.cards, cards)),
                range: readings_range(platform, mix.head),
            });
        }
        best.ok_or_else(|| {
            last_err.unwrap_or_else(|| BillingError::NoPrice {
                platform: platform.id.clone(),
                gpu: gpu_id.to_string(),
            })
        })
    }
}

/// The order every ranking of offers uses: offers priced on a firm quote first, then those
/// priced on a "from" floor (a floor is what the cheapest configuration costs, not what this
/// job will; no ranking puts it ahead of a price the user can count on); within each, the
/// cheapest total (worst case) first, ties by platform id.
pub fn rank_order(a: &RankedOffer, b: &RankedOffer) -> std::cmp::Ordering {
    a.is_floor()
        .cmp(&b.is_floor())
        .then_with(|| a.cost.total_cost.cmp(&b.cost.total_cost))
        .then_with(|| a.platform_id.cmp(&b.platform_id))
}

/// Every platform with a price for the GPU in [`rank_order`]: firm prices first, cheapest
/// total (worst case) first, ties by platform id; then the platforms priced on a floor alone.
/// A job that cannot be priced anywhere (no work, 25 hours a day, zero days, a currency
/// without a rate) is the error `/cost` would give, never an empty list; a platform without
/// a quote for the card is simply not in the list.
pub fn compare(
    catalog: &Catalog,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    today: i64,
) -> Result<Vec<RankedOffer>, BillingError> {
    if cards == 0 {
        return Err(BillingError::NotPositive { what: "cards" });
    }
    job.validate()?;
    let gpu_id = catalog.gpu(gpu_id).map(|g| g.id.as_str()).unwrap_or(gpu_id);
    let mut offers = Vec::new();
    let mut first_error = None;
    // Only the platforms that quote the card (the price index): a platform without a quote
    // for it would only answer `NoPrice`.
    for p in catalog.platforms_quoting(gpu_id) {
        match platform_cost(catalog, p, gpu_id, cards, job, currency, today) {
            Ok(o) => offers.push(o),
            Err(BillingError::NoPrice { .. }) => {}
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if offers.is_empty()
        && let Some(e) = first_error
    {
        return Err(e);
    }
    offers.sort_by(rank_order);
    Ok(offers)
}

/// The cheapest spot / interruptible offer for a job priced on standard tiers, for the
/// labelled extra line beside the ranking ("spot: ¥1.19, can be reclaimed"). `None` when the
/// user already asked for spot, for a service meant to run 24/7 (never planned on capacity
/// that can be taken away unless asked), or when no platform sells the card as spot.
pub fn spot_alternative(
    catalog: &Catalog,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    today: i64,
) -> Option<RankedOffer> {
    if job.tiers.spot()
        || !job.tiers.is_users()
        || matches!(job.pattern, super::Pattern::AlwaysOn { .. })
    {
        return None;
    }
    let spot_job = Job {
        tiers: Tiers::SpotOnly,
        ..job.clone()
    };
    compare(catalog, gpu_id, cards, &spot_job, currency, today)
        .ok()?
        .into_iter()
        .next()
}

/// The member / student offers for a job priced on what any user can pay, ranked, for the
/// labelled extra line ("member price: ¥1.88, only with membership"). Empty when the user
/// already said they qualify (they priced the answer then) or no platform lists such a price.
pub fn member_alternatives(
    catalog: &Catalog,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    today: i64,
) -> Vec<RankedOffer> {
    if job.tiers.member() || !job.tiers.is_users() {
        return Vec::new();
    }
    let member_job = Job {
        tiers: Tiers::MemberOnly,
        ..job.clone()
    };
    compare(catalog, gpu_id, cards, &member_job, currency, today).unwrap_or_default()
}

/// Prices one job on many (card, count) options, as the /pick card step does: the job is
/// checked once, and each platform's billing rule and each exchange rate are worked out once
/// for all the options instead of once per option and quote.
pub struct Pricer<'a> {
    catalog: &'a Catalog,
    job: &'a Job,
    currency: &'a str,
    valid: bool,
    /// `None`: the platform's rule does not build (`compare` would skip the platform).
    rules: HashMap<&'a str, Option<Rule>>,
    /// Per quote currency; `None`: no rate (`compare` would skip the platform).
    fx: FxCache,
    /// Seconds of useful work in the whole job (`None`: the job cannot be priced).
    useful_seconds: Option<f64>,
    /// Platforms the user refused (`不要autodl`): never the price of a card.
    excluded: &'a [String],
}

impl<'a> Pricer<'a> {
    pub fn new(catalog: &'a Catalog, job: &'a Job, currency: &'a str) -> Pricer<'a> {
        Pricer {
            catalog,
            job,
            currency,
            valid: job.validate().is_ok(),
            rules: HashMap::new(),
            fx: Vec::new(),
            useful_seconds: job
                .sessions()
                .ok()
                .and_then(|(n, work)| Decimal::from(n).checked_mul(work)?.to_f64()),
            excluded: &[],
        }
    }

    /// The same pricer with `platforms` left out of every total. [`Pricer::lower_bound`] stays
    /// a bound: leaving platforms out only raises the cheapest total.
    pub fn excluding(mut self, platforms: &'a [String]) -> Pricer<'a> {
        self.excluded = platforms;
        self
    }

    /// A figure that [`Pricer::cheapest_total`] of `cards` × `gpu_id` is never below, cheap
    /// enough to work out for every option before pricing any (f64, no billing rule read):
    /// the list price of the useful hours on the cheapest quote, lowered by one part in 10⁹
    /// so that float rounding cannot lift it above the exact figure. It holds because every
    /// rule bills at least the useful time (rounding up, minimums, boot, idle and storage only
    /// add), a prepaid package at least the span it covers, and a platform skipped for a
    /// missing rule or rate only raises the cheapest total. `None`: no quote can be priced
    /// (then `cheapest_total` is `None` too).
    pub fn lower_bound(&mut self, gpu_id: &str, cards: u32) -> Option<f64> {
        if !self.valid || cards == 0 {
            return None;
        }
        let useful = self.useful_seconds?;
        let catalog = self.catalog;
        let mut per_card_second: Option<f64> = None;
        // Per quote currency (one or two per card) from the index built at load.
        for (currency, floor) in catalog.floor_per_card_second(gpu_id) {
            let Some(fx) = fx_for(&mut self.fx, catalog, currency, self.currency) else {
                continue;
            };
            let p = fx
                .as_ref()
                .map_or(Some(*floor), |f| Some(floor * f.rate.to_f64()?))
                .unwrap_or(0.0);
            if per_card_second.is_none_or(|b| p < b) {
                per_card_second = Some(p);
            }
        }
        per_card_second.map(|p| p * f64::from(cards) * useful * (1.0 - 1e-9))
    }

    /// The cheapest total (worst case) of the job on `cards` × `gpu_id` (a catalog id) over
    /// every platform that quotes it: the same figure as the first row of [`compare`], or
    /// `None` where `compare` has no row.
    pub fn cheapest_total(&mut self, gpu_id: &str, cards: u32) -> Option<Decimal> {
        self.cheapest_total_marked(gpu_id, cards).map(|(t, _)| t)
    }

    /// [`Pricer::cheapest_total`] with whether it rests on a "from" floor (a quote for the
    /// cheapest configuration only), which an answer must say, as `compare`'s row does. As
    /// `compare` ranks ([`rank_order`]), a firm total wins over any floor: a card priced on
    /// floors alone is marked.
    pub fn cheapest_total_marked(&mut self, gpu_id: &str, cards: u32) -> Option<(Decimal, bool)> {
        if !self.valid || cards == 0 {
            return None;
        }
        let catalog = self.catalog;
        let mut best: Option<(Decimal, bool)> = None;
        for p in catalog.platforms_quoting(gpu_id) {
            if self.excluded.contains(&p.id) {
                continue;
            }
            let Some(rule) = self
                .rules
                .entry(p.id.as_str())
                .or_insert_with(|| Rule::from_platform(p).ok())
                .as_ref()
            else {
                continue;
            };
            // As `platform_cost`: firm quotes price the platform whenever one can, a floor
            // only when none does.
            let (firm, floors): (Vec<&PriceQuote>, Vec<&PriceQuote>) =
                current_quotes(p, gpu_id, self.job.tiers)
                    .into_iter()
                    .partition(|q| !q.from);
            let total = [(firm, false), (floors, true)]
                .into_iter()
                .find_map(|(quotes, from)| {
                    let on = (catalog, self.currency, self.job, rule);
                    group_total(&mut self.fx, on, &quotes, cards).map(|t| (t, from))
                });
            if let Some(key) = total
                && best.is_none_or(|b| (key.1, key.0) < (b.1, b.0))
            {
                best = Some(key);
            }
        }
        best
    }
}

/// The cheapest total of a job on one platform over `quotes` (all firm, or all floors), as
/// `platform_cost` works it out: a quote for exactly `cards` cards before scaled ones, a held
/// span split over a plan and the rest; `None` where `platform_cost` finds no offer among
/// them (a quote it cannot convert gives up on the group).
fn group_total(
    cache: &mut FxCache,
    (catalog, currency, job, rule): (&Catalog, &str, &Job, &Rule),
    quotes: &[&PriceQuote],
    cards: u32,
) -> Option<Decimal> {
    let any_exact = quotes.iter().any(|q| q.cards == cards);
    let kept: Vec<&PriceQuote> = quotes
        .iter()
        .copied()
        .filter(|q| !any_exact || q.cards == cards)
        .collect();
    let mut best: Option<Decimal> = None;
    for q in &kept {
        let fx = fx_for(cache, catalog, &q.currency, currency)?;
        if let Ok(total) = job_total(q, rule, job, cards, fx.as_ref())
            && best.is_none_or(|b| total < b)
        {
            best = Some(total);
        }
    }
    // The same split of a held span as `platform_cost` makes.
    if best.is_some() && job.held() {
        let fxs: Vec<(String, Option<Option<super::FxUsed>>)> = kept
            .iter()
            .map(|q| {
                let fx = fx_for(cache, catalog, &q.currency, currency).cloned();
                (q.currency.clone(), fx)
            })
            .collect();
        let fx_of = |c: &str| {
            fxs.iter()
                .find(|(k, _)| k == c)
                .and_then(|(_, f)| f.clone())
        };
        if let Some(m) = plan_mix(&kept, rule, job, cards, &fx_of)
            && best.is_none_or(|b| m.cost.total_cost < b)
        {
            best = Some(m.cost.total_cost);
        }
    }
    best
}

/// The rate from `from` into `to` (`Some(None)`: the same currency), looked up once per
/// currency in `cache`; `None`: no rate.
fn fx_for<'m>(
    cache: &'m mut FxCache,
    catalog: &Catalog,
    from: &str,
    to: &str,
) -> Option<&'m Option<super::FxUsed>> {
    let at = match cache.iter().position(|(c, _)| c == from) {
        Some(at) => at,
        None => {
            let fx = resolve_fx(Some(catalog), from, to, None).ok();
            cache.push((from.to_string(), fx));
            cache.len() - 1
        }
    };
    cache[at].1.as_ref()
}

/// Exchange rates by quote currency, looked up once each: a short list (a step sees one or
/// two currencies), cheaper to scan than to hash into.
type FxCache = Vec<(String, Option<Option<super::FxUsed>>)>;

/// What `job` costs at the user's own prices under the user's own rule: every quote (the
/// on-demand price and any prepaid tiers) is priced and the cheapest total is kept, as
/// [`platform_cost`] does for a catalog platform.
pub fn user_cost(
    quotes: &[PriceQuote],
    rule: &Rule,
    job: &Job,
    cards: u32,
    fx: Option<&super::FxUsed>,
) -> Result<RankedOffer, BillingError> {
    if cards == 0 {
        return Err(BillingError::NotPositive { what: "cards" });
    }
    rule.check_sizes(job)?;
    let mut best: Option<RankedOffer> = None;
    for q in quotes {
        let (cost, details) = job_cost(q, rule, job, cards, fx)?;
        if best
            .as_ref()
            .is_none_or(|b| cost.total_cost < b.cost.total_cost)
        {
            best = Some(RankedOffer {
                platform_id: "user".into(),
                gpu_id: q.gpu.clone(),
                cards,
                quote: q.clone(),
                stale: false,
                deciding_rule: deciding_rule(&details, &cost),
                cost,
                details,
                best_case: None,
                instance_cards: None,
                range: None,
            });
        }
    }
    best.ok_or(BillingError::ZeroWork)
}

/// The cheapest pay-as-you-go list price of one card for one hour across the catalog (the
/// price choice's standard tiers: never spot; the newest reading), in USD at the catalog's
/// dated rate, with the date of that quote (`?` when the source gives none).
/// Quotes per second or minute are scaled to an hour; prepaid day/week/month tiers are not an
/// hourly price, and a quote in a currency without a rate is skipped. Read from the index the
/// catalog builds at load ([`Catalog::cheapest_hourly_usd`]): a firm price before any "from"
/// floor, which comes flagged.
pub fn cheapest_hourly_usd(catalog: &Catalog, gpu_id: &str) -> Option<crate::catalog::HourlyPrice> {
    catalog.cheapest_hourly_usd(gpu_id)
}

#[cfg(test)]
mod pricer_tests {
    use super::*;

    #[test]
    fn the_pricer_gives_compares_first_row_for_every_card_and_job() {
        let catalog = Catalog::embedded().unwrap();
        let today = crate::catalog::parse_date("2026-11-30").unwrap();
        let mut with_storage = Job::one_off(Decimal::from(2400));
        with_storage.boot = Decimal::from(180);
        with_storage.storage_gb = Decimal::from(50);
        let jobs = [
            Job::one_off(Decimal::from(3 * 3600)),
            Job::daily(Decimal::from(4), 30),
            Job::always_on(1),
            with_storage,
            Job::one_off(Decimal::ZERO),
            // A held period between plans (45 days): whole plans, then the rest.
            Job::one_off(Decimal::from(45 * 86_400)),
        ];
        let mut checked = 0;
        for job in &jobs {
            for currency in ["USD", "CNY", "XYZ"] {
                let mut pricer = Pricer::new(&catalog, job, currency);
                for g in &catalog.gpus {
                    for cards in [0, 1, 2, 3, 8] {
                        let want = compare(&catalog, &g.id, cards, job, currency, today)
                            .ok()
                            .and_then(|o| o.first().map(|r| r.cost.total_cost));
                        assert_eq!(
                            pricer.cheapest_total(&g.id, cards),
                            want,
                            "{} x{cards}",
                            g.id
                        );
                        // The bound the card step prunes with never exceeds the figure.
                        let bound = pricer.lower_bound(&g.id, cards);
                        match (want, bound) {
                            (Some(t), Some(b)) => {
                                assert!(b <= t.to_f64().unwrap(), "{} x{cards}: {b} > {t}", g.id)
                            }
                            (Some(t), None) => panic!("{} x{cards}: no bound for {t}", g.id),
                            (None, _) => {}
                        }
                        checked += usize::from(want.is_some());
                    }
                }
            }
        }
        assert!(checked > 500, "only {checked} priced");
    }

    /// A refused platform never prices a card: the pricer without it gives `compare`'s first
    /// row among the other platforms, for every card the refused one quotes.
    #[test]
    fn a_pricer_excluding_a_platform_gives_the_first_row_without_it() {
        let catalog = Catalog::embedded().unwrap();
        let today = crate::catalog::parse_date("2026-11-30").unwrap();
        let job = Job::one_off(Decimal::from(3 * 3600));
        let mut moved = 0;
        for refused in ["autodl", "vast", "runpod"] {
            let out = [refused.to_string()];
            let mut pricer = Pricer::new(&catalog, &job, "CNY").excluding(&out);
            for g in &catalog.gpus {
                let rows = compare(&catalog, &g.id, 1, &job, "CNY", today).unwrap_or_default();
                let want = rows
                    .iter()
                    .find(|r| r.platform_id != refused)
                    .map(|r| r.cost.total_cost);
                assert_eq!(pricer.cheapest_total(&g.id, 1), want, "{refused} {}", g.id);
                moved += usize::from(rows.first().is_some_and(|r| r.platform_id == refused));
            }
        }
        // The refused platform was the cheapest somewhere, so the test is not vacuous.
        assert!(moved > 0);
    }
}
