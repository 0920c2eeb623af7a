//! The trial ledger (`/trial`): what a small trial really took, in the common unit, against
//! the catalog's list price (seed §5: "record the actual consumption ... this beats any list
//! price").

use crate::catalog::{Catalog, PriceQuote};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// One recorded trial.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrialEntry {
    pub platform: String,
    pub gpu: String,
    /// Boot to finish, seconds.
    pub wall_seconds: Decimal,
    pub cost: Decimal,
    pub currency: String,
    pub card_hours: Decimal,
    /// Days since the epoch when recorded.
    pub recorded_on: i64,
}

impl TrialEntry {
    /// What one card-hour really cost in this trial.
    pub fn per_card_hour(&self) -> Decimal {
        self.cost / self.card_hours
    }
}

/// Why a `/trial` line could not be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrialError {
    #[error("expected: platform gpu wall-time cost [card-hours]")]
    Shape,
    #[error("`{0}` is not a duration")]
    BadDuration(String),
    #[error("`{0}` is not an amount of money")]
    BadCost(String),
    #[error("`{0}` is not a number of card-hours")]
    BadCardHours(String),
    #[error("wall time and card-hours must be above zero")]
    Zero,
}

/// The cheapest per-card-hour list price a platform quotes for a GPU by the second, minute or
/// hour (commitment tiers are not what a trial pays).
pub fn list_per_card_hour<'a>(
    catalog: &'a Catalog,
    platform: &str,
    gpu: &'a str,
) -> Option<(Decimal, &'a PriceQuote)> {
    let p = catalog.platform(platform).ok()?;
    crate::catalog::choice::current_quotes(p, gpu, crate::catalog::choice::Tiers::Standard)
        .into_iter()
        .filter_map(|q| Some((q.per_card_hour()?, q)))
        .min_by(|a, b| a.0.cmp(&b.0))
}
