//! `/offers`: every stored offer, live and catalog, through the filters people know from
//! `vastai search offers` (card count, memory per card, region, spot or on-demand, a price
//! ceiling, a provider) and one sort order. Live offers older than a day are left out and
//! counted; catalog rows are always labelled price-only.

use super::canonical::gpu_key;
use super::imported::all_priced_offers;
use super::offer::{Offer, OfferKind};
use super::snapshot::all_latest_offers;
use super::time::Freshness;
use crate::store::{Store, StoreError};
use rust_decimal::Decimal;

/// The order of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    /// Cheapest per GPU-hour first (the default).
    #[default]
    Price,
    /// Dearest first.
    PriceDesc,
    /// Most memory per card first.
    Vram,
    /// Most cards first.
    Cards,
    /// Newest data first.
    Age,
}

/// What to keep. Bounds are inclusive.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OfferFilter {
    /// A catalog GPU id or raw name.
    pub gpu: Option<String>,
    pub provider: Option<String>,
    pub min_cards: Option<u32>,
    pub max_cards: Option<u32>,
    pub min_vram_gb: Option<f64>,
    pub max_vram_gb: Option<f64>,
    /// Case-insensitive part of the region text (`us`, `Spain`).
    pub region: Option<String>,
    pub kind: Option<OfferKind>,
    /// Per GPU-hour, in `currency`.
    pub max_price: Option<Decimal>,
    pub currency: String,
    /// Leave the imported catalogs' rows out.
    pub live_only: bool,
    pub sort: Sort,
}

/// One offer as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct OfferRow {
    pub offer: Offer,
    pub age_secs: i64,
    /// `None` for a catalog row (prices only; its date is its age).
    pub freshness: Option<Freshness>,
}

impl OfferRow {
    pub fn price_only(&self) -> bool {
        self.freshness.is_none()
    }
}

/// The answer's data.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OffersView {
    pub rows: Vec<OfferRow>,
    /// Live offers older than a day, left out.
    pub hidden_old: usize,
    /// Offers whose currency has no rate into the filter's (only with a price ceiling).
    pub no_fx: usize,
    /// Were there any offers at all before filtering?
    pub stored: usize,
}

impl OfferFilter {
    fn keeps(&self, o: &Offer, fx: &dyn Fn(&str) -> Option<Decimal>, no_fx: &mut usize) -> bool {
        if let Some(g) = &self.gpu
            && gpu_key(&o.gpu) != gpu_key(g)
        {
            return false;
        }
        if self.provider.as_ref().is_some_and(|p| *p != o.provider)
            || self.min_cards.is_some_and(|n| o.cards < n)
            || self.max_cards.is_some_and(|n| o.cards > n)
            || self.kind.is_some_and(|k| k != o.kind)
        {
            return false;
        }
        // An offer whose memory nobody gave is left out of a memory filter: unknown is not
        // "big enough".
        if self.min_vram_gb.is_some() || self.max_vram_gb.is_some() {
            let Some(v) = o.vram_gb else { return false };
            // 79.6 GiB reported for an 80 GB card still passes vram>=80.
            if self.min_vram_gb.is_some_and(|m| v < m * 0.98)
                || self.max_vram_gb.is_some_and(|m| v > m * 1.02)
            {
                return false;
            }
        }
        if let Some(r) = &self.region {
            let want = r.to_lowercase();
            if !o
                .region
                .as_deref()
                .is_some_and(|have| have.to_lowercase().contains(&want))
            {
                return false;
            }
        }
        if let Some(max) = self.max_price {
            match fx(&o.currency) {
                Some(rate) => {
                    if o.price_per_gpu_hour * rate > max {
                        return false;
                    }
                }
                None => {
                    *no_fx += 1;
                    return false;
                }
            }
        }
        true
    }
}

/// Every stored offer that passes `filter` at `now`. `fx(currency)` is the rate into the
/// filter's currency (asked for only with a price ceiling, and to sort mixed currencies).
pub fn search_offers(
    store: &Store,
    filter: &OfferFilter,
    now: i64,
    fx: impl Fn(&str) -> Option<Decimal>,
) -> Result<OffersView, StoreError> {
    let mut view = OffersView::default();
    let live = all_latest_offers(store)?;
    let catalog = if filter.live_only {
        Vec::new()
    } else {
        all_priced_offers(store)?
    };
    view.stored = live.len() + catalog.len();
    for o in live {
        let age = (now - o.fetched_at).max(0);
        let f = Freshness::of_age(age);
        if f == Freshness::Hidden {
            view.hidden_old += 1;
            continue;
        }
        if filter.keeps(&o, &fx, &mut view.no_fx) {
            view.rows.push(OfferRow {
                offer: o,
                age_secs: age,
                freshness: Some(f),
            });
        }
    }
    for o in catalog {
        if filter.keeps(&o, &fx, &mut view.no_fx) {
            view.rows.push(OfferRow {
                age_secs: (now - o.fetched_at).max(0),
                offer: o,
                freshness: None,
            });
        }
    }
    // Prices compare in one currency where a rate exists; else as quoted.
    let price = |r: &OfferRow| {
        fx(&r.offer.currency)
            .map(|rate| r.offer.price_per_gpu_hour * rate)
            .unwrap_or(r.offer.price_per_gpu_hour)
    };
    view.rows.sort_by(|a, b| {
        // Live rows before catalog rows in every order: a catalog is not a stock figure.
        let first = a.price_only().cmp(&b.price_only());
        let by = match filter.sort {
            Sort::Price => price(a).cmp(&price(b)),
            Sort::PriceDesc => price(b).cmp(&price(a)),
            Sort::Vram => b
                .offer
                .vram_gb
                .unwrap_or(0.0)
                .total_cmp(&a.offer.vram_gb.unwrap_or(0.0)),
            Sort::Cards => b.offer.cards.cmp(&a.offer.cards),
            Sort::Age => a.age_secs.cmp(&b.age_secs),
        };
        first
            .then(by)
            .then(price(a).cmp(&price(b)))
            .then(a.offer.provider.cmp(&b.offer.provider))
    });
    Ok(view)
}
