//! Billing: one comparable price with the hidden costs included (issue 3).
//!
//! The arithmetic is exact (`Decimal`); money is rounded only for display ([`format_money`]).
//! Every rule a figure depends on comes from the catalog (with its source and date) or from
//! the user; when the catalog says "unknown" the engine takes the conservative reading and
//! lists it in `assumptions` as `assumed`.
//!
//! The cost of one session of useful work `W` is
//! `billed = max(minimum, ceil((W + boot? + pull? + idle) / increment) * increment)` and
//! `compute = price × billed_cards/quote_cards × billed / unit` (a quote for N > 1 cards is a
//! whole instance: [`choice::billed_cards`]), plus storage (GB × per-GB-month ×
//! time stored / 730 h) and transfer (GB × per-GB price). A month is 730 hours.

mod arith;
mod convert;
mod cost;
mod cost_parts;
mod error;
mod job;
mod live;
mod mix;
pub mod money;
mod plan;
mod rank;
mod rule;

/// Which tiers, which instance, which reading: the one price choice (`catalog::choice`).
pub use crate::catalog::choice;
pub use arith::round_up_to;
pub use choice::{
    PriceRange, Tiers, billed_cards, current_quotes, is_interruptible, needs_membership,
};
pub use convert::{Conversion, ConvertQuery, PriceUnit, convert, convert_price};
pub use cost::{CostBreakdown, CostDetails, as_number, deciding_rule, job_cost, opt_as_number};
pub use cost_parts::{format_span, prepaid_unit};
pub use error::BillingError;
pub use job::{Job, Pattern, daily_seconds};
pub use live::{LiveUse, with_live_prices};
pub use money::{FxUsed, format_decimal, format_money, resolve_fx};
pub use plan::{PrepaidPlan, cheapest_plan};
pub use rank::{
    Pricer, RankedOffer, cheapest_hourly_usd, compare, member_alternatives, platform_cost,
    platform_cost_fx, rank_order, spot_alternative, user_cost,
};
pub use rule::{Assumption, Origin, Rule};

/// Prices older than this many days (or undated) are marked stale.
pub use crate::catalog::STALE_AFTER_DAYS;

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn round_up_is_exact_on_multiples() {
        let d = |s: &str| s.parse::<Decimal>().unwrap();
        assert_eq!(round_up_to(d("7200"), d("3600")).unwrap(), d("7200"));
        assert_eq!(round_up_to(d("7201"), d("3600")).unwrap(), d("10800"));
        assert_eq!(round_up_to(d("0.5"), d("1")).unwrap(), d("1"));
        assert_eq!(round_up_to(d("0"), d("60")).unwrap(), d("0"));
        assert_eq!(
            round_up_to(d("10"), Decimal::ZERO),
            Err(BillingError::ZeroIncrement)
        );
    }
}
