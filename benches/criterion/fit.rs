//! `fit` over every catalog model x every quantization (inference, no card: the options scan
//! over every GPU and card count is included), and the same with a card given.

use bot_core::Catalog;
use bot_core::vram::{FitRequest, ModelRef, Quant, Task, estimate};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let catalog = Catalog::embedded().unwrap();
    let gpu = catalog.gpu("4090").unwrap();
    c.bench_function("fit all models x quants, with card", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for m in &catalog.models {
                for q in Quant::ALL {
                    let mut req = FitRequest::new(ModelRef::Known(m), q, Task::Infer);
                    req.gpu = Some(gpu);
                    n += usize::from(estimate(&catalog, black_box(&req)).is_ok());
                }
            }
            n
        })
    });
    c.bench_function("fit all models x quants, options scan", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for m in &catalog.models {
                for q in Quant::ALL {
                    let req = FitRequest::new(ModelRef::Known(m), q, Task::Infer);
                    n += estimate(&catalog, black_box(&req)).map_or(0, |r| r.options.len());
                }
            }
            n
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
