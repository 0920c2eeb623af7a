//! QA round 19 (wire19): provider drift, written from the published shapes before any was
//! run. A field renamed or dropped (Vast without `dph_total`, Lambda's cents renamed to
//! dollars, RunPod's `lowestPrice` answered as `{}`), and answers whose `Content-Type` says
//! `text/plain` (or nothing) while the body is the provider's JSON, fed through the real
//! poller on a loopback fake. Each price read is checked against the figure sent, and a
//! figure that cannot be read is skipped or refused, never guessed.

use super::wire_answers::{dec, lambda, parse, runpod, vast};
use super::wire_round13::{find, rt, vast_poller, vast_priced};
use bot_core::availability::{StockLevel, gpu_key, latest_offers, provider_state};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use rust_decimal::Decimal;

const VAST: &str = "/api/v0/bundles/";

fn vast_row(id: u64, name: &str, prices: &str) -> String {
    format!(
        r#"{{"id": {id}, "gpu_name": "{name}", "num_gpus": 1, "gpu_ram": 24564, {prices},
        "rentable": true, "rented": false, "verified": true}}"#
    )
}

/// Cases 1–3: Vast without `dph_total`. With `dph_base` and `storage_cost` the hour is base +
/// 10 GB of storage (1); with `dph_base` alone the storage is unknown, so no price is given
/// (2): `dph_base` alone would understate the hour; `dph_total` present and `dph_base`
/// missing reads `dph_total` (3).
#[test]
fn vast_rows_missing_dph_total_or_dph_base_read_only_whole_hours() {
    let body = format!(
        r#"{{"offers": [{}, {}, {}]}}"#,
        vast_row(1, "RTX 4090", r#""dph_base": 0.30, "storage_cost": 0.146"#),
        vast_row(2, "RTX 3090", r#""dph_base": 0.20"#),
        vast_row(3, "RTX A6000", r#""dph_total": 0.47"#),
    );
    let p = parse(&vast(), &body).unwrap();
    // 0.146 $/GB-month × 10 GB / 730 h = 0.002 $/h.
    let a = find(&p, "RTX 4090");
    assert_eq!(a.len(), 1, "{:#?}", p.offers);
    assert_eq!(a[0].price_per_gpu_hour, dec("0.302"));
    assert!(find(&p, "RTX 3090").is_empty(), "{:#?}", p.offers);
    let c = find(&p, "RTX A6000");
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].price_per_gpu_hour, dec("0.47"));
}

/// Cases 4–5: Lambda renaming its cents: a type with `price_dollars_per_hour: 2.49` and no
/// `price_cents_per_hour` gives no offer (4), never read as cents (0.0249) nor as 2.49 on a
/// guess about the new field; beside it a type still in cents reads 249 as 2.49 (5).
#[test]
fn lambda_price_in_a_renamed_field_is_not_read_as_cents() {
    let body = r#"{"data": {
      "gpu_1x_h100_pcie": {"instance_type": {"name": "gpu_1x_h100_pcie",
        "description": "1x H100 (80 GB PCIe)", "gpu_description": "H100 (80 GB PCIe)",
        "price_dollars_per_hour": 2.49,
        "specs": {"vcpus": 26, "memory_gib": 200, "storage_gib": 1024, "gpus": 1}},
        "regions_with_capacity_available": [{"name": "us-east-1"}]},
      "gpu_1x_a100_sxm4": {"instance_type": {"name": "gpu_1x_a100_sxm4",
        "description": "1x A100 (40 GB SXM4)", "gpu_description": "A100 (40 GB SXM4)",
        "price_cents_per_hour": 129,
        "specs": {"vcpus": 30, "memory_gib": 200, "storage_gib": 512, "gpus": 1}},
        "regions_with_capacity_available": [{"name": "us-west-1"}]}
    }}"#;
    let p = parse(&lambda(), body).unwrap();
    assert!(
        p.offers.iter().all(|o| !o.raw_name.contains("H100")),
        "{:#?}",
        p.offers
    );
    let a100: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name.contains("A100"))
        .collect();
    assert_eq!(a100.len(), 1, "{:#?}", p.offers);
    assert_eq!(a100[0].price_per_gpu_hour, dec("1.29"));
}

/// Cases 6–7: RunPod's `lowestPrice` aliases answered as `{}` (no `stockStatus`) or as a
/// string: the price still reads, the stock is unknown, never "available" or "sold out".
#[test]
fn runpod_lowest_price_as_an_empty_object_or_a_string_leaves_stock_unknown() {
    for (case, lowest) in [(6, "{}"), (7, r#""n/a""#)] {
        let body = format!(
            r#"{{"data": {{"gpuTypes": [{{"id": "NVIDIA GeForce RTX 4090",
              "displayName": "RTX 4090", "memoryInGb": 24, "secureCloud": true,
              "communityCloud": false, "securePrice": 0.69, "communityPrice": null,
              "secureSpotPrice": null, "communitySpotPrice": null,
              "secureLowest": {lowest}, "communityLowest": null}}]}}}}"#
        );
        let p = parse(&runpod(), &body).unwrap();
        assert_eq!(p.offers.len(), 1, "case {case}: {:#?}", p.offers);
        assert_eq!(p.offers[0].price_per_gpu_hour, dec("0.69"), "case {case}");
        assert_eq!(p.offers[0].stock, StockLevel::Unknown, "case {case}");
    }
}

/// Cases 8–10: Vast's JSON served as `text/plain; charset=utf-8` (8), as
/// `application/octet-stream` (9) and with no `Content-Type` at all (10), through the real
/// poller: a snapshot with the figure sent each time (a header is not the body).
#[test]
fn json_served_as_text_plain_or_without_a_type_is_read_as_json() {
    let types = [
        Some("text/plain; charset=utf-8"),
        Some("application/octet-stream"),
        None,
    ];
    for (i, ty) in types.into_iter().enumerate() {
        let fake = FakeProviders::start();
        let price = format!("0.3{i}");
        let body = format!(
            r#"{{"offers": [{}]}}"#,
            vast_priced(1_900 + i as u64, "RTX 4090", &price)
        );
        let script = match ty {
            Some(t) => Script::ok(body).header("Content-Type", t),
            None => Script::ok(body),
        };
        fake.script(VAST, vec![script]);
        let (_dir, store, poller) = vast_poller(fake.url());
        let report = rt().block_on(poller.poll_once(None)).remove(0);
        assert!(report.replaced(), "{ty:?}: {}", report.line());
        let offers = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
        assert_eq!(offers.len(), 1, "{ty:?}");
        assert_eq!(
            offers[0].price_per_gpu_hour,
            price.parse::<Decimal>().unwrap()
        );
    }
}

/// Case 11: an HTML page served as `text/plain` with 200 (a captive portal, a proxy) is a
/// failure that keeps the stored offers, never "no offers".
#[test]
fn an_html_page_served_as_text_plain_keeps_the_last_snapshot() {
    let fake = FakeProviders::start();
    let good = format!(
        r#"{{"offers": [{}]}}"#,
        vast_priced(1_950, "RTX 4090", "0.41")
    );
    fake.script(
        VAST,
        vec![
            Script::ok(good),
            Script::ok("<html><body><h1>Sign in to the network</h1></body></html>")
                .header("Content-Type", "text/plain"),
        ],
    );
    let (_dir, store, poller) = vast_poller(fake.url());
    let rt = rt();
    assert!(rt.block_on(poller.poll_once(None)).remove(0).replaced());
    let second = rt.block_on(poller.poll_once(None)).remove(0);
    assert!(!second.replaced(), "{}", second.line());
    let offers = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].price_per_gpu_hour, dec("0.41"));
    let state = provider_state(&store, "vast").unwrap().unwrap();
    assert_eq!(state.misses_in_a_row, 1);
}

/// Cases 12–13 (written with the fix): through the real poller, a store that already holds a
/// reading dated after this poll's start (another poller's, landed first): Vast's answer is
/// dropped, the newer prices stay (12), and the poll still counts as answered (the run loop
/// then waits the interval, not a miss's 30 s, and logs no warning) with a line saying why (13).
#[test]
fn a_poll_overtaken_by_another_pollers_newer_reading_is_dropped_but_answered() {
    let fake = FakeProviders::start();
    let body = format!(
        r#"{{"offers": [{}]}}"#,
        vast_priced(1_960, "RTX 4090", "0.52")
    );
    fake.script(VAST, vec![Script::ok(body)]);
    let (_dir, store, poller) = vast_poller(fake.url());
    // The other poller's reading, dated an hour ahead of any poll this test starts.
    let newer_at = bot_core::availability::now_unix() + 3_600;
    let mut theirs = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}]}}"#,
            vast_priced(1_961, "RTX 4090", "0.44")
        ),
    )
    .unwrap()
    .offers;
    for o in &mut theirs {
        o.fetched_at = newer_at;
    }
    bot_core::availability::record_fetch(
        &store,
        "vast",
        bot_core::availability::FetchOutcome::Offers(theirs),
        newer_at,
    )
    .unwrap();
    let report = rt().block_on(poller.poll_once(None)).remove(0);
    assert!(!report.replaced(), "{}", report.line());
    assert!(report.answered(), "{}", report.line());
    assert!(report.line().contains("older"), "{}", report.line());
    let offers = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].price_per_gpu_hour, dec("0.44"));
}
