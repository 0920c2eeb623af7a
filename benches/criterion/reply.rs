//! Reply latency with no limit near: one reply every 40 ms (under Telegram's 30/s overall),
//! each to a chat that has not been written to for a while, through `TelegramSender` to the
//! loopback fake Bot API, with the real pacer at Telegram's limits and with no pacing at all.
//! The difference is what the pacer adds. (teloxide's `Throttle` added ~236 ms here: its
//! worker sleeps 250 ms between passes.) Besides criterion's mean it prints p50/p99.

use criterion::{Criterion, criterion_group, criterion_main};
use gpuscout_frontend::pace::Limits;
use gpuscout_telegram::{Config, Telegram, Token};
use gpuscout_testkit::fake_telegram::{FakeTelegram, TOKEN};
use std::time::{Duration, Instant};

const GAP: Duration = Duration::from_millis(40);

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn reply_latency(c: &mut Criterion) {
    let fake = FakeTelegram::start();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("reply latency");
    group.sample_size(50);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(5));
    for (name, limits) in [
        ("telegram limits", Limits::TELEGRAM),
        ("no pacing", Limits::NONE),
    ] {
        let mut config = Config::new(Token::new(TOKEN));
        config.api_url = fake.api_url().parse().unwrap();
        config.limits = limits;
        let sender = rt.block_on(async { Telegram::new(config).unwrap().sender() });
        let mut chat = 10_000_000_i64;
        let mut samples = Vec::new();
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    std::thread::sleep(GAP);
                    chat += 1;
                    let start = Instant::now();
                    rt.block_on(sender.send_text(chat, "H100 back on RunPod"))
                        .unwrap();
                    let took = start.elapsed();
                    samples.push(took);
                    total += took;
                }
                total
            })
        });
        samples.sort();
        eprintln!(
            "reply latency, {name}: p50 {:?}, p99 {:?}, max {:?} over {} replies",
            percentile(&samples, 0.5),
            percentile(&samples, 0.99),
            samples.last().unwrap(),
            samples.len()
        );
    }
    group.finish();
}

criterion_group!(benches, reply_latency);
criterion_main!(benches);
