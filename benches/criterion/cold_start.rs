//! Cold start with a year of snapshots (issue 17: goal ≤ 300 ms to ready): from opening the
//! data directory to the first answer, over a store that a year of polling left behind.
//!
//! The year is generated once, outside the measured loop, in a temp dir: three providers with
//! realistic offer counts (Vast 600 offers over 40 cards, RunPod 117 over 39, Lambda 45 over
//! 15, as their adapters report them), an hourly history point per provider and card for 365
//! days (`GPUSCOUT_HISTORY_DAYS=365`; 94 points an hour, 823,440 in all), and the offers
//! snapshot replaced once per provider per simulated day (the churn leaves redb's free pages
//! where a year of polls would). History of a day goes in one batch rather than 24 × 4 polls,
//! which only saves build time: the same keys and values end up in the file.
//!
//! Measured, each iteration: `Store::open` (the damage check of the existing file, then the
//! real open and table creation), `Catalog::load(None)`, `Bot::new`, and the first answer
//! (`/stock 4090`, which reads the stored snapshots); three times: after a clean stop of `serve`
//! (the file sealed, `store::seal`), after a crash of `serve` between two commits (the file
//! as a kill leaves it: its seal and journal, redb's quick-repair state; issue 28 item 7), and
//! with the seal gone (the full page walk: a kill mid-commit, or a file changed since).
//! The Fluent bundles are a process-wide `OnceLock`, built once; their one-time cost is
//! printed before the measurement.
//!
//! `cargo bench -p gpuscout-benches --bench cold_start`

use bot_core::availability::{
    FetchOutcome, HistoryPoint, Offer, OfferKind, SnapshotRow, StockLevel, gpu_key, record_fetch,
};
use bot_core::store::{Batch, Store, Versioned, db_path, tables};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use criterion::{BatchSize, Criterion, SamplingMode, criterion_group, criterion_main};
use rust_decimal::Decimal;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

const DAYS: i64 = 365;
/// 2026-12-01T00:00:00Z, the end of the generated year.
const END: i64 = 1_764_547_200;

/// `(provider, offers, cards)` per poll.
const PROVIDERS: &[(&str, usize, usize)] =
    &[("vast", 600, 40), ("runpod", 117, 39), ("lambda", 45, 15)];

/// Card names: the catalog's ids first (so `/stock 4090` finds rows), then raw names of cards
/// the catalog does not know, as an adapter keeps them.
fn card_names(catalog: &Catalog, n: usize) -> Vec<String> {
    let mut names: Vec<String> = catalog.gpus.iter().map(|g| g.id.clone()).collect();
    names.sort_by_key(|id| !id.contains("4090"));
    let mut i = 0;
    while names.len() < n {
        names.push(format!("Raw Card {i}"));
        i += 1;
    }
    names.truncate(n);
    names
}

fn offers(provider: &str, n: usize, cards: &[String], at: i64, day: i64) -> Vec<Offer> {
    (0..n)
        .map(|i| {
            let card = &cards[i % cards.len()];
            let count = [1, 1, 2, 4, 8][i % 5];
            let per_gpu = Decimal::new(20 + ((i as i64 * 37 + day * 11) % 380), 2);
            Offer {
                provider: provider.into(),
                gpu: card.clone(),
                raw_name: format!("{card} {}", i % 3),
                cards: count,
                vram_gb: Some(24.0 + (i % 4) as f64 * 16.0),
                price_per_gpu_hour: per_gpu,
                price_per_instance_hour: per_gpu * Decimal::from(count),
                currency: "USD".into(),
                kind: if i % 4 == 0 {
                    OfferKind::Spot
                } else {
                    OfferKind::OnDemand
                },
                region: Some(["us-east", "eu-west", "ap-south"][i % 3].into()),
                stock: if (i as i64 + day) % 6 == 0 {
                    StockLevel::Unavailable
                } else {
                    StockLevel::Available
                },
                available_count: Some(1 + (i % 7) as u32),
                fetched_at: at,
                source: format!("{provider} API"),
            }
        })
        .collect()
}

/// Writes the year into a fresh store at `dir`; returns the file's size.
fn build_year(dir: &Path) -> u64 {
    let catalog = Catalog::embedded().expect("embedded catalog");
    let path = db_path(dir);
    let store = Store::open(&path).unwrap();
    let start_hour = END / 3600 - DAYS * 24;
    let mut points = 0u64;
    for day in 0..DAYS {
        let mut batch = Batch::new();
        for &(provider, n, cards) in PROVIDERS {
            let names = card_names(&catalog, cards);
            for (c, card) in names.iter().enumerate() {
                let key = gpu_key(card);
                for h in 0..24 {
                    let hour = start_hour + day * 24 + h;
                    let point = HistoryPoint {
                        hour,
                        cheapest_per_gpu_hour: Decimal::new(20 + (hour + c as i64 * 7) % 300, 2),
                        currency: "USD".into(),
                        in_stock: (hour + c as i64) % 5 != 0,
                        offers: n / cards,
                    };
                    let value = Versioned(SnapshotRow::History(point));
                    batch
                        .put(
                            &tables::SNAPSHOTS,
                            &format!("hist:{provider}:{key}:{hour:012}"),
                            &value,
                        )
                        .unwrap();
                    points += 1;
                }
            }
        }
        store.commit(batch).unwrap();
        // The day's last poll of each provider replaces its snapshot (and its hour's point).
        let at = (start_hour + day * 24 + 23) * 3600 + 600;
        for &(provider, n, cards) in PROVIDERS {
            let names = card_names(&catalog, cards);
            record_fetch(
                &store,
                provider,
                FetchOutcome::Offers(offers(provider, n, &names, at, day)),
                at,
            )
            .unwrap();
        }
    }
    drop(store);
    let size = std::fs::metadata(&path).unwrap().len();
    eprintln!(
        "cold start: {points} history points, {} MiB file",
        size >> 20
    );
    size
}

/// Everything `serve` does before it can answer, then the first answer. `seal`: the bot is
/// `serve`'s, which keeps the file sealed (so the next start skips the page walk). Panics
/// unless the open took the fast path exactly when `sealed` says.
fn cold_start(dir: &Path, seal: bool, sealed: bool) -> Bot {
    let store = Arc::new(Store::open(&db_path(dir)).unwrap());
    assert_eq!(store.sealed(), sealed, "the seal did not vouch as expected");
    if seal {
        store.seal_when_closed();
    }
    let catalog = Catalog::load(None).unwrap();
    let mut bot = Bot::new(Arc::new(catalog), store);
    bot.today = bot_core::catalog::parse_date("2026-12-01");
    let answer = bot.handle(
        &ChatRef::terminal(Some("en")),
        Input::Text("/stock 4090".into()),
    );
    // A real answer (rows from the stored snapshots), not an error.
    assert!(!answer.replies.is_empty());
    bot
}

fn bench(c: &mut Criterion) {
    let t = Instant::now();
    let _ = Localizer::get();
    eprintln!("cold start: Fluent bundles built once in {:?}", t.elapsed());
    let dir = tempfile::tempdir().unwrap();
    let t = Instant::now();
    build_year(dir.path());
    eprintln!("cold start: the year was built in {:?}", t.elapsed());

    // The first start after the build runs the full check, then starts keeping the seal.
    let t = Instant::now();
    let bot = cold_start(dir.path(), true, false);
    eprintln!(
        "cold start: full check + establishing the seal {:?}",
        t.elapsed()
    );
    let t = Instant::now();
    drop(bot);
    eprintln!("cold start: the clean stop took {:?}", t.elapsed());

    // What a kill of `serve` between two polls leaves: one more poll committed (and journaled)
    // after a sealed start, then the file, seal and journal copied while the store is open.
    let crashed = tempfile::tempdir().unwrap();
    {
        let store = Store::open(&db_path(dir.path())).unwrap();
        store.seal_when_closed();
        let catalog = Catalog::embedded().expect("embedded catalog");
        let names = card_names(&catalog, 40);
        let at = END + 600;
        let poll = offers("vast", 600, &names, at, DAYS);
        record_fetch(&store, "vast", FetchOutcome::Offers(poll), at).unwrap();
        copy_data(dir.path(), crashed.path());
    }

    let mut group = c.benchmark_group("cold start");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(10));
    // Each bot is dropped (and the file sealed or not) outside the measured time.
    group.bench_function("a year, after a clean stop (sealed)", |b| {
        drop(cold_start(dir.path(), true, true));
        b.iter_with_large_drop(|| cold_start(dir.path(), true, true))
    });
    group.bench_function("a year, with the seal gone (full check)", |b| {
        b.iter_batched(
            || drop_seal(dir.path()),
            |()| cold_start(dir.path(), false, false),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("Catalog::load only", |b| {
        b.iter(|| black_box(Catalog::load(None).unwrap()))
    });
    group.finish();

    // Each start after a crash needs its own copy of the crashed file (the start repairs it);
    // copying 257 MiB is kept out of the measured time, and flat sampling keeps the copies few.
    let mut group = c.benchmark_group("cold start after a crash");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_millis(100));
    group.bench_function("a year, after a kill between two commits", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let run = tempfile::tempdir().unwrap();
                copy_data(crashed.path(), run.path());
                let t = Instant::now();
                let bot = cold_start(run.path(), true, true);
                total += t.elapsed();
                drop(bot);
            }
            total
        })
    });
    group.finish();
}

/// Copies the database with its seal and journal (whichever exist) from one directory to another.
fn copy_data(from: &Path, to: &Path) {
    for name in [
        "gpuscout.redb",
        "gpuscout.redb.seal",
        "gpuscout.redb.seal-log",
    ] {
        if from.join(name).exists() {
            std::fs::copy(from.join(name), to.join(name)).unwrap();
            // A crashed file's pages are on disk already: the start's first fdatasync must
            // not pay for writing back a fresh 257 MiB copy.
            std::fs::File::open(to.join(name))
                .unwrap()
                .sync_all()
                .unwrap();
        }
    }
}

/// Removes the seal and its journal, as a kill mid-commit (or any change to the file) makes
/// them useless: the next open runs the full check.
fn drop_seal(dir: &Path) {
    for name in ["gpuscout.redb.seal", "gpuscout.redb.seal-log"] {
        let _ = std::fs::remove_file(dir.join(name));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
