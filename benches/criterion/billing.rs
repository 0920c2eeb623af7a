//! `cost` and `compare` over the whole embedded catalog.

use bot_core::Catalog;
use bot_core::billing::{Job, compare, platform_cost};
use criterion::{Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;
use std::hint::black_box;

fn job() -> Job {
    Job {
        boot: Decimal::from(180),
        pull: Decimal::from(120),
        idle: Decimal::from(600),
        storage_gb: Decimal::from(50),
        egress_gb: Decimal::from(20),
        ..Job::one_off(Decimal::from(2400))
    }
}

fn bench(c: &mut Criterion) {
    let cat = Catalog::embedded().expect("embedded catalog");
    let today = bot_core::catalog::parse_date("2026-11-30").unwrap();
    let job = job();
    // Every (platform, quoted GPU) pair in the catalog, priced in USD.
    let pairs: Vec<(usize, String)> = cat
        .platforms
        .iter()
        .enumerate()
        .flat_map(|(i, p)| p.prices.iter().map(move |q| (i, q.gpu.clone())))
        .collect();
    c.bench_function("cost/all catalog quotes (40m job, usd)", |b| {
        b.iter(|| {
            for (i, gpu) in &pairs {
                let _ = black_box(platform_cost(
                    &cat,
                    &cat.platforms[*i],
                    gpu,
                    1,
                    &job,
                    "USD",
                    today,
                ));
            }
        })
    });
    c.bench_function("cost/runpod 4090 (one call)", |b| {
        let p = cat.platform("runpod").unwrap();
        b.iter(|| black_box(platform_cost(&cat, p, "rtx-4090", 1, &job, "USD", today)))
    });
    c.bench_function("compare/rtx-4090 (40m job, cny)", |b| {
        b.iter(|| black_box(compare(&cat, "rtx-4090", 1, &job, "CNY", today)))
    });
    c.bench_function("compare/every gpu in the catalog", |b| {
        b.iter(|| {
            for g in &cat.gpus {
                let _ = black_box(compare(&cat, &g.id, 1, &job, "USD", today));
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
