//! More provider answers written from the providers' documents, for the shapes a JSON
//! encoder or a gateway in front of the API produces: Lambda's `price_cents_per_hour`
//! (an integer in its OpenAPI `InstanceType` schema) sent as a string of digits, and what is
//! no whole number of cents; Vast's and RunPod's counts and sizes as strings. Each asserts the
//! price a user would see, or that the row is skipped, never read as another figure.

use bot_core::Catalog;
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, Secret};
use rust_decimal::Decimal;
use std::str::FromStr;

const NOW: i64 = 1_764_581_400;

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn lambda_type(name: &str, cents: &str, gpus: &str) -> String {
    format!(
        r#""{name}": {{"instance_type": {{"name": "{name}", "description": "8x H100 (80 GB SXM5)",
        "gpu_description": "H100 (80 GB SXM5)", "price_cents_per_hour": {cents},
        "specs": {{"vcpus": 208, "memory_gib": 1800, "storage_gib": 24780, "gpus": {gpus}}}}},
        "regions_with_capacity_available": [{{"name": "us-east-3", "description": "Washington DC, USA"}}]}}"#
    )
}

#[test]
fn lambda_cents_as_a_string_of_digits_are_cents_and_anything_else_is_skipped() {
    let lambda = Lambda {
        base: String::new(),
        key: Secret::new("lk_test"),
    };
    let body = format!(
        r#"{{"data": {{{}, {}, {}, {}, {}}}}}"#,
        lambda_type("as_text", r#""2392""#, r#""8""#),
        lambda_type("as_number", "2392", "8"),
        // Dollars written where cents belong, a negative figure, an empty string: no price.
        lambda_type("dollars", r#""23.92""#, "8"),
        lambda_type("negative", r#""-2392""#, "8"),
        lambda_type("empty", r#""""#, "8"),
    );
    let p = lambda
        .parse(body.as_bytes(), &Catalog::embedded().unwrap(), NOW)
        .unwrap();
    let of = |name: &str| {
        p.offers
            .iter()
            .filter(|o| o.source.contains(&format!(" {name}:")))
            .map(|o| (o.price_per_instance_hour, o.price_per_gpu_hour, o.cards))
            .collect::<Vec<_>>()
    };
    assert_eq!(of("as_text"), vec![(dec("23.92"), dec("2.99"), 8)]);
    assert_eq!(of("as_text"), of("as_number"));
    for skipped in ["dollars", "negative", "empty"] {
        assert!(of(skipped).is_empty(), "{skipped}: {:?}", of(skipped));
    }
    assert_eq!(p.skipped, 3);
}

#[test]
fn vast_and_runpod_counts_and_sizes_as_strings_read_as_the_numbers_they_are() {
    let c = Catalog::embedded().unwrap();
    let vast = Vast {
        base: String::new(),
        key: None,
    };
    let body = r#"{"offers": [
      {"id": 31, "gpu_name": "RTX 4090", "num_gpus": "2", "gpu_ram": "24564",
       "dph_total": "0.82", "rentable": true, "rented": false},
      {"id": 32, "gpu_name": "RTX 4090", "num_gpus": "2.5", "gpu_ram": 24564,
       "dph_total": 0.9, "rentable": true, "rented": false}
    ]}"#;
    let p = vast.parse(body.as_bytes(), &c, NOW).unwrap();
    assert_eq!(p.offers.len(), 1, "{:?}", p.offers);
    let o = &p.offers[0];
    assert_eq!(
        (o.cards, o.price_per_gpu_hour, o.price_per_instance_hour),
        (2, dec("0.41"), dec("0.82"))
    );
    assert_eq!(o.vram_gb, Some(24.0));
    // Half a card is no count: that row is skipped, never rounded.
    assert_eq!(p.skipped, 1);

    let runpod = RunPod {
        base: String::new(),
        key: None,
    };
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": "24",
       "secureCloud": true, "communityCloud": true, "securePrice": "0.69",
       "communityPrice": "0.34", "secureSpotPrice": null, "communitySpotPrice": "0.2",
       "secureLowest": {"stockStatus": "High"}, "communityLowest": {"stockStatus": "Low"}}
    ]}}"#;
    let p = runpod.parse(body.as_bytes(), &c, NOW).unwrap();
    let mut prices: Vec<(Decimal, String)> = p
        .offers
        .iter()
        .map(|o| (o.price_per_gpu_hour, format!("{:?}/{:?}", o.kind, o.stock)))
        .collect();
    prices.sort();
    assert_eq!(
        prices,
        vec![
            (dec("0.2"), "Spot/Low".to_string()),
            (dec("0.34"), "OnDemand/Low".to_string()),
            (dec("0.69"), "OnDemand/Available".to_string()),
        ]
    );
    assert!(p.offers.iter().all(|o| o.vram_gb == Some(24.0)));
}

/// Answers for the cards of 2025–2026 in each provider's documented shape (Lambda's
/// `instance-types`, RunPod's `gpuTypes`, Vast's bundles), written apart from the code: each
/// card is named as the card it is (GH200 is not an H200, an H200 not a GH200, an H100 NVL not
/// an SXM, an 80 GB A100 not a 40 GB one) and priced per card from the whole instance, and a
/// stock word RunPod has not documented is unknown, never "in stock".
#[test]
fn new_cards_are_named_as_themselves_and_priced_per_card() {
    use bot_core::availability::{OfferKind, StockLevel};
    let c = Catalog::embedded().unwrap();
    let lambda = Lambda {
        base: String::new(),
        key: Secret::new("lk_test"),
    };
    let ty = |name: &str, gpu_desc: &str, cents: u32, gpus: u32, regions: &str| {
        format!(
            r#""{name}": {{"instance_type": {{"name": "{name}", "description": "{gpus}x {gpu_desc}",
            "gpu_description": "{gpu_desc}", "price_cents_per_hour": {cents},
            "specs": {{"vcpus": 64, "memory_gib": 432, "storage_gib": 4096, "gpus": {gpus}}}}},
            "regions_with_capacity_available": [{regions}]}}"#
        )
    };
    let east = r#"{"name": "us-east-3", "description": "Washington DC, USA"}"#;
    let body = format!(
        r#"{{"data": {{{}, {}, {}, {}}}}}"#,
        ty("gpu_1x_gh200", "GH200 (96 GB)", 149, 1, east),
        ty("gpu_8x_b200_sxm6", "B200 (180 GB SXM6)", 4792, 8, east),
        ty("gpu_8x_a100_80gb_sxm4", "A100 (80 GB SXM4)", 1432, 8, ""),
        ty("cpu_4x_general", "", 20, 0, east),
    );
    let p = lambda.parse(body.as_bytes(), &c, NOW).unwrap();
    let got = |id: &str| {
        p.offers
            .iter()
            .filter(|o| o.source.contains(&format!(" {id}:")))
            .map(|o| (o.gpu.as_str(), o.price_per_gpu_hour, o.cards, o.stock))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        got("gpu_1x_gh200"),
        vec![("gh200", dec("1.49"), 1, StockLevel::Available)]
    );
    assert_eq!(
        got("gpu_8x_b200_sxm6"),
        vec![("b200", dec("5.99"), 8, StockLevel::Available)]
    );
    assert_eq!(
        got("gpu_8x_a100_80gb_sxm4"),
        vec![("a100-80g-sxm", dec("1.79"), 8, StockLevel::Unavailable)]
    );
    assert!(got("cpu_4x_general").is_empty());
    assert_eq!(
        p.skipped, 0,
        "a CPU type is no offer, not an unreadable row"
    );

    let runpod = RunPod {
        base: String::new(),
        key: None,
    };
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA H200", "displayName": "H200 SXM", "memoryInGb": 141, "secureCloud": true,
       "communityCloud": false, "securePrice": 3.99, "communityPrice": null,
       "secureSpotPrice": 3.59, "communitySpotPrice": null, "maxGpuCount": 8,
       "secureLowest": {"stockStatus": "Medium", "minimumBidPrice": 3.59, "uninterruptablePrice": 3.99},
       "communityLowest": null},
      {"id": "NVIDIA B200", "displayName": "B200", "memoryInGb": 180, "secureCloud": true,
       "communityCloud": false, "securePrice": 5.99, "secureLowest": {"stockStatus": "Low"}},
      {"id": "AMD Instinct MI300X OAM", "displayName": "MI300X", "memoryInGb": 192,
       "secureCloud": true, "communityCloud": false, "securePrice": 2.49,
       "secureLowest": {"stockStatus": "Reserved"}}
    ]}}"#;
    let p = runpod.parse(body.as_bytes(), &c, NOW).unwrap();
    let mut rows: Vec<(String, Decimal, OfferKind, StockLevel)> = p
        .offers
        .iter()
        .map(|o| (o.gpu.clone(), o.price_per_gpu_hour, o.kind, o.stock))
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    assert_eq!(
        rows,
        vec![
            (
                "b200".into(),
                dec("5.99"),
                OfferKind::OnDemand,
                StockLevel::Low
            ),
            (
                "h200-sxm".into(),
                dec("3.59"),
                OfferKind::Spot,
                StockLevel::Available
            ),
            (
                "h200-sxm".into(),
                dec("3.99"),
                OfferKind::OnDemand,
                StockLevel::Available
            ),
            (
                "mi300x".into(),
                dec("2.49"),
                OfferKind::OnDemand,
                StockLevel::Unknown
            ),
        ]
    );

    let vast = Vast {
        base: String::new(),
        key: None,
    };
    let body = r#"{"offers": [
      {"id": 41, "gpu_name": "RTX 5090", "num_gpus": 1, "gpu_ram": 32607, "dph_total": 0.52,
       "rentable": true, "rented": false, "geolocation": "Sweden, SE", "verification": "verified"},
      {"id": 42, "gpu_name": "H100 NVL", "num_gpus": 2, "gpu_ram": 95830, "dph_total": 4.4,
       "rentable": true, "rented": false, "geolocation": null},
      {"id": 43, "gpu_name": "A100 SXM4", "num_gpus": 4, "gpu_frac": 0.5, "gpu_ram": 81920,
       "dph_base": 4.0, "storage_cost": null, "dph_total": 4.2, "rentable": true, "rented": false}
    ]}"#;
    let p = vast.parse(body.as_bytes(), &c, NOW).unwrap();
    let rows: Vec<(&str, Decimal, u32, Option<&str>)> = p
        .offers
        .iter()
        .map(|o| {
            (
                o.gpu.as_str(),
                o.price_per_gpu_hour,
                o.cards,
                o.region.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("rtx-5090", dec("0.52"), 1, Some("Sweden, SE")),
            ("h100-nvl", dec("2.2"), 2, None),
            // Half of an 8-card host is its own 4 cards: the price is the offer's, over 4;
            // without a storage price, `dph_total` (storage included) is the one read.
            ("a100-80g-sxm", dec("1.05"), 4, None),
        ]
    );
}
