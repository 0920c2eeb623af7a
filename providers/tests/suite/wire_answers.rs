//! Provider answers written apart from the adapters, from the providers' own descriptions of
//! their APIs (Vast's `search offers` field list and an offer as its API returns it; RunPod's
//! GraphQL `gpuTypes` as a real dump has it; Lambda's OpenAPI `instance-types` schema), with
//! the shapes the real services produce that a happy-path fixture leaves out: nulls, numbers
//! as strings, extra fields, a cloud a type is not offered in, GraphQL errors with HTTP 200,
//! empty capacity lists, 429 with `Retry-After`, proxy HTML pages, cut and empty bodies.
//! Each asserts the price a user would see (per card and per instance) or a clear refusal.

use bot_core::Catalog;
use bot_core::availability::{Offer, OfferKind, StockLevel};
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, FetchError, Parsed, Secret, fetch};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use rust_decimal::Decimal;
use std::str::FromStr;
use std::time::Duration;

pub(super) const NOW: i64 = 1_764_581_400;

pub(super) fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

pub(super) fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

pub(super) fn vast() -> Vast {
    Vast {
        base: String::new(),
        key: None,
    }
}

pub(super) fn runpod() -> RunPod {
    RunPod {
        base: String::new(),
        key: None,
    }
}

pub(super) fn lambda() -> Lambda {
    Lambda {
        base: String::new(),
        key: Secret::new("lk_test"),
    }
}

/// One adapter's answer parsed against the embedded catalog at [`NOW`].
pub(super) fn parse(a: &dyn Adapter, body: &str) -> Result<Parsed, FetchError> {
    a.parse(body.as_bytes(), &cat(), NOW)
}

fn by_source<'a>(offers: &'a [Offer], raw: &str, kind: OfferKind) -> Vec<&'a Offer> {
    offers
        .iter()
        .filter(|o| o.raw_name == raw && o.kind == kind)
        .collect()
}

/// One Vast offer as the bundles search returns it: many fields we never read, some null.
fn vast_row(fields: &str) -> String {
    format!(
        r#"{{"is_bid": false, "inet_up_billed": null, "inet_down_billed": null, "external": false,
        "webpage": null, "logo": "/static/logos/vastai_small2.png", "compute_cap": 890,
        "driver_version": "550.54.14", "cuda_max_good": 12.4, "machine_id": 2555,
        "hosting_type": null, "public_ipaddr": "81.166.173.12", "reliability2": 0.9993718,
        "host_id": 1276, "dlperf": 48.2, "verified": true, "cpu_ram": 64412, "cpu_cores": 32,
        "cpu_cores_effective": 8.0, "disk_space": 120.5, "inet_down": 812.3,
        "search": {{"gpuCostPerHour": 0.3, "diskHour": 0.002, "totalHour": 0.302}},
        "instance": {{"gpuCostPerHour": 0.3, "diskHour": 0.002}},
        {fields}}}"#
    )
}

#[test]
fn vast_multi_card_offers_are_priced_per_card_from_the_whole_offer() {
    // Four H100s for $7.20/h plus 10 GB at $0.20/GB/month: per card a quarter of the whole.
    let body = format!(
        r#"{{"offers": [{}]}}"#,
        vast_row(
            r#""id": 9100001, "gpu_name": "H100 SXM", "num_gpus": 4, "gpu_frac": 0.5,
            "gpu_ram": 81559, "gpu_total_ram": 326236, "dph_base": 7.2, "dph_total": 7.2027,
            "storage_cost": 0.2, "min_bid": 4.0, "rentable": true, "rented": false,
            "geolocation": "Czechia, CZ""#
        )
    );
    let p = parse(&vast(), &body).unwrap();
    let od = by_source(&p.offers, "H100 SXM", OfferKind::OnDemand);
    assert_eq!(od.len(), 1, "{:#?}", p.offers);
    let storage = dec("0.2") * Decimal::from(10) / Decimal::from(730);
    let whole = dec("7.2") + storage;
    assert_eq!(od[0].price_per_instance_hour, whole.round_dp(6).normalize());
    assert_eq!(
        od[0].price_per_gpu_hour,
        (whole / Decimal::from(4)).round_dp(6).normalize()
    );
    // The host fraction (half of an 8-card host) is never multiplied in.
    assert!(od[0].price_per_gpu_hour > dec("1.8") && od[0].price_per_gpu_hour < dec("1.81"));
    assert_eq!((od[0].cards, od[0].available_count), (4, Some(4)));
    // 81,559 MB is an 80 GB card, not an 81,559 GB one.
    assert!(
        od[0].vram_gb.is_some_and(|v| (v - 80.0).abs() < 2.0),
        "{:?}",
        od[0].vram_gb
    );
    let spot = by_source(&p.offers, "H100 SXM", OfferKind::Spot);
    assert_eq!(spot.len(), 1);
    assert_eq!(
        spot[0].price_per_gpu_hour,
        ((dec("4.0") + storage) / Decimal::from(4))
            .round_dp(6)
            .normalize()
    );
}

#[test]
fn vast_numbers_as_strings_nulls_and_missing_fields_read_or_skip_never_zero() {
    let rows = [
        // Numbers as strings: read through their text.
        vast_row(
            r#""id": "801", "gpu_name": "RTX 4090", "num_gpus": "2", "gpu_ram": "24564",
            "dph_base": "0.80", "storage_cost": "0.15", "min_bid": null, "rentable": true,
            "rented": false, "geolocation": "Norway""#,
        ),
        // No dph_base, no storage price: dph_total (Vast's own total for the asked disk).
        vast_row(
            r#""id": 802, "gpu_name": "RTX 3090", "num_gpus": 1, "gpu_ram": 24576,
            "dph_base": null, "storage_cost": null, "dph_total": 0.25, "min_bid": 0.1,
            "rentable": true, "rented": false"#,
        ),
        // No price at all: skipped, never free.
        vast_row(r#""id": 803, "gpu_name": "RTX 3090", "num_gpus": 1, "gpu_ram": 24576"#),
        // A price that is no number: skipped.
        vast_row(
            r#""id": 804, "gpu_name": "RTX 3090", "num_gpus": 1, "dph_base": "N/A",
            "dph_total": "€0.30", "storage_cost": 0.1"#,
        ),
        // Zero cards or no name: skipped.
        vast_row(r#""id": 805, "gpu_name": "RTX 3090", "num_gpus": 0, "dph_total": 0.2"#),
        vast_row(r#""id": 806, "gpu_name": null, "num_gpus": 1, "dph_total": 0.2"#),
        // Not rentable any more: still its price, but not in stock.
        vast_row(
            r#""id": 807, "gpu_name": "A100 SXM4", "num_gpus": 1, "gpu_ram": 81920,
            "dph_total": 1.1, "rentable": false, "rented": false"#,
        ),
    ];
    let body = format!(r#"{{"offers": [{}]}}"#, rows.join(","));
    let p = parse(&vast(), &body).unwrap();
    assert_eq!(p.skipped, 4, "{:#?}", p.offers);
    let o = by_source(&p.offers, "RTX 4090", OfferKind::OnDemand)[0];
    let whole = dec("0.80") + dec("0.15") * Decimal::from(10) / Decimal::from(730);
    assert_eq!(o.price_per_instance_hour, whole.round_dp(6).normalize());
    assert_eq!(
        o.price_per_gpu_hour,
        (whole / Decimal::from(2)).round_dp(6).normalize()
    );
    assert_eq!(o.cards, 2);
    // A null bid is no spot row.
    assert!(by_source(&p.offers, "RTX 4090", OfferKind::Spot).is_empty());
    let o = by_source(&p.offers, "RTX 3090", OfferKind::OnDemand);
    assert_eq!(o.len(), 1, "{o:#?}");
    assert_eq!(o[0].price_per_gpu_hour, dec("0.25"));
    // A bid without a storage price would understate the hour: no spot row.
    assert!(by_source(&p.offers, "RTX 3090", OfferKind::Spot).is_empty());
    let gone = by_source(&p.offers, "A100 SXM4", OfferKind::OnDemand)[0];
    assert_eq!(gone.stock, StockLevel::Unavailable);
    assert_eq!(gone.available_count, None);
    assert!(
        p.offers
            .iter()
            .all(|o| o.price_per_gpu_hour > Decimal::ZERO)
    );
}

#[test]
fn vast_error_objects_and_empty_lists_are_told_apart() {
    // Vast's refusal with HTTP 200: no offers list, so no "nothing for rent".
    let e = parse(
        &vast(),
        r#"{"success": false, "error": "invalid_args", "msg": "Invalid query"}"#,
    )
    .unwrap_err();
    assert!(matches!(e, FetchError::Malformed(_)), "{e:?}");
    // An empty list is an answer: no offers (the store keeps the last snapshot on its own).
    let p = parse(&vast(), r#"{"offers": []}"#).unwrap();
    assert!(p.offers.is_empty());
    // Every row unreadable is drift, not "sold out".
    let e = parse(&vast(), r#"{"offers": [{"id": 1}, {"id": 2}]}"#).unwrap_err();
    assert!(matches!(e, FetchError::Malformed(_)), "{e:?}");
}

/// A RunPod GPU type as the GraphQL dump has it, with the fields our query asks.
fn rp_type(fields: &str) -> String {
    format!(
        r#"{{"maxGpuCount": 8, "clusterPrice": null, "oneWeekPrice": null, "oneMonthPrice": 0,
        "threeMonthPrice": 0, "sixMonthPrice": 0, "nodeGroupDatacenters": [], {fields}}}"#
    )
}

#[test]
fn runpod_a_cloud_the_type_is_not_in_gives_no_price_whatever_its_field_says() {
    // From the 2025-06-21 dump's shape: B200 is secure cloud only, yet communityPrice holds
    // 0.5; RTX 3090 Ti is community only, yet securePrice holds 0.46.
    let types = [
        rp_type(
            r#""id": "NVIDIA B200", "displayName": "B200", "memoryInGb": 180,
            "secureCloud": true, "communityCloud": false, "securePrice": 6.39,
            "communityPrice": 0.5, "secureSpotPrice": null, "communitySpotPrice": null,
            "secureLowest": {"stockStatus": "Low"}, "communityLowest": null"#,
        ),
        rp_type(
            r#""id": "NVIDIA GeForce RTX 3090 Ti", "displayName": "RTX 3090 Ti",
            "memoryInGb": 24, "secureCloud": false, "communityCloud": true,
            "securePrice": 0.46, "communityPrice": 0.27, "secureSpotPrice": 0.2,
            "communitySpotPrice": 0.14, "secureLowest": null,
            "communityLowest": {"stockStatus": "High"}"#,
        ),
    ];
    let body = format!(r#"{{"data": {{"gpuTypes": [{}]}}}}"#, types.join(","));
    let p = parse(&runpod(), &body).unwrap();
    let b200: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name == "NVIDIA B200")
        .collect();
    assert_eq!(b200.len(), 1, "{b200:#?}");
    assert_eq!(b200[0].price_per_gpu_hour, dec("6.39"));
    assert!(b200[0].source.contains("secure"), "{}", b200[0].source);
    assert_eq!(b200[0].stock, StockLevel::Low);
    let ti: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name == "NVIDIA GeForce RTX 3090 Ti")
        .collect();
    assert_eq!(ti.len(), 2, "{ti:#?}");
    assert!(ti.iter().all(|o| o.source.contains("community")), "{ti:#?}");
    let od = ti.iter().find(|o| o.kind == OfferKind::OnDemand).unwrap();
    assert_eq!(
        (od.price_per_gpu_hour, od.stock),
        (dec("0.27"), StockLevel::Available)
    );
}

#[test]
fn runpod_the_recorded_dump_never_prices_a_cloud_a_type_is_not_offered_in() {
    // The recorded data lives beside the checkout (`shared/data`), however deep it sits.
    let file = "shared/data/runpod/gpuTypes_graphql_2025-06-21.json";
    let found = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|d| d.join(file))
        .find(|p| p.is_file());
    let Some(list) = found.and_then(|p| std::fs::read_to_string(p).ok()) else {
        println!("skipped: {file} is not beside this checkout");
        return;
    };
    let types: Vec<serde_json::Value> = serde_json::from_str(&list).unwrap();
    let body = format!(r#"{{"data": {{"gpuTypes": {list}}}}}"#);
    let parsed = parse(&runpod(), &body).unwrap();
    for o in &parsed.offers {
        let t = types
            .iter()
            .find(|t| t["id"].as_str() == Some(o.raw_name.as_str()))
            .unwrap();
        let flag = if o.source.contains("secure") {
            "secureCloud"
        } else {
            "communityCloud"
        };
        assert_eq!(
            t[flag].as_bool(),
            Some(true),
            "{} priced in {flag}",
            o.raw_name
        );
    }
    // Every type offered somewhere with a price still gives its rows.
    let offered = types
        .iter()
        .filter(|t| {
            (t["secureCloud"] == true && t["securePrice"].as_f64().unwrap_or(0.0) > 0.0)
                || (t["communityCloud"] == true
                    && t["communityPrice"].as_f64().unwrap_or(0.0) > 0.0)
        })
        .count();
    let with_rows: std::collections::HashSet<_> = parsed
        .offers
        .iter()
        .filter(|o| o.kind == OfferKind::OnDemand)
        .map(|o| o.raw_name.clone())
        .collect();
    assert_eq!(with_rows.len(), offered);
}

#[test]
fn runpod_errors_with_http_200_null_lowest_prices_and_stock_words() {
    // Partial data: a resolver failed for one field; the types are still read, stock unknown.
    let body = format!(
        r#"{{"errors": [{{"message": "Something went wrong", "path": ["gpuTypes", 0, "secureLowest"],
            "extensions": {{"code": "INTERNAL_SERVER_ERROR"}}}}],
          "data": {{"gpuTypes": [{}, {}, {}, {}]}}}}"#,
        rp_type(
            r#""id": "NVIDIA L40S", "displayName": "L40S", "memoryInGb": 48, "secureCloud": true,
            "communityCloud": true, "securePrice": 0.86, "communityPrice": 0.79,
            "secureLowest": null, "communityLowest": {"stockStatus": "Medium"}"#
        ),
        rp_type(
            r#""id": "NVIDIA A40", "displayName": "A40", "memoryInGb": 48, "secureCloud": true,
            "communityCloud": false, "securePrice": 0.4, "communityPrice": 0.35,
            "lowestPrice": {"stockStatus": "None"}"#
        ),
        rp_type(
            r#""id": "NVIDIA RTX A6000", "displayName": "RTX A6000", "memoryInGb": 48,
            "secureCloud": true, "communityCloud": true, "securePrice": 0.49,
            "communityPrice": 0.33, "secureLowest": {"stockStatus": "Scarce"},
            "communityLowest": {"stockStatus": null}"#
        ),
        rp_type(
            r#""id": "NVIDIA H200", "displayName": "H200", "memoryInGb": 141, "secureCloud": true,
            "communityCloud": true, "securePrice": null, "communityPrice": null,
            "lowestPrice": null"#
        ),
    );
    let p = parse(&runpod(), &body).unwrap();
    let stock = |raw: &str, cloud: &str| {
        p.offers
            .iter()
            .find(|o| {
                o.raw_name == raw && o.kind == OfferKind::OnDemand && o.source.contains(cloud)
            })
            .map(|o| o.stock)
    };
    assert_eq!(stock("NVIDIA L40S", "secure"), Some(StockLevel::Unknown));
    assert_eq!(
        stock("NVIDIA L40S", "community"),
        Some(StockLevel::Available)
    );
    // One cloud only: the plain lowestPrice is that cloud's; "None" is out of stock.
    assert_eq!(stock("NVIDIA A40", "secure"), Some(StockLevel::Unavailable));
    assert_eq!(stock("NVIDIA A40", "community"), None);
    // A word we do not know, or null, is unknown, never "in stock".
    assert_eq!(
        stock("NVIDIA RTX A6000", "secure"),
        Some(StockLevel::Unknown)
    );
    assert_eq!(
        stock("NVIDIA RTX A6000", "community"),
        Some(StockLevel::Unknown)
    );
    // No price anywhere: no offer, and not an error.
    assert!(p.offers.iter().all(|o| o.raw_name != "NVIDIA H200"));
    // Errors and no data: a failure that says RunPod's reason.
    let e = parse(
        &runpod(),
        r#"{"errors": [{"message": "Rate limit exceeded", "extensions": {"code": "TOO_MANY_REQUESTS"}}], "data": null}"#,
    )
    .unwrap_err();
    assert!(
        matches!(&e, FetchError::Malformed(m) if m.contains("Rate limit exceeded")),
        "{e:?}"
    );
    let e = parse(&runpod(), r#"{"data": {"gpuTypes": null}}"#).unwrap_err();
    assert!(matches!(e, FetchError::Malformed(_)), "{e:?}");
}

#[test]
fn lambda_instance_prices_are_per_instance_in_cents_and_capacity_lists_are_stock() {
    // Shapes from Lambda's OpenAPI `InstanceTypes` schema: the map key is the type's name.
    let body = r#"{"data": {
      "gpu_8x_h100_sxm5": {"instance_type": {"name": "gpu_8x_h100_sxm5",
          "description": "8x H100 (80 GB SXM5)", "gpu_description": "H100 (80 GB SXM5)",
          "price_cents_per_hour": 2392,
          "specs": {"vcpus": 208, "memory_gib": 1800, "storage_gib": 24780, "gpus": 8}},
        "regions_with_capacity_available": []},
      "gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "description": "1x A10 (24 GB PCIe)",
          "gpu_description": "A10 (24 GB PCIe)", "price_cents_per_hour": 75,
          "specs": {"vcpus": 30, "memory_gib": 200, "storage_gib": 1400, "gpus": 1}},
        "regions_with_capacity_available": [
          {"name": "us-east-1", "description": "Virginia, USA"},
          {"name": "us-west-1", "description": "California, USA"}]},
      "gpu_2x_a100": {"instance_type": {"name": "gpu_2x_a100", "description": "2x A100 (40 GB SXM4)",
          "gpu_description": "A100 (40 GB SXM4)",
          "specs": {"vcpus": 60, "memory_gib": 400, "storage_gib": 1000, "gpus": 2}},
        "regions_with_capacity_available": [{"name": "us-south-1", "description": "Texas, USA"}]},
      "cpu_4x_general": {"instance_type": {"name": "cpu_4x_general", "description": "CPU only",
          "gpu_description": "", "price_cents_per_hour": 20,
          "specs": {"vcpus": 4, "memory_gib": 16, "storage_gib": 100, "gpus": 0}},
        "regions_with_capacity_available": []}
    }}"#;
    let p = parse(&lambda(), body).unwrap();
    let h100: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.source.contains("gpu_8x_h100_sxm5"))
        .collect();
    assert_eq!(h100.len(), 1);
    assert_eq!(
        (
            h100[0].price_per_instance_hour,
            h100[0].price_per_gpu_hour,
            h100[0].cards
        ),
        (dec("23.92"), dec("2.99"), 8)
    );
    // An empty capacity list in a good answer: out of stock, price kept.
    assert_eq!(h100[0].stock, StockLevel::Unavailable);
    let a10: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.source.contains("gpu_1x_a10"))
        .collect();
    assert_eq!(a10.len(), 2);
    assert!(
        a10.iter()
            .all(|o| o.price_per_gpu_hour == dec("0.75") && o.stock == StockLevel::Available)
    );
    // No price: skipped, never free; CPU types are not offers.
    assert!(p.offers.iter().all(|o| !o.source.contains("gpu_2x_a100")));
    assert!(p.offers.iter().all(|o| !o.source.contains("cpu_4x")));
    assert_eq!(p.skipped, 1);
}

#[test]
fn lambda_names_are_matched_with_the_memory_their_description_states() {
    // Lambda's "RTX 6000 (24 GB)" is the Turing Quadro, not the 48 GB RTX 6000 Ada; an
    // "A100 (40 GB …)" is not the 80 GB card. Whatever a name matches must hold that memory.
    let c = cat();
    for (desc, gb) in [
        ("RTX 6000 (24 GB)", 24.0),
        ("A100 (40 GB SXM4)", 40.0),
        ("A100 (80 GB SXM4)", 80.0),
        ("Tesla V100 (16 GB)", 16.0),
        ("H100 (80 GB PCIe)", 80.0),
        ("A6000 (48 GB)", 48.0),
        ("GH200 (96 GB)", 96.0),
    ] {
        let body = format!(
            r#"{{"data": {{"t": {{"instance_type": {{"name": "t", "description": "1x {desc}",
            "gpu_description": "{desc}", "price_cents_per_hour": 110,
            "specs": {{"vcpus": 14, "memory_gib": 46, "storage_gib": 512, "gpus": 1}}}},
            "regions_with_capacity_available": []}}}}}}"#
        );
        let p = lambda().parse(body.as_bytes(), &c, NOW).unwrap();
        let o = &p.offers[0];
        if let Some(g) = c.find_gpu(&o.gpu) {
            assert!(
                ((g.vram_gb - gb) / gb).abs() <= 0.12,
                "{desc} was filed as {} ({} GB)",
                g.id,
                g.vram_gb
            );
        } else {
            // Unknown card: kept under its raw name with the memory it states.
            assert_eq!(o.gpu, desc);
        }
    }
}

#[test]
fn lambda_error_objects_are_failures() {
    let e = parse(
        &lambda(),
        r#"{"error": {"code": "global/invalid-api-key", "message": "API key was invalid, expired, or deleted.", "suggestion": "Check your API key or create a new one, then try again."}}"#,
    )
    .unwrap_err();
    assert!(
        matches!(&e, FetchError::Malformed(m) if m.contains("API key was invalid")),
        "{e:?}"
    );
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// One fetch through the adapter's base URL (a loopback fake), 5 s timeout, at [`NOW`].
pub(super) fn run(adapter: &dyn Adapter) -> Result<Parsed, FetchError> {
    let http = reqwest::Client::new();
    rt().block_on(fetch(adapter, &http, &cat(), Duration::from_secs(5), NOW))
}

#[test]
fn over_the_wire_429s_proxy_pages_cut_and_empty_bodies_are_refusals_with_their_reason() {
    let fake = FakeProviders::start();
    let good = format!(
        r#"{{"offers": [{}]}}"#,
        vast_row(
            r#""id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
            "dph_total": 0.35, "rentable": true, "rented": false"#
        )
    );
    let cut = &good[..good.len() / 2];
    fake.script(
        "/api/v0/bundles/",
        vec![
            Script::status(429, r#"{"detail": "Too many requests"}"#).header("Retry-After", "120"),
            Script::status(
                503,
                "<html><body><h1>503 Service Unavailable</h1></body></html>",
            )
            .header("Content-Type", "text/html")
            .header("Retry-After", "Fri, 31 Dec 2100 23:59:59 GMT"),
            Script::ok("<!DOCTYPE html><html><title>Just a moment...</title></html>")
                .header("Content-Type", "text/html"),
            Script::ok(cut),
            Script::ok(""),
            Script::ok(good.clone()),
        ],
    );
    let v = Vast {
        base: fake.url(),
        key: None,
    };
    let e = run(&v).unwrap_err();
    assert!(matches!(e, FetchError::Http { status: 429, .. }), "{e:?}");
    assert_eq!(e.retry_after(), Some(Duration::from_secs(120)));
    assert!(e.to_string().contains("429"), "{e}");
    // A date in Retry-After is the time left until then, at most a day.
    let e = run(&v).unwrap_err();
    assert!(
        matches!(&e, FetchError::Http { status: 503, snippet, .. } if snippet.contains("503")),
        "{e:?}"
    );
    assert_eq!(
        e.retry_after(),
        Some(gpuscout_providers::fetch::MAX_RETRY_AFTER)
    );
    // A 200 with an HTML page (a captcha or a proxy), half a body, an empty body: unreadable.
    for _ in 0..3 {
        let e = run(&v).unwrap_err();
        assert!(matches!(e, FetchError::Malformed(_)), "{e:?}");
    }
    let p = run(&v).unwrap();
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("0.35"));
}

#[test]
fn a_429_keeps_the_last_snapshot_and_its_retry_after_reaches_the_poller() {
    use bot_core::Store;
    use bot_core::availability::{gpu_key, latest_offers};
    use gpuscout_providers::{Config, Poller};
    use std::sync::Arc;
    let fake = FakeProviders::start();
    let good = format!(
        r#"{{"offers": [{}]}}"#,
        vast_row(
            r#""id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
            "dph_total": 0.35, "rentable": true, "rented": false"#
        )
    );
    fake.script(
        "/api/v0/bundles/",
        vec![
            Script::ok(good),
            Script::status(429, "slow down").header("Retry-After", "900"),
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let vars = [
        ("GPUSCOUT_PROVIDERS", "vast".to_string()),
        ("GPUSCOUT_VAST_URL", fake.url()),
        ("GPUSCOUT_FX_URL", "none".to_string()),
        ("GPUSCOUT_FETCH_TIMEOUT", "5".to_string()),
    ];
    let config = Config::from_lookup(|k| {
        vars.iter()
            .find(|(name, _)| *name == k)
            .map(|(_, v)| v.clone())
    })
    .unwrap();
    let (adapters, _) = config.adapters();
    let poller = Poller::new(&config, adapters, Arc::new(cat()), store.clone()).unwrap();
    let runtime = rt();
    assert!(runtime.block_on(poller.poll_once(None))[0].replaced());
    let before = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
    let r = runtime.block_on(poller.poll_once(None));
    assert!(!r[0].replaced(), "{r:?}");
    assert_eq!(r[0].retry_after, Some(Duration::from_secs(900)));
    assert!(r[0].line().contains("HTTP 429"), "{}", r[0].line());
    assert_eq!(
        latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap(),
        before
    );
}

#[test]
fn retry_after_dates_are_the_time_left_and_other_words_are_not_read() {
    use gpuscout_providers::fetch::retry_after_at;
    use std::time::{SystemTime, UNIX_EPOCH};
    // 2026-12-02 16:00:00 UTC.
    let now = UNIX_EPOCH + Duration::from_secs(1_796_227_200);
    let at = |v: &str| retry_after_at(Some(v), now);
    assert_eq!(
        at("Wed, 02 Dec 2026 16:05:30 GMT"),
        Some(Duration::from_secs(330))
    );
    // Across a month, a leap day and a year's end.
    assert_eq!(
        at("Fri, 01 Jan 2027 00:00:00 GMT"),
        Some(Duration::from_secs(86_400))
    );
    let leap = UNIX_EPOCH + Duration::from_secs(1_709_164_800); // 2024-02-29 00:00:00
    assert_eq!(
        retry_after_at(Some("Thu, 29 Feb 2024 00:01:00 GMT"), leap),
        Some(Duration::from_secs(60))
    );
    // RFC 850's obsolete form, which a recipient must accept (RFC 9110 §5.6.7; round 21).
    assert_eq!(
        at("Wednesday, 02-Dec-26 16:05:30 GMT"),
        Some(Duration::from_secs(330))
    );
    // A date already past: no wait of its own. Seconds as before, capped at a day.
    assert_eq!(at("Sun, 06 Nov 1994 08:49:37 GMT"), Some(Duration::ZERO));
    assert_eq!(at(" 7 "), Some(Duration::from_secs(7)));
    assert_eq!(at("999999"), Some(Duration::from_secs(86_400)));
    for unread in [
        "-5",
        "soon",
        "Wed, 02 Dec 2026 16:05:30 PST",
        "Wed, 32 Dec 2026 16:05:30 GMT",
        "Wed, 02 Dec 2026 25:05:30 GMT",
        "",
    ] {
        assert_eq!(at(unread), None, "{unread}");
    }
    assert!(retry_after_at(None, SystemTime::now()).is_none());
}

const BOM: char = '\u{FEFF}';

#[test]
fn a_python_backends_nan_and_infinity_and_a_byte_order_mark_do_not_lose_the_answer() {
    // Vast's API is Python: a float without a value is written NaN or Infinity, which strict
    // JSON refuses. The whole answer must not be lost for a field we never read; a row whose
    // price is one of them has no price and is skipped.
    let body = format!(
        "{}{{\"offers\": [{}, {}, {}]}}",
        BOM,
        vast_row(
            r#""id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
            "dph_total": 0.35, "dlperf_per_dphtotal": Infinity, "score": NaN,
            "duration": -Infinity, "rentable": true, "rented": false"#
        ),
        vast_row(
            r#""id": 2, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
            "dph_total": NaN, "rentable": true, "rented": false"#
        ),
        vast_row(
            r#""id": 3, "gpu_name": "H100 SXM", "num_gpus": 2, "gpu_ram": 81559,
            "dph_base": 4.0, "storage_cost": Infinity, "dph_total": 4.1,
            "min_bid": 2.0, "rentable": true, "rented": false"#
        ),
    );
    let p = parse(&vast(), &body).unwrap();
    assert_eq!(p.skipped, 1, "{p:?}");
    let on_demand: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.kind == OfferKind::OnDemand)
        .map(|o| (o.raw_name.as_str(), o.price_per_gpu_hour))
        .collect();
    assert_eq!(
        on_demand,
        [("RTX 4090", dec("0.35")), ("H100 SXM", dec("2.05"))]
    );
    // No storage price: no spot row (it would understate the hour).
    assert!(p.offers.iter().all(|o| o.kind == OfferKind::OnDemand));
    // RunPod and Lambda answers with a byte-order mark read the same.
    let rp = format!(
        "{}{{\"data\": {{\"gpuTypes\": [{}]}}}}",
        BOM,
        rp_type(r#""id": "NVIDIA A40", "securePrice": 0.44, "communityPrice": NaN"#)
    );
    let p = parse(&runpod(), &rp).unwrap();
    assert_eq!(p.offers.len(), 1, "{p:?}");
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("0.44"));
    // Still refused: a page that is not JSON at all, with or without the mark.
    for bad in ["\u{FEFF}<html>502 Bad Gateway</html>", "{\"offers\": [NaN"] {
        assert!(
            matches!(parse(&vast(), bad), Err(FetchError::Malformed(_))),
            "{bad}"
        );
    }
}
