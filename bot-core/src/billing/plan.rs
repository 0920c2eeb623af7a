//! Prepaid plans for a card kept on: the cheapest published weekly or monthly package, as a
//! price per day, for answers that price "all day" (`/tco`) without a platform in mind. A
//! plan is billed whether the instance is on or off, so it only ever replaces hours × hourly
//! for a job that stays on, and the answer says it is prepaid.

use super::cost_parts::prepaid_unit;
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
    /// The plan's quote as listed: its price, currency, tier, the cards one instance holds,
    /// source, and whether it is a "from" floor (chosen only where no firm plan is published).
    pub amount: Decimal,
    pub quote_currency: String,
    pub tier: String,
    pub cards: u32,
    pub source: String,
    pub from: bool,
}

/// The cheapest current prepaid plan (the newest reading of each kind, never spot; a firm
/// plan before a "from" floor) that holds `cards` of `gpu_id`, per day in `currency` at the
/// catalog's dated rate; plans in a currency without a rate are skipped. `None` when no
/// platform publishes one.
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
            // A firm plan before any "from" floor, as every ranking orders them.
            if best
                .as_ref()
                .is_none_or(|b| (q.from, per_day) < (b.from, b.per_day))
            {
                best = Some(PrepaidPlan {
                    platform_id: p.id.clone(),
                    unit,
                    per_day,
                    currency: currency.to_uppercase(),
                    as_of: q.as_of.clone(),
                    amount: q.amount,
                    quote_currency: q.currency.clone(),
                    tier: q.tier.clone(),
                    cards: q.cards,
                    source: q.source.clone(),
                    from: q.from,
                });
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::PriceQuote;

    fn plan(amount: &str, per: TimeUnit, cards: u32, as_of: &str) -> PriceQuote {
        let tier = per.key();
        let mut q = PriceQuote::user(amount.parse().unwrap(), per, "USD", tier);
        q.gpu = "h100-pcie".into();
        q.cards = cards;
        q.as_of = as_of.into();
        q.undated = false;
        q
    }

    /// Only Lambda prices the H100 PCIe: an 8-card monthly instance (newest $8,000, an older
    /// $4,000 reading), a one-card week at $400, and a spot "month" that is no plan at all.
    fn catalog() -> Catalog {
        let cat = Catalog::embedded().unwrap();
        let mut platforms = cat.platforms.clone();
        for p in &mut platforms {
            p.prices.retain(|q| q.gpu != "h100-pcie");
            if p.id == "lambda" {
                p.prices
                    .push(plan("8000", TimeUnit::Month, 8, "2026-11-20"));
                p.prices
                    .push(plan("4000", TimeUnit::Month, 8, "2026-01-05"));
                p.prices.push(plan("400", TimeUnit::Week, 1, "2026-11-20"));
                let mut spot = plan("1", TimeUnit::Month, 1, "2026-11-20");
                spot.tier = "spot".into();
                p.prices.push(spot);
            }
        }
        Catalog::from_parts(
            cat.gpus.clone(),
            platforms,
            cat.models.clone(),
            cat.fx.clone(),
        )
        .unwrap()
    }

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    /// Decimal division rounds in its last digit; cents are what counts.
    fn r(x: Decimal) -> Decimal {
        x.round_dp(10)
    }

    #[test]
    fn the_cheapest_current_plan_per_day_for_whole_instances() {
        let cat = catalog();
        // One card: the week, $400 / 7 a day; the 8-card month is $8,000 × 24 / 730 a day.
        let one = cheapest_plan(&cat, "h100-pcie", 1, "USD").unwrap();
        assert_eq!(
            (one.unit, r(one.per_day)),
            (TimeUnit::Week, r(d("400") / d("7")))
        );
        // Eight cards: 8 weeks ($457/day) against one 8-card month ($263/day, newest reading).
        let eight = cheapest_plan(&cat, "h100-pcie", 8, "USD").unwrap();
        assert_eq!(eight.unit, TimeUnit::Month);
        assert_eq!(r(eight.per_day), r(d("8000") * d("24") / d("730")));
        // Nine cards: two 8-card months ($526/day) lose to nine weeks ($514/day); sixteen
        // cards are two whole instances.
        let nine = cheapest_plan(&cat, "h100-pcie", 9, "USD").unwrap();
        assert_eq!(r(nine.per_day), r(d("3600") / d("7")));
        let sixteen = cheapest_plan(&cat, "h100-pcie", 16, "USD").unwrap();
        assert_eq!(r(sixteen.per_day), r(d("16000") * d("24") / d("730")));
        // In yuan at the catalog's dated rate.
        let (rate, _) = cat.fx_rate("USD", "CNY").unwrap();
        let cny = cheapest_plan(&cat, "h100-pcie", 1, "CNY").unwrap();
        assert_eq!(r(cny.per_day), r(d("400") * rate / d("7")));
        assert_eq!(cny.currency, "CNY");
        assert!(cheapest_plan(&cat, "rtx-5090-nope", 1, "USD").is_none());
    }
}
