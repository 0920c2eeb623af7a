//! Offers that did not come from a live API: price catalogs (SkyPilot, gpuhunt) imported by an
//! operator, and sightings (the curated file and `/report`) written by people. Neither says
//! what is in stock now, so neither goes into a provider's live snapshot; they sit beside it
//! in the `snapshots` table under their own prefixes:
//!
//! - `feed:<feed>` -> [`FeedInfo`]: one imported catalog (`skypilot/lambda`, `gpuhunt/runpod`),
//!   its source, date and the GPU keys it holds;
//! - `priced:<gpu key>:<feed>` -> `Vec<Offer>`: that catalog's rows for one card, every one
//!   with stock [`StockLevel::Unknown`];
//! - `seen:<gpu key>:<platform>:<origin>` -> [`Sighting`]: what a person saw, where origin is
//!   `curated` (the operator's file) or `report` (`/report`), with who and when.
//!
//! An import replaces its feed in one transaction, so a reader never sees half of two.

use super::canonical::gpu_key;
use super::offer::{Offer, StockLevel};
pub use super::row::{FeedInfo, Sighting, SightingOrigin};
use crate::store::{Batch, Store, StoreError, TypedTable, Versioned};
use std::collections::BTreeMap;

/// Typed views of the store's `snapshots` table, one per key prefix (see the module doc), each
/// a versioned record of [`super::row`].
const FEEDS: TypedTable<Versioned<FeedInfo>> =
    TypedTable::new(crate::store::tables::SNAPSHOTS.name());
pub(super) const PRICED: TypedTable<Versioned<Vec<Offer>>> =
    TypedTable::new(crate::store::tables::SNAPSHOTS.name());
const SEEN: TypedTable<Versioned<Sighting>> =
    TypedTable::new(crate::store::tables::SNAPSHOTS.name());

/// The feed name of the operator's curated file.
pub const CURATED_FEED: &str = "curated";

fn feed_key(feed: &str) -> String {
    format!("feed:{feed}")
}

fn priced_key(gpu_key: &str, feed: &str) -> String {
    format!("priced:{gpu_key}:{feed}")
}

fn seen_key(gpu_key: &str, platform: &str, origin: SightingOrigin) -> String {
    format!("seen:{gpu_key}:{platform}:{}", origin.key())
}

/// Replaces feed `info.feed` with `offers` (stock forced to unknown: a catalog is not a
/// stock figure). Returns the feed as stored. An empty import keeps the previous one.
pub fn record_import(
    store: &Store,
    mut info: FeedInfo,
    offers: Vec<Offer>,
) -> Result<FeedInfo, StoreError> {
    if offers.is_empty() {
        return Ok(feed(store, &info.feed)?.unwrap_or(info));
    }
    let old = feed(store, &info.feed)?;
    let mut by_gpu: BTreeMap<String, Vec<Offer>> = BTreeMap::new();
    for mut o in offers {
        o.stock = StockLevel::Unknown;
        o.available_count = None;
        by_gpu.entry(gpu_key(&o.gpu)).or_default().push(o);
    }
    let mut batch = Batch::new();
    for k in old.iter().flat_map(|f| &f.gpu_keys) {
        if !by_gpu.contains_key(k) {
            batch.delete(&PRICED, &priced_key(k, &info.feed));
        }
    }
    info.offers = 0;
    info.gpu_keys = by_gpu.keys().cloned().collect();
    for (k, list) in by_gpu {
        info.offers += list.len();
        batch.put(&PRICED, &priced_key(&k, &info.feed), &Versioned(list))?;
    }
    let info = Versioned(info);
    batch.put(&FEEDS, &feed_key(&info.0.feed), &info)?;
    store.commit(batch)?;
    Ok(info.0)
}

/// One feed's description, if it was ever imported.
pub fn feed(store: &Store, feed: &str) -> Result<Option<FeedInfo>, StoreError> {
    Ok(store.get(&FEEDS, &feed_key(feed))?.map(|v| v.0))
}

/// Every imported feed.
pub fn feeds(store: &Store) -> Result<Vec<FeedInfo>, StoreError> {
    Ok(store
        .scan_prefix(&FEEDS, "feed:")?
        .into_iter()
        .map(|(_, f)| f.0)
        .collect())
}

/// Every catalog row for one GPU key, from every feed.
pub fn priced_offers(store: &Store, gpu_key: &str) -> Result<Vec<Offer>, StoreError> {
    Ok(store
        .scan_prefix(&PRICED, &format!("priced:{gpu_key}:"))?
        .into_iter()
        .flat_map(|(_, v)| v.0)
        .collect())
}

/// Every catalog row of every card (for `/offers`).
pub fn all_priced_offers(store: &Store) -> Result<Vec<Offer>, StoreError> {
    Ok(store
        .scan_prefix(&PRICED, "priced:")?
        .into_iter()
        .flat_map(|(_, v)| v.0)
        .collect())
}

/// Records one `/report`: it replaces the last report for the same platform and card.
pub fn record_sighting(store: &Store, s: &Sighting) -> Result<(), StoreError> {
    let key = seen_key(&gpu_key(&s.gpu), &s.platform, s.origin);
    store.put(&SEEN, &key, &Versioned(s.clone()))
}

/// Replaces every curated sighting with `rows` (the file as it is now) and notes the file as
/// feed [`CURATED_FEED`]. One transaction.
pub fn record_curated(
    store: &Store,
    mut info: FeedInfo,
    rows: &[Sighting],
) -> Result<FeedInfo, StoreError> {
    let old = feed(store, CURATED_FEED)?;
    let mut batch = Batch::new();
    let mut keys = Vec::new();
    for s in rows {
        let k = seen_key(&gpu_key(&s.gpu), &s.platform, SightingOrigin::Curated);
        batch.put(&SEEN, &k, &Versioned(s.clone()))?;
        keys.push(k);
    }
    for k in old.iter().flat_map(|f| &f.gpu_keys) {
        if !keys.contains(k) {
            batch.delete(&SEEN, k);
        }
    }
    info.feed = CURATED_FEED.into();
    info.offers = rows.len();
    // For the curated feed, `gpu_keys` holds the full sighting keys it wrote.
    info.gpu_keys = keys;
    let info = Versioned(info);
    batch.put(&FEEDS, &feed_key(CURATED_FEED), &info)?;
    store.commit(batch)?;
    Ok(info.0)
}

/// Every sighting of one GPU key, newest first.
pub fn sightings(store: &Store, gpu_key: &str) -> Result<Vec<Sighting>, StoreError> {
    let mut out: Vec<Sighting> = store
        .scan_prefix(&SEEN, &format!("seen:{gpu_key}:"))?
        .into_iter()
        .map(|(_, s)| s.0)
        .collect();
    out.sort_by_key(|s| std::cmp::Reverse(s.at));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::availability::OfferKind;
    use rust_decimal::Decimal;

    fn offer(gpu: &str, price: i64) -> Offer {
        Offer {
            provider: "lambda".into(),
            gpu: gpu.into(),
            raw_name: gpu.into(),
            cards: 1,
            vram_gb: Some(80.0),
            price_per_gpu_hour: Decimal::new(price, 2),
            price_per_instance_hour: Decimal::new(price, 2),
            currency: "USD".into(),
            kind: OfferKind::OnDemand,
            region: None,
            stock: StockLevel::Available,
            available_count: Some(3),
            fetched_at: 0,
            source: "test catalog".into(),
        }
    }

    fn info(feed: &str) -> FeedInfo {
        FeedInfo {
            feed: feed.into(),
            source: "test".into(),
            as_of: "2026-11-30".into(),
            ..FeedInfo::default()
        }
    }

    #[test]
    fn an_import_replaces_its_feed_and_never_claims_stock() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.redb")).unwrap();
        let got = record_import(
            &store,
            info("skypilot/lambda"),
            vec![offer("h100-sxm", 299), offer("a10", 75)],
        )
        .unwrap();
        assert_eq!((got.offers, got.gpu_keys.len()), (2, 2));
        let h = priced_offers(&store, &gpu_key("h100-sxm")).unwrap();
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].stock, StockLevel::Unknown);
        assert_eq!(h[0].available_count, None);
        // The next import no longer has the A10: its rows go.
        record_import(
            &store,
            info("skypilot/lambda"),
            vec![offer("h100-sxm", 249)],
        )
        .unwrap();
        assert!(priced_offers(&store, &gpu_key("a10")).unwrap().is_empty());
        // An empty import keeps what was there.
        record_import(&store, info("skypilot/lambda"), vec![]).unwrap();
        let h = priced_offers(&store, &gpu_key("h100-sxm")).unwrap();
        assert_eq!(h[0].price_per_gpu_hour, Decimal::new(249, 2));
        // Another feed sits beside it.
        record_import(&store, info("gpuhunt/lambda"), vec![offer("h100-sxm", 279)]).unwrap();
        assert_eq!(
            priced_offers(&store, &gpu_key("h100-sxm")).unwrap().len(),
            2
        );
        assert_eq!(feeds(&store).unwrap().len(), 2);
    }

    #[test]
    fn curated_rows_are_replaced_as_a_whole_and_reports_stay() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.redb")).unwrap();
        let s = |platform: &str, origin, at| Sighting {
            platform: platform.into(),
            gpu: "rtx-4090".into(),
            raw_name: "4090".into(),
            stock: StockLevel::Available,
            price_per_gpu_hour: Some(Decimal::new(198, 2)),
            currency: Some("CNY".into()),
            cards: None,
            region: None,
            who: "ops".into(),
            at,
            source: "console".into(),
            origin,
        };
        record_curated(
            &store,
            info("x"),
            &[
                s("autodl", SightingOrigin::Curated, 10),
                s("gpushare", SightingOrigin::Curated, 20),
            ],
        )
        .unwrap();
        record_sighting(&store, &s("autodl", SightingOrigin::Report, 30)).unwrap();
        let k = gpu_key("rtx-4090");
        assert_eq!(sightings(&store, &k).unwrap().len(), 3);
        record_curated(
            &store,
            info("x"),
            &[s("autodl", SightingOrigin::Curated, 40)],
        )
        .unwrap();
        let now = sightings(&store, &k).unwrap();
        assert_eq!(now.len(), 2, "{now:?}");
        assert_eq!(now[0].at, 40);
        assert!(now.iter().any(|x| x.origin == SightingOrigin::Report));
    }
}
