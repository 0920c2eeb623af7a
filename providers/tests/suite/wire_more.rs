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
