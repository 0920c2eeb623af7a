//! The catalog importers on real files (SkyPilot's catalog CSVs in `../shared/data`, skipped
//! with a reason when absent) and on small fixtures of our own in the same formats
//! (`tests/data/`), which hold the awkward rows: CPU-only lines, MiB totals that are per card
//! or per offer, unknown cards, unreadable counts and prices.

use bot_core::Catalog;
use bot_core::availability::{OfferKind, StockLevel};
use gpuscout_providers::import::{Format, catalog_files, parse, platform_id};
use rust_decimal::Decimal;
use std::path::Path;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
    .unwrap()
}

fn shared(rel: &str) -> Option<std::path::PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data")
        .join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!(
            "skipped: {} is absent (the shared data set is not here)",
            p.display()
        );
        None
    }
}

#[test]
fn skypilot_fixture_rows_become_price_only_offers() {
    let cat = Catalog::embedded().unwrap();
    let p = parse(
        Format::SkyPilot,
        &fixture("skypilot_vms.csv"),
        "lambda",
        &cat,
        1_764_460_800,
        "SkyPilot catalog v5 lambda/vms.csv (2025-11-30)",
    )
    .unwrap();
    // CPU row passed over; "eight" cards and a row with no price are counted as unreadable.
    assert_eq!(p.skipped, 2, "{p:?}");
    let v100 = p.offers.iter().find(|o| o.raw_name == "V100").unwrap();
    // Total 16384 MiB for 8 cards cannot be per offer (2 GiB a card): the catalog's 16 GB V100.
    assert_eq!(v100.gpu, "v100-16g");
    assert_eq!(v100.cards, 8);
    assert_eq!(v100.price_per_instance_hour, Decimal::new(44, 1));
    assert_eq!(v100.price_per_gpu_hour, Decimal::new(55, 2));
    assert_eq!(v100.stock, StockLevel::Unknown);
    assert_eq!(v100.available_count, None);
    assert_eq!(v100.currency, "USD");
    assert_eq!(v100.fetched_at, 1_764_460_800);
    // Vast writes the offer's total as SizeInMiB: 49128 for two 4090s is 24 GB a card.
    let r4090: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name == "RTX4090")
        .collect();
    assert_eq!(r4090.len(), 2, "on-demand and spot");
    assert!(r4090.iter().all(|o| o.gpu == "rtx-4090" && o.cards == 2));
    let spot = r4090.iter().find(|o| o.kind == OfferKind::Spot).unwrap();
    assert_eq!(spot.price_per_gpu_hour, Decimal::new(2, 1));
    assert_eq!(spot.region.as_deref(), Some("Spain, ES"));
    // An unknown card keeps its raw name and the file's memory, in GB.
    let q = p
        .offers
        .iter()
        .find(|o| o.raw_name == "QuantumFlux9000")
        .unwrap();
    assert_eq!((q.gpu.as_str(), q.vram_gb), ("QuantumFlux9000", Some(96.0)));
}

#[test]
fn gpuhunt_fixture_rows_become_price_only_offers() {
    let cat = Catalog::embedded().unwrap();
    let p = parse(
        Format::GpuHunt,
        &fixture("gpuhunt_runpod.csv"),
        "runpod",
        &cat,
        0,
        "gpuhunt catalog runpod.csv",
    )
    .unwrap();
    assert_eq!(p.skipped, 1, "the row priced `abc`");
    assert_eq!(p.offers.len(), 4, "{:?}", p.offers);
    let spot = p.offers.iter().find(|o| o.kind == OfferKind::Spot).unwrap();
    assert_eq!(spot.gpu, "h100-sxm");
    assert_eq!(spot.price_per_gpu_hour, Decimal::new(175, 2));
    let a100 = p.offers.iter().find(|o| o.cards == 8).unwrap();
    assert!(a100.gpu.starts_with("a100-40g"), "{}", a100.gpu);
    assert_eq!(a100.price_per_gpu_hour, Decimal::new(129, 2));
    let amd = p.offers.iter().find(|o| o.raw_name == "MI999").unwrap();
    assert_eq!((amd.gpu.as_str(), amd.vram_gb), ("MI999", Some(192.0)));
}

#[test]
fn a_file_of_another_format_or_garbage_is_refused_whole() {
    let cat = Catalog::embedded().unwrap();
    let e = parse(
        Format::GpuHunt,
        &fixture("skypilot_vms.csv"),
        "x",
        &cat,
        0,
        "s",
    )
    .unwrap_err();
    assert!(e.to_string().contains("gpu_name"), "{e}");
    assert!(parse(Format::SkyPilot, "", "x", &cat, 0, "s").is_err());
    assert!(
        parse(
            Format::SkyPilot,
            "\u{0}\u{1}garbage\n,,,\n",
            "x",
            &cat,
            0,
            "s"
        )
        .is_err()
    );
    // Every GPU row unreadable: malformed, not "no offers".
    let bad = "AcceleratorName,AcceleratorCount,Price\nH100,x,1\nA10,1,free\n";
    assert!(parse(Format::SkyPilot, bad, "x", &cat, 0, "s").is_err());
    // Only CPU rows: no offers, no error.
    let cpu = "AcceleratorName,AcceleratorCount,Price\n,,0.2\n";
    assert!(
        parse(Format::SkyPilot, cpu, "x", &cat, 0, "s")
            .unwrap()
            .offers
            .is_empty()
    );
}

#[test]
fn real_skypilot_catalogs_read_without_losing_rows() {
    let Some(dir) = shared("skypilot") else {
        return;
    };
    let cat = Catalog::embedded().unwrap();
    let files = catalog_files(Format::SkyPilot, &dir).unwrap();
    let clouds: Vec<&str> = files.iter().map(|f| f.cloud.as_str()).collect();
    for c in [
        "lambda",
        "runpod",
        "vast",
        "cudo",
        "fluidstack",
        "paperspace",
        "gcp",
        "do",
    ] {
        assert!(clouds.contains(&c), "{c} missing from {clouds:?}");
    }
    let mut total = 0;
    for f in &files {
        let text = std::fs::read_to_string(&f.path).unwrap();
        let provider = platform_id(&cat, &f.cloud);
        let p = parse(Format::SkyPilot, &text, &provider, &cat, 0, "real").unwrap();
        let gpu_rows = bot_core_rows_with_accelerator(&text);
        assert_eq!(p.skipped, 0, "{}: {} unreadable rows", f.cloud, p.skipped);
        assert!(gpu_rows == 0 || !p.offers.is_empty(), "{}", f.cloud);
        for o in &p.offers {
            assert!(o.price_per_gpu_hour > Decimal::ZERO);
            assert!(o.cards >= 1);
            if let Some(v) = o.vram_gb {
                assert!(
                    (4.0..=300.0).contains(&v),
                    "{}: {} {v} GB",
                    f.cloud,
                    o.raw_name
                );
            }
        }
        let mut names: Vec<String> = p
            .offers
            .iter()
            .map(|o| format!("{}->{}@{:?}", o.raw_name, o.gpu, o.vram_gb))
            .collect();
        names.sort();
        names.dedup();
        println!("{names:?}");
        total += p.offers.len();
        let known = p.offers.iter().filter(|o| o.gpu != o.raw_name).count();
        println!(
            "{}: {} offers, {known} on catalog cards",
            f.cloud,
            p.offers.len()
        );
    }
    assert!(total > 300, "{total}");

    // Lambda's file: 8x V100 at $4.40 is the 16 GB card, $0.55 a card-hour.
    let lambda = files.iter().find(|f| f.cloud == "lambda").unwrap();
    let p = parse(
        Format::SkyPilot,
        &std::fs::read_to_string(&lambda.path).unwrap(),
        "lambda",
        &cat,
        0,
        "real",
    )
    .unwrap();
    let v = p
        .offers
        .iter()
        .find(|o| o.raw_name == "V100" && o.cards == 8)
        .unwrap();
    assert_eq!(v.gpu, "v100-16g");
    assert_eq!(v.price_per_gpu_hour, Decimal::new(55, 2));
    assert!(p.offers.iter().any(|o| o.gpu == "h100-sxm"));
    // Vast's file (CRLF, totals per offer): every 4090 is 24 GB a card.
    let vast = files.iter().find(|f| f.cloud == "vast").unwrap();
    let p = parse(
        Format::SkyPilot,
        &std::fs::read_to_string(&vast.path).unwrap(),
        "vast",
        &cat,
        0,
        "real",
    )
    .unwrap();
    let r: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name == "RTX4090")
        .collect();
    assert!(!r.is_empty());
    assert!(r.iter().all(|o| o.gpu == "rtx-4090"), "{r:?}");
}

/// Rows of a SkyPilot file with an accelerator name (the ones that should become offers).
fn bot_core_rows_with_accelerator(text: &str) -> usize {
    let rows = gpuscout_providers::import::csv_rows(text);
    let Some(i) = rows[0].iter().position(|h| h == "AcceleratorName") else {
        return 0;
    };
    rows[1..]
        .iter()
        .filter(|r| r.get(i).is_some_and(|c| !c.trim().is_empty()))
        .count()
}
