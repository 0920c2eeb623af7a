//! Transition detection over 10,000 subscriptions, for one provider poll: every subscription
//! looked at, its tracking state written, and (worst case) one alert row each, all in one
//! transaction. `cargo bench -p gpuscout-benches --bench alerts`

use bot_core::Catalog;
use bot_core::alerts::{AlertConfig, ChatKind, Subscription, add_batch, detect};
use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, record_fetch};
use bot_core::i18n::Lang;
use bot_core::store::{Store, db_path};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::hint::black_box;

const SUBS: usize = 10_000;
const T0: i64 = 1_764_581_400;

fn offer(gpu: &str, stock: StockLevel, at: i64) -> Offer {
    Offer {
        provider: "runpod".into(),
        gpu: gpu.into(),
        raw_name: gpu.into(),
        cards: 1,
        vram_gb: Some(80.0),
        price_per_gpu_hour: Decimal::new(239, 2),
        price_per_instance_hour: Decimal::new(239, 2),
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region: Some("US".into()),
        stock,
        available_count: Some(4),
        fetched_at: at,
        source: "bench".into(),
    }
}

fn bench(c: &mut Criterion) {
    let catalog = Catalog::embedded().unwrap();
    let gpus = ["h100-sxm", "a100-80g-sxm", "rtx-4090", "l40s"];
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&db_path(dir.path())).unwrap();
    let subs: Vec<Subscription> = (0..SUBS)
        .map(|i| Subscription {
            id: 0,
            platform: "telegram".into(),
            chat: format!("{}", 10_000 + i),
            thread: None,
            kind: ChatKind::Private,
            created_by: format!("{}", 10_000 + i),
            created_at: T0,
            lang: if i % 2 == 0 { Lang::En } else { Lang::Zh },
            currency: if i % 2 == 0 {
                "USD".into()
            } else {
                "CNY".into()
            },
            gpu: gpus[i % gpus.len()].into(),
            provider: None,
            max_price: (i % 3 == 0).then(|| Decimal::new(3, 0)),
            max_currency: "USD".into(),
            min_cards: None,
            track: BTreeMap::new(),
            paused_at: None,
        })
        .collect();
    add_batch(&store, subs).unwrap();
    let cfg = AlertConfig {
        debounce_polls: 1,
        debounce_secs: 0,
        cooldown_secs: 0,
    };
    let at = Cell::new(T0);
    let poll = |level: StockLevel| {
        let t = at.get() + 60;
        at.set(t);
        let offers = gpus.iter().map(|g| offer(g, level, t)).collect();
        record_fetch(&store, "runpod", FetchOutcome::Offers(offers), t).unwrap();
        t
    };
    let mut g = c.benchmark_group("detect 10k subscriptions");
    g.sample_size(10);
    // The baseline (in stock), then out of stock: no alert yet (none was "back").
    for level in [StockLevel::Available, StockLevel::Unavailable] {
        let t = poll(level);
        detect(&store, &catalog, &cfg, t).unwrap();
    }
    g.bench_function("one poll, no change", |b| {
        b.iter_batched(
            || poll(StockLevel::Unavailable),
            |t| black_box(detect(&store, &catalog, &cfg, t).unwrap()),
            BatchSize::PerIteration,
        )
    });
    let flip = Cell::new(false);
    g.bench_function("one poll, every subscription alerts", |b| {
        b.iter_batched(
            || {
                flip.set(!flip.get());
                poll(if flip.get() {
                    StockLevel::Available
                } else {
                    StockLevel::Unavailable
                })
            },
            |t| {
                let r = detect(&store, &catalog, &cfg, t).unwrap();
                assert_eq!(r.alerts, SUBS, "{r:?}");
                black_box(r)
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
