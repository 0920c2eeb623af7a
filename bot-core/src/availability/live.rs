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
    /// The cards of the instance that price buys: 1 where a provider rents any number of one
    /// card type per GPU ([`PER_GPU_PROVIDERS`]); else the offer's own card count, which a
    /// job needing fewer pays for whole.
    pub cards: u32,
    pub currency: String,
    /// Best stock level among the offers at that price's provider (`Unavailable`: every
    /// fresh offer is out; the price is then the cheapest of those, not to be used).
    pub stock: StockLevel,
    pub fetched_at: i64,
    pub age_secs: i64,
    pub source: String,
}

/// Providers whose live offers are per GPU of a type, rented in any count on one machine
/// (RunPod: a pod's `gpuCount` is chosen at creation, the GraphQL price is per GPU). Vast
/// offers and Lambda instance types are whole machines of a fixed card count.
pub const PER_GPU_PROVIDERS: &[&str] = &["runpod"];

/// The fresh live quotes for `gpu` at `now` for a job on `cards` cards of one machine, one per
/// provider with fresh data, by provider id: only offers whose machine holds the job (eight
/// 1-card rentals are not one 8-card node), the cheapest whole instance first.
pub fn live_quotes(
    store: &Store,
    gpu: &str,
    cards: u32,
    now: i64,
) -> Result<Vec<LiveQuote>, StoreError> {
    let key = gpu_key(gpu);
    let cards = cards.max(1);
    let mut out = Vec::new();
    for provider in LIVE_PROVIDERS {
        let per_gpu = PER_GPU_PROVIDERS.contains(provider);
        let offers: Vec<_> = latest_offers(store, &key, Some(provider))?
            .into_iter()
            .filter(|o| o.kind == OfferKind::OnDemand)
            .filter(|o| Freshness::of_age(now - o.fetched_at) == Freshness::Fresh)
            .filter(|o| per_gpu || o.cards >= cards)
            .collect();
        // What the job pays there: per GPU × its cards, or the whole machine.
        let bill = |o: &super::offer::Offer| {
            if per_gpu {
                o.price_per_gpu_hour * Decimal::from(cards)
            } else {
                o.price_per_instance_hour
            }
        };
        let usable = offers.iter().filter(|o| o.stock != StockLevel::Unavailable);
        let best = usable
            .clone()
            .min_by(|a, b| (a.stock.rank(), bill(a)).cmp(&(b.stock.rank(), bill(b))))
            .or_else(|| offers.iter().min_by_key(|o| bill(o)));
        if let Some(o) = best {
            out.push(LiveQuote {
                provider: provider.to_string(),
                gpu: o.gpu.clone(),
                price_per_gpu_hour: o.price_per_gpu_hour,
                cards: if per_gpu { 1 } else { o.cards },
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
