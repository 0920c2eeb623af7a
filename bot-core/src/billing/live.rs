//! Live prices in a ranking: where a provider's feed is fresh, its live on-demand price
//! replaces the catalog's list price for that platform (same billing rules, same hidden
//! costs); elsewhere the list price stays. With no fresh live quote the ranking is untouched,
//! so catalog-only answers stay exactly as they were.

use super::Job;
use super::rank::{RankedOffer, platform_cost};
use crate::availability::{LiveQuote, StockLevel, format_rfc3339};
use crate::catalog::{Catalog, PriceQuote};
use crate::units::TimeUnit;

/// What a live quote did to a ranking.
#[derive(Debug, Clone, PartialEq)]
pub enum LiveUse {
    /// The platform is priced at its live figure.
    Priced(LiveQuote),
    /// Every fresh offer is out: the platform keeps its list price, and the answer says so.
    OutOfStock(LiveQuote),
}

/// `offers` (a catalog ranking for `gpu_id` × `cards`) with each fresh live quote in place
/// of its platform's list price, re-sorted the way `compare` sorts (firm prices, a live one among them, before floors). Platforms the catalog does
/// not list for the card are added when live data prices them.
#[allow(clippy::too_many_arguments)]
pub fn with_live_prices(
    catalog: &Catalog,
    mut offers: Vec<RankedOffer>,
    gpu_id: &str,
    cards: u32,
    job: &Job,
    currency: &str,
    today: i64,
    live: &[LiveQuote],
) -> (Vec<RankedOffer>, Vec<LiveUse>) {
    let mut used = Vec::new();
    for q in live {
        if q.stock == StockLevel::Unavailable {
            used.push(LiveUse::OutOfStock(q.clone()));
            continue;
        }
        let Ok(platform) = catalog.platform(&q.provider) else {
            continue;
        };
        let mut p = platform.clone();
        p.prices.retain(|x| x.gpu != gpu_id);
        p.prices.push(PriceQuote {
            gpu: gpu_id.to_string(),
            // The price of the whole machine the quote buys (its `cards`).
            amount: q.price_per_gpu_hour * rust_decimal::Decimal::from(q.cards),
            per: TimeUnit::Hour,
            currency: q.currency.clone(),
            tier: "on_demand".into(),
            // A machine of more cards than the job is paid for whole (said in the answer).
            cards: q.cards,
            source: q.source.clone(),
            as_of: format_rfc3339(q.fetched_at)[..10].to_string(),
            undated: false,
            from: false,
            third_party: false,
            // A provider's offer row does not say how its cards are linked.
            card_link: None,
            source_note: None,
            note_zh: None,
            note_en: None,
        });
        // No rate for its currency, or a job that cannot be priced there: the list price
        // stays, not announced as live.
        if let Ok(o) = platform_cost(catalog, &p, gpu_id, cards, job, currency, today) {
            offers.retain(|x| x.platform_id != q.provider);
            offers.push(o);
            used.push(LiveUse::Priced(q.clone()));
        }
    }
    if !used.is_empty() {
        offers.sort_by(super::rank::rank_order);
    }
    (offers, used)
}
