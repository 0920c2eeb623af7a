//! The live price each provider quotes for a card right now, for the answers that rank
//! platforms (`/compare`, the `/pick` result) and list options (`/fit`): only fresh data
//! (under [`super::FRESH_FOR_SECS`]), only on-demand, cheapest in-stock offer first. A card
//! that is fresh but out everywhere on a provider is reported as such, not priced.

use super::LIVE_PROVIDERS;
use super::canonical::gpu_key;
use super::offer::{OfferKind, StockLevel};
use super::snapshot::latest_offers;
use super::time::Freshness;
use crate::store::{Store, StoreError};
use rust_decimal::Decimal;

/// One provider's live figure for one card.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveQuote {
    pub provider: String,
    pub gpu: String,
    /// Cheapest on-demand per GPU-hour among offers not said to be out.
    pub price_per_gpu_hour: Decimal,
    pub currency: String,
    /// Best stock level among the offers at that price's provider (`Unavailable`: every
    /// fresh offer is out; the price is then the cheapest of those, not to be used).
    pub stock: StockLevel,
    pub fetched_at: i64,
    pub age_secs: i64,
    pub source: String,
}

/// The fresh live quotes for `gpu` at `now`, one per provider with fresh data, by provider id.
pub fn live_quotes(store: &Store, gpu: &str, now: i64) -> Result<Vec<LiveQuote>, StoreError> {
    let key = gpu_key(gpu);
    let mut out = Vec::new();
    for provider in LIVE_PROVIDERS {
        let offers: Vec<_> = latest_offers(store, &key, Some(provider))?
            .into_iter()
            .filter(|o| o.kind == OfferKind::OnDemand)
            .filter(|o| Freshness::of_age(now - o.fetched_at) == Freshness::Fresh)
            .collect();
        let usable = offers.iter().filter(|o| o.stock != StockLevel::Unavailable);
        let best = usable
            .clone()
            .min_by(|a, b| {
                (a.stock.rank(), a.price_per_gpu_hour).cmp(&(b.stock.rank(), b.price_per_gpu_hour))
            })
            .or_else(|| offers.iter().min_by_key(|o| o.price_per_gpu_hour));
        if let Some(o) = best {
            out.push(LiveQuote {
                provider: provider.to_string(),
                gpu: o.gpu.clone(),
                price_per_gpu_hour: o.price_per_gpu_hour,
                currency: o.currency.clone(),
                stock: o.stock,
                fetched_at: o.fetched_at,
                age_secs: (now - o.fetched_at).max(0),
                source: o.source.clone(),
            });
        }
    }
    Ok(out)
}
