//! QA round 11 (wire9): provider answers written from the providers' published shapes
//! (Vast's bundle search, RunPod's GraphQL `gpuTypes`, Lambda's `instance-types`) with every
//! optional field null, numbers written as strings, empty and null lists, a price with a
//! currency sign, a page past Vast's row cap, and over the wire a 503 with `Retry-After`
//! (gzip body and HTML page), a body coded `x-gzip`. Each asserts the figure a user would
//! see, a row skipped, or a failure with its reason: never 0, never "no offers" from an
//! answer we could not read, never a panic.

use bot_core::availability::{OfferKind, StockLevel};
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, Secret};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::time::Duration;

use super::wire_answers::{dec, lambda, parse as parsed, run, runpod, vast};
use super::wire_round8::gzip;

#[test]
fn runpod_types_with_every_optional_field_null_are_read_for_what_they_say() {
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": null,
       "secureCloud": null, "communityCloud": null, "securePrice": 2.99,
       "communityPrice": null, "secureSpotPrice": null, "communitySpotPrice": null,
       "secureLowest": null, "communityLowest": null},
      {"id": "NVIDIA A40", "displayName": null, "memoryInGb": 48, "secureCloud": true,
       "communityCloud": true, "securePrice": null, "communityPrice": null,
       "secureSpotPrice": null, "communitySpotPrice": null,
       "secureLowest": {"stockStatus": null}, "communityLowest": {"stockStatus": null}}
    ]}}"#;
    let p = parsed(&runpod(), body).unwrap();
    let h100: Vec<_> = p.offers.iter().filter(|o| o.gpu == "h100-sxm").collect();
    assert_eq!(h100.len(), 1, "{:#?}", p.offers);
    assert_eq!(h100[0].price_per_gpu_hour, dec("2.99"));
    assert_eq!(h100[0].kind, OfferKind::OnDemand);
    // No stock said: unknown, never in stock, never sold out.
    assert_eq!(h100[0].stock, StockLevel::Unknown, "{:#?}", h100[0]);
    assert!(
        h100[0].vram_gb.is_none_or(|v| v > 70.0),
        "{:?}",
        h100[0].vram_gb
    );
    // A type whose every price is null is no offer (and no zero price).
    assert!(p.offers.iter().all(|o| o.price_per_gpu_hour > dec("0")));
    assert!(
        !p.offers.iter().any(|o| o.raw_name.contains("A40")),
        "{:#?}",
        p.offers
    );
}

#[test]
fn runpod_numbers_and_flags_written_as_strings_read_as_their_value() {
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": "24",
       "secureCloud": "true", "communityCloud": "false", "securePrice": "0.69",
       "communityPrice": "0.34", "secureSpotPrice": "0.35", "communitySpotPrice": null,
       "secureLowest": {"stockStatus": "High"}, "communityLowest": {"stockStatus": "Low"}}
    ]}}"#;
    let p = parsed(&runpod(), body).unwrap();
    let od: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.kind == OfferKind::OnDemand)
        .collect();
    // Secure cloud at 0.69; the community price is for a cloud the type is not in.
    assert_eq!(od.len(), 1, "{:#?}", p.offers);
    assert_eq!(od[0].price_per_gpu_hour, dec("0.69"));
    assert_eq!(od[0].gpu, "rtx-4090");
    assert!(
        matches!(od[0].stock, StockLevel::Available | StockLevel::Low),
        "{:?}",
        od[0].stock
    );
    let spot: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.kind == OfferKind::Spot)
        .collect();
    assert!(
        spot.iter().all(|o| o.price_per_gpu_hour == dec("0.35")),
        "{spot:#?}"
    );
}

#[test]
fn vast_rows_with_nulls_and_strings_everywhere_read_or_skip_never_zero() {
    let body = r#"{"offers": [
      {"id": 9500001, "machine_id": null, "gpu_name": "RTX 4090", "num_gpus": "2",
       "gpu_ram": null, "gpu_total_ram": null, "dph_base": null, "dph_total": "1.6",
       "storage_cost": null, "min_bid": null, "rentable": true, "rented": null,
       "geolocation": null, "reliability2": null, "inet_down": null, "cpu_ram": null,
       "disk_space": null, "verified": null, "search": null, "instance": null},
      {"id": 9500002, "gpu_name": null, "num_gpus": 1, "dph_total": 0.5, "rentable": true},
      {"id": 9500003, "gpu_name": "RTX 3090", "num_gpus": null, "dph_total": 0.2,
       "rentable": true},
      {"id": 9500004, "gpu_name": "A100 SXM4", "num_gpus": 1, "dph_total": "$1.20",
       "rentable": true}
    ]}"#;
    let p = parsed(&vast(), body).unwrap();
    let od: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name == "RTX 4090" && o.kind == OfferKind::OnDemand)
        .collect();
    assert_eq!(od.len(), 1, "{:#?}", p.offers);
    assert_eq!(od[0].price_per_gpu_hour, dec("0.8"));
    assert_eq!(od[0].cards, 2);
    // No memory said: unknown, never 0 GB.
    assert!(
        od[0].vram_gb.is_none_or(|v| v > 20.0),
        "{:?}",
        od[0].vram_gb
    );
    // min_bid null: no spot row made up.
    assert!(
        !p.offers
            .iter()
            .any(|o| o.raw_name == "RTX 4090" && o.kind == OfferKind::Spot)
    );
    // No name, no card count: skipped, never a card of 0 or a guessed name.
    assert!(
        p.offers
            .iter()
            .all(|o| o.cards > 0 && !o.raw_name.is_empty()),
        "{:#?}",
        p.offers
    );
    // "$1.20": the dollar figure or nothing, never 0 and never 120.
    for o in p.offers.iter().filter(|o| o.raw_name == "A100 SXM4") {
        assert_eq!(o.price_per_gpu_hour, dec("1.2"), "{o:#?}");
    }
    assert!(p.skipped >= 2, "skipped {}", p.skipped);
}

#[test]
fn lambda_types_with_nulls_and_strings_read_or_skip_never_zero() {
    let body = r#"{"data": {
      "gpu_8x_h100_sxm5": {"instance_type": {"name": "gpu_8x_h100_sxm5",
        "description": null, "gpu_description": "H100 (80 GB SXM5)",
        "price_cents_per_hour": "2392", "specs": {"vcpus": null, "memory_gib": null,
        "storage_gib": null, "gpus": "8"}}, "regions_with_capacity_available": []},
      "gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "description": "1x A10 (24 GB PCIe)",
        "gpu_description": "A10 (24 GB PCIe)", "price_cents_per_hour": null,
        "specs": {"vcpus": 30, "memory_gib": 200, "storage_gib": 1400, "gpus": 1}},
        "regions_with_capacity_available": null},
      "gpu_1x_gh200": {"instance_type": {"name": "gpu_1x_gh200", "description": "1x GH200 (96 GB)",
        "gpu_description": "GH200 (96 GB)", "price_cents_per_hour": 149,
        "specs": {"vcpus": 64, "memory_gib": 432, "storage_gib": 4096, "gpus": 1}},
        "regions_with_capacity_available": null}
    }}"#;
    let p = parsed(&lambda(), body).unwrap();
    let h100: Vec<_> = p.offers.iter().filter(|o| o.gpu == "h100-sxm").collect();
    assert_eq!(h100.len(), 1, "{:#?}", p.offers);
    assert_eq!(h100[0].price_per_instance_hour, dec("23.92"));
    assert_eq!(h100[0].price_per_gpu_hour, dec("2.99"));
    assert_eq!(h100[0].cards, 8);
    // An empty capacity list: no region has it now.
    assert_eq!(
        h100[0].stock,
        StockLevel::Unavailable,
        "{:?}",
        h100[0].stock
    );
    // A null price: skipped; a null capacity list: unknown, never sold out.
    assert!(
        !p.offers.iter().any(|o| o.raw_name.starts_with("A10 ")),
        "{:#?}",
        p.offers
    );
    let gh: Vec<_> = p.offers.iter().filter(|o| o.gpu == "gh200").collect();
    assert_eq!(gh.len(), 1, "{:#?}", p.offers);
    assert_eq!(gh[0].stock, StockLevel::Unknown);
    assert_eq!(gh[0].price_per_gpu_hour, dec("1.49"));
}

#[test]
fn null_or_empty_lists_where_the_rows_should_be_are_failures_or_empty_never_a_panic() {
    // `offers: null`, `gpuTypes: null`, `data: null`: nothing read, so a failure.
    for (a, body) in [
        (&vast() as &dyn Adapter, r#"{"offers": null}"#),
        (&runpod(), r#"{"data": {"gpuTypes": null}}"#),
        (&lambda(), r#"{"data": null}"#),
        (&lambda(), r#"{"data": []}"#),
    ] {
        assert!(parsed(a, body).is_err(), "{body} read as an answer");
    }
    // An empty search is an answer: nothing listed.
    let p = parsed(&vast(), r#"{"offers": []}"#).unwrap();
    assert!(p.offers.is_empty());
}

#[test]
fn a_page_past_vasts_row_cap_is_partial_and_every_row_read() {
    let rows: Vec<String> = (0..2_500)
        .map(|i| {
            format!(
                r#"{{"id": {}, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
                "dph_total": 0.4, "rentable": true}}"#,
                9_600_000 + i
            )
        })
        .collect();
    let p = parsed(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(","))).unwrap();
    assert_eq!(p.offers.len(), 2_500);
    assert!(p.partial.is_some(), "a full page is no whole answer");
}

#[test]
fn a_503_with_retry_after_keeps_it_gzip_or_html_and_x_gzip_bodies_are_read() {
    let fake = FakeProviders::start();
    let url = fake.url();
    let runpod_at = RunPod {
        base: url.clone(),
        key: None,
    };
    let vast_at = Vast {
        base: url.clone(),
        key: Some(Secret::new("vk_live_abcdef123456")),
    };
    let lambda_at = Lambda {
        base: url.clone(),
        key: Secret::new("secret_lambda_key_999"),
    };
    fake.script(
        "/graphql",
        vec![
            Script::bytes(503, gzip(r#"{"errors": [{"message": "maintenance"}]}"#))
                .header("Content-Encoding", "gzip")
                .header("Content-Type", "application/json")
                .header("Retry-After", "120"),
        ],
    );
    fake.script(
        "/api/v0/bundles/",
        vec![
            Script::status(
                503,
                "<html><body>Service Unavailable vk_live_abcdef123456</body></html>",
            )
            .header("Content-Type", "text/html")
            .header("Retry-After", "45"),
        ],
    );
    fake.script(
        "/api/v1/instance-types",
        vec![Script::status(503, "").header("Retry-After", "Wed, 21 Oct 2099 07:28:00 GMT")],
    );
    let e = run(&runpod_at).unwrap_err();
    assert_eq!(e.retry_after(), Some(Duration::from_secs(120)), "{e}");
    let e = run(&vast_at).unwrap_err();
    assert_eq!(e.retry_after(), Some(Duration::from_secs(45)), "{e}");
    assert!(!e.to_string().contains("vk_live_abcdef123456"), "{e}");
    let e = run(&lambda_at).unwrap_err();
    assert!(
        e.retry_after()
            .is_some_and(|d| d > Duration::from_secs(3600)),
        "{e}"
    );
    // `x-gzip` is gzip (RFC 9110 §8.4.1.3: recipients treat it as gzip).
    let body = r#"{"data": {"gpuTypes": [{"id": "NVIDIA L4", "displayName": "L4",
        "memoryInGb": 24, "secureCloud": true, "communityCloud": false, "securePrice": 0.43,
        "secureLowest": {"stockStatus": "Medium"}}]}}"#;
    fake.script(
        "/graphql",
        vec![Script::bytes(200, gzip(body)).header("Content-Encoding", "x-gzip")],
    );
    let p = run(&runpod_at).unwrap();
    assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("0.43"));
}

#[test]
fn rows_shaped_unlike_the_docs_are_skipped_or_the_answer_refused_never_zero() {
    // Vast's offers keyed by id (an object) instead of a list: nothing read, a failure.
    let body = r#"{"offers": {"9700001": {"id": 9700001, "gpu_name": "RTX 4090",
        "num_gpus": 1, "dph_total": 0.4, "rentable": true}}}"#;
    assert!(parsed(&vast(), body).is_err(), "read as an answer");
    // RunPod's price as a word: no price, never 0.
    let body = r#"{"data": {"gpuTypes": [
      {"id": "NVIDIA L40S", "displayName": "L40S", "memoryInGb": 48, "secureCloud": true,
       "communityCloud": false, "securePrice": "N/A", "communityPrice": null,
       "secureLowest": {"stockStatus": "High"}},
      {"id": "NVIDIA L4", "displayName": "L4", "memoryInGb": 24, "secureCloud": true,
       "communityCloud": false, "securePrice": 0.43, "secureLowest": {"stockStatus": "High"}}
    ]}}"#;
    match parsed(&runpod(), body) {
        Ok(p) => {
            assert!(
                p.offers.iter().all(|o| o.price_per_gpu_hour > dec("0")),
                "{:#?}",
                p.offers
            );
            assert!(
                p.offers.iter().any(|o| o.price_per_gpu_hour == dec("0.43")),
                "{:#?}",
                p.offers
            );
        }
        Err(e) => panic!("one unreadable price failed the whole answer: {e}"),
    }
    // Lambda: an entry without `instance_type` is skipped, the rest read.
    let body = r#"{"data": {
      "gpu_1x_mystery": {"regions_with_capacity_available": [{"name": "us-east-1"}]},
      "gpu_1x_a100_sxm4": {"instance_type": {"name": "gpu_1x_a100_sxm4",
        "description": "1x A100 (40 GB SXM4)", "gpu_description": "A100 (40 GB SXM4)",
        "price_cents_per_hour": 129, "specs": {"vcpus": 30, "memory_gib": 200,
        "storage_gib": 512, "gpus": 1}},
        "regions_with_capacity_available": [{"name": "us-east-1", "description": "Virginia"}]}
    }}"#;
    let p = parsed(&lambda(), body).unwrap();
    assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("1.29"));
    assert_eq!(p.offers[0].stock, StockLevel::Available);
}
