//! QA round 15 (wire15): provider answers written from the providers' published shapes
//! before they were run. A price field is text some of the time (Vast's and RunPod's
//! GraphQL write numbers, but proxies, exports and older answers write text); text with a
//! multibyte currency sign next to a digit once made the reader panic inside the poll. Here
//! such answers go through each adapter's `parse` and through the `Poller`: each figure is
//! read (the field's own currency; thousands grouped by a space, a no-break space or a
//! narrow no-break space where that has one reading) or refused by name, and the rest of the
//! answer is stored. RunPod's GraphQL writes 0 for a cloud a card is not offered in.

use bot_core::availability::all_latest_offers;
use gpuscout_testkit::fake_providers::{FakeProviders, Script};

use super::wire_answers::{dec, lambda, parse, runpod, vast};
use super::wire_round13::{find, rt, vast_priced};

const VAST: &str = "/api/v0/bundles/";

/// A JSON string of `text` (escaped as an encoder writes it).
fn js(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

#[test]
fn vast_prices_with_multibyte_signs_and_grouping_spaces_are_read_or_refused_never_a_panic() {
    let cases: [(&str, &str, Option<&str>); 14] = [
        ("M1", "1€", None),
        ("M2", "3元", None),
        ("M3", "0.5￥", None),
        ("M4", "1.2 €/h", None),
        ("M5", "2¥", None),
        ("M6", "１.５", None),
        ("M7", "1\u{a0}234.50", Some("1234.50")),
        ("M8", "1\u{202f}234,50", Some("1234.50")),
        ("M9", "1 234,567", None),
        ("M10", "$\u{a0}0.45", Some("0.45")),
        ("M11", "0.45\u{a0}/hr", Some("0.45")),
        ("M12", "12 34", None),
        ("M13", "0.45 USD\u{a0}per hour", Some("0.45")),
        ("M14", "€", None),
    ];
    let rows: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, (name, figure, _))| vast_priced(1_500 + i as u64, name, &js(figure)))
        .collect();
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(","))).unwrap();
    for (name, figure, meaning) in cases {
        let got: Vec<_> = find(&p, name)
            .iter()
            .map(|o| o.price_per_gpu_hour)
            .collect();
        match meaning {
            Some(m) => assert_eq!(got, vec![dec(m)], "{name} {figure:?}"),
            None => assert!(got.is_empty(), "{name} {figure:?} read as {got:?}"),
        }
    }
}

#[test]
fn lambdas_cents_grouped_by_a_space_are_read_and_decimals_in_cents_refused() {
    let row = |name: &str, gpus: u32, cents: &str| {
        format!(
            r#""{name}": {{"instance_type": {{"name": "{name}", "description": "{gpus}x A100 (80 GB SXM4)",
              "gpu_description": "A100 (80 GB SXM4)", "price_cents_per_hour": {cents},
              "specs": {{"vcpus": 30, "memory_gib": 200, "storage_gib": 512, "gpus": {gpus}}}}},
              "regions_with_capacity_available": []}}"#
        )
    };
    let body = format!(
        r#"{{"data": {{{}, {}, {}}}}}"#,
        row("gpu_8x_a100_80gb_sxm4", 8, &js("1\u{a0}432")),
        row("gpu_4x_a100_80gb_sxm4", 4, &js("1 432.5")),
        row("gpu_2x_a100_80gb_sxm4", 2, &js("3元")),
    );
    let lt = parse(&lambda(), &body).unwrap();
    let per_card: Vec<_> = lt
        .offers
        .iter()
        .map(|o| (o.cards, o.price_per_gpu_hour))
        .collect();
    assert_eq!(per_card, vec![(8, dec("1.79"))], "{lt:#?}");
}

#[test]
fn runpods_zero_for_a_cloud_a_card_is_not_in_is_no_price() {
    let rp = parse(
        &runpod(),
        r#"{"data": {"gpuTypes": [
        {"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": 80,
         "secureCloud": true, "communityCloud": false, "securePrice": 2.69,
         "communityPrice": 0, "secureSpotPrice": 0, "communitySpotPrice": null},
        {"id": "NVIDIA RTX A5000", "displayName": "RTX A5000", "memoryInGb": 24,
         "secureCloud": true, "communityCloud": true, "securePrice": "0.00",
         "communityPrice": "0.16\u00a0/hr", "secureSpotPrice": null, "communitySpotPrice": "1€"}]}}"#,
    )
    .unwrap();
    let mut prices: Vec<String> = rp
        .offers
        .iter()
        .map(|o| format!("{} {}", o.raw_name, o.price_per_gpu_hour.normalize()))
        .collect();
    prices.sort();
    assert_eq!(
        prices,
        vec!["NVIDIA H100 80GB HBM3 2.69", "NVIDIA RTX A5000 0.16"],
        "{rp:#?}"
    );
    assert!(
        rp.offers
            .iter()
            .all(|o| o.price_per_gpu_hour > rust_decimal::Decimal::ZERO)
    );
}

#[test]
fn a_poll_whose_answer_holds_a_multibyte_sign_by_a_digit_stores_the_rest_and_names_it() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::ok(format!(
            r#"{{"offers": [{}, {}, {}]}}"#,
            vast_priced(1, "RTX 4090", "0.35"),
            vast_priced(2, "RTX 3090", &js("1€")),
            vast_priced(3, "RTX A6000", &js("1\u{202f}234.5")),
        ))],
    );
    let (_dir, store, poller) = super::wire_round13::vast_poller(fake.url());
    let reports = rt().block_on(poller.poll_once(None));
    assert!(reports[0].replaced(), "{reports:?}");
    let line = reports[0].line();
    assert!(line.contains("1€") && line.contains("EUR"), "{line}");
    let mut stored: Vec<String> = all_latest_offers(&store)
        .unwrap()
        .iter()
        .map(|o| format!("{} {}", o.raw_name, o.price_per_gpu_hour.normalize()))
        .collect();
    stored.sort();
    assert_eq!(stored, vec!["RTX 4090 0.35", "RTX A6000 1234.5"]);
}
