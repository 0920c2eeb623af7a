//! The one record type of the store's `snapshots` table ([`SnapshotRow`]) and the records it
//! holds. Each key prefix holds one kind (module docs of `snapshot`, `imported`, `fx`), read
//! and written through a typed view of that kind; every view writes a versioned record
//! (`{"v":1,"r":…}`, [`crate::store::Versioned`]), and a row written before records carried
//! a version (the bare JSON) still reads, as version 0 of the same shape.
//!
//! A leaf: the store's schema names [`SnapshotRow`], so nothing here may read the store.

use super::offer::{Offer, StockLevel};
use crate::store::Record;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Any row of the `snapshots` table. Its key's prefix says which kind it is and the modules
/// read each prefix through their own view; this type reads a row without its key (a tool
/// walking the whole table), by shape: the kinds share no set of required fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SnapshotRow {
    /// `offers:<gpu>:<provider>` (a live snapshot) and `priced:<gpu>:<feed>` (a catalog).
    Offers(Vec<Offer>),
    /// `feed:<feed>`.
    Feed(FeedInfo),
    /// `fx:<feed>`.
    Fx(FxSnapshot),
    /// `state:<provider>`.
    State(ProviderState),
    /// `seen:<gpu>:<platform>:<origin>`.
    Sighting(Sighting),
    /// `hist:<provider>:<gpu>:<hour>`.
    History(HistoryPoint),
}

/// Version 1: the shapes below, as they were before versions (so version 0 needs no upgrade).
macro_rules! version_1 {
    ($($t:ty),*) => {$(impl Record for $t {
        const VERSION: u32 = 1;
    })*};
}
version_1!(
    SnapshotRow,
    Vec<Offer>,
    FeedInfo,
    FxSnapshot,
    ProviderState,
    Sighting,
    HistoryPoint
);

/// Everything known about one provider's feed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ProviderState {
    pub provider: String,
    /// When the snapshot now stored was fetched.
    pub last_good_at: Option<i64>,
    pub last_attempt_at: Option<i64>,
    /// Offers and GPU keys in the stored snapshot.
    pub offers: usize,
    pub gpu_keys: Vec<String>,
    /// Fetches that failed or came back empty, since the store was created / in a row.
    pub misses_total: u64,
    pub misses_in_a_row: u32,
    pub last_problem: Option<String>,
    /// Why the stored snapshot's last answer is known to be incomplete (a provider's row cap
    /// reached, a page of several, a GraphQL answer with errors beside its data), or `None`
    /// when it was whole. A partial answer can show a card in stock, never one gone: cards
    /// it left out keep their last reading, dated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial: Option<String>,
    /// When the last whole answer was fetched (`None`: none since this field was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_full_at: Option<i64>,
}

/// One hour of one card on one provider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HistoryPoint {
    /// Hours since the epoch.
    pub hour: i64,
    pub cheapest_per_gpu_hour: Decimal,
    pub currency: String,
    pub in_stock: bool,
    pub offers: usize,
}

/// One imported price catalog, or the curated file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FeedInfo {
    /// `skypilot/lambda`, `gpuhunt/runpod`, `curated`.
    pub feed: String,
    /// Where it was read from (a path or URL, never with credentials) and what it is.
    pub source: String,
    /// The catalog's own date (`YYYY-MM-DD`) when it says one, else when it was fetched.
    pub as_of: String,
    /// When it was imported (seconds since the epoch).
    pub imported_at: i64,
    pub offers: usize,
    /// Rows that could not be read (kept out, counted).
    pub skipped: usize,
    pub gpu_keys: Vec<String>,
    /// A digest of the file's bytes as loaded (the curated file: its watch compares the file
    /// with what was loaded, not with what it saw first); `None` for other feeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
}

/// Where a sighting came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SightingOrigin {
    /// A row of the operator's curated file.
    Curated,
    /// An operator's `/report`.
    Report,
}

impl SightingOrigin {
    pub fn key(self) -> &'static str {
        match self {
            SightingOrigin::Curated => "curated",
            SightingOrigin::Report => "report",
        }
    }
}

/// What a trusted person saw on a platform with no public API: stock, a price, or both.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sighting {
    /// Catalog platform id, or the name as written when the catalog has no such platform.
    pub platform: String,
    /// Catalog GPU id, or the raw name.
    pub gpu: String,
    pub raw_name: String,
    /// `Unknown` when only a price was seen.
    pub stock: StockLevel,
    /// Per GPU-hour, when a price was seen.
    pub price_per_gpu_hour: Option<Decimal>,
    pub currency: Option<String>,
    pub cards: Option<u32>,
    pub region: Option<String>,
    /// Who saw it (`telegram:123`, or the name in the curated file).
    pub who: String,
    /// When it was seen (seconds since the epoch).
    pub at: i64,
    /// Where it was seen (a URL, "console", "their support chat").
    pub source: String,
    pub origin: SightingOrigin,
}

/// One day's reference rates: units of each currency per one `base`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FxSnapshot {
    pub feed: String,
    /// What the rates are (e.g. "ECB euro foreign exchange reference rates").
    pub source: String,
    /// The rates' own date, `YYYY-MM-DD`.
    pub date: String,
    pub fetched_at: i64,
    /// `EUR` for the ECB.
    pub base: String,
    pub rates: BTreeMap<String, Decimal>,
}
