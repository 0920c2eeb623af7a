//! The `snapshots` table as typed, versioned records, and the offer index over it:
//! - rows written before records carried a version (bare JSON) still read through every view,
//!   new rows are `{"v":1,"r":…}` and read back as the table's one record type, a row from a
//!   newer build is refused;
//! - `/offers` and `/stock` decode catalog rows only for the card asked, the cache of decoded
//!   rows never passes its bound, and the answers are those of a plain scan of every offer.

use bot_core::availability::{
    CATALOG_CACHE_OFFERS, FeedInfo, FetchOutcome, FxSnapshot, HistoryPoint, Offer, OfferFilter,
    OfferKind, ProviderState, Sighting, SightingOrigin, SnapshotRow, StockLevel, StockQuery,
    all_priced_offers, decoded_catalog_offers, feeds, gpu_key, history, latest_fx, latest_offers,
    priced_offers, provider_state, record_fetch, record_import, search_offers, sightings, stock,
};
use bot_core::store::{Store, StoreError, TypedTable, Versioned, tables};
use rust_decimal::Decimal;
use serde_json::{Value, json};

const NOW: i64 = 1_764_547_200;

/// The table as raw JSON, to plant rows as an older build wrote them.
const RAW: TypedTable<Value> = TypedTable::new(tables::SNAPSHOTS.name());

fn offer(provider: &str, gpu: &str, cards: u32, cents: i64, region: &str) -> Offer {
    Offer {
        provider: provider.into(),
        gpu: gpu.into(),
        raw_name: gpu.into(),
        cards,
        vram_gb: Some(80.0),
        price_per_gpu_hour: Decimal::new(cents, 2),
        price_per_instance_hour: Decimal::new(cents * i64::from(cards), 2),
        currency: "USD".into(),
        kind: if cents % 3 == 0 {
            OfferKind::Spot
        } else {
            OfferKind::OnDemand
        },
        region: Some(region.into()),
        stock: StockLevel::Unknown,
        available_count: None,
        fetched_at: NOW - 86_400,
        source: format!("{provider} catalog"),
    }
}

fn open() -> (Store, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    (Store::open(&dir.path().join("t.redb")).unwrap(), dir)
}

fn feed(name: &str) -> FeedInfo {
    FeedInfo {
        feed: name.into(),
        source: "test".into(),
        as_of: "2026-11-30".into(),
        ..FeedInfo::default()
    }
}

#[test]
fn rows_from_before_versions_still_read_and_new_rows_are_versioned() {
    let (store, _dir) = open();
    let live = Offer {
        stock: StockLevel::Available,
        fetched_at: NOW - 600,
        ..offer("vast", "h100-sxm", 2, 190, "Texas, US")
    };
    let state = ProviderState {
        provider: "vast".into(),
        last_good_at: Some(NOW),
        offers: 1,
        gpu_keys: vec![gpu_key("h100-sxm")],
        ..ProviderState::default()
    };
    let point = HistoryPoint {
        hour: NOW / 3600,
        cheapest_per_gpu_hour: Decimal::new(190, 2),
        currency: "USD".into(),
        in_stock: true,
        offers: 1,
    };
    let mut info = feed("gpuhunt/runpod");
    info.offers = 1;
    info.gpu_keys = vec![gpu_key("h100-sxm")];
    let seen = Sighting {
        platform: "autodl".into(),
        gpu: "rtx-4090".into(),
        raw_name: "4090".into(),
        stock: StockLevel::Available,
        price_per_gpu_hour: Some(Decimal::new(198, 2)),
        currency: Some("CNY".into()),
        cards: None,
        region: None,
        who: "ops".into(),
        at: NOW,
        source: "console".into(),
        origin: SightingOrigin::Report,
    };
    let fx = FxSnapshot {
        feed: "ecb".into(),
        source: "ECB".into(),
        date: "2026-11-30".into(),
        fetched_at: NOW,
        base: "EUR".into(),
        rates: [("USD".to_string(), Decimal::new(105, 2))].into(),
    };
    let k = gpu_key("h100-sxm");
    let bare = [
        (format!("offers:{k}:vast"), json!([live])),
        ("state:vast".to_string(), json!(state)),
        (format!("hist:vast:{k}:{:012}", point.hour), json!(point)),
        ("feed:gpuhunt/runpod".to_string(), json!(info)),
        (
            format!("priced:{k}:gpuhunt/runpod"),
            json!([offer("runpod", "h100-sxm", 4, 210, "EU")]),
        ),
        ("seen:rtx-4090:autodl:report".to_string(), json!(seen)),
        ("fx:ecb".to_string(), json!(fx)),
    ];
    for (key, value) in &bare {
        assert!(value.get("v").is_none(), "planted as an old build wrote it");
        store.put(&RAW, key, value).unwrap();
    }
    // Every view reads the old rows.
    assert_eq!(latest_offers(&store, &k, None).unwrap(), vec![live.clone()]);
    assert_eq!(provider_state(&store, "vast").unwrap(), Some(state.clone()));
    assert_eq!(history(&store, "vast", "h100-sxm").unwrap(), vec![point]);
    assert_eq!(feeds(&store).unwrap(), vec![info]);
    assert_eq!(priced_offers(&store, &k).unwrap()[0].cards, 4);
    assert_eq!(sightings(&store, "rtx-4090").unwrap(), vec![seen]);
    assert_eq!(latest_fx(&store, "ecb").unwrap(), Some(fx));
    // So do the queries over them.
    let f = OfferFilter {
        gpu: Some("h100-sxm".into()),
        currency: "USD".into(),
        ..OfferFilter::default()
    };
    let view = search_offers(&store, &f, NOW, |_| Some(Decimal::ONE)).unwrap();
    assert_eq!(view.rows.len(), 2);
    assert_eq!(view.stored, 2);
    // And the table's one record type reads each, by its kind.
    let rows = store.scan_prefix(&tables::SNAPSHOTS, "").unwrap();
    assert_eq!(rows.len(), bare.len());
    for (key, Versioned(row)) in &rows {
        let kind_ok = match key.split(':').next().unwrap() {
            "offers" | "priced" => matches!(row, SnapshotRow::Offers(_)),
            "state" => matches!(row, SnapshotRow::State(_)),
            "hist" => matches!(row, SnapshotRow::History(_)),
            "feed" => matches!(row, SnapshotRow::Feed(_)),
            "seen" => matches!(row, SnapshotRow::Sighting(_)),
            "fx" => matches!(row, SnapshotRow::Fx(_)),
            other => panic!("unexpected prefix {other}"),
        };
        assert!(kind_ok, "{key} read as {row:?}");
    }
    // A new poll writes versioned records, which read back the same way.
    record_fetch(
        &store,
        "vast",
        FetchOutcome::Offers(vec![offer("vast", "h100-sxm", 8, 170, "Utah, US")]),
        NOW,
    )
    .unwrap();
    let raw = store
        .get(&RAW, &format!("offers:{k}:vast"))
        .unwrap()
        .unwrap();
    assert_eq!(raw["v"], 1, "{raw}");
    assert_eq!(raw["r"][0]["cards"], 8);
    assert_eq!(store.get(&RAW, "state:vast").unwrap().unwrap()["v"], 1);
    assert_eq!(latest_offers(&store, &k, None).unwrap()[0].cards, 8);
    let got = provider_state(&store, "vast").unwrap().unwrap();
    assert_eq!((got.offers, got.misses_total), (1, 0));
}

#[test]
fn a_row_from_a_newer_build_is_refused_not_guessed() {
    let (store, _dir) = open();
    let k = gpu_key("a100");
    store
        .put(
            &RAW,
            &format!("offers:{k}:vast"),
            &json!({"v": 2, "r": [offer("vast", "a100", 1, 100, "US")]}),
        )
        .unwrap();
    let err = latest_offers(&store, &k, None).unwrap_err();
    assert!(
        matches!(&err, StoreError::Decode { message, .. } if message.contains("newer")),
        "{err:?}"
    );
}

/// `cards` cards, `per_card` catalog rows each, over two feeds.
fn import_many(store: &Store, cards: usize, per_card: usize) -> Vec<String> {
    let names: Vec<String> = (0..cards).map(|c| format!("card-{c:03}")).collect();
    for (f, feed_name) in ["gpuhunt/runpod", "skypilot/lambda"].iter().enumerate() {
        let provider = feed_name.split('/').nth(1).unwrap();
        let mut rows = Vec::new();
        for (c, name) in names.iter().enumerate() {
            for i in 0..per_card / 2 {
                let cents = 50 + ((c * 37 + i * 11 + f * 5) % 400) as i64;
                let region = if i % 2 == 0 { "US" } else { "EU" };
                rows.push(offer(provider, name, 1 << (i % 4), cents, region));
            }
        }
        record_import(store, feed(feed_name), rows).unwrap();
    }
    names
}

/// The same question asked of every stored catalog row (`all`, decoded once), the slow way.
fn plain_scan(all: &[Offer], f: &OfferFilter) -> Vec<(String, String, u32, Decimal)> {
    let mut rows: Vec<&Offer> = all
        .iter()
        .filter(|o| f.gpu.as_ref().is_none_or(|g| gpu_key(g) == gpu_key(&o.gpu)))
        .filter(|o| f.min_cards.is_none_or(|n| o.cards >= n))
        .filter(|o| f.kind.is_none_or(|k| k == o.kind))
        .filter(|o| f.max_price.is_none_or(|m| o.price_per_gpu_hour <= m))
        .collect();
    // On-demand before spot, then cheapest first (issue 25 §1).
    rows.sort_by(|a, b| {
        (a.kind == OfferKind::Spot)
            .cmp(&(b.kind == OfferKind::Spot))
            .then_with(|| a.price_per_gpu_hour.cmp(&b.price_per_gpu_hour))
            .then_with(|| a.provider.cmp(&b.provider))
    });
    rows.into_iter()
        .map(|o| {
            (
                o.provider.clone(),
                o.gpu.clone(),
                o.cards,
                o.price_per_gpu_hour,
            )
        })
        .collect()
}

fn answer(store: &Store, f: &OfferFilter) -> Vec<(String, String, u32, Decimal)> {
    search_offers(store, f, NOW, |_| Some(Decimal::ONE))
        .unwrap()
        .rows
        .iter()
        .map(|r| {
            let o = &r.offer;
            (
                o.provider.clone(),
                o.gpu.clone(),
                o.cards,
                o.price_per_gpu_hour,
            )
        })
        .collect()
}

#[test]
fn a_query_decodes_only_its_card_and_the_cache_keeps_its_bound() {
    let (store, _dir) = open();
    // 30 cards of 1,000 rows: more than the cache may hold.
    let per_card = 1_000;
    let names = import_many(&store, 30, per_card);
    assert!(30 * per_card > CATALOG_CACHE_OFFERS);
    let every = all_priced_offers(&store).unwrap();
    let one = |gpu: &str| OfferFilter {
        gpu: Some(gpu.into()),
        min_cards: Some(2),
        kind: Some(OfferKind::OnDemand),
        currency: "USD".into(),
        ..OfferFilter::default()
    };
    let f = one(&names[7]);
    let got = answer(&store, &f);
    assert!(!got.is_empty());
    assert_eq!(got, plain_scan(&every, &f));
    assert_eq!(
        decoded_catalog_offers(&store).unwrap(),
        per_card,
        "one card's rows decoded, not every offer"
    );
    // /stock reads the same card from the index: nothing more is decoded.
    let q = StockQuery {
        gpu: names[7].clone(),
        provider: None,
        max_per_gpu_hour: None,
        max_currency: "USD".into(),
    };
    let view = stock(&store, &q, NOW, |_| Some(Decimal::ONE)).unwrap();
    assert_eq!(view.catalog_rows.len(), per_card);
    assert_eq!(decoded_catalog_offers(&store).unwrap(), per_card);
    // Every card in turn: answers stay those of the plain scan, the cache within its bound.
    for name in names.iter().step_by(3) {
        let f = one(name);
        assert_eq!(answer(&store, &f), plain_scan(&every, &f), "{name}");
        assert!(decoded_catalog_offers(&store).unwrap() <= CATALOG_CACHE_OFFERS);
    }
    // A question over every card reads them all and keeps no more than the bound.
    let all = OfferFilter {
        max_price: Some(Decimal::new(60, 2)),
        currency: "USD".into(),
        ..OfferFilter::default()
    };
    let got = answer(&store, &all);
    assert!(got.len() > 30, "{}", got.len());
    assert_eq!(got, plain_scan(&every, &all));
    assert!(decoded_catalog_offers(&store).unwrap() <= CATALOG_CACHE_OFFERS);
    // An import empties the index: the new rows show at once.
    record_import(
        &store,
        feed("gpuhunt/runpod"),
        vec![offer("runpod", &names[7], 4, 1, "US")],
    )
    .unwrap();
    assert_eq!(decoded_catalog_offers(&store).unwrap(), 0);
    assert_eq!(answer(&store, &f)[0].3, Decimal::new(1, 2));
}
