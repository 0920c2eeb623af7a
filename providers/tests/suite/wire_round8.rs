//! QA round 8 (wire6): provider answers written from the providers' published shapes (Vast's
//! bundle search fields, RunPod's GraphQL `gpuTypes`, Lambda's OpenAPI `InstanceTypes`) in
//! forms JSON allows and no other case here has: numbers in scientific notation (a JSON
//! number `2.5e-1`, a string `"3.99E0"`), whole numbers written as floats (`2.0` cards,
//! `2.49e2` cents), figures no price can be (`1e308`, `"1e400"`, negative), a `next` that is
//! null, GraphQL `extensions` beside `data`, regions with fields we never read, the newest cards
//! (B300, RTX PRO 6000 server and workstation, MI355X), and over the wire a 429 with a gzip
//! body and a 401 that echoes the key. Each asserts the figure a user would see, a row skipped,
//! or a refusal with its reason: never a wrong price, never another card.

use bot_core::availability::StockLevel;
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::{Adapter, FetchError, Parsed, Secret};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use rust_decimal::Decimal;
use std::time::Duration;

// The fake adapters and helpers are wire_answers' own.
use super::wire_answers::{NOW, cat, dec, lambda, run, runpod, vast};

fn parse(a: &dyn Adapter, body: &str) -> Parsed {
    a.parse(body.as_bytes(), &cat(), NOW)
        .unwrap_or_else(|e| panic!("{e:?}\n{body}"))
}

/// A Vast bundle row with the fields we read and some we never do.
fn vast_row(id: u64, name: &str, cards: &str, ram: &str, price: &str) -> String {
    format!(
        r#"{{"id": {id}, "machine_id": {id}, "gpu_name": "{name}", "num_gpus": {cards},
        "gpu_ram": {ram}, "dph_total": {price}, "rentable": true, "rented": false,
        "reliability2": 0.998, "geolocation": "Sweden, SE", "cuda_max_good": 12.8,
        "gpu_arch": "nvidia", "vms_enabled": false, "static_ip": true}}"#
    )
}

fn lambda_type(name: &str, gpu_desc: &str, cents: &str, gpus: u32, regions: &str) -> String {
    format!(
        r#""{name}": {{"instance_type": {{"name": "{name}", "description": "{gpus}x {gpu_desc}",
        "gpu_description": "{gpu_desc}", "price_cents_per_hour": {cents},
        "specs": {{"vcpus": 64, "memory_gib": 432, "storage_gib": 4096, "gpus": {gpus}}}}},
        "regions_with_capacity_available": [{regions}]}}"#
    )
}

const EAST: &str = r#"{"name": "us-east-3", "description": "Washington DC, USA"}"#;

#[test]
fn vast_prices_in_scientific_notation_and_whole_floats_read_as_their_value() {
    let rows = [
        vast_row(9101, "RTX 4090", "1", "24564", "2.5e-1"),
        vast_row(9102, "RTX 3090", "1", "24576", "1.2E0"),
        vast_row(9103, "RTX A6000", "1", "49140", r#""3.5e-1""#),
        // Two cards written as a float: the whole offer is for two.
        vast_row(9104, "H100 SXM", "2.0", "81559", "4.4"),
    ];
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(",")));
    let price = |raw: &str| {
        p.offers
            .iter()
            .find(|o| o.raw_name == raw)
            .map(|o| (o.price_per_gpu_hour, o.cards))
    };
    assert_eq!(price("RTX 4090"), Some((dec("0.25"), 1)), "{:#?}", p.offers);
    assert_eq!(price("RTX 3090"), Some((dec("1.2"), 1)));
    assert_eq!(price("RTX A6000"), Some((dec("0.35"), 1)));
    assert_eq!(price("H100 SXM"), Some((dec("2.2"), 2)));
    assert_eq!(p.skipped, 0);
}

#[test]
fn figures_no_price_can_be_are_skipped_and_the_rest_still_read() {
    let rows = [
        vast_row(9201, "RTX 4090", "1", "24564", "1e308"),
        vast_row(9202, "RTX 4090", "1", "24564", r#""1e400""#),
        vast_row(9203, "RTX 4090", "1", "24564", "-0.5"),
        vast_row(9204, "RTX 4090", "1", "24564", r#""-2.5e-1""#),
        vast_row(9205, "RTX 4090", "1", "24564", "0.31"),
    ];
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(",")));
    let prices: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    assert_eq!(prices, vec![dec("0.31")], "{:#?}", p.offers);
    assert_eq!(p.skipped, 4);
}

#[test]
fn runpod_prices_in_scientific_notation_as_numbers_or_strings_are_read() {
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": 24,
       "secureCloud": true, "communityCloud": true, "securePrice": 6.9e-1,
       "communityPrice": "3.4E-1", "secureSpotPrice": null, "communitySpotPrice": null,
       "maxGpuCount": 8, "secureLowest": {"stockStatus": "High"},
       "communityLowest": {"stockStatus": "Medium"}}
    ]}, "extensions": {"cost": {"requestedQueryCost": 12, "throttleStatus": {"currentlyAvailable": 988}}}}"#;
    let p = parse(&runpod(), body);
    let mut prices: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    prices.sort();
    assert_eq!(prices, vec![dec("0.34"), dec("0.69")], "{:#?}", p.offers);
    assert!(p.offers.iter().all(|o| o.gpu == "rtx-4090"));
    // GraphQL `extensions` (query cost) beside `data` say nothing about the answer's whole.
    assert_eq!(p.partial, None);
}

#[test]
fn lambda_cents_written_as_a_whole_float_are_cents() {
    let body = format!(
        r#"{{"data": {{{}, {}}}}}"#,
        lambda_type("gpu_1x_h100_pcie", "H100 (80 GB PCIe)", "2.49e2", 1, EAST),
        lambda_type("gpu_1x_a10", "A10 (24 GB PCIe)", "75.0", 1, EAST),
    );
    let p = parse(&lambda(), &body);
    let of = |name: &str| {
        p.offers
            .iter()
            .filter(|o| o.source.contains(&format!(" {name}:")))
            .map(|o| o.price_per_gpu_hour)
            .collect::<Vec<_>>()
    };
    assert_eq!(of("gpu_1x_h100_pcie"), vec![dec("2.49")], "{:#?}", p.offers);
    assert_eq!(of("gpu_1x_a10"), vec![dec("0.75")]);
}

#[test]
fn lambda_regions_and_types_with_fields_we_never_read_still_give_stock() {
    let body = r#"{"data": {"gpu_8x_h100_sxm5": {"instance_type": {"name": "gpu_8x_h100_sxm5",
        "description": "8x H100 (80 GB SXM5)", "gpu_description": "H100 (80 GB SXM5)",
        "price_cents_per_hour": 2392, "specs": {"vcpus": 208, "memory_gib": 1800,
        "storage_gib": 22000, "gpus": 8, "gpu_memory_gib": 80, "nvlink": true},
        "generation": "hopper", "tags": ["training"], "deprecated": false},
      "regions_with_capacity_available": [{"name": "us-south-1", "description": "Texas, USA",
        "country": "US", "availability_zone": null, "capacity": {"instances": 3}}],
      "minimum_term": null}}, "meta": {"request_id": "r-1"}}"#;
    let p = parse(&lambda(), body);
    assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    let o = &p.offers[0];
    assert_eq!(
        (o.gpu.as_str(), o.price_per_gpu_hour, o.cards, o.stock),
        ("h100-sxm", dec("2.99"), 8, StockLevel::Available)
    );
    assert_eq!(p.partial, None);
}

#[test]
fn a_vast_answer_whose_next_is_null_is_whole() {
    let body = format!(
        r#"{{"success": true, "next": null, "offers": [{}]}}"#,
        vast_row(9301, "RTX 4090", "1", "24564", "0.4")
    );
    let p = parse(&vast(), &body);
    assert_eq!(p.offers.len(), 1);
    assert_eq!(p.partial, None, "a null cursor is no next page");
}

#[test]
fn the_newest_cards_are_named_as_themselves_never_an_older_card() {
    // Vast: the RTX PRO 6000's workstation and server names, and a B300.
    let rows = [
        vast_row(9401, "RTX PRO 6000 WS", "1", "97887", "1.1"),
        vast_row(9402, "RTX PRO 6000 S", "1", "97887", "1.2"),
        vast_row(9403, "B300", "8", "275040", "48.0"),
    ];
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(",")));
    let gpu = |raw: &str| {
        p.offers
            .iter()
            .find(|o| o.raw_name == raw)
            .map(|o| o.gpu.clone())
            .unwrap_or_else(|| panic!("{raw} missing: {:#?}", p.offers))
    };
    assert_eq!(gpu("RTX PRO 6000 WS"), "rtx-pro-6000");
    assert_eq!(gpu("RTX PRO 6000 S"), "rtx-pro-6000");
    assert!(
        !["b200", "b100"].contains(&gpu("B300").as_str()),
        "{}",
        gpu("B300")
    );
    assert!(gpu("B300").to_lowercase().contains("b300"));

    // RunPod: the server edition and AMD's MI355X.
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA RTX PRO 6000 Blackwell Server Edition", "displayName": "RTX PRO 6000 Server",
       "memoryInGb": 96, "secureCloud": true, "communityCloud": false, "securePrice": 1.96,
       "secureLowest": {"stockStatus": "Medium"}},
      {"id": "AMD Instinct MI355X", "displayName": "MI355X", "memoryInGb": 288,
       "secureCloud": true, "communityCloud": false, "securePrice": 3.29,
       "secureLowest": {"stockStatus": "Low"}},
      {"id": "NVIDIA B300 SXM6 AC", "displayName": "B300", "memoryInGb": 288,
       "secureCloud": true, "communityCloud": false, "securePrice": 6.39,
       "secureLowest": {"stockStatus": "Low"}}
    ]}}"#;
    let p = parse(&runpod(), body);
    let gpu = |price: &str| {
        p.offers
            .iter()
            .find(|o| o.price_per_gpu_hour == dec(price))
            .map(|o| o.gpu.clone())
            .unwrap_or_else(|| panic!("{price} missing: {:#?}", p.offers))
    };
    assert_eq!(gpu("1.96"), "rtx-pro-6000");
    assert!(
        gpu("3.29").to_lowercase().contains("mi355x"),
        "{}",
        gpu("3.29")
    );
    assert!(
        gpu("6.39").to_lowercase().contains("b300"),
        "{}",
        gpu("6.39")
    );

    // Lambda: a B300 type (SXM6, like its B200) is not read as the B200.
    let body = format!(
        r#"{{"data": {{{}}}}}"#,
        lambda_type("gpu_8x_b300_sxm6", "B300 (288 GB SXM6)", "6392", 8, EAST)
    );
    let p = parse(&lambda(), &body);
    assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    assert!(
        p.offers[0].gpu.to_lowercase().contains("b300"),
        "{}",
        p.offers[0].gpu
    );
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("7.99"));
}

pub(super) fn gzip(text: &str) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(text.as_bytes()).unwrap();
    e.finish().unwrap()
}

#[test]
fn a_429_with_a_gzip_body_keeps_its_retry_after_and_a_401_never_shows_the_key() {
    let fake = FakeProviders::start();
    let key = "secret_lambda_8f3b2c1d9e7a6f5b4c3d2e1f";
    fake.script(
        "/api/v1/instance-types",
        vec![
            Script::bytes(
                429,
                gzip(r#"{"error": {"code": "global/too-many-requests", "message": "slow down"}}"#),
            )
            .header("Content-Encoding", "gzip")
            .header("Content-Type", "application/json")
            .header("Retry-After", "45"),
            Script::status(
                401,
                format!(
                    r#"{{"error": {{"code": "global/invalid-api-key",
                    "message": "API key {key} was not found", "suggestion": "Check {key}"}}}}"#
                ),
            )
            .header("Content-Type", "application/json"),
        ],
    );
    let l = Lambda {
        base: fake.url(),
        key: Secret::new(key),
    };
    let e = run(&l).unwrap_err();
    assert!(matches!(e, FetchError::Http { status: 429, .. }), "{e:?}");
    assert_eq!(e.retry_after(), Some(Duration::from_secs(45)));
    let e = run(&l).unwrap_err();
    assert!(matches!(e, FetchError::Http { status: 401, .. }), "{e:?}");
    for shown in [e.to_string(), format!("{e:?}")] {
        assert!(!shown.contains(key), "{shown}");
        assert!(!shown.contains("8f3b2c1d9e7a6f5b"), "{shown}");
    }
}

#[test]
fn absent_capacity_padded_names_string_booleans_and_a_null_cloud_are_read_for_what_they_say() {
    // Lambda without `regions_with_capacity_available` at all: stock unknown, never "out".
    let body = r#"{"data": {"gpu_1x_a100_sxm4": {"instance_type": {"name": "gpu_1x_a100_sxm4",
        "description": "1x A100 (40 GB SXM4)", "gpu_description": "A100 (40 GB SXM4)",
        "price_cents_per_hour": 129, "specs": {"vcpus": 30, "memory_gib": 200,
        "storage_gib": 512, "gpus": 1}}}}}"#;
    let p = parse(&lambda(), body);
    assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    assert_eq!(p.offers[0].stock, StockLevel::Unknown);
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("1.29"));

    // Vast: a padded lower-case name is the card; `rentable` as the string "false" is not
    // "in stock".
    let rows = [
        vast_row(9501, "  rtx 4090 ", "1", "24564", "0.33"),
        r#"{"id": 9502, "gpu_name": "RTX 3090", "num_gpus": 1, "gpu_ram": 24576,
            "dph_total": 0.2, "rentable": "false", "rented": "true"}"#
            .to_string(),
    ];
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(",")));
    let of = |price: &str| {
        p.offers
            .iter()
            .find(|o| o.price_per_gpu_hour == dec(price))
            .unwrap_or_else(|| panic!("{price}: {:#?}", p.offers))
    };
    assert_eq!(of("0.33").gpu, "rtx-4090");
    assert_ne!(of("0.2").stock, StockLevel::Available, "{:?}", of("0.2"));

    // RunPod: `communityCloud` null says nothing of that cloud; the secure price stands.
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA L40S", "displayName": "L40S", "memoryInGb": 48, "secureCloud": true,
       "communityCloud": null, "securePrice": 0.86, "communityPrice": 0.79,
       "secureLowest": {"stockStatus": "High"}, "communityLowest": null}
    ]}}"#;
    let p = parse(&runpod(), body);
    let prices: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    assert!(prices.contains(&dec("0.86")), "{:#?}", p.offers);
    assert!(
        !p.offers
            .iter()
            .any(|o| o.price_per_gpu_hour == dec("0.79") && o.stock == StockLevel::Available),
        "a cloud the type may not be in is never in stock: {:#?}",
        p.offers
    );

    // The same flags as strings and numbers: "false" and 0 say the type is not in that cloud.
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA B200", "displayName": "B200", "memoryInGb": 180, "secureCloud": "true",
       "communityCloud": "false", "securePrice": 5.99, "communityPrice": 0.5,
       "secureLowest": {"stockStatus": "Low"}, "communityLowest": {"stockStatus": "High"}},
      {"id": "NVIDIA H200", "displayName": "H200 SXM", "memoryInGb": 141, "secureCloud": 1,
       "communityCloud": 0, "securePrice": 3.99, "communityPrice": 0.6,
       "secureLowest": {"stockStatus": "Medium"}, "communityLowest": {"stockStatus": "High"}}
    ]}}"#;
    let p = parse(&runpod(), body);
    let mut prices: Vec<Decimal> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
    prices.sort();
    assert_eq!(prices, vec![dec("3.99"), dec("5.99")], "{:#?}", p.offers);
    // Vast: `rentable` as 1 and `rented` as "0" is in stock; a word that says neither is not.
    let rows = [
        r#"{"id": 9503, "gpu_name": "RTX 4080", "num_gpus": 1, "gpu_ram": 16376,
            "dph_total": 0.21, "rentable": 1, "rented": "0"}"#,
        r#"{"id": 9504, "gpu_name": "RTX 4080", "num_gpus": 1, "gpu_ram": 16376,
            "dph_total": 0.22, "rentable": "maybe", "rented": false}"#,
    ];
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(",")));
    let stock: Vec<(Decimal, StockLevel)> = p
        .offers
        .iter()
        .map(|o| (o.price_per_gpu_hour, o.stock))
        .collect();
    assert_eq!(
        stock,
        vec![
            (dec("0.21"), StockLevel::Available),
            (dec("0.22"), StockLevel::Unknown)
        ]
    );
}

#[test]
fn vasts_own_card_names_reach_the_card_they_are_and_no_other() {
    // Names as Vast's search writes them (its `gpu_name` values; the CLI's `RTX_6000Ada` is
    // `RTX 6000Ada` in an answer), with the memory Vast reports in MB.
    let cases: [(&str, &str, Option<&str>, &[&str]); 12] = [
        ("H200 NVL", "143771", Some("h200-nvl"), &["h200-sxm"]),
        ("H200", "143771", Some("h200-sxm"), &["h200-nvl"]),
        (
            "H100 NVL",
            "95830",
            Some("h100-nvl"),
            &["h100-pcie", "h100-sxm"],
        ),
        (
            "H100 PCIE",
            "81559",
            Some("h100-pcie"),
            &["h100-sxm", "h100-nvl"],
        ),
        (
            "RTX 6000Ada",
            "49140",
            Some("rtx-6000-ada"),
            &["quadro-rtx-6000", "rtx-pro-6000"],
        ),
        (
            "Q RTX 6000",
            "24576",
            Some("quadro-rtx-6000"),
            &["rtx-6000-ada", "rtx-pro-6000"],
        ),
        (
            "A800 PCIE",
            "81920",
            Some("a800-80g-pcie"),
            &["a100-80g-pcie"],
        ),
        ("A100X", "81920", None, &["a100-80g-pcie", "a100-80g-sxm"]),
        (
            "GH200 SXM",
            "97871",
            Some("gh200"),
            &["h100-sxm", "h200-sxm"],
        ),
        ("RTX 5070 Ti", "16303", None, &["rtx-5080", "rtx-5090"]),
        ("RTX 4090D", "24564", Some("rtx-4090d"), &["rtx-4090"]),
        ("RTX 3080 Ti", "12288", Some("rtx-3080-ti"), &["rtx-3080"]),
    ];
    let rows: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, (name, ram, _, _))| vast_row(9600 + i as u64, name, "1", ram, "1.0"))
        .collect();
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(",")));
    for (name, _, is, never) in cases {
        let o = p
            .offers
            .iter()
            .find(|o| o.raw_name == name)
            .unwrap_or_else(|| panic!("{name} missing: {:#?}", p.offers));
        if let Some(id) = is {
            assert_eq!(o.gpu, id, "{name}");
        }
        assert!(!never.contains(&o.gpu.as_str()), "{name} read as {}", o.gpu);
    }
}
