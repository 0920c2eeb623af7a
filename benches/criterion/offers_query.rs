//! Offer queries over many stored offers (issue 28 item 4: a few ms at 10k–100k offers).
//!
//! A store is filled once per size, outside the measurement, with imported catalog rows as
//! `gpuscout import gpuhunt` leaves them: eight feeds, 40 cards (the RTX 4090 among them, about
//! 1 row in 40), 1/2/4/8-card offers in six regions, spot and on-demand, plus three live
//! providers' snapshots. Measured:
//!
//! - `offers 4090 (serve)` and `stock 4090 (serve)`: the chat's `/offers 4090` and `/stock 4090`
//!   through `Bot::handle` (parse, query, render), with the store open and the index warm, as
//!   `serve` answers them;
//! - `offers h100 one-shot`: what a CLI call does after its process starts: `Store::open` of the
//!   sealed file, then the `/offers h100 cards>=2 on-demand` query (the gpuhunt question), the
//!   index cold.
//!
//! `cargo bench -p gpuscout-benches --bench offers_query` (about a minute to fill the 100k store);
//! `OFFERS_QUERY_SIZES=10000` for one size.

use bot_core::availability::{
    FeedInfo, FetchOutcome, Offer, OfferFilter, OfferKind, StockLevel, name_offer_gpu,
    record_fetch, record_import, search_offers,
};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// 2026-12-01T00:00:00Z.
const NOW: i64 = 1_764_547_200;
const FEEDS: [&str; 8] = [
    "gpuhunt/aws",
    "gpuhunt/azure",
    "gpuhunt/gcp",
    "gpuhunt/lambdalabs",
    "gpuhunt/runpod",
    "gpuhunt/oci",
    "skypilot/lambda",
    "skypilot/runpod",
];
const REGIONS: [&str; 6] = [
    "us-east-1",
    "us-west-2",
    "eu-west-1",
    "eu-central-1",
    "ap-south-1",
    "ap-northeast-1",
];

fn cards(catalog: &Catalog) -> Vec<String> {
    let mut ids: Vec<String> = catalog.gpus.iter().map(|g| g.id.clone()).collect();
    ids.sort_by_key(|id| !(id.contains("4090") || id.starts_with("h100")));
    ids.truncate(40);
    ids
}

fn offer(provider: &str, gpu: &str, i: usize) -> Offer {
    let count = [1u32, 1, 2, 4, 8][i % 5];
    let spot = i % 10 < 3;
    let cents = 40 + ((i * 7919) % 300) as i64;
    Offer {
        provider: provider.into(),
        gpu: gpu.into(),
        raw_name: gpu.to_uppercase(),
        cards: count,
        vram_gb: Some(80.0),
        price_per_gpu_hour: Decimal::new(cents, 2),
        price_per_instance_hour: Decimal::new(cents * i64::from(count), 2),
        currency: "USD".into(),
        kind: if spot {
            OfferKind::Spot
        } else {
            OfferKind::OnDemand
        },
        region: Some(REGIONS[i % REGIONS.len()].into()),
        stock: StockLevel::Available,
        available_count: None,
        fetched_at: NOW - 3600,
        source: format!("{provider} catalog"),
    }
}

fn fill(dir: &Path, size: usize, catalog: &Catalog) {
    let store = Store::open(&db_path(dir)).expect("a new store");
    let ids = cards(catalog);
    for (f, feed) in FEEDS.iter().enumerate() {
        let provider = feed.split('/').nth(1).unwrap_or("x");
        let rows: Vec<Offer> = (0..size / FEEDS.len())
            .map(|i| offer(provider, &ids[(i * 31 + f) % ids.len()], i + f))
            .collect();
        let info = FeedInfo {
            feed: (*feed).into(),
            source: "generated".into(),
            as_of: "2026-12-01".into(),
            ..FeedInfo::default()
        };
        record_import(&store, info, rows).expect("import");
    }
    for (p, n) in [("vast", 600), ("runpod", 117), ("lambda", 45)] {
        let mut rows: Vec<Offer> = (0..n).map(|i| offer(p, &ids[i % ids.len()], i)).collect();
        rows.iter_mut().for_each(|o| o.fetched_at = NOW - 600);
        record_fetch(&store, p, FetchOutcome::Offers(rows), NOW - 600).expect("poll");
    }
    store.seal_when_closed();
}

fn bench(c: &mut Criterion) {
    let catalog = Arc::new(Catalog::embedded().expect("embedded catalog"));
    let sizes: Vec<usize> = std::env::var("OFFERS_QUERY_SIZES")
        .unwrap_or_else(|_| "10000 100000".into())
        .split_whitespace()
        .filter_map(|s| s.parse().ok())
        .collect();
    let (h100, _) = name_offer_gpu(&catalog, "H100", Some(80.0));
    let filter = OfferFilter {
        gpu: Some(h100),
        min_cards: Some(2),
        kind: Some(OfferKind::OnDemand),
        currency: "USD".into(),
        ..OfferFilter::default()
    };
    let usd = |c: &str| (c == "USD").then_some(Decimal::ONE);
    let who = ChatRef::terminal(None);
    let mut group = c.benchmark_group("offers_query");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for size in sizes {
        let dir = tempfile::tempdir().expect("a temp dir");
        fill(dir.path(), size, &catalog);
        {
            let store = Arc::new(Store::open(&db_path(dir.path())).expect("open"));
            let bot = Bot::new(catalog.clone(), store.clone());
            for line in ["/offers 4090", "/stock 4090"] {
                let name = format!("{} (serve)", &line[1..]);
                group.bench_with_input(BenchmarkId::new(name, size), line, |b, line| {
                    b.iter(|| black_box(bot.handle(&who, Input::Text(line.to_string()))))
                });
            }
        }
        group.bench_with_input(
            BenchmarkId::new("offers h100 one-shot", size),
            &filter,
            |b, f| {
                b.iter(|| {
                    let store = Store::open(&db_path(dir.path())).expect("open");
                    // The seal found at the open is kept at its close, as for a CLI call.
                    let view = search_offers(&store, black_box(f), NOW, usd).expect("query");
                    black_box(view.rows.len())
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
