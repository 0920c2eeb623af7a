//! QA round 12 (wire10): provider answers written from the providers' public API
//! descriptions (Vast's bundle search fields: `dph_total`/`dph_base` per offer, `min_bid`,
//! `storage_cost` per GB-month, `num_gpus`, `gpu_frac`, `success: false` bodies; RunPod's
//! GraphQL `gpuTypes` with commitment prices, `lowestPrice { minimumBidPrice
//! uninterruptablePrice stockStatus }`, `maxGpuCount`, GraphQL errors with 200; Lambda's
//! `instance-types` with `price_cents_per_hour` for the whole instance, `specs.gpus`,
//! `regions_with_capacity_available`, and its `{"error": {"code", "message", "suggestion"}}`
//! bodies; SkyPilot's and gpuhunt's catalog CSVs, whose prices are per instance), written
//! before they were run. The worst bug looked for first: a price wrong by a factor (per
//! instance read as per card, cents as dollars, a month as an hour). Then: errors with 200,
//! 401 bodies naming the key, 429s, and "no stock" against "we failed".

use bot_core::availability::{Offer, OfferKind, StockLevel};
use gpuscout_providers::import::{Format, parse as import_parse};
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, FetchError, Parsed, Secret};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::time::Duration;

use super::wire_answers::{NOW, cat, dec, lambda, parse as parsed, run, runpod, vast};

fn kind(p: &Parsed, k: OfferKind) -> Vec<&Offer> {
    p.offers.iter().filter(|o| o.kind == k).collect()
}

/// One Vast bundle row with the fields the search returns beside the ones given.
fn vrow(id: u64, fields: &str) -> String {
    format!(
        r#"{{"id": {id}, "ask_contract_id": {id}, "bundle_id": {id}, "machine_id": 77, "host_id": 12,
        "is_bid": false, "verified": true, "rentable": true, "rented": false, "external": false,
        "reliability2": 0.998, "inet_up_cost": 0.004, "inet_down_cost": 0.004,
        "credit_discount_max": 0.4, "dph_total_adj": null,
        "search": {{"gpuCostPerHour": 0.1, "diskHour": 0.001, "totalHour": 0.101}},
        {fields}}}"#
    )
}

fn vbody(rows: &[String]) -> String {
    format!(r#"{{"offers": [{}]}}"#, rows.join(","))
}

// ---- Vast: a factor in the price ----

#[test]
fn vast_whole_offer_prices_are_split_by_cards_never_by_the_fraction_and_storage_is_per_month() {
    // 1. Eight H100s, dph_total only: $16.00 the instance, $2.00 a card.
    // 2. Four 4090s on half a host (gpu_frac 0.5), dph_base 1.20 + 10 GB at $0.10/GB/month:
    //    the whole offer is 1.20 + 1/730, a card a quarter of it; the fraction is not applied.
    // 3. A month of storage is never read as an hour: $0.15/GB/month adds $0.002055/h,
    //    not $1.50.
    let body = vbody(&[
        vrow(
            1,
            r#""gpu_name": "H100 SXM", "num_gpus": 8, "gpu_frac": 1.0, "gpu_ram": 81559,
            "dph_total": 16.0, "dph_base": null, "storage_cost": null, "min_bid": null,
            "geolocation": "Oregon, US""#,
        ),
        vrow(
            2,
            r#""gpu_name": "RTX 4090", "num_gpus": 4, "gpu_frac": 0.5, "gpu_ram": 24564,
            "dph_total": 1.2014, "dph_base": 1.2, "storage_cost": 0.1, "min_bid": null,
            "geolocation": "Quebec, CA""#,
        ),
        vrow(
            3,
            r#""gpu_name": "RTX 4090", "num_gpus": 1, "gpu_frac": 0.125, "gpu_ram": 24564,
            "dph_total": 0.302, "dph_base": 0.3, "storage_cost": 0.15, "min_bid": null,
            "geolocation": "Texas, US""#,
        ),
    ]);
    let p = parsed(&vast(), &body).unwrap();
    let h100 = p.offers.iter().find(|o| o.gpu == "h100-sxm").unwrap();
    assert_eq!(h100.cards, 8);
    assert_eq!(h100.price_per_instance_hour, dec("16"));
    assert_eq!(h100.price_per_gpu_hour, dec("2"));
    assert_eq!(h100.region.as_deref(), Some("Oregon, US"));
    assert!(h100.vram_gb.is_some_and(|v| (79.0..=81.0).contains(&v)));
    let quad = p
        .offers
        .iter()
        .find(|o| o.gpu == "rtx-4090" && o.cards == 4)
        .unwrap();
    let whole = dec("1.2") + dec("0.1") * dec("10") / dec("730");
    assert_eq!(quad.price_per_instance_hour, whole.round_dp(6).normalize());
    assert_eq!(
        quad.price_per_gpu_hour,
        (whole / dec("4")).round_dp(6).normalize()
    );
    let one = p
        .offers
        .iter()
        .find(|o| o.gpu == "rtx-4090" && o.cards == 1)
        .unwrap();
    assert!(
        one.price_per_gpu_hour > dec("0.3") && one.price_per_gpu_hour < dec("0.303"),
        "{one:#?}"
    );
}

#[test]
fn vast_bids_are_spot_rows_split_by_cards_and_never_without_storage() {
    // 4. min_bid on a two-card offer: a spot row at (bid + storage) / 2 a card.
    // 5. min_bid with storage_cost null: no spot row, the on-demand one from dph_total.
    // 6. min_bid 0: no spot row at $0.
    let body = vbody(&[
        vrow(
            10,
            r#""gpu_name": "RTX 4090", "num_gpus": 2, "gpu_ram": 24564, "dph_base": 0.7,
            "dph_total": 0.7027, "storage_cost": 0.2, "min_bid": 0.3"#,
        ),
        vrow(
            11,
            r#""gpu_name": "RTX 3090", "num_gpus": 1, "gpu_ram": 24576, "dph_base": 0.2,
            "dph_total": 0.21, "storage_cost": null, "min_bid": 0.1"#,
        ),
        vrow(
            12,
            r#""gpu_name": "A100 PCIE", "num_gpus": 1, "gpu_ram": 81920, "dph_base": 1.1,
            "dph_total": 1.1014, "storage_cost": 0.1, "min_bid": 0"#,
        ),
    ]);
    let p = parsed(&vast(), &body).unwrap();
    let spot = kind(&p, OfferKind::Spot);
    assert_eq!(spot.len(), 1, "{spot:#?}");
    let s = spot[0];
    assert_eq!(s.cards, 2);
    let whole = dec("0.3") + dec("0.2") * dec("10") / dec("730");
    assert_eq!(s.price_per_instance_hour, whole.round_dp(6).normalize());
    assert_eq!(
        s.price_per_gpu_hour,
        (whole / dec("2")).round_dp(6).normalize()
    );
    let r3090: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name == "RTX 3090")
        .collect();
    assert_eq!(r3090.len(), 1);
    assert_eq!(r3090[0].kind, OfferKind::OnDemand);
    assert_eq!(r3090[0].price_per_gpu_hour, dec("0.21"));
    assert!(p.offers.iter().all(|o| o.price_per_gpu_hour > dec("0")));
}

#[test]
fn vast_strings_exponents_and_lower_case_currency_read_as_the_same_figures() {
    // 7. "1.20" and "2" cards: $0.60 a card. 8. 2e-1 as a number: $0.20.
    // 9. "currency": "usd": dollars. 10. A zero dph_total: skipped, never free.
    let body = vbody(&[
        vrow(
            20,
            r#""gpu_name": "RTX 4090", "num_gpus": "2", "dph_total": "1.20", "currency": "usd""#,
        ),
        vrow(
            21,
            r#""gpu_name": "RTX 3090", "num_gpus": 1, "dph_total": 2e-1"#,
        ),
        vrow(22, r#""gpu_name": "A40", "num_gpus": 1, "dph_total": 0"#),
    ]);
    let p = parsed(&vast(), &body).unwrap();
    let r4090 = p.offers.iter().find(|o| o.raw_name == "RTX 4090").unwrap();
    assert_eq!(r4090.price_per_gpu_hour, dec("0.6"));
    assert_eq!(r4090.price_per_instance_hour, dec("1.2"));
    let r3090 = p.offers.iter().find(|o| o.raw_name == "RTX 3090").unwrap();
    assert_eq!(r3090.price_per_gpu_hour, dec("0.2"));
    assert!(!p.offers.iter().any(|o| o.raw_name == "A40"));
    assert_eq!(p.skipped, 1);
}

#[test]
fn vast_rented_rows_are_out_and_an_unknown_flag_is_unknown() {
    // 11. rented true: never in stock. 12. rentable "maybe": unknown, not in stock.
    let body = vbody(&[
        vrow(
            30,
            r#""gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.4"#,
        )
        .replace(r#""rented": false"#, r#""rented": true"#),
        vrow(
            31,
            r#""gpu_name": "RTX 3090", "num_gpus": 1, "dph_total": 0.2"#,
        )
        .replace(r#""rentable": true"#, r#""rentable": "maybe""#),
    ]);
    let p = parsed(&vast(), &body).unwrap();
    let a = p.offers.iter().find(|o| o.raw_name == "RTX 4090").unwrap();
    assert_eq!(a.stock, StockLevel::Unavailable);
    assert_eq!(a.available_count, None);
    let b = p.offers.iter().find(|o| o.raw_name == "RTX 3090").unwrap();
    assert_eq!(b.stock, StockLevel::Unknown);
    assert!(!b.stock.in_stock());
}

#[test]
fn vast_errors_with_200_fail_and_an_empty_list_is_no_stock() {
    // 13. auth_error with 200. 14. a rate-limit message with 200. 15. `offers` renamed.
    // 16. empty offers with success false. 17. `{"offers": []}` alone: no stock, whole.
    for body in [
        r#"{"success": false, "error": "auth_error", "msg": "Invalid user key"}"#,
        r#"{"success": false, "msg": "API requests too frequent endpoint threshold=4.0"}"#,
        r#"{"data": [{"id": 1, "gpu_name": "RTX 4090", "num_gpus": 1, "dph_total": 0.4}]}"#,
        r#"{"offers": [], "success": false, "error": "server_error"}"#,
    ] {
        assert!(parsed(&vast(), body).is_err(), "{body}");
    }
    let p = parsed(&vast(), r#"{"offers": []}"#).unwrap();
    assert!(p.offers.is_empty());
    assert!(p.partial.is_none());
}

// ---- RunPod ----

fn rtype(fields: &str) -> String {
    format!(r#"{{"data": {{"gpuTypes": [{fields}]}}}}"#)
}

#[test]
fn runpod_prices_are_per_card_whatever_the_counts_and_commitments_beside_them() {
    // 18. maxGpuCount 8 beside securePrice 2.99: $2.99 a card, one card, never x8 or /8.
    // 19. oneMonthPrice / threeMonthPrice lower than securePrice: never the on-demand price.
    // 20. lowestPrice.minimumBidPrice / uninterruptablePrice: never a price of their own.
    let body = rtype(
        r#"{"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": 80,
        "maxGpuCount": 8, "maxGpuCountSecureCloud": 8, "maxGpuCountCommunityCloud": 0,
        "secureCloud": true, "communityCloud": false, "securePrice": 2.99,
        "communityPrice": null, "secureSpotPrice": null, "communitySpotPrice": null,
        "oneMonthPrice": 2.49, "threeMonthPrice": 2.29, "sixMonthPrice": 2.19,
        "oneWeekPrice": 2.69,
        "lowestPrice": {"minimumBidPrice": 1.75, "uninterruptablePrice": 2.69,
                        "stockStatus": "High"},
        "secureLowest": {"stockStatus": "High"}, "communityLowest": {"stockStatus": null}}"#,
    );
    let p = parsed(&runpod(), &body).unwrap();
    assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    let o = &p.offers[0];
    assert_eq!(o.cards, 1);
    assert_eq!(o.price_per_gpu_hour, dec("2.99"));
    assert_eq!(o.price_per_instance_hour, dec("2.99"));
    assert_eq!(o.kind, OfferKind::OnDemand);
    assert_eq!(o.stock, StockLevel::Available);
}

#[test]
fn runpod_spot_fields_are_spot_and_a_cloud_not_offered_gives_nothing() {
    // 21. secureSpotPrice: a Spot row, never on-demand. 22. communityCloud false with a
    // communityPrice: no community row. 23. "LOW" in capitals: low. 24. "Unavailable": out.
    let body = rtype(
        r#"{"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": 24,
        "secureCloud": true, "communityCloud": false, "securePrice": 0.69,
        "communityPrice": 0.34, "secureSpotPrice": 0.35, "communitySpotPrice": 0.2,
        "secureLowest": {"stockStatus": "LOW"}, "communityLowest": {"stockStatus": "High"}},
        {"id": "NVIDIA A40", "displayName": "A40", "memoryInGb": 48,
        "secureCloud": true, "communityCloud": true, "securePrice": 0.44,
        "communityPrice": null, "secureSpotPrice": null, "communitySpotPrice": null,
        "secureLowest": {"stockStatus": "Unavailable"}, "communityLowest": null}"#,
    );
    let p = parsed(&runpod(), &body).unwrap();
    let r4090: Vec<_> = p.offers.iter().filter(|o| o.gpu == "rtx-4090").collect();
    assert_eq!(r4090.len(), 2, "{r4090:#?}");
    let spot: Vec<_> = r4090.iter().filter(|o| o.kind == OfferKind::Spot).collect();
    assert_eq!(spot.len(), 1);
    assert_eq!(spot[0].price_per_gpu_hour, dec("0.35"));
    assert!(
        !r4090
            .iter()
            .any(|o| o.price_per_gpu_hour == dec("0.34") || o.price_per_gpu_hour == dec("0.2"))
    );
    assert!(r4090.iter().all(|o| o.stock == StockLevel::Low));
    let a40 = p.offers.iter().find(|o| o.gpu == "a40").unwrap();
    assert_eq!(a40.stock, StockLevel::Unavailable);
}

#[test]
fn runpod_graphql_errors_with_200_fail_and_an_empty_list_is_no_stock() {
    // 25. UNAUTHENTICATED with data null. 26. a rate limit as a GraphQL error with
    // gpuTypes null. 27. gpuTypes renamed (gpuTypesV2). 28. `gpuTypes: []`: whole, empty.
    for body in [
        r#"{"errors": [{"message": "You must be authenticated to access this resource.",
            "extensions": {"code": "UNAUTHENTICATED"}}], "data": null}"#,
        r#"{"errors": [{"message": "Too many requests, please slow down.",
            "extensions": {"code": "RATE_LIMITED"}}], "data": {"gpuTypes": null}}"#,
        r#"{"data": {"gpuTypesV2": [{"id": "NVIDIA A40", "securePrice": 0.44}]}}"#,
    ] {
        assert!(parsed(&runpod(), body).is_err(), "{body}");
    }
    let p = parsed(&runpod(), r#"{"data": {"gpuTypes": []}}"#).unwrap();
    assert!(p.offers.is_empty());
    assert!(p.partial.is_none());
}

// ---- Lambda ----

fn ltype(name: &str, it: &str, regions: &str) -> String {
    format!(
        r#""{name}": {{"instance_type": {{"name": "{name}", {it}}},
        "regions_with_capacity_available": {regions}}}"#
    )
}

fn lbody(types: &[String]) -> String {
    format!(r#"{{"data": {{{}}}}}"#, types.join(","))
}

#[test]
fn lambda_cents_for_the_whole_instance_are_split_by_its_cards() {
    // 29. 8x H100 at 2392 cents: $23.92 the instance, $2.99 a card.
    // 30. 129.0 cents as a float: $1.29. 31. price 0: skipped, never free.
    // 32. "2.49" (a dollar figure in a cents field): never $0.0249, never $2.49.
    // 33. no specs.gpus on a type whose name says 8x: skipped, never one card at the
    //     instance price.
    let body = lbody(&[
        ltype(
            "gpu_8x_h100_sxm5",
            r#""description": "8x H100 (80 GB SXM5)", "gpu_description": "H100 (80 GB SXM5)",
            "price_cents_per_hour": 2392,
            "specs": {"vcpus": 208, "memory_gib": 1800, "storage_gib": 24780, "gpus": 8}"#,
            r#"[{"name": "us-east-3", "description": "Washington DC, USA"}]"#,
        ),
        ltype(
            "gpu_1x_a100_sxm4",
            r#""description": "1x A100 (40 GB SXM4)", "gpu_description": "A100 (40 GB SXM4)",
            "price_cents_per_hour": 129.0, "specs": {"gpus": 1}"#,
            r#"[{"name": "us-west-1", "description": "California, USA"}]"#,
        ),
        ltype(
            "gpu_1x_a10",
            r#""description": "1x A10 (24 GB PCIe)", "gpu_description": "A10 (24 GB PCIe)",
            "price_cents_per_hour": 0, "specs": {"gpus": 1}"#,
            "[]",
        ),
        ltype(
            "gpu_1x_gh200",
            r#""description": "1x GH200 (96 GB)", "gpu_description": "GH200 (96 GB)",
            "price_cents_per_hour": "2.49", "specs": {"gpus": 1}"#,
            "[]",
        ),
        ltype(
            "gpu_8x_a100_80gb_sxm4",
            r#""description": "8x A100 (80 GB SXM4)", "gpu_description": "A100 (80 GB SXM4)",
            "price_cents_per_hour": 1432, "specs": {"vcpus": 240}"#,
            "[]",
        ),
    ]);
    let p = parsed(&lambda(), &body).unwrap();
    let h100 = p.offers.iter().find(|o| o.gpu == "h100-sxm").unwrap();
    assert_eq!(h100.cards, 8);
    assert_eq!(h100.price_per_instance_hour, dec("23.92"));
    assert_eq!(h100.price_per_gpu_hour, dec("2.99"));
    assert_eq!(h100.region.as_deref(), Some("us-east-3"));
    let a100 = p.offers.iter().find(|o| o.gpu == "a100-40g-sxm").unwrap();
    assert_eq!(a100.price_per_gpu_hour, dec("1.29"));
    assert!(!p.offers.iter().any(|o| o.gpu == "a10"), "{:#?}", p.offers);
    assert!(
        !p.offers.iter().any(|o| o.gpu == "gh200"),
        "{:#?}",
        p.offers
    );
    assert!(
        !p.offers.iter().any(|o| o.raw_name.contains("A100 (80")),
        "{:#?}",
        p.offers
    );
    assert!(p.offers.iter().all(|o| o.price_per_gpu_hour > dec("0.1")));
}

#[test]
fn lambda_regions_written_as_names_are_never_a_false_sold_out() {
    // 34. regions as a list of strings (an SDK's flattened shape): never Unavailable.
    // 35. a region listed twice: one row per region, no duplicate offer.
    // 36. a region object without a name beside a named one: the named one read.
    let body = lbody(&[
        ltype(
            "gpu_1x_h100_pcie",
            r#""gpu_description": "H100 (80 GB PCIe)", "price_cents_per_hour": 249,
            "specs": {"gpus": 1}"#,
            r#"["us-west-3", "us-south-1"]"#,
        ),
        ltype(
            "gpu_1x_a100_sxm4",
            r#""gpu_description": "A100 (40 GB SXM4)", "price_cents_per_hour": 129,
            "specs": {"gpus": 1}"#,
            r#"[{"name": "us-east-1", "description": "Virginia, USA"},
                {"name": "us-east-1", "description": "Virginia, USA"},
                {"description": "somewhere"}]"#,
        ),
    ]);
    let p = parsed(&lambda(), &body).unwrap();
    let h100: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name.contains("H100"))
        .collect();
    assert!(!h100.is_empty(), "{:#?}", p.offers);
    assert!(
        h100.iter().all(|o| o.stock != StockLevel::Unavailable),
        "{h100:#?}"
    );
    let a100: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name.contains("A100"))
        .collect();
    assert_eq!(a100.len(), 1, "{a100:#?}");
    assert_eq!(a100[0].region.as_deref(), Some("us-east-1"));
    assert_eq!(a100[0].stock, StockLevel::Available);
}

#[test]
fn lambda_errors_with_200_fail_and_the_description_names_the_card() {
    // 37. `{"error": {...}}` with 200: a failure with its message.
    // 38. no gpu_description: the description `8x A100 (80 GB SXM4)` names the card, the
    //     price split by specs.gpus.
    let err = parsed(
        &lambda(),
        r#"{"error": {"code": "global/unknown", "message": "An unknown error occurred",
            "suggestion": "Try again later"}}"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("unknown error"), "{err}");
    let body = lbody(&[ltype(
        "gpu_8x_a100_80gb_sxm4",
        r#""description": "8x A100 (80 GB SXM4)", "price_cents_per_hour": 1432,
        "specs": {"gpus": 8}"#,
        r#"[{"name": "us-east-1", "description": "Virginia, USA"}]"#,
    )]);
    let p = parsed(&lambda(), &body).unwrap();
    assert_eq!(p.offers.len(), 1, "{:#?}", p.offers);
    assert_eq!(p.offers[0].cards, 8);
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("1.79"));
    assert!(
        p.offers[0].gpu.starts_with("a100-80g"),
        "{:#?}",
        p.offers[0]
    );
}

// ---- over the wire: 401 naming the key, 429 ----

#[test]
fn a_401_naming_the_key_and_a_429_are_failures_without_the_key_and_with_their_wait() {
    // 39-41. 401 on each provider whose body echoes the key: an HTTP 401 failure whose text
    //        and Debug never hold the key. 42-44. 429 with Retry-After on each: kept.
    let fake = FakeProviders::start();
    let url = fake.url();
    let keys = [
        "vk_live_5f2c9a7e1b3d4c6a8e0f",
        "rp_KEY_0123456789abcdef",
        "secret_lambda_abcdef0123456789",
    ];
    let vast_at = Vast {
        base: url.clone(),
        key: Some(Secret::new(keys[0])),
    };
    let runpod_at = RunPod {
        base: url.clone(),
        key: Some(Secret::new(keys[1])),
    };
    let lambda_at = Lambda {
        base: url.clone(),
        key: Secret::new(keys[2]),
    };
    fake.script(
        "/api/v0/bundles/",
        vec![
            Script::status(
                401,
                format!(
                    r#"{{"success": false, "error": "auth_error", "msg": "Invalid user key {}"}}"#,
                    keys[0]
                ),
            ),
            Script::status(429, "API requests too frequent endpoint threshold=4.0")
                .header("Retry-After", "7"),
        ],
    );
    fake.script(
        "/graphql",
        vec![
            Script::status(
                401,
                format!(
                    r#"{{"error": "Unauthorized: api key {} is not valid"}}"#,
                    keys[1]
                ),
            ),
            Script::status(429, r#"{"errors": [{"message": "rate limited"}]}"#)
                .header("Retry-After", "11"),
        ],
    );
    fake.script(
        "/api/v1/instance-types",
        vec![
            Script::status(
                401,
                format!(
                    r#"{{"error": {{"code": "global/invalid-api-key", "message": "API key {} was invalid, expired, or deleted.", "suggestion": "Check your API key or create a new one, then try again."}}}}"#,
                    keys[2]
                ),
            ),
            Script::status(
                429,
                r#"{"error": {"code": "global/too-many-requests", "message": "Too many requests"}}"#,
            )
            .header("Retry-After", "3"),
        ],
    );
    let adapters: [&dyn Adapter; 3] = [&vast_at, &runpod_at, &lambda_at];
    for (a, key) in adapters.iter().zip(keys) {
        let e = run(*a).unwrap_err();
        assert!(matches!(e, FetchError::Http { status: 401, .. }), "{e:?}");
        let shown = format!("{e} {e:?}");
        assert!(!shown.contains(key), "{shown}");
        assert!(!shown.contains(&key[4..16]), "{shown}");
    }
    for (a, wait) in adapters.iter().zip([7, 11, 3]) {
        let e = run(*a).unwrap_err();
        assert!(matches!(e, FetchError::Http { status: 429, .. }), "{e:?}");
        assert_eq!(e.retry_after(), Some(Duration::from_secs(wait)), "{e:?}");
    }
}

// ---- the catalog importers: per-instance prices ----

#[test]
fn imported_catalog_prices_are_per_instance_and_split_by_whole_cards_only() {
    // 45. SkyPilot 8x H100 at $98.32 (spot $39.33): $12.29 and $4.91625 a card.
    // 46. SkyPilot fractional AcceleratorCount (0.5 of an A10, Azure's NV-series):
    //     never read as a whole card at the instance price.
    // 47. gpuhunt 4 cards at $4.00 with spot "True" (Python's spelling): $1.00 a card, spot.
    // 48. SkyPilot SpotPrice empty: the on-demand row only.
    let sky = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region,AvailabilityZone,GpuInfo\n\
        p5.48xlarge,H100,8,192,2048,98.32,39.33,us-east-1,us-east-1a,\n\
        Standard_NV18ads_A10_v5,A10,0.5,18,220,1.6,0.32,eastus,,\n\
        g5.xlarge,A10G,1,4,16,1.006,,us-east-1,us-east-1a,\n";
    let p = import_parse(Format::SkyPilot, sky, "aws", &cat(), NOW, "test").unwrap();
    let h100: Vec<_> = p.offers.iter().filter(|o| o.raw_name == "H100").collect();
    let od = h100.iter().find(|o| o.kind == OfferKind::OnDemand).unwrap();
    assert_eq!(od.cards, 8);
    assert_eq!(od.price_per_gpu_hour, dec("12.29"));
    let sp = h100.iter().find(|o| o.kind == OfferKind::Spot).unwrap();
    assert_eq!(sp.price_per_gpu_hour, dec("4.91625"));
    assert!(
        !p.offers.iter().any(|o| o.raw_name == "A10"),
        "{:#?}",
        p.offers
    );
    let a10g: Vec<_> = p.offers.iter().filter(|o| o.raw_name == "A10G").collect();
    assert_eq!(a10g.len(), 1);
    assert_eq!(a10g[0].kind, OfferKind::OnDemand);
    let hunt = "instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot,disk_size,gpu_vendor\n\
        a2-highgpu-4g,us-central1,4.00,48,340,4,A100,40,True,,nvidia\n";
    let p = import_parse(Format::GpuHunt, hunt, "gcp", &cat(), NOW, "test").unwrap();
    assert_eq!(p.offers.len(), 1);
    assert_eq!(p.offers[0].kind, OfferKind::Spot);
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("1"));
    assert_eq!(p.offers[0].price_per_instance_hour, dec("4"));
}

// ---- written after the fixes, to prove them on more shapes ----

#[test]
fn lambda_descriptions_with_a_count_and_region_lists_of_any_spelling_after_the_fix() {
    // The count in front in any spelling names the card; a list of unnamed entries is
    // unknown, an empty list out, no list unknown.
    let body = lbody(&[
        ltype(
            "gpu_1x_gh200",
            r#""description": "1x GH200 (96 GB)", "price_cents_per_hour": 149,
            "specs": {"gpus": 1}"#,
            r#"[{"description": "Washington DC, USA"}]"#,
        ),
        ltype(
            "gpu_2x_h100_sxm5",
            "\"description\": \"2\u{d7} H100 (80 GB SXM5)\", \"price_cents_per_hour\": 598,
            \"specs\": {\"gpus\": 2}",
            r#"["us-east-3", {"name": "us-east-3"}, "", 7]"#,
        ),
        ltype(
            "gpu_4x_a100_sxm4",
            r#""description": "4X A100 (40 GB SXM4)", "price_cents_per_hour": 516,
            "specs": {"gpus": 4}"#,
            "[]",
        ),
    ]);
    let p = parsed(&lambda(), &body).unwrap();
    let gh = p.offers.iter().find(|o| o.gpu == "gh200").unwrap();
    assert_eq!(gh.stock, StockLevel::Unknown);
    assert_eq!(gh.price_per_gpu_hour, dec("1.49"));
    let h: Vec<_> = p.offers.iter().filter(|o| o.gpu == "h100-sxm").collect();
    assert_eq!(h.len(), 1, "{:#?}", p.offers);
    assert_eq!(h[0].price_per_gpu_hour, dec("2.99"));
    assert_eq!(h[0].stock, StockLevel::Available);
    let a = p.offers.iter().find(|o| o.gpu == "a100-40g-sxm").unwrap();
    assert_eq!(a.stock, StockLevel::Unavailable);
    assert_eq!(a.price_per_gpu_hour, dec("1.29"));
    assert_eq!(a.cards, 4);
}

// ---- second batch, written before running: the ECB rates file ----

#[test]
fn ecb_rates_files_are_read_for_their_first_day_and_unreadable_rates_are_never_a_factor() {
    use gpuscout_providers::fx::parse_ecb;
    // 49. The 90-day file, newest day first: that day's rates only.
    // 50. A rate with a decimal comma: skipped, never 78567 or 7. 51. A rate of 0: skipped.
    // 52. A currency in lower case: read under its code.
    let ninety = r#"<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<gesmes:subject>Reference rates</gesmes:subject>
<Cube>
<Cube time="2026-12-02"><Cube currency="USD" rate="1.1613"/><Cube currency="JPY" rate="0"/><Cube currency="CNY" rate="8,2101"/><Cube currency="gbp" rate="0.8790"/></Cube>
<Cube time="2026-12-01"><Cube currency="USD" rate="1.0500"/><Cube currency="CNY" rate="7.5000"/></Cube>
</Cube></gesmes:Envelope>"#;
    let fx = parse_ecb(ninety.as_bytes(), NOW).unwrap();
    assert_eq!(fx.date, "2026-12-02");
    assert_eq!(fx.rates.get("USD"), Some(&dec("1.1613")));
    assert!(!fx.rates.contains_key("CNY"), "{:?}", fx.rates);
    assert!(!fx.rates.contains_key("JPY"), "{:?}", fx.rates);
    assert_eq!(fx.rates.get("GBP"), Some(&dec("0.879")));
    // 53. A USD rate that cannot be read: the file fails (no dollar, no conversion).
    // 54. A day that is no date: the file fails.
    for bad in [
        r#"<Cube><Cube time="2026-12-02"><Cube currency="USD" rate="n/a"/><Cube currency="CNY" rate="8.2"/></Cube></Cube>"#,
        r#"<Cube><Cube time="02/12/2026"><Cube currency="USD" rate="1.16"/></Cube></Cube>"#,
    ] {
        assert!(parse_ecb(bad.as_bytes(), NOW).is_err(), "{bad}");
    }
}
