//! Our half of the gpuhunt side-by-side (`benches/gpuhunt/compare.sh`, which runs this): the
//! `/offers` query over a store that `gpuscout import gpuhunt` filled from the same CSVs
//! gpuhunt reads, the query only (the store open and the first build of the offer index
//! happen before the measurement, as gpuhunt's catalog is loaded before its queries).
//!
//! `GPUSCOUT_SIDE_DIR=DIR cargo bench -p gpuscout-benches --bench gpuhunt_side`, where each
//! `DIR/<size>/data` is a data directory; without it the bench says so and measures nothing.
//! The number of matching offers goes to `DIR/<size>/gpuscout.json`, so the script can check
//! both sides found the same rows.

use bot_core::Catalog;
use bot_core::availability::{OfferFilter, OfferKind, name_offer_gpu, search_offers};
use bot_core::store::{Store, db_path};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rust_decimal::Decimal;
use std::hint::black_box;
use std::time::Duration;

/// 2026-12-01: catalog rows are never hidden by age, so any date works.
const NOW: i64 = 1_764_547_200;

fn bench(c: &mut Criterion) {
    let Some(root) = std::env::var_os("GPUSCOUT_SIDE_DIR") else {
        eprintln!("gpuhunt_side: GPUSCOUT_SIDE_DIR is not set; run benches/gpuhunt/compare.sh");
        return;
    };
    let root = std::path::PathBuf::from(root);
    let mut sizes: Vec<u64> = std::fs::read_dir(&root)
        .expect("GPUSCOUT_SIDE_DIR is a directory")
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    sizes.sort_unstable();
    let catalog = Catalog::embedded().expect("embedded catalog");
    // gpuhunt's query: gpu_name="H100", min_gpu_count=2, spot=False. The importer names an
    // 80 GB "H100" with this catalog id, so the card is the same on both sides.
    let (gpu, _) = name_offer_gpu(&catalog, "H100", Some(80.0));
    let filter = OfferFilter {
        gpu: Some(gpu),
        min_cards: Some(2),
        kind: Some(OfferKind::OnDemand),
        currency: "USD".into(),
        ..OfferFilter::default()
    };
    let usd = |c: &str| (c == "USD").then_some(Decimal::ONE);
    let mut group = c.benchmark_group("gpuhunt_side");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for size in sizes {
        let dir = root.join(size.to_string());
        let store = Store::open(&db_path(&dir.join("data"))).expect("the imported store opens");
        let first = search_offers(&store, &filter, NOW, usd).expect("the query answers");
        std::fs::write(
            dir.join("gpuscout.json"),
            format!(
                "{{\"size\": {size}, \"matches\": {}, \"stored\": {}}}\n",
                first.rows.len(),
                first.stored
            ),
        )
        .expect("writing the match count");
        group.bench_with_input(BenchmarkId::from_parameter(size), &filter, |b, f| {
            b.iter(|| black_box(search_offers(&store, black_box(f), NOW, usd).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
