//! QA round 9 (wire7): provider answers written from the providers' published shapes (Vast's
//! bundle search fields, RunPod's GraphQL `gpuTypes`, Lambda's OpenAPI `InstanceTypes`) as a
//! tester who wants to break them would send them: a price or card field renamed or moved
//! (every row then unreadable), zero and negative counts and prices, a currency other than
//! the dollar, the same card under two names, one host repeated thousands of times, an answer
//! shaped as a bare list, and over the wire a 200 HTML page, JSON cut mid-row, a redirect to a
//! login page (with the key in its address) and one provider that hangs while another answers.
//! Each asserts the figure a user would see, a row skipped, or a failure with its reason:
//! never a price in the wrong currency, never "no offers" from an answer we could not read.

use bot_core::availability::StockLevel;
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, FetchError, Parsed, Secret, fetch};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use rust_decimal::Decimal;
use std::time::{Duration, Instant};

use super::wire_answers::{NOW, cat, dec, lambda, runpod, vast};

const VAST: &str = "/api/v0/bundles/";
const RUNPOD: &str = "/graphql";
const LAMBDA: &str = "/api/v1/instance-types";

fn parsed(a: &dyn Adapter, body: &str) -> Result<Parsed, FetchError> {
    a.parse(body.as_bytes(), &cat(), NOW)
}

fn run(adapter: &dyn Adapter, timeout: Duration) -> Result<Parsed, FetchError> {
    let http = reqwest::Client::new();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(fetch(adapter, &http, &cat(), timeout, NOW))
}

fn adapters(url: &str) -> [(&'static str, Box<dyn Adapter>); 3] {
    [
        (
            VAST,
            Box::new(Vast {
                base: url.to_string(),
                key: None,
            }),
        ),
        (
            RUNPOD,
            Box::new(RunPod {
                base: url.to_string(),
                key: None,
            }),
        ),
        (
            LAMBDA,
            Box::new(Lambda {
                base: url.to_string(),
                key: Secret::new("lk_test"),
            }),
        ),
    ]
}

/// A fetch that must fail: an answer we could not read is never "no offers".
fn fails(adapter: &dyn Adapter, what: &str) -> FetchError {
    match run(adapter, Duration::from_secs(5)) {
        Err(e) => e,
        Ok(p) => panic!("{what}: read as {} offers: {:#?}", p.offers.len(), p.offers),
    }
}

#[test]
fn an_answer_whose_price_or_card_field_was_renamed_is_a_failure_never_no_offers() {
    let fake = FakeProviders::start();
    // Vast renames `dph_total` (its search field list calls the total `dph_total`).
    fake.script(
        VAST,
        vec![Script::ok(
            r#"{"offers": [
            {"id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "dph": 0.4, "rentable": true},
            {"id": 2, "gpu_name": "H100 SXM", "num_gpus": 8, "dph": 19.2, "rentable": true}]}"#,
        )],
    );
    // RunPod moves the prices under `lowestPrice` (a field its schema really has).
    fake.script(
        RUNPOD,
        vec![Script::ok(
            r#"{"data": {"gpuTypes": [
            {"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": 24,
             "secureCloud": true, "communityCloud": true,
             "lowestPrice": {"minimumBidPrice": 0.2, "uninterruptablePrice": 0.69,
                "stockStatus": "High"}}]}}"#,
        )],
    );
    // Lambda moves the price under a `pricing` object.
    fake.script(
        LAMBDA,
        vec![Script::ok(
            r#"{"data": {"gpu_1x_h100_pcie": {"instance_type": {"name": "gpu_1x_h100_pcie",
            "description": "1x H100 (80 GB PCIe)", "gpu_description": "H100 (80 GB PCIe)",
            "pricing": {"cents_per_hour": 249}, "specs": {"vcpus": 26, "memory_gib": 200,
            "storage_gib": 1024, "gpus": 1}},
            "regions_with_capacity_available": [{"name": "us-east-1", "description": "V"}]}}}"#,
        )],
    );
    for (path, a) in adapters(&fake.url()) {
        fails(a.as_ref(), path);
    }
    // Vast moves the card's name under `gpu`: no row may become a card named "".
    fake.script(
        VAST,
        vec![Script::ok(
            r#"{"offers": [{"id": 3, "gpu": {"name": "RTX 4090"}, "num_gpus": 1,
            "dph_total": 0.4, "rentable": true}]}"#,
        )],
    );
    let [(_, v), _, _] = adapters(&fake.url());
    fails(v.as_ref(), "vast without gpu_name");
}

#[test]
fn zero_and_negative_card_counts_are_no_offer_and_never_a_division() {
    let rows = r#"{"offers": [
        {"id": 11, "gpu_name": "RTX 4090", "num_gpus": 0, "dph_total": 0.4, "rentable": true},
        {"id": 12, "gpu_name": "RTX 4090", "num_gpus": -2, "dph_total": 0.8, "rentable": true},
        {"id": 13, "gpu_name": "RTX 4090", "num_gpus": 1e12, "dph_total": 0.8, "rentable": true},
        {"id": 14, "gpu_name": "RTX 4090", "num_gpus": 2, "dph_total": 0.0, "rentable": true},
        {"id": 15, "gpu_name": "RTX 4090", "num_gpus": 2, "dph_total": 0.9, "rentable": true}]}"#;
    let p = parsed(&vast(), rows).unwrap();
    let got: Vec<(Decimal, u32)> = p
        .offers
        .iter()
        .map(|o| (o.price_per_gpu_hour, o.cards))
        .collect();
    assert_eq!(got, vec![(dec("0.45"), 2)], "{:#?}", p.offers);
    assert_eq!(p.skipped, 4);

    // Lambda: an instance type with no GPU in it (0) and one with a negative price.
    let body = r#"{"data": {
      "cpu_4x_general": {"instance_type": {"name": "cpu_4x_general", "description": "CPU",
        "gpu_description": "", "price_cents_per_hour": 20, "specs": {"vcpus": 4,
        "memory_gib": 16, "storage_gib": 100, "gpus": 0}},
        "regions_with_capacity_available": [{"name": "us-east-1", "description": "V"}]},
      "gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "description": "1x A10",
        "gpu_description": "A10 (24 GB PCIe)", "price_cents_per_hour": -75, "specs": {
        "vcpus": 30, "memory_gib": 200, "storage_gib": 1400, "gpus": 1}},
        "regions_with_capacity_available": [{"name": "us-east-1", "description": "V"}]},
      "gpu_1x_a100": {"instance_type": {"name": "gpu_1x_a100", "description": "1x A100",
        "gpu_description": "A100 (40 GB SXM4)", "price_cents_per_hour": 129, "specs": {
        "vcpus": 30, "memory_gib": 200, "storage_gib": 512, "gpus": 1}},
        "regions_with_capacity_available": []}}}"#;
    let p = parsed(&lambda(), body).unwrap();
    let got: Vec<(Decimal, StockLevel)> = p
        .offers
        .iter()
        .map(|o| (o.price_per_gpu_hour, o.stock))
        .collect();
    assert_eq!(
        got,
        vec![(dec("1.29"), StockLevel::Unavailable)],
        "{:#?}",
        p.offers
    );

    // RunPod: a zero and a negative price are no price; the other cloud's stands.
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA A40", "displayName": "A40", "memoryInGb": 48, "secureCloud": true,
       "communityCloud": true, "securePrice": 0, "communityPrice": -0.35,
       "secureLowest": {"stockStatus": "High"}, "communityLowest": {"stockStatus": "High"}},
      {"id": "NVIDIA RTX A5000", "displayName": "RTX A5000", "memoryInGb": 24,
       "secureCloud": true, "communityCloud": true, "securePrice": "0.0",
       "communityPrice": 0.16, "secureLowest": {"stockStatus": "High"},
       "communityLowest": {"stockStatus": "Low"}}]}}"#;
    let p = parsed(&runpod(), body).unwrap();
    let got: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    assert_eq!(got, vec![dec("0.16")], "{:#?}", p.offers);
}

#[test]
fn a_price_in_another_currency_is_never_read_as_dollars() {
    // A row that names its currency: only USD is the dollar figure we store.
    let body = r#"{"offers": [
        {"id": 21, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 2.9,
         "currency": "CNY", "rentable": true},
        {"id": 22, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.41,
         "currency": "usd", "rentable": true},
        {"id": 23, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.38,
         "rentable": true}]}"#;
    let p = parsed(&vast(), body).unwrap();
    let mut got: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    got.sort();
    assert_eq!(got, vec![dec("0.38"), dec("0.41")], "{:#?}", p.offers);
    assert!(p.offers.iter().all(|o| o.currency == "USD"));

    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA L4", "displayName": "L4", "memoryInGb": 24, "secureCloud": true,
       "communityCloud": false, "securePrice": 0.43, "currency": "EUR",
       "secureLowest": {"stockStatus": "High"}},
      {"id": "NVIDIA L40", "displayName": "L40", "memoryInGb": 48, "secureCloud": true,
       "communityCloud": false, "securePrice": 0.99, "secureLowest": {"stockStatus": "High"}}
    ]}}"#;
    let p = parsed(&runpod(), body).unwrap();
    let got: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    assert_eq!(got, vec![dec("0.99")], "{:#?}", p.offers);

    let body = r#"{"data": {"gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10",
        "description": "1x A10", "gpu_description": "A10 (24 GB PCIe)",
        "price_cents_per_hour": 75, "currency": "EUR", "specs": {"vcpus": 30,
        "memory_gib": 200, "storage_gib": 1400, "gpus": 1}},
        "regions_with_capacity_available": []}}}"#;
    match parsed(&lambda(), body) {
        Err(_) => {}
        Ok(p) => assert!(p.offers.is_empty(), "{:#?}", p.offers),
    }
}

#[test]
fn the_same_card_under_two_names_is_one_card_and_a_repeated_host_is_one_offer() {
    let body = r#"{"offers": [
        {"id": 31, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.4, "rentable": true},
        {"id": 32, "gpu_name": "GeForce RTX 4090", "num_gpus": 1, "dph_total": 0.5,
         "rentable": true},
        {"id": 33, "gpu_name": "NVIDIA GeForce RTX 4090", "num_gpus": 2, "dph_total": 1.0,
         "rentable": true},
        {"id": 34, "gpu_name": "rtx4090", "num_gpus": 1, "dph_total": 0.45, "rentable": true}]}"#;
    let p = parsed(&vast(), body).unwrap();
    assert_eq!(p.offers.len(), 4, "{:#?}", p.offers);
    assert!(
        p.offers.iter().all(|o| o.gpu == "rtx-4090"),
        "{:#?}",
        p.offers
    );

    // One host repeated 5,000 times (a paging bug upstream): one offer, quickly.
    let row =
        r#"{"id": 35, "gpu_name": "H100 SXM", "num_gpus": 8, "dph_total": 20.0, "rentable": true}"#;
    let body = format!(r#"{{"offers": [{}]}}"#, vec![row; 5000].join(","));
    let started = Instant::now();
    let p = parsed(&vast(), &body).unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(
        p.offers.len(),
        1,
        "{:#?}",
        &p.offers[..p.offers.len().min(3)]
    );
    assert_eq!(p.duplicates, 4999);
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("2.5"));
}

#[test]
fn an_answer_shaped_as_a_bare_list_is_read_or_refused_never_empty() {
    // Vast's older search answered a bare array of offers.
    let body = r#"[{"id": 41, "gpu_name": "RTX 3090", "num_gpus": 1, "dph_total": 0.2,
        "rentable": true}]"#;
    if let Ok(p) = parsed(&vast(), body) {
        assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    }
    // Lambda's `data` as a list of instance types (another API version's shape).
    let body = r#"{"data": [{"instance_type": {"name": "gpu_1x_a10", "description": "1x A10",
        "gpu_description": "A10 (24 GB PCIe)", "price_cents_per_hour": 75,
        "specs": {"vcpus": 30, "memory_gib": 200, "storage_gib": 1400, "gpus": 1}},
        "regions_with_capacity_available": []}]}"#;
    if let Ok(p) = parsed(&lambda(), body) {
        assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    }
}

#[test]
fn html_pages_cut_json_and_redirects_to_a_login_page_are_failures_with_no_key_shown() {
    let fake = FakeProviders::start();
    let page = "<!DOCTYPE html><html><head><title>Sign in</title></head><body>Log in</body></html>";
    // Vast: a maintenance page with 200 (RunPod's and Lambda's were checked in round 7).
    fake.script(
        VAST,
        vec![Script::ok(page).header("Content-Type", "text/html; charset=utf-8")],
    );
    let [(_, v), _, _] = adapters(&fake.url());
    fails(v.as_ref(), "vast html 200");
    // JSON cut mid-row on each provider.
    let cut = [
        (
            VAST,
            r#"{"offers": [{"id": 51, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0."#,
        ),
        (
            RUNPOD,
            r#"{"data": {"gpuTypes": [{"id": "NVIDIA L4", "displayName": "L4", "securePr"#,
        ),
        (
            LAMBDA,
            r#"{"data": {"gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "pri"#,
        ),
    ];
    for (path, body) in cut {
        fake.script(path, vec![Script::ok(body)]);
    }
    for (path, a) in adapters(&fake.url()) {
        fails(a.as_ref(), &format!("{path} cut"));
    }
    // A redirect to a login page (an expired session at a gateway), the key in its address.
    let key = "lk_live_9c1e5d7a3b2f4e6d8c0a1b3c5d7e9f";
    for path in [VAST, RUNPOD, LAMBDA] {
        fake.script(
            path,
            vec![
                Script::status(302, "")
                    .header("Location", &format!("/login?next=%2Fapi&api_key={key}")),
            ],
        );
    }
    fake.script(
        "/login",
        vec![Script::ok(page).header("Content-Type", "text/html")],
    );
    let lambda = Lambda {
        base: fake.url(),
        key: Secret::new(key),
    };
    let e = fails(&lambda, "lambda login redirect");
    for shown in [e.to_string(), format!("{e:?}")] {
        assert!(!shown.contains(key), "{shown}");
        assert!(!shown.contains("9c1e5d7a3b2f"), "{shown}");
    }
    let [(_, v), (_, r), _] = adapters(&fake.url());
    fails(v.as_ref(), "vast login redirect");
    fails(r.as_ref(), "runpod login redirect");
}

#[test]
fn a_provider_that_hangs_costs_its_own_deadline_while_another_answers_at_once() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::ok(r#"{"offers": []}"#).slow(Duration::from_secs(30))],
    );
    fake.script(
        RUNPOD,
        vec![Script::ok(
            r#"{"data": {"gpuTypes": [{"id": "NVIDIA L4", "displayName": "L4",
            "memoryInGb": 24, "secureCloud": true, "communityCloud": false,
            "securePrice": 0.43, "secureLowest": {"stockStatus": "High"}}]}}"#,
        )],
    );
    let [(_, v), (_, r), _] = adapters(&fake.url());
    let started = Instant::now();
    let (slow, quick) = std::thread::scope(|s| {
        let slow = s.spawn(|| run(v.as_ref(), Duration::from_secs(2)));
        let quick = s.spawn(|| {
            let r = run(r.as_ref(), Duration::from_secs(2));
            (r, started.elapsed())
        });
        (slow.join().unwrap(), quick.join().unwrap())
    });
    assert!(slow.is_err(), "a hung provider is a failure");
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "the deadline held"
    );
    let (quick, took) = quick;
    assert_eq!(quick.unwrap().offers.len(), 1);
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn a_200_whose_json_is_no_object_is_a_failure_on_every_provider() {
    let fake = FakeProviders::start();
    for body in ["null", r#""ok""#, "true", "42"] {
        for path in [VAST, RUNPOD, LAMBDA] {
            fake.script(
                path,
                vec![Script::ok(body).header("Content-Type", "application/json")],
            );
        }
        for (path, a) in adapters(&fake.url()) {
            fails(a.as_ref(), &format!("{path}: {body}"));
        }
    }
}

#[test]
fn figures_at_the_edge_of_a_decimal_are_no_price_and_never_a_panic() {
    // Decimal's largest value, and figures that overflow once a storage hour or a per-card
    // split is worked out: no price any GPU has, skipped like `1e308`.
    let max = "79228162514264337593543950335";
    let rows = [
        format!(
            r#"{{"id": 61, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": "{max}", "rentable": true}}"#
        ),
        format!(
            r#"{{"id": 62, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_base": "{max}",
            "storage_cost": "{max}", "dph_total": 0.5, "min_bid": "{max}", "rentable": true}}"#
        ),
        r#"{"id": 63, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 5e27, "rentable": true}"#
            .to_string(),
        r#"{"id": 64, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.37, "rentable": true}"#
            .to_string(),
    ];
    let body = format!(r#"{{"offers": [{}]}}"#, rows.join(","));
    let p = std::panic::catch_unwind(|| parsed(&vast(), &body))
        .expect("no panic")
        .unwrap();
    for o in &p.offers {
        assert!(
            o.price_per_gpu_hour < dec("1000000"),
            "{} read as a price",
            o.price_per_gpu_hour
        );
    }
    assert!(p.offers.iter().any(|o| o.price_per_gpu_hour == dec("0.37")));

    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA A40", "displayName": "A40", "memoryInGb": 48, "secureCloud": true,
       "communityCloud": true, "securePrice": 5e27, "communityPrice": "79228162514264337593543950335",
       "secureLowest": {"stockStatus": "High"}, "communityLowest": {"stockStatus": "High"}},
      {"id": "NVIDIA L4", "displayName": "L4", "memoryInGb": 24, "secureCloud": true,
       "communityCloud": false, "securePrice": 0.43, "secureLowest": {"stockStatus": "High"}}]}}"#;
    let p = std::panic::catch_unwind(|| parsed(&runpod(), body))
        .expect("no panic")
        .unwrap();
    let got: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    assert_eq!(got, vec![dec("0.43")], "{:#?}", p.offers);

    let body = r#"{"data": {
      "gpu_8x_h100": {"instance_type": {"name": "gpu_8x_h100", "description": "8x H100",
        "gpu_description": "H100 (80 GB SXM5)", "price_cents_per_hour": 999999999999,
        "specs": {"vcpus": 208, "memory_gib": 1800, "storage_gib": 22000, "gpus": 8}},
        "regions_with_capacity_available": []},
      "gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "description": "1x A10",
        "gpu_description": "A10 (24 GB PCIe)", "price_cents_per_hour": 75,
        "specs": {"vcpus": 30, "memory_gib": 200, "storage_gib": 1400, "gpus": 1}},
        "regions_with_capacity_available": []}}}"#;
    let p = parsed(&lambda(), body).unwrap();
    let got: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    assert_eq!(got, vec![dec("0.75")], "{:#?}", p.offers);
}

/// An adapter whose parser has a fault on some answer (the Vast overflow above was one).
struct Faulty {
    base: String,
}

impl Adapter for Faulty {
    fn provider(&self) -> &'static str {
        "vast"
    }
    fn request(&self, http: &reqwest::Client) -> reqwest::RequestBuilder {
        http.get(format!("{}{VAST}", self.base))
    }
    fn parse(&self, body: &[u8], _: &bot_core::Catalog, _: i64) -> Result<Parsed, FetchError> {
        let n: Decimal = String::from_utf8_lossy(body).trim().parse().unwrap();
        let _ = n * n * n;
        unreachable!("the figure overflowed")
    }
}

#[test]
fn a_fault_in_a_parser_is_that_answers_failure_never_a_panic_in_the_poller() {
    let fake = FakeProviders::start();
    fake.script(VAST, vec![Script::ok("79228162514264337593543950335")]);
    let a = Faulty { base: fake.url() };
    let e = fails(&a, "a parser fault");
    assert!(matches!(e, FetchError::Malformed(_)), "{e:?}");
    assert!(e.to_string().contains("vast"), "{e}");
}

#[test]
fn exchange_rates_no_currency_has_are_refused_never_a_factor() {
    use gpuscout_providers::fx::parse_ecb;
    let feed = |usd: &str, cny: &str| {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<Cube><Cube time="2026-12-02"><Cube currency="USD" rate="{usd}"/><Cube currency="CNY" rate="{cny}"/>
<Cube currency="IDR" rate="17654.32"/><Cube currency="GBP" rate="0.8612"/></Cube></Cube>
</gesmes:Envelope>"#
        )
    };
    // The largest Decimal for the dollar: refused (the feed has no usable USD rate).
    assert!(parse_ecb(feed("79228162514264337593543950335", "8.2").as_bytes(), NOW).is_err());
    // A yuan rate of 1e-25 would make a yuan price of a dollar one overflow: skipped.
    let s = parse_ecb(feed("1.05", "0.0000000000000000000000001").as_bytes(), NOW).unwrap();
    assert!(!s.rates.contains_key("CNY"), "{:?}", s.rates);
    // Real rates at both ends of the ECB's list are kept.
    let s = parse_ecb(feed("1.05", "7.61").as_bytes(), NOW).unwrap();
    assert_eq!(s.rates["IDR"], dec("17654.32"));
    assert_eq!(s.rates["GBP"], dec("0.8612"));
    assert_eq!(s.rates["CNY"], dec("7.61"));
}
