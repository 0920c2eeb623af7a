//! The stored offers `/offers` and `/stock` read, decoded only as far as a query needs and
//! kept within a bound ([`super::search_offers`], [`super::stock`]).
//!
//! - Live offers (the providers' snapshots, a few thousand at most) are decoded once per write
//!   of the `snapshots` table: every `/offers` answer counts the ones too old to show.
//! - Catalog rows (imported feeds, up to 100,000s) are decoded one card at a time, when a query
//!   asks for that card, and kept in a cache of at most [`CACHE_OFFERS`] offers (least recently
//!   used card out first). A one-shot CLI query decodes only its card's rows; a query over every
//!   card decodes each card in turn and keeps only what it answers with.
//!
//! The whole index is kept by the store until that table's next write
//! ([`crate::store::Store::derived`]): a poll or an import empties it, so no answer sees an
//! offer that is gone.

use super::canonical::gpu_key;
use super::imported::{CURATED_FEED, PRICED, feeds};
use super::offer::Offer;
use super::snapshot::OFFERS;
use crate::store::{Store, StoreError, tables};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// Most catalog offers the cache holds (about 0.3 KiB each decoded, so ~6 MiB); a card with
/// more rows than this is answered but not kept.
pub const CACHE_OFFERS: usize = 20_000;

/// One card's catalog rows, in the store's key order (feed by feed).
pub(super) type CardRows = Arc<Vec<Arc<Offer>>>;

/// Live offers, and catalog rows by card.
#[derive(Debug)]
pub(super) struct OfferIndex {
    /// Every live offer, in the store's key order.
    pub live: Vec<Arc<Offer>>,
    /// [`gpu_key`] of each live offer's card, by position.
    pub live_keys: Vec<String>,
    /// Catalog rows held in all imported feeds (from the feeds' own counts; nothing decoded).
    pub priced_total: usize,
    /// Every card some feed holds rows for, in the store's key order.
    pub priced_cards: Vec<String>,
    cache: Mutex<Cache>,
}

#[derive(Debug, Default)]
struct Cache {
    cards: HashMap<String, (u64, CardRows)>,
    /// Offers held in `cards`.
    held: usize,
    /// Use counter, for least-recently-used eviction.
    clock: u64,
}

impl OfferIndex {
    fn build(store: &Store) -> Result<OfferIndex, StoreError> {
        let live: Vec<Arc<Offer>> = store
            .scan_prefix(&OFFERS, "offers:")?
            .into_iter()
            .flat_map(|(_, v)| v.0)
            .map(Arc::new)
            .collect();
        let live_keys = live.iter().map(|o| gpu_key(&o.gpu)).collect();
        let mut priced_total = 0;
        let mut cards = std::collections::BTreeSet::new();
        for f in feeds(store)? {
            // The curated feed lists sighting keys, not catalog cards.
            if f.feed == CURATED_FEED {
                continue;
            }
            priced_total += f.offers;
            cards.extend(f.gpu_keys);
        }
        // Key order (`priced:<card>:<feed>`): `a100-80gb:` sorts before `a100:`.
        let mut priced_cards: Vec<String> = cards.into_iter().collect();
        priced_cards.sort_by_cached_key(|k| format!("{k}:"));
        Ok(OfferIndex {
            live,
            live_keys,
            priced_total,
            priced_cards,
            cache: Mutex::default(),
        })
    }

    /// The catalog rows of one card (by its [`gpu_key`]), from the cache or decoded now.
    pub fn priced(&self, store: &Store, key: &str) -> Result<CardRows, StoreError> {
        // A card no feed holds costs no read and takes no room (names people type are many).
        if !self.priced_cards.iter().any(|k| k == key) {
            return Ok(CardRows::default());
        }
        {
            let mut c = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
            c.clock += 1;
            let now = c.clock;
            if let Some((used, rows)) = c.cards.get_mut(key) {
                *used = now;
                return Ok(rows.clone());
            }
        }
        // Decoded outside the lock: two queries for one cold card may both decode it.
        let rows: CardRows = Arc::new(
            store
                .scan_prefix(&PRICED, &format!("priced:{key}:"))?
                .into_iter()
                .flat_map(|(_, v)| v.0)
                .map(Arc::new)
                .collect(),
        );
        self.keep(key, &rows);
        Ok(rows)
    }

    fn keep(&self, key: &str, rows: &CardRows) {
        if rows.len() > CACHE_OFFERS {
            return;
        }
        let mut c = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if c.cards.contains_key(key) {
            return;
        }
        while c.held + rows.len() > CACHE_OFFERS {
            let Some(oldest) = c
                .cards
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some((_, gone)) = c.cards.remove(&oldest) {
                c.held -= gone.len();
            }
        }
        c.held += rows.len();
        c.clock += 1;
        let now = c.clock;
        c.cards.insert(key.to_string(), (now, rows.clone()));
    }

    /// Catalog offers the cache holds now (for tests of the bound).
    pub fn cached_offers(&self) -> usize {
        self.cache
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .held
    }
}

/// The index of what the store holds now.
pub(super) fn offer_index(store: &Store) -> Result<Arc<OfferIndex>, StoreError> {
    store.derived(&tables::SNAPSHOTS, || OfferIndex::build(store))
}

/// How many catalog offers the index of `store` holds decoded now: at most [`CACHE_OFFERS`]
/// whatever the queries were (a test of the bound; not an answer's data).
pub fn decoded_catalog_offers(store: &Store) -> Result<usize, StoreError> {
    Ok(offer_index(store)?.cached_offers())
}
