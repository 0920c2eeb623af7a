//! Updates handled per second: the whole Telegram path (getUpdates over HTTP, dispatch,
//! bot-core with its redb store, HTML rendering, sendMessage over HTTP) against the loopback
//! fake Bot API. Pacing limits are lifted so that this measures our work, not Telegram's
//! 30 messages/second cap.

use bot_core::{Catalog, Store};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gpuscout_frontend::pace::Limits;
use gpuscout_telegram::{Config, Telegram, Token};
use gpuscout_testkit::fake_telegram::{Chat, FakeTelegram, Person, TOKEN};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// Updates per measured batch, each from a different private chat.
const BATCH: i64 = 50;

fn updates_per_second(c: &mut Criterion) {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store,
    ));
    let mut config = Config::new(Token::new(TOKEN));
    config.api_url = fake.api_url().parse().unwrap();
    config.limits = Limits::NONE;
    config.typing_after = Duration::from_secs(60);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let stop = CancellationToken::new();
    let running = rt.spawn({
        let stop = stop.clone();
        async move { Telegram::new(config).unwrap().run(core, stop).await }
    });
    fake.wait_for_polling(1);

    let mut next_user = 1_000_000_i64;
    let mut group = c.benchmark_group("telegram");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(2));
    group.measurement_time(Duration::from_secs(10));
    for (name, text) in [("gpu_4090", "/gpu 4090"), ("help", "/help")] {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    // Counted, not collected: the call log grows with every batch.
                    let before = fake.count_of("sendMessage");
                    let start = Instant::now();
                    for _ in 0..BATCH {
                        next_user += 1;
                        let user = Person::new(next_user, "Bench", Some("en"));
                        fake.send_text(&Chat::Private(user.clone()), &user, text);
                    }
                    let target = before + BATCH as usize;
                    fake.wait_until(Duration::from_secs(60), "bench replies", |v| {
                        (v.count_of("sendMessage") >= target).then_some(())
                    });
                    total += start.elapsed();
                }
                total
            })
        });
    }
    group.finish();
    stop.cancel();
    let _ = rt.block_on(running);
}

criterion_group!(benches, updates_per_second);
criterion_main!(benches);
