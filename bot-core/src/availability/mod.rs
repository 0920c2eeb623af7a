//! Availability: live offers from GPU providers, normalized, kept as snapshots in the store.
//!
//! Pure domain, no network: the `gpuscout-providers` crate fetches and parses each provider's
//! API into [`Offer`]s; this module names the cards ([`canonical_gpu`]), keeps one good
//! snapshot per provider in redb ([`record_fetch`]: a failed, empty or malformed fetch keeps the
//! last good one and is counted, so it can never read as "sold out"), and answers "who has this
//! card" ([`stock`]) with each row's age and freshness ([`Freshness`]: fresh under 2 h, stale
//! after, hidden after 24 h).

mod canonical;
mod curated;
mod filter;
mod fx;
mod history;
mod imported;
mod index;
mod live;
mod offer;
mod query;
pub(crate) mod row;
mod snapshot;
mod time;
mod written;

pub use canonical::{canonical_gpu, gpu_key, name_offer_gpu};
pub use curated::{CuratedError, parse_curated, parse_stock_word};
pub use filter::{OfferFilter, OfferRow, OffersView, Sort, region_text_in, search_offers};
pub use fx::{
    ECB_FEED, FX_FRESH_DAYS, FxSnapshot, RateUsed, catalog_with_fx, fresh_fx, latest_fx, rate_for,
    record_fx,
};
pub use history::{
    DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, PlatformSeries, Rhythm, SeriesSummary, Window,
    price_series, prune_history, summarize,
};
pub use imported::{
    CURATED_FEED, FeedInfo, Sighting, SightingOrigin, all_priced_offers, feed, feeds,
    priced_offers, record_curated, record_import, record_sighting, sightings,
};
pub use index::{CACHE_OFFERS as CATALOG_CACHE_OFFERS, decoded_catalog_offers};
pub use live::{LiveQuote, live_quotes};
pub use offer::{Offer, OfferKind, StockLevel};
pub use query::{ProviderStatus, SightingRow, StockQuery, StockRow, StockView, stock};
pub use row::SnapshotRow;
pub use snapshot::{
    FetchOutcome, HistoryPoint, ProviderState, Recorded, all_latest_offers, history, latest_offers,
    provider_state, provider_states, record_fetch, record_fetch_taken,
};
pub use time::{
    CLOCK_SKEW_SECS, EARLIEST_ZONE_SECS, FRESH_FOR_SECS, Freshness, HIDDEN_AFTER_SECS,
    date_is_future, format_minute_utc, format_rfc3339, is_future, now_unix,
};
pub use written::{PriceField, PriceTextError, read_price};

/// Providers with a live feed (the adapters in `gpuscout-providers`), by catalog platform id.
/// `/stock` names each one, saying when it has no data yet.
pub const LIVE_PROVIDERS: &[&str] = &["vast", "runpod", "lambda"];
