//! Fan-out: 10,000 alerts drained from the outbox through a `Sender` that accepts everything
//! at once (the dispatcher's own cost: scheduling, the delivery commits), and the pacer's
//! schedule for 10,000 chats at Telegram's limits (the ideal: 10,000 / 30 per second =
//! 333 s; the bench checks the booked span). `cargo bench -p gpuscout-frontend --bench fanout`

use bot_core::alerts::{AlertConfig, ChatKind, Subscription, add_batch, detect};
use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, now_unix, record_fetch};
use bot_core::store::{Store, db_path};
use bot_core::{Catalog, Lang, Reply};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use gpuscout_frontend::dispatch::{Dispatcher, Limits, Pacer};
use gpuscout_frontend::{Address, SendFuture, Sender};
use rust_decimal::Decimal;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const CHATS: usize = 10_000;

/// Accepts every message, counting them (a 429 would be an error; there are none).
#[derive(Default)]
struct Sink(AtomicUsize);

impl Sender for Sink {
    fn send<'a>(&'a self, _: &'a Address, _: Lang, _: &'a Reply) -> SendFuture<'a> {
        self.0.fetch_add(1, Ordering::Relaxed);
        Box::pin(async { Ok(()) })
    }
    fn edit_or_send<'a>(
        &'a self,
        to: &'a Address,
        _: &'a str,
        l: Lang,
        r: &'a Reply,
    ) -> SendFuture<'a> {
        self.send(to, l, r)
    }
    fn typing<'a>(&'a self, _: &'a str) -> SendFuture<'a> {
        Box::pin(async { Ok(()) })
    }
}

/// A store holding 10,000 queued alerts (one per chat), from a real transition.
fn queued(dir: &std::path::Path, catalog: &Catalog) -> Arc<Store> {
    let store = Arc::new(Store::open(&db_path(dir)).unwrap());
    let subs = (0..CHATS)
        .map(|i| Subscription {
            id: 0,
            platform: "telegram".into(),
            chat: format!("{}", 10_000 + i),
            kind: ChatKind::Private,
            created_by: format!("{}", 10_000 + i),
            created_at: 0,
            lang: Lang::En,
            currency: "USD".into(),
            gpu: "h100-sxm".into(),
            provider: None,
            max_price: None,
            max_currency: "USD".into(),
            min_cards: None,
            track: BTreeMap::new(),
        })
        .collect();
    add_batch(&store, subs).unwrap();
    let cfg = AlertConfig {
        debounce_polls: 1,
        debounce_secs: 0,
        cooldown_secs: 0,
    };
    let now = now_unix();
    for (i, level) in [StockLevel::Unavailable, StockLevel::Available]
        .into_iter()
        .enumerate()
    {
        let at = now - 10 + i as i64;
        let offer = Offer {
            provider: "runpod".into(),
            gpu: "h100-sxm".into(),
            raw_name: "H100".into(),
            cards: 1,
            vram_gb: Some(80.0),
            price_per_gpu_hour: Decimal::new(239, 2),
            price_per_instance_hour: Decimal::new(239, 2),
            currency: "USD".into(),
            kind: OfferKind::OnDemand,
            region: None,
            stock: level,
            available_count: None,
            fetched_at: at,
            source: "bench".into(),
        };
        record_fetch(&store, "runpod", FetchOutcome::Offers(vec![offer]), at).unwrap();
        detect(&store, catalog, &cfg, now).unwrap();
    }
    store
}

fn bench(c: &mut Criterion) {
    let catalog = Catalog::embedded().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut g = c.benchmark_group("fan-out 10k chats");
    g.sample_size(10);
    g.bench_function("drain through the dispatcher, unpaced", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().unwrap();
                let store = queued(dir.path(), &catalog);
                (dir, store)
            },
            |(_dir, store)| {
                let sink = Arc::new(Sink::default());
                let limits = Limits {
                    overall_per_sec: 1e9,
                    per_chat_gap: Duration::ZERO,
                    group_per_min: 1_000_000,
                };
                let d = Arc::new(Dispatcher::new(store).with_platform(
                    "telegram",
                    sink.clone(),
                    limits,
                ));
                let n = rt.block_on(d.drain());
                assert_eq!((n, sink.0.load(Ordering::Relaxed)), (CHATS, CHATS));
            },
            BatchSize::PerIteration,
        )
    });
    g.bench_function("book 10k sends at Telegram's limits", |b| {
        b.iter(|| {
            let _enter = rt.enter();
            let mut p = Pacer::new(Limits::default());
            let first = p.reserve("c0", false);
            let mut last = first;
            for i in 1..CHATS {
                last = p.reserve(&format!("c{i}"), false);
            }
            let span = last - first;
            // 9,999 gaps of 1/30 s: the schedule is exactly the overall limit.
            assert!(
                (span.as_secs_f64() - (CHATS - 1) as f64 / 30.0).abs() < 0.01,
                "{span:?}"
            );
            span
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
