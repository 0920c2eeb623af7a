//! Ingesting 10,000 offers into a snapshot, answering /stock and /offers over 100,000 stored
//! offers, and reading a 10,000-row SkyPilot catalog.

use bot_core::availability::{
    FetchOutcome, Offer, OfferFilter, OfferKind, StockLevel, StockQuery, record_fetch,
    search_offers, stock,
};
use bot_core::store::{Store, db_path};
use criterion::{Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;
use std::hint::black_box;

const GPUS: &[&str] = &[
    "h100-sxm",
    "rtx-4090",
    "a100-80g-sxm",
    "l40s",
    "rtx-3090",
    "a10",
    "l4",
    "h200",
    "rtx-5090",
    "a6000",
];

fn offers(provider: &str, n: usize, at: i64) -> Vec<Offer> {
    (0..n)
        .map(|i| Offer {
            provider: provider.into(),
            gpu: GPUS[i % GPUS.len()].into(),
            raw_name: format!("raw {}", GPUS[i % GPUS.len()]),
            cards: 1 + (i % 8) as u32,
            vram_gb: Some(80.0),
            price_per_gpu_hour: Decimal::new(100 + (i % 400) as i64, 2),
            price_per_instance_hour: Decimal::new(100 + (i % 400) as i64, 2),
            currency: "USD".into(),
            kind: if i % 3 == 0 {
                OfferKind::Spot
            } else {
                OfferKind::OnDemand
            },
            region: Some("US".into()),
            stock: if i % 5 == 0 {
                StockLevel::Unavailable
            } else {
                StockLevel::Available
            },
            available_count: Some(1),
            fetched_at: at,
            source: "bench".into(),
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let now = 1_764_581_400;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&db_path(dir.path())).unwrap();
    let batch = offers("vast", 10_000, now);
    c.bench_function("ingest 10,000 offers into a snapshot", |b| {
        b.iter(|| {
            record_fetch(
                &store,
                "vast",
                FetchOutcome::Offers(black_box(batch.clone())),
                now,
            )
            .unwrap()
        })
    });
    let dir2 = tempfile::tempdir().unwrap();
    let big = Store::open(&db_path(dir2.path())).unwrap();
    for p in [
        "vast", "runpod", "lambda", "p4", "p5", "p6", "p7", "p8", "p9", "p10",
    ] {
        record_fetch(&big, p, FetchOutcome::Offers(offers(p, 10_000, now)), now).unwrap();
    }
    let q = StockQuery {
        gpu: "h100-sxm".into(),
        provider: None,
        max_per_gpu_hour: Some(Decimal::new(3, 0)),
        max_currency: "USD".into(),
    };
    c.bench_function("/stock h100 over 100,000 stored offers", |b| {
        b.iter(|| stock(&big, black_box(&q), now + 60, |_| Some(Decimal::ONE)).unwrap())
    });
    // /offers reads every stored offer: the whole table, then the filters.
    let f = OfferFilter {
        min_cards: Some(4),
        min_vram_gb: Some(48.0),
        kind: Some(OfferKind::Spot),
        max_price: Some(Decimal::new(3, 0)),
        currency: "USD".into(),
        ..OfferFilter::default()
    };
    c.bench_function(
        "/offers cards>=4 vram>=48 spot max=3 over 100,000 stored offers",
        |b| {
            b.iter(|| search_offers(&big, black_box(&f), now + 60, |_| Some(Decimal::ONE)).unwrap())
        },
    );
    let catalog = bot_core::Catalog::embedded().unwrap();
    let mut csv = String::from(
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\r\n",
    );
    let names = [
        ("H100", 81920),
        ("RTX4090", 24564),
        ("A100-80GB", 81920),
        ("L40S", 46068),
    ];
    for i in 0..10_000 {
        let (name, mib) = names[i % names.len()];
        let n = 1 << (i % 4);
        csv.push_str(&format!(
            "{n}x-{name}-{i},{name},{n},32,128,{}.{:02},\"Region {}, XX\",\"{{'Gpus': [{{'Name': '{name}', 'Count': {n}, 'MemoryInfo': {{'SizeInMiB': {mib}}}}}], 'TotalGpuMemoryInMiB': {}}}\",0.{:02}\r\n",
            i % 9 + 1,
            i % 100,
            i % 40,
            mib * n,
            i % 100,
        ));
    }
    c.bench_function("read a 10,000-row SkyPilot catalog", |b| {
        b.iter(|| {
            gpuscout_providers::import::parse(
                gpuscout_providers::import::Format::SkyPilot,
                black_box(&csv),
                "vast",
                &catalog,
                now,
                "bench",
            )
            .unwrap()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
