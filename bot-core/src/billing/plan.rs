//! Prepaid plans for a card kept on: the cheapest published weekly or monthly package, as a
//! price per day, for answers that price "all day" (`/tco`) without a platform in mind. A
//! plan is billed whether the instance is on or off, so it only ever replaces hours × hourly
//! for a job that stays on, and the answer says it is prepaid.

use super::cost::prepaid_unit;
use crate::catalog::Catalog;
use crate::catalog::choice::{Tiers, billed_cards, current_quotes};
use crate::units::TimeUnit;
use rust_decimal::Decimal;

/// One published prepaid plan, priced per day of keeping `cards` on.
#[derive(Debug, Clone, PartialEq)]
pub struct PrepaidPlan {
    pub platform_id: String,
    /// The package: a day, a week or a month (730 h).
    pub unit: TimeUnit,
    /// The whole instances the job's cards need, for one day, in the asked currency.
    pub per_day: Decimal,
    pub currency: String,
    pub as_of: String,
}

/// The cheapest current prepaid plan (the newest reading of each kind, never spot) that holds
/// `cards` of `gpu_id`, per day in `currency` at the catalog's dated rate; plans in a
/// currency without a rate are skipped. `None` when no platform publishes one.
pub fn cheapest_plan(
    catalog: &Catalog,
    gpu_id: &str,
    cards: u32,
    currency: &str,
) -> Option<PrepaidPlan> {
    let mut best: Option<PrepaidPlan> = None;
    for p in &catalog.platforms {
        for q in current_quotes(p, gpu_id, Tiers::Standard) {
            let Some(unit) = prepaid_unit(q).filter(|u| *u == q.per) else {
                continue;
            };
            let rate = if q.currency.eq_ignore_ascii_case(currency) {
                Decimal::ONE
            } else {
                match catalog.fx_rate(&q.currency, currency) {
                    Some((r, _)) => r,
                    None => continue,
                }
            };
            // A quote for an N-card instance is one instance's price.
            let instances = Decimal::from(billed_cards(q.cards, cards.max(1)) / q.cards.max(1));
            let days = Decimal::from(unit.seconds()) / Decimal::from(86_400u32);
            let per_day = q.amount * instances * rate / days;
            if best.as_ref().is_none_or(|b| per_day < b.per_day) {
                best = Some(PrepaidPlan {
                    platform_id: p.id.clone(),
                    unit,
                    per_day,
                    currency: currency.to_uppercase(),
                    as_of: q.as_of.clone(),
                });
            }
        }
    }
    best
}
