//! QA round 17 (wire17): cases written before they were run. Round 16's leftover first: a
//! name written twice with two values inside one row costs that row, not the answer (a
//! duplicate outside every row still refuses it). Then ground no round covered: numbers in
//! exponent form (JSON's grammar allows `3.5e-1`, RFC 8259 §6), negative, NaN-like and huge
//! figures, ids past 2^53 (read as floats by serde_json without `arbitrary_precision`), two
//! currency fields in one row, and the poller's schedule after a 401 (a bad key is no
//! passing fault: asking every minute only fills the log) and a 429 whose `Retry-After` is an
//! HTTP-date (RFC 9110 §10.2.3).

use super::wire_answers::{dec, lambda, parse, run, runpod, vast};
use super::wire_round13::{find, vast_priced};
use gpuscout_providers::poller::{MAX_BACKOFF, wait_after};
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{FetchError, PollReport};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::time::Duration;

const VAST: &str = "/api/v0/bundles/";

fn lambda_type(key: &str, desc: &str, cents: &str) -> String {
    format!(
        r#""{key}": {{"instance_type": {{"name": "{key}", "description": "1x {desc}",
          "gpu_description": "{desc}", "price_cents_per_hour": {cents},
          "specs": {{"vcpus": 26, "memory_gib": 200, "storage_gib": 1024, "gpus": 1}}}},
          "regions_with_capacity_available": [{{"name": "us-east-1"}}]}}"#
    )
}

fn runpod_type(id: &str, price: &str, lowest: &str) -> String {
    format!(
        r#"{{"id": "{id}", "displayName": "{id}", "memoryInGb": 24, "secureCloud": true,
           "communityCloud": false, "securePrice": {price}, "communityPrice": null,
           "secureSpotPrice": null, "communitySpotPrice": null,
           "secureLowest": {{{lowest}}}, "communityLowest": null}}"#
    )
}

/// Cases 1–3 (round 16's leftover): a name written twice with two values inside one row —
/// a Vast price, a RunPod stock level nested in the row, a Lambda instance type written
/// twice under `data` — refuses that row, named in the refusals and counted as a row; every
/// other row is read at its own price.
#[test]
fn a_name_written_twice_inside_one_row_costs_that_row_and_the_rest_is_read() {
    // 1. Vast: one row's `dph_total` at $0.30 and $3.00, between two good rows.
    let twice = r#"{"id": 1710, "gpu_name": "RTX A6000", "num_gpus": 1, "gpu_ram": 49140,
        "dph_total": 0.30, "rentable": true, "rented": false, "dph_total": 3.00}"#;
    let p = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}, {twice}, {}]}}"#,
            vast_priced(1_711, "RTX 4090", "0.35"),
            vast_priced(1_712, "RTX 3090", "0.22")
        ),
    )
    .unwrap();
    assert!(find(&p, "RTX A6000").is_empty(), "{:?}", p.offers);
    assert_eq!(find(&p, "RTX 4090")[0].price_per_gpu_hour, dec("0.35"));
    assert_eq!(find(&p, "RTX 3090")[0].price_per_gpu_hour, dec("0.22"));
    assert_eq!((p.rows_refused, p.refused_total), (1, 1));
    assert!(p.refused[0].contains("dph_total"), "{:?}", p.refused);
    // 2. RunPod: the stock level nested in one type written twice ("High", "None").
    let p = parse(
        &runpod(),
        &format!(
            r#"{{"data": {{"gpuTypes": [{}, {}]}}}}"#,
            runpod_type(
                "NVIDIA RTX A5000",
                "0.27",
                r#""stockStatus": "High", "stockStatus": "None""#
            ),
            runpod_type(
                "NVIDIA GeForce RTX 4090",
                "0.69",
                r#""stockStatus": "High""#
            )
        ),
    )
    .unwrap();
    assert!(find(&p, "NVIDIA RTX A5000").is_empty(), "{:?}", p.offers);
    assert_eq!(
        find(&p, "NVIDIA GeForce RTX 4090")[0].price_per_gpu_hour,
        dec("0.69")
    );
    assert_eq!(p.rows_refused, 1);
    assert!(p.refused[0].contains("stockStatus"), "{:?}", p.refused);
    // 3. Lambda: one instance type written twice, at $2.49 and $24.90, beside an A10.
    let p = parse(
        &lambda(),
        &format!(
            r#"{{"data": {{{}, {}, {}}}}}"#,
            lambda_type("gpu_1x_h100_pcie", "H100 (80 GB PCIe)", "249"),
            lambda_type("gpu_1x_a10", "A10 (24 GB PCIe)", "75"),
            lambda_type("gpu_1x_h100_pcie", "H100 (80 GB PCIe)", "2490"),
        ),
    )
    .unwrap();
    assert!(
        p.offers.iter().all(|o| !o.raw_name.contains("H100")),
        "{:?}",
        p.offers
    );
    assert_eq!(
        find(&p, "A10 (24 GB PCIe)")[0].price_per_gpu_hour,
        dec("0.75")
    );
    assert_eq!(p.rows_refused, 1);
    assert!(p.refused[0].contains("gpu_1x_h100_pcie"), "{:?}", p.refused);
}

/// Cases 4–5: outside every row a repeated name still refuses the whole answer: Vast's
/// `offers` twice (the second empty: a false sold-out), RunPod's `data` twice.
#[test]
fn a_name_written_twice_outside_every_row_still_refuses_the_answer() {
    let rows = vast_priced(1_713, "RTX 4090", "0.35");
    let got = parse(&vast(), &format!(r#"{{"offers": [{rows}], "offers": []}}"#));
    assert!(
        matches!(&got, Err(FetchError::Malformed(t)) if t.contains("`offers`")),
        "4: {got:?}"
    );
    let ty = runpod_type(
        "NVIDIA GeForce RTX 4090",
        "0.69",
        r#""stockStatus": "High""#,
    );
    let got = parse(
        &runpod(),
        &format!(r#"{{"data": {{"gpuTypes": [{ty}]}}, "data": {{"gpuTypes": []}}}}"#),
    );
    assert!(
        matches!(&got, Err(FetchError::Malformed(t)) if t.contains("`data`")),
        "5: {got:?}"
    );
}

/// Case 6: through the `Poller` and the store, the refused row is said in the poll's line
/// ("1 of them whole rows") and the other rows are stored.
#[test]
fn through_the_poller_a_row_written_twice_is_counted_and_the_rest_stored() {
    use bot_core::availability::all_latest_offers;
    let fake = FakeProviders::start();
    let twice = r#"{"id": 1714, "gpu_name": "RTX A6000", "num_gpus": 1, "gpu_ram": 49140,
        "dph_total": 0.30, "dph_total": 3.00, "rentable": true, "rented": false}"#;
    fake.script(
        VAST,
        vec![Script::ok(format!(
            r#"{{"offers": [{twice}, {}]}}"#,
            vast_priced(1_715, "RTX 4090", "0.35")
        ))],
    );
    let (_dir, store, poller) = super::wire_round13::vast_poller(fake.url());
    let reports = super::wire_round13::rt().block_on(poller.poll_once(None));
    assert!(reports[0].replaced(), "{reports:?}");
    assert_eq!(reports[0].rows_refused, 1);
    let line = reports[0].line();
    assert!(line.contains("1 of them whole rows"), "{line}");
    assert!(line.contains("dph_total"), "{line}");
    let stored: Vec<String> = all_latest_offers(&store)
        .unwrap()
        .iter()
        .map(|o| format!("{} {}", o.raw_name, o.price_per_gpu_hour.normalize()))
        .collect();
    assert_eq!(stored, vec!["RTX 4090 0.35"]);
}

/// Cases 7–9: numbers in exponent form are the same numbers (a Vast price `3.5e-1` is $0.35,
/// `1e-3` is $0.001; a Lambda price of `2.49e2` cents is $2.49), never another figure.
#[test]
fn prices_in_exponent_form_are_read_exactly() {
    let p = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}, {}]}}"#,
            vast_priced(1_716, "RTX 4090", "3.5e-1"),
            vast_priced(1_717, "RTX 3090", "1E-3")
        ),
    )
    .unwrap();
    assert_eq!(find(&p, "RTX 4090")[0].price_per_gpu_hour, dec("0.35"));
    assert_eq!(find(&p, "RTX 3090")[0].price_per_gpu_hour, dec("0.001"));
    let p = parse(
        &lambda(),
        &format!(
            r#"{{"data": {{{}}}}}"#,
            lambda_type("gpu_1x_h100_pcie", "H100 (80 GB PCIe)", "2.49e2")
        ),
    )
    .unwrap();
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("2.49"));
}

/// Cases 10–14: a price of `-1` (a "no price" sentinel), `"NaN"`, `null`, `1e30` and a
/// 30-digit integer is no price: the row is never listed at any figure, never as free, and
/// the good row beside them is read.
#[test]
fn negative_nan_like_null_and_huge_prices_are_never_a_price() {
    let odd = [
        "-1",
        r#""NaN""#,
        "null",
        "1e30",
        "123456789012345678901234567890",
    ];
    let mut rows: Vec<String> = odd
        .iter()
        .enumerate()
        .map(|(i, f)| vast_priced(1_720 + i as u64, &format!("ODD {i}"), f))
        .collect();
    rows.push(vast_priced(1_730, "RTX 4090", "0.35"));
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(","))).unwrap();
    for (i, f) in odd.iter().enumerate() {
        assert!(
            find(&p, &format!("ODD {i}")).is_empty(),
            "{f} read as a price: {:?}",
            p.offers
        );
    }
    assert_eq!(find(&p, "RTX 4090")[0].price_per_gpu_hour, dec("0.35"));
}

/// Case 15: two hosts whose ids are past what a float holds exactly (2^64 and 2^64 + 1,
/// both read as 1.8446744073709552e19) are two offers, never merged as one host.
#[test]
fn ids_past_what_a_float_holds_exactly_never_merge_two_hosts() {
    let row = |id: &str, price: &str| {
        format!(
            r#"{{"id": {id}, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
            "dph_total": {price}, "rentable": true, "rented": false}}"#
        )
    };
    let p = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}, {}]}}"#,
            row("18446744073709551616", "0.35"),
            row("18446744073709551617", "0.41")
        ),
    )
    .unwrap();
    let mut prices: Vec<_> = find(&p, "RTX 4090")
        .iter()
        .map(|o| o.price_per_gpu_hour)
        .collect();
    prices.sort();
    assert_eq!(prices, vec![dec("0.35"), dec("0.41")], "{:?}", p.duplicates);
}

/// Cases 16–17: a row's currency written ` usd ` is dollars; a row naming dollars in one
/// field and euros in another is refused (which is meant is not known), the others read.
#[test]
fn a_row_with_two_currency_fields_that_disagree_is_refused() {
    let with = |id: u64, name: &str, extra: &str| {
        format!(
            r#"{{"id": {id}, "gpu_name": "{name}", "num_gpus": 1, "gpu_ram": 24564,
            "dph_total": 0.35, "rentable": true, "rented": false, {extra}}}"#
        )
    };
    let p = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}, {}]}}"#,
            with(1_731, "RTX 4090", r#""currency": " usd ""#),
            with(
                1_732,
                "RTX 3090",
                r#""currency": "USD", "price_currency": "EUR""#
            ),
        ),
    )
    .unwrap();
    assert_eq!(find(&p, "RTX 4090")[0].price_per_gpu_hour, dec("0.35"));
    assert!(find(&p, "RTX 3090").is_empty(), "{:?}", p.offers);
    assert_eq!(p.rows_refused, 1);
}

fn failed(status: u16, retry_after: Option<Duration>) -> PollReport {
    PollReport {
        provider: "vast",
        recorded: None,
        offers: 0,
        skipped: 0,
        problem: Some(format!("HTTP {status}: …")),
        took: Duration::ZERO,
        retry_after,
        partial: None,
        refused: Vec::new(),
        refused_total: 0,
        rows_refused: 0,
        key_refused: status == 401,
        dated: None,
    }
}

/// Cases 18–19: a 401 (the key refused) through the wire is one failure with the key out of
/// its text, and the poller's next try after it is [`KEY_RETRY`] away (round 18), then [`MAX_BACKOFF`]
/// (not 30 s, 60 s, …: a bad key stays bad until the operator changes it), and only the
/// first miss in a row is logged as a warning. A 500's schedule is unchanged.
#[test]
fn a_refused_key_is_reported_once_and_not_asked_again_every_minute() {
    use gpuscout_providers::Secret;
    let fake = FakeProviders::start();
    let key = "vk_live_17a9c0ffee42deadbeef";
    fake.script(
        VAST,
        vec![Script::status(
            401,
            format!(
                r#"{{"success": false, "error": "auth_error", "msg": "Invalid user key {key}"}}"#
            ),
        )],
    );
    let v = Vast {
        base: fake.url(),
        key: Some(Secret::new(key)),
    };
    let e = run(&v).unwrap_err();
    assert!(matches!(e, FetchError::Http { status: 401, .. }), "{e:?}");
    assert!(!format!("{e} {e:?}").contains(&key[8..20]), "{e}");
    let interval = Duration::from_secs(900);
    let mut seed = 17;
    // Round 18: the first refusal is asked once more after KEY_RETRY (a short auth outage),
    // every later one in a row waits MAX_BACKOFF.
    let first = wait_after(&failed(401, None), interval, 1, &mut seed);
    assert_eq!(first, gpuscout_providers::poller::KEY_RETRY);
    for misses in 2..5 {
        let w = wait_after(&failed(401, None), interval, misses, &mut seed);
        assert_eq!(w, MAX_BACKOFF, "after {misses} misses");
    }
    assert!(failed(401, None).worth_a_warning(1));
    assert!(!failed(401, None).worth_a_warning(2));
    assert!(failed(500, None).worth_a_warning(2));
    let w = wait_after(&failed(500, None), interval, 1, &mut seed);
    assert!(w <= Duration::from_secs(33), "{w:?}");
}

/// Cases 20–21: a 429 whose `Retry-After` is an HTTP-date is waited until then (far in the
/// future: the one-day cap), a date already past is no wait beyond the schedule; seconds
/// with a fraction are read.
#[test]
fn a_429_with_retry_after_as_an_http_date_over_the_wire_is_waited() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            Script::status(429, "API requests too frequent")
                .header("Retry-After", "Fri, 31 Dec 2100 23:59:59 GMT"),
            Script::status(429, "slow down").header("Retry-After", "Sun, 06 Nov 1994 08:49:37 GMT"),
            Script::status(429, "slow down").header("Retry-After", "2.5"),
        ],
    );
    let v = Vast {
        base: fake.url(),
        key: None,
    };
    let waits: Vec<_> = (0..3).map(|_| run(&v).unwrap_err().retry_after()).collect();
    assert_eq!(
        waits,
        vec![
            Some(gpuscout_providers::fetch::MAX_RETRY_AFTER),
            Some(Duration::ZERO),
            Some(Duration::from_millis(2500))
        ]
    );
    let mut seed = 3;
    let w = wait_after(
        &failed(429, waits[0]),
        Duration::from_secs(900),
        1,
        &mut seed,
    );
    assert_eq!(w, gpuscout_providers::fetch::MAX_RETRY_AFTER);
}

/// Cases 22–24: which refusals are the key's: Lambda's 401 and 403 (`global/account-inactive`,
/// its JSON) and RunPod's 403 JSON are; a 403 page from a CDN in front of Vast (HTML, a bot
/// challenge that passes) is not, and keeps the ordinary backoff. None shows the key.
#[test]
fn a_403_is_the_keys_only_when_the_provider_itself_says_so() {
    use gpuscout_providers::Secret;
    use gpuscout_providers::lambda::Lambda;
    use gpuscout_providers::runpod::RunPod;
    let fake = FakeProviders::start();
    let key = "secret_lambda_17abcdef01234567";
    fake.script(
        "/api/v1/instance-types",
        vec![
            Script::status(
                401,
                format!(r#"{{"error": {{"code": "global/invalid-api-key", "message": "API key {key} was invalid, expired, or deleted."}}}}"#),
            ),
            Script::status(
                403,
                r#"{"error": {"code": "global/account-inactive", "message": "Your account is inactive."}}"#,
            ),
        ],
    );
    fake.script(
        "/graphql",
        vec![Script::status(
            403,
            r#"{"errors": [{"message": "Forbidden: api key not permitted"}]}"#,
        )],
    );
    fake.script(
        VAST,
        vec![Script::status(
            403,
            "<!DOCTYPE html><html><title>Just a moment...</title></html>",
        )],
    );
    let l = Lambda {
        base: fake.url(),
        key: Secret::new(key),
    };
    let r = RunPod {
        base: fake.url(),
        key: Some(Secret::new("rp_17_KEY_0123456789")),
    };
    let v = Vast {
        base: fake.url(),
        key: None,
    };
    for (case, e, theirs) in [
        ("22 Lambda 401", run(&l).unwrap_err(), true),
        ("22 Lambda 403", run(&l).unwrap_err(), true),
        ("23 RunPod 403", run(&r).unwrap_err(), true),
        ("24 Vast 403 page", run(&v).unwrap_err(), false),
    ] {
        assert_eq!(e.key_refused(), theirs, "{case}: {e:?}");
        assert!(!format!("{e} {e:?}").contains(&key[7..20]), "{case}: {e}");
    }
}
