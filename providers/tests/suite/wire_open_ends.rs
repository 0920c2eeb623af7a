//! Provider answers written from RunPod's GraphQL `gpuTypes`, Lambda's OpenAPI
//! `InstanceTypes` and Vast's bundle search, in shapes no other case here has: an HTML page or
//! an empty body with HTTP 200 from RunPod and Lambda (a proxy, a captcha, a cut deploy), a
//! price of zero, a capacity list that is null, `data` that is null, and cards no catalog
//! knows. Each is a failure with its reason, a row skipped, or an offer named as the
//! provider named it: never "no offers", never free, never another card, never "out of stock"
//! from a field that says nothing.

use bot_core::Catalog;
use bot_core::availability::StockLevel;
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, FetchError, Parsed, Secret, fetch};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::time::Duration;

const NOW: i64 = 1_764_581_400;

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

fn run(adapter: &dyn Adapter) -> Result<Parsed, FetchError> {
    let http = reqwest::Client::new();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(fetch(adapter, &http, &cat(), Duration::from_secs(5), NOW))
}

fn lambda(base: String) -> Lambda {
    Lambda {
        base,
        key: Secret::new("lk_test"),
    }
}

fn runpod(base: String) -> RunPod {
    RunPod { base, key: None }
}

/// What a proxy or a bot check answers with status 200.
const PAGES: [&str; 3] = [
    "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>",
    "",
    "   \n",
];

#[test]
fn runpod_and_lambda_html_pages_and_empty_bodies_with_200_are_failures_not_empty_lists() {
    let fake = FakeProviders::start();
    let scripts = || {
        PAGES
            .iter()
            .map(|b| Script::ok(*b).header("Content-Type", "text/html; charset=utf-8"))
            .collect::<Vec<_>>()
    };
    fake.script("/graphql", scripts());
    fake.script("/api/v1/instance-types", scripts());
    let adapters: [Box<dyn Adapter>; 2] =
        [Box::new(runpod(fake.url())), Box::new(lambda(fake.url()))];
    for a in &adapters {
        for page in PAGES {
            let e = run(a.as_ref()).unwrap_err();
            assert!(matches!(e, FetchError::Malformed(_)), "{page:?}: {e:?}");
        }
    }
}

fn rp_type(fields: &str) -> String {
    format!(
        r#"{{"maxGpuCount": 8, "secureCloud": true, "communityCloud": true,
        "nodeGroupDatacenters": [], {fields}}}"#
    )
}

#[test]
fn a_price_of_zero_is_no_price_on_runpod_and_lambda() {
    let body = format!(
        r#"{{"data": {{"gpuTypes": [{}, {}]}}}}"#,
        rp_type(
            r#""id": "NVIDIA A40", "displayName": "A40", "memoryInGb": 48,
            "securePrice": 0, "communityPrice": "0.00", "lowestPrice": {"stockStatus": "High"}"#
        ),
        rp_type(
            r#""id": "NVIDIA L4", "displayName": "L4", "memoryInGb": 24,
            "securePrice": "0.43", "communityPrice": null, "secureLowest": {"stockStatus": "High"}"#
        ),
    );
    let p = runpod(String::new())
        .parse(body.as_bytes(), &cat(), NOW)
        .unwrap();
    assert!(
        p.offers.iter().all(|o| !o.price_per_gpu_hour.is_zero()),
        "{:?}",
        p.offers
    );
    assert!(p.offers.iter().all(|o| o.raw_name != "NVIDIA A40"));
    let l4: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name == "NVIDIA L4")
        .collect();
    assert_eq!(l4.len(), 1, "{:?}", p.offers);
    assert_eq!(l4[0].price_per_gpu_hour.to_string(), "0.43");

    let body = r#"{"data": {"gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10",
        "description": "1x A10 (24 GB PCIe)", "gpu_description": "A10 (24 GB PCIe)",
        "price_cents_per_hour": 0,
        "specs": {"vcpus": 30, "memory_gib": 200, "storage_gib": 1400, "gpus": 1}},
      "regions_with_capacity_available": [{"name": "us-east-1", "description": "Virginia, USA"}]}}}"#;
    // Its only row unreadable: the answer is a failure (the last snapshot stays), not a
    // good answer with nothing in it.
    let e = lambda(String::new())
        .parse(body.as_bytes(), &cat(), NOW)
        .unwrap_err();
    assert!(matches!(e, FetchError::Malformed(_)), "{e:?}");
}

#[test]
fn lambda_null_capacity_is_unknown_stock_and_null_data_is_a_failure() {
    let body = r#"{"data": {"gpu_1x_h100_pcie": {"instance_type": {"name": "gpu_1x_h100_pcie",
        "description": "1x H100 (80 GB PCIe)", "gpu_description": "H100 (80 GB PCIe)",
        "price_cents_per_hour": 249,
        "specs": {"vcpus": 26, "memory_gib": 200, "storage_gib": 1000, "gpus": 1}},
      "regions_with_capacity_available": null}}}"#;
    let p = lambda(String::new())
        .parse(body.as_bytes(), &cat(), NOW)
        .unwrap();
    assert_eq!(p.offers.len(), 1, "{:?}", p.offers);
    assert_ne!(
        p.offers[0].stock,
        StockLevel::Unavailable,
        "a null list says nothing about capacity"
    );
    for body in [r#"{"data": null}"#, r#"{}"#, r#"[]"#] {
        let e = lambda(String::new())
            .parse(body.as_bytes(), &cat(), NOW)
            .unwrap_err();
        assert!(matches!(e, FetchError::Malformed(_)), "{body}: {e:?}");
    }
}

#[test]
fn cards_no_catalog_knows_keep_the_providers_name_and_never_become_another_card() {
    let c = cat();
    let known: Vec<String> = c.gpus.iter().map(|g| g.id.clone()).collect();
    let body = format!(
        r#"{{"data": {{"gpuTypes": [{}]}}}}"#,
        rp_type(
            r#""id": "NVIDIA Q900 288GB", "displayName": "Q900", "memoryInGb": 288,
            "securePrice": 9.99, "communityPrice": null, "secureLowest": {"stockStatus": "Low"}"#
        )
    );
    let p = runpod(String::new())
        .parse(body.as_bytes(), &c, NOW)
        .unwrap();
    let vast_body = r#"{"offers": [{"id": 77, "gpu_name": "RTX 9090", "num_gpus": 1,
        "gpu_ram": 49152, "dph_total": 1.25, "rentable": true, "rented": false}]}"#;
    let v = Vast {
        base: String::new(),
        key: None,
    }
    .parse(vast_body.as_bytes(), &c, NOW)
    .unwrap();
    let lambda_body = r#"{"data": {"gpu_1x_zz1": {"instance_type": {"name": "gpu_1x_zz1",
        "description": "1x ZZ1 (512 GB SXM9)", "gpu_description": "ZZ1 (512 GB SXM9)",
        "price_cents_per_hour": 999,
        "specs": {"vcpus": 26, "memory_gib": 200, "storage_gib": 1000, "gpus": 1}},
      "regions_with_capacity_available": []}}}"#;
    let l = lambda(String::new())
        .parse(lambda_body.as_bytes(), &c, NOW)
        .unwrap();
    for (provider, offers) in [
        ("runpod", &p.offers),
        ("vast", &v.offers),
        ("lambda", &l.offers),
    ] {
        assert_eq!(offers.len(), 1, "{provider}: {offers:?}");
        let o = &offers[0];
        assert!(
            !known.contains(&o.gpu),
            "{provider}: {:?} read as the catalog's {}",
            o.raw_name,
            o.gpu
        );
        assert!(!o.price_per_gpu_hour.is_zero());
    }
}
