//! A rental period that is not a whole number of a prepaid plan's length (`45d` on a monthly
//! plan, `10d` on a weekly one) is bought the way a renter buys it: whole periods of the plan,
//! then the rest of the span on the platform's cheapest quote for that rest (a shorter plan,
//! hours, or the same plan once more). Pricing each quote alone would round 45 days up to two
//! months, or pay the dearer daily rate for all 45.

use super::cost::{CostBreakdown, CostDetails, job_cost};
use super::cost_parts::prepaid_unit;
use super::job::month_seconds_u64;
use super::{FxUsed, Job, Pattern, Rule};
use crate::catalog::PriceQuote;
use crate::reply::Msg;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

/// Whole periods of one plan, then the rest on another quote: one cost for both parts.
#[derive(Debug, Clone)]
pub(super) struct PlanMix<'q> {
    /// The plan bought for whole periods (the row's list price).
    pub(super) head: &'q PriceQuote,
    pub(super) periods: u64,
    /// The quote that covers what is left of the span.
    pub(super) rest: &'q PriceQuote,
    pub(super) rest_seconds: Decimal,
    pub(super) cost: CostBreakdown,
    pub(super) details: CostDetails,
}

impl PlanMix<'_> {
    /// "2 × the monthly plan, then 15 × the daily plan for the remaining 350 hours": what the answer says decides.
    pub(super) fn rule_msg(&self) -> Msg {
        let unit = prepaid_unit(self.head).map_or("other", |u| u.key());
        let day = Decimal::from(86_400u32);
        let (rest, rest_unit) = if (self.rest_seconds % day).is_zero() {
            (self.rest_seconds / day, "day")
        } else {
            (self.rest_seconds / Decimal::from(3600u32), "hour")
        };
        let rest_plan = prepaid_unit(self.rest);
        let rest_tier = rest_plan.map_or("hourly", |u| u.key());
        // A prepaid rest is billed in whole plans (`cost_parts`: the span rounded up to the
        // package): the line names those, not the hours they cover.
        let rest_periods = rest_plan.map_or(Decimal::ZERO, |u| {
            (self.rest_seconds / Decimal::from(u.seconds())).ceil()
        });
        Msg::new("billing-rule-plan-mix")
            .arg("periods", self.periods as f64)
            .arg("unit", unit)
            .arg("rest", rest.round_dp(2).to_f64().unwrap_or(0.0))
            .arg("rest_unit", rest_unit)
            .arg("rest_tier", rest_tier)
            .arg("rest_periods", rest_periods.to_f64().unwrap_or(0.0))
    }
}

/// The cheapest split of a held span (`Job::held`: one session, or always on) over `quotes`,
/// or `None` when
/// no prepaid quote splits it (the span is shorter than every plan, or a whole number of
/// it). `fx_of` gives the rate from a quote's currency into the answer's (`None`: no rate,
/// the quote is skipped; `Some(None)`: the same currency).
pub(super) fn plan_mix<'q>(
    quotes: &[&'q PriceQuote],
    rule: &Rule,
    job: &Job,
    cards: u32,
    fx_of: &dyn Fn(&str) -> Option<Option<FxUsed>>,
) -> Option<PlanMix<'q>> {
    // Always on for N months is the same held span as `Nmo` typed as a period.
    let job = &match job.pattern {
        Pattern::OneOff if job.held() => job.clone(),
        Pattern::AlwaysOn { months } => Job {
            work: Decimal::from(u64::from(months) * month_seconds_u64()),
            pattern: Pattern::OneOff,
            ..job.clone()
        },
        _ => return None,
    };
    let span = job.work;
    let mut best: Option<PlanMix<'q>> = None;
    for &head in quotes {
        let Some(unit) = prepaid_unit(head).filter(|u| *u == head.per) else {
            continue;
        };
        let period = Decimal::from(unit.seconds());
        let periods = (span / period).floor();
        let rest = span - periods * period;
        if periods.is_zero() || rest <= Decimal::ZERO {
            continue;
        }
        let Some(fx) = fx_of(&head.currency) else {
            continue;
        };
        // The plan's whole periods are the held period itself: boot and setup inside.
        let head_job = Job {
            work: periods * period,
            ..job.clone()
        };
        let Ok((hc, hd)) = job_cost(head, rule, &head_job, cards, fx.as_ref()) else {
            continue;
        };
        // The rest continues the same machine: no second boot, no idle tail, and the job's
        // data transfer was counted once with the head.
        let rest_job = Job {
            work: rest,
            storage_gb: if job.stored.is_zero() {
                job.storage_gb
            } else {
                Decimal::ZERO
            },
            tiers: job.tiers,
            ..Job::default()
        };
        for &tail in quotes {
            let Some(tfx) = fx_of(&tail.currency) else {
                continue;
            };
            let Ok((tc, td)) = job_cost(tail, rule, &rest_job, cards, tfx.as_ref()) else {
                continue;
            };
            let total = hc.total_cost + tc.total_cost;
            if best.as_ref().is_some_and(|b| b.cost.total_cost <= total) {
                continue;
            }
            let Some((cost, details)) = combine(&hc, &hd, &tc, &td, span) else {
                continue;
            };
            best = Some(PlanMix {
                head,
                periods: periods.to_u64().unwrap_or(0),
                rest: tail,
                rest_seconds: rest,
                cost,
                details,
            });
        }
    }
    best
}

/// One cost of two parts: money and seconds add up; the notes are the head's, then the
/// rest's that differ.
fn combine(
    hc: &CostBreakdown,
    hd: &CostDetails,
    tc: &CostBreakdown,
    td: &CostDetails,
    useful: Decimal,
) -> Option<(CostBreakdown, CostDetails)> {
    let total = hc.total_cost.checked_add(tc.total_cost)?;
    let mut assumptions = hc.assumptions.clone();
    for a in &tc.assumptions {
        if !assumptions
            .iter()
            .any(|h| h.key == a.key && h.value == a.value)
        {
            assumptions.push(a.clone());
        }
    }
    let cost = CostBreakdown {
        billed_seconds: hc.billed_seconds.checked_add(tc.billed_seconds)?,
        compute_cost: hc.compute_cost.checked_add(tc.compute_cost)?,
        storage_cost: hc.storage_cost.checked_add(tc.storage_cost)?,
        egress_cost: hc.egress_cost.checked_add(tc.egress_cost)?,
        total_cost: total,
        effective_per_useful_hour: total
            .checked_mul(Decimal::from(3600u32))?
            .checked_div(useful)?,
        currency: hc.currency.clone(),
        assumptions,
    };
    let details = CostDetails {
        useful_seconds: useful,
        active_seconds: hd.active_seconds.checked_add(td.active_seconds)?,
        list_cost: hd.list_cost.checked_add(td.list_cost)?,
        startup_cost: hd.startup_cost.checked_add(td.startup_cost)?,
        idle_cost: hd.idle_cost.checked_add(td.idle_cost)?,
        rounding_cost: hd.rounding_cost.checked_add(td.rounding_cost)?,
        increment_seconds: hd.increment_seconds,
        prepaid: hd.prepaid,
        minimum: hd.minimum.or(td.minimum),
        uses_month: hd.uses_month || td.uses_month,
        fx: hd.fx.clone().or_else(|| td.fx.clone()),
    };
    Some((cost, details))
}
