//! "Who has this card": every stored offer for one GPU, on-demand before spot, in stock first,
//! cheapest first, each with its age, plus what each provider's feed looks like (fresh, stale,
//! failing, missing).

use super::LIVE_PROVIDERS;
use super::filter::is_spot;
use super::imported::{Sighting, sightings};
use super::index::offer_index;
use super::offer::Offer;
use super::snapshot::{ProviderState, latest_offers, provider_state};
use super::time::Freshness;
use crate::store::{Store, StoreError};
use rust_decimal::Decimal;

/// What to look up.
#[derive(Debug, Clone, PartialEq)]
pub struct StockQuery {
    /// A catalog GPU id, or a raw provider name (see [`super::gpu_key`]).
    pub gpu: String,
    /// Only this provider (catalog platform id).
    pub provider: Option<String>,
    /// Only offers at or under this price per GPU-hour, in `max_currency`.
    pub max_per_gpu_hour: Option<Decimal>,
    pub max_currency: String,
}

/// One offer as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct StockRow {
    pub offer: Offer,
    pub age_secs: i64,
    pub freshness: Freshness,
}

/// One provider's feed as it bears on the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct ProviderStatus {
    pub provider: String,
    /// `None`: never polled (no data yet).
    pub state: Option<ProviderState>,
    /// Age of the stored snapshot.
    pub age_secs: Option<i64>,
    /// Age of the last whole answer, when the latest was partial or failed after one.
    pub full_age_secs: Option<i64>,
    pub freshness: Option<Freshness>,
    /// Offers for the card: shown, and left out for being too old or over the price.
    pub shown: usize,
    pub hidden_old: usize,
    pub over_price: usize,
    /// Offers whose price could not be compared with the limit (no exchange rate).
    pub no_fx: usize,
}

/// What a person saw, as shown: its age, and whether its stock claim is still worth showing.
#[derive(Debug, Clone, PartialEq)]
pub struct SightingRow {
    pub sighting: Sighting,
    pub age_secs: i64,
    /// Stock seen more than [`super::HIDDEN_AFTER_SECS`] ago is shown as unknown (with its
    /// age); a price stays, dated.
    pub stock_expired: bool,
}

/// The answer's data.
#[derive(Debug, Clone, PartialEq)]
pub struct StockView {
    /// Live offers from the providers' APIs.
    pub rows: Vec<StockRow>,
    pub providers: Vec<ProviderStatus>,
    /// Imported price catalogs' rows: prices only, stock unknown, cheapest first, never hidden
    /// for age (their date is shown instead).
    pub catalog_rows: Vec<StockRow>,
    /// Catalog rows over the price limit or without a rate to compare.
    pub catalog_over_price: usize,
    /// What people saw (curated file, `/report`), newest first.
    pub sightings: Vec<SightingRow>,
}

/// The providers a stock answer reports on (the one asked for, else every live one, plus any
/// that sent offers), each with its last good fetch's age; counts start at zero.
fn statuses(
    store: &Store,
    query: &StockQuery,
    offers: &[Offer],
    now: i64,
) -> Result<Vec<ProviderStatus>, StoreError> {
    let mut names: Vec<String> = match &query.provider {
        Some(p) => vec![p.clone()],
        None => LIVE_PROVIDERS.iter().map(|s| s.to_string()).collect(),
    };
    for o in offers {
        if !names.contains(&o.provider) {
            names.push(o.provider.clone());
        }
    }
    let mut providers = Vec::new();
    for name in names {
        let state = provider_state(store, &name)?;
        let age = state
            .as_ref()
            .and_then(|s| s.last_good_at)
            .map(|t| (now - t).max(0));
        let full_age = state
            .as_ref()
            .and_then(|s| s.last_full_at)
            .map(|t| (now - t).max(0));
        providers.push(ProviderStatus {
            provider: name,
            state,
            age_secs: age,
            full_age_secs: full_age,
            freshness: age.map(Freshness::of_age),
            shown: 0,
            hidden_old: 0,
            over_price: 0,
            no_fx: 0,
        });
    }
    Ok(providers)
}

/// Every stored offer for the card at `now`. `fx(currency)` is the rate from an offer's
/// currency into `max_currency` (`Some(1)` for the same one); it is only asked for with a
/// price limit. Offers older than [`super::HIDDEN_AFTER_SECS`] are counted, not shown.
pub fn stock(
    store: &Store,
    query: &StockQuery,
    now: i64,
    fx: impl Fn(&str) -> Option<Decimal>,
) -> Result<StockView, StoreError> {
    let key = super::gpu_key(&query.gpu);
    let offers = latest_offers(store, &key, query.provider.as_deref())?;
    let mut providers = statuses(store, query, &offers, now)?;
    let over = |currency: &str, price: Decimal| -> bool {
        match query.max_per_gpu_hour {
            None => false,
            Some(max) => fx(currency).is_none_or(|rate| price * rate > max),
        }
    };
    let mut catalog_rows = Vec::new();
    let mut catalog_over_price = 0;
    // The card's catalog rows from the index (decoded once, kept within its bound); only the
    // rows shown are copied.
    for offer in offer_index(store)?.priced(store, &key)?.iter() {
        if query
            .provider
            .as_ref()
            .is_some_and(|p| *p != offer.provider)
        {
            continue;
        }
        if over(&offer.currency, offer.price_per_gpu_hour) {
            catalog_over_price += 1;
            continue;
        }
        catalog_rows.push(StockRow {
            age_secs: (now - offer.fetched_at).max(0),
            freshness: Freshness::Stale,
            offer: Offer::clone(offer),
        });
    }
    catalog_rows.sort_by(|a, b| {
        is_spot(&a.offer)
            .cmp(&is_spot(&b.offer))
            .then(a.offer.price_per_gpu_hour.cmp(&b.offer.price_per_gpu_hour))
            .then(a.offer.provider.cmp(&b.offer.provider))
            .then(a.offer.cards.cmp(&b.offer.cards))
    });
    let mut seen = Vec::new();
    for s in sightings(store, &key)? {
        if query.provider.as_ref().is_some_and(|p| *p != s.platform) {
            continue;
        }
        if let (Some(p), Some(c)) = (s.price_per_gpu_hour, s.currency.as_deref())
            && over(c, p)
        {
            continue;
        }
        let age = (now - s.at).max(0);
        seen.push(SightingRow {
            // A date still ahead (stored before dates were checked) says nothing about now.
            stock_expired: Freshness::of_age(age) == Freshness::Hidden
                || super::time::is_future(s.at, now),
            age_secs: age,
            sighting: s,
        });
    }
    let mut rows = Vec::new();
    for offer in offers {
        let Some(p) = providers.iter_mut().find(|p| p.provider == offer.provider) else {
            continue;
        };
        let age = (now - offer.fetched_at).max(0);
        let freshness = Freshness::of_age(age);
        if freshness == Freshness::Hidden {
            p.hidden_old += 1;
            continue;
        }
        if let Some(max) = query.max_per_gpu_hour {
            match fx(&offer.currency) {
                Some(rate) if offer.price_per_gpu_hour * rate > max => {
                    p.over_price += 1;
                    continue;
                }
                Some(_) => {}
                None => {
                    p.no_fx += 1;
                    continue;
                }
            }
        }
        p.shown += 1;
        rows.push(StockRow {
            offer,
            age_secs: age,
            freshness,
        });
    }
    // On-demand rows first, spot as a group after them (issue 25 §1).
    rows.sort_by(|a, b| {
        (is_spot(&a.offer), a.offer.stock.rank(), a.freshness)
            .cmp(&(is_spot(&b.offer), b.offer.stock.rank(), b.freshness))
            .then(a.offer.price_per_gpu_hour.cmp(&b.offer.price_per_gpu_hour))
            .then(a.offer.provider.cmp(&b.offer.provider))
            .then(a.offer.cards.cmp(&b.offer.cards))
    });
    Ok(StockView {
        rows,
        providers,
        catalog_rows,
        catalog_over_price,
        sightings: seen,
    })
}
