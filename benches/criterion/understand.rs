//! Understanding one plain question (issue 16 goal: tens of microseconds), and a whole corpus of
//! questions people wrote (`questions_fresh17.tsv`, 400 rows) read one after another: the reader's
//! hot path as a frontend meets it, every stage and guard included (issue 26, helper und_cm).
//! `cargo bench -p gpuscout-benches --bench understand`

use bot_core::Catalog;
use bot_core::understand::read;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// The questions of a corpus file: each row's text before its tab, comments left out.
fn questions(corpus: &str) -> Vec<&str> {
    corpus
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t').map(|(q, _)| q))
        .collect()
}

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
    let corpus = questions(include_str!(
        "../../bot-core/tests/data/questions_fresh17.tsv"
    ));
    assert!(corpus.len() > 300, "the corpus file lost its rows");
    let mut group = c.benchmark_group("corpus");
    group.sample_size(10);
    group.bench_function("fresh17 (every question once)", |b| {
        b.iter(|| {
            for q in &corpus {
                black_box(read(&catalog, black_box(q)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
