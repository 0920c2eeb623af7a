//! Understanding one plain question (issue 16 goal: tens of microseconds).
//! `cargo bench -p gpuscout-benches --bench understand`

use bot_core::Catalog;
use bot_core::understand::read;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let catalog = Catalog::embedded().unwrap();
    for q in [
        "4090能跑qwen2.5-32b吗",
        "autodl 4090 跑40分钟多少钱",
        "cheapest A100?",
        "两张Ｈ１００ ＳＸＭ能跑通义千问２．５ １４Ｂ吗",
        "$0.0007 per second, what is that per hour",
        "qwen2.5-7b int4 用4090自建还是调api划算，每天2000万token",
        // A misspelt platform: read again with each candidate.
        "autdl 4090 跑40分钟多少钱",
    ] {
        c.bench_function(q, |b| b.iter(|| black_box(read(&catalog, black_box(q)))));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
