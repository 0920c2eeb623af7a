//! QA round 13 (wire11): provider answers written from the providers' published shapes
//! before they were run, for what rounds 8–12 left out: prices written as text the way
//! people and other encoders write them (a currency sign, thousands separators, a decimal
//! comma, a unit after the figure, `"NaN"`), figures that round to nothing, one offer listed
//! twice under its id written two ways, an error reported beside the data that echoes the
//! key (the partial answer's reason is logged and stored), the poller, `config` (figures out
//! of range, a trailing comma, credentials in the rates URL) and the operator's `curated`
//! file as operators write it (a TOML number for the price, a byte-order mark, a price no GPU
//! hour has, a currency written as a sign). RunPod's newer REST API (`rest.runpod.io/v1`) is
//! not read by the adapter (GraphQL `gpuTypes` only), so it has no cases here.

use bot_core::availability::{Offer, gpu_key, provider_state, sightings};
use bot_core::{ChatRef, Input, Store};
use gpuscout_providers::{Config, ConfigError, FetchError, Parsed, Poller};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use rust_decimal::Decimal;
use std::sync::Arc;
use std::time::Duration;

use super::wire_answers::{cat, dec, lambda, parse, runpod, vast};

pub(super) fn find<'a>(p: &'a Parsed, raw: &str) -> Vec<&'a Offer> {
    p.offers.iter().filter(|o| o.raw_name == raw).collect()
}

/// One Vast row named `name` (so each case is told apart) priced `dph_total`.
pub(super) fn vast_priced(id: u64, name: &str, dph_total: &str) -> String {
    format!(
        r#"{{"id": {id}, "gpu_name": "{name}", "num_gpus": 1, "gpu_ram": 24564,
        "dph_total": {dph_total}, "rentable": true, "rented": false, "verified": true}}"#
    )
}

// ---- Prices as text: never another figure ----

#[test]
fn prices_written_with_signs_separators_or_words_are_never_read_as_another_figure() {
    // (row name, the figure as sent, what it means per hour or None when it cannot be read
    // without guessing). Each row is either skipped or read at exactly its meaning.
    let cases: [(&str, &str, Option<&str>); 16] = [
        ("C1", r#""$1.20""#, Some("1.20")),
        ("C2", r#""1,200.50""#, Some("1200.50")),
        ("C3", r#""1.200,50""#, None),
        ("C4", r#""1,20""#, None),
        ("C5", r#""1 200""#, Some("1200")),
        ("C6", r#""€0.50""#, None),
        ("C7", r#""0.5 USD""#, Some("0.5")),
        ("C8", r#""USD 0.45""#, Some("0.45")),
        ("C9", r#""0.40/hr""#, Some("0.40")),
        ("C10", r#""NaN""#, None),
        ("C11", r#""Infinity""#, None),
        ("C12", r#""-0.30""#, None),
        ("C13", r#""  ""#, None),
        ("C14", r#"{"amount": 0.3, "currency": "USD"}"#, None),
        ("C15", "[0.3]", None),
        ("C16", r#""¥2.00""#, None),
    ];
    let mut rows: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, (name, figure, _))| vast_priced(100 + i as u64, name, figure))
        .collect();
    rows.push(vast_priced(99, "RTX 4090", "0.35"));
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(","))).unwrap();
    assert_eq!(find(&p, "RTX 4090")[0].price_per_gpu_hour, dec("0.35"));
    for (name, figure, meaning) in cases {
        for o in find(&p, name) {
            match meaning {
                Some(m) => assert_eq!(o.price_per_gpu_hour, dec(m), "{name} {figure}"),
                None => panic!("{name} {figure} read as {}", o.price_per_gpu_hour),
            }
        }
    }
    // RunPod: a sign or a decimal comma in a price field; Lambda: separators in cents.
    let rp = parse(
        &runpod(),
        r#"{"data": {"gpuTypes": [
        {"id": "NVIDIA A40", "displayName": "A40", "memoryInGb": 48, "secureCloud": true,
         "communityCloud": true, "securePrice": "$0.39", "communityPrice": "0,35",
         "secureSpotPrice": null, "communitySpotPrice": null},
        {"id": "NVIDIA L4", "displayName": "L4", "memoryInGb": 24, "secureCloud": true,
         "communityCloud": false, "securePrice": 0.43, "communityPrice": null,
         "secureSpotPrice": null, "communitySpotPrice": null}]}}"#,
    )
    .unwrap();
    for o in &rp.offers {
        let right = match o.raw_name.as_str() {
            "NVIDIA L4" => dec("0.43"),
            _ => dec(if o.source.contains("secure") {
                "0.39"
            } else {
                "0.35"
            }),
        };
        assert_eq!(o.price_per_gpu_hour, right, "{o:#?}");
    }
    assert!(rp.offers.iter().any(|o| o.raw_name == "NVIDIA L4"));
    let lt = parse(
        &lambda(),
        r#"{"data": {
        "gpu_8x_h100_sxm5": {"instance_type": {"name": "gpu_8x_h100_sxm5",
          "description": "8x H100 (80 GB SXM5)", "gpu_description": "H100 (80 GB SXM5)",
          "price_cents_per_hour": "2,392", "specs": {"vcpus": 208, "memory_gib": 1800,
          "storage_gib": 24780, "gpus": 8}}, "regions_with_capacity_available": []},
        "gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "description": "1x A10 (24 GB PCIe)",
          "gpu_description": "A10 (24 GB PCIe)", "price_cents_per_hour": "$0.75",
          "specs": {"vcpus": 30, "memory_gib": 200, "storage_gib": 1400, "gpus": 1}},
          "regions_with_capacity_available": []},
        "gpu_1x_gh200": {"instance_type": {"name": "gpu_1x_gh200",
          "description": "1x GH200 (96 GB)", "gpu_description": "GH200 (96 GB)",
          "price_cents_per_hour": 149, "specs": {"vcpus": 64, "memory_gib": 432,
          "storage_gib": 4096, "gpus": 1}}, "regions_with_capacity_available": []}}}"#,
    )
    .unwrap();
    for o in &lt.offers {
        let right = match o.cards {
            8 => dec("2.99"),
            _ if o.raw_name.contains("GH200") => dec("1.49"),
            _ => dec("0.75"),
        };
        assert_eq!(o.price_per_gpu_hour, right, "{o:#?}");
    }
    assert!(lt.offers.iter().any(|o| o.raw_name.contains("GH200")));
}

#[test]
fn figures_that_round_to_nothing_are_no_price_never_free() {
    // A price far below a cent (an encoder's float noise, a unit mix-up) rounds to zero at
    // six places: no row, never a free card; on every adapter.
    let v = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}, {}]}}"#,
            vast_priced(1, "RTX 3090", "1e-9"),
            vast_priced(2, "RTX 4090", "0.0000004")
        ),
    );
    let r = parse(
        &runpod(),
        r#"{"data": {"gpuTypes": [{"id": "NVIDIA A40", "displayName": "A40",
        "memoryInGb": 48, "secureCloud": true, "communityCloud": true,
        "securePrice": 1e-9, "communityPrice": "0.0000001", "secureSpotPrice": null,
        "communitySpotPrice": null}]}}"#,
    );
    for (who, p) in [("vast", v), ("runpod", r)] {
        match p {
            Ok(p) => assert!(
                p.offers
                    .iter()
                    .all(|o| o.price_per_gpu_hour > Decimal::ZERO),
                "{who}: {p:#?}"
            ),
            Err(e) => assert!(matches!(e, FetchError::Malformed(_)), "{who}: {e:?}"),
        }
    }
}

// ---- One offer listed twice ----

#[test]
fn an_offer_listed_twice_under_its_id_written_two_ways_is_one_offer() {
    // A Python backend's id as a float (`4242.0`), as a string, padded: the same offer as the
    // integer id, merged into the first (the cheapest, as the search is sorted).
    let body = format!(
        r#"{{"offers": [{}, {}, {}, {}]}}"#,
        vast_priced(4242, "RTX 4090", "0.35"),
        vast_priced(4242, "RTX 4090", "0.36").replace(r#""id": 4242"#, r#""id": "4242""#),
        vast_priced(4242, "RTX 4090", "0.37").replace(r#""id": 4242"#, r#""id": " 4242 ""#),
        vast_priced(4242, "RTX 4090", "0.38").replace(r#""id": 4242"#, r#""id": 4242.0"#),
    );
    let p = parse(&vast(), &body).unwrap();
    let offers = find(&p, "RTX 4090");
    assert_eq!(offers.len(), 1, "{offers:#?}");
    assert_eq!(offers[0].price_per_gpu_hour, dec("0.35"));
    assert_eq!(offers[0].available_count, Some(1));
    assert_eq!(p.duplicates, 3);
}

// ---- An error beside the data that names the key ----

pub(super) fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

pub(super) fn config(vars: &[(&str, String)]) -> Result<Config, ConfigError> {
    Config::from_lookup(|k| {
        vars.iter()
            .find(|(name, _)| *name == k)
            .map(|(_, v)| v.clone())
    })
}

/// A poller of Vast alone at `url` (a loopback fake) into a fresh store, no FX feed, a 5 s fetch
/// timeout; the directory keeps the store alive.
pub(super) fn vast_poller(url: String) -> (tempfile::TempDir, Arc<Store>, Poller) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let config = config(&[
        ("GPUSCOUT_PROVIDERS", "vast".to_string()),
        ("GPUSCOUT_VAST_URL", url),
        ("GPUSCOUT_FX_URL", "none".into()),
        ("GPUSCOUT_FETCH_TIMEOUT", "5".into()),
    ])
    .unwrap();
    let (adapters, _) = config.adapters();
    let poller = Poller::new(&config, adapters, Arc::new(cat()), store.clone()).unwrap();
    (dir, store, poller)
}

#[test]
fn a_partial_answers_reason_never_carries_the_key_into_a_log_or_the_store() {
    // Letters only, so no shape check can tell it is a key: only the configured value can.
    let key = "quokka-walrus-pelican-otter";
    let fake = FakeProviders::start();
    let offer = vast_priced(7, "RTX 4090", "0.35");
    fake.script(
        "/api/v0/bundles/",
        vec![Script::ok(format!(
            r#"{{"offers": [{offer}], "error": "quota", "msg": "account {key} is over its quota; results truncated"}}"#
        ))],
    );
    fake.script(
        "/graphql",
        vec![Script::ok(format!(
            r#"{{"data": {{"gpuTypes": [{{"id": "NVIDIA A40", "displayName": "A40",
            "memoryInGb": 48, "secureCloud": true, "communityCloud": false,
            "securePrice": 0.39, "communityPrice": null, "secureSpotPrice": null,
            "communitySpotPrice": null, "secureLowest": {{"stockStatus": "High"}},
            "communityLowest": null}}]}},
            "errors": [{{"message": "rate limited for key {key}", "path": ["gpuTypes", 1]}}]}}"#
        ))],
    );
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let config = config(&[
        ("GPUSCOUT_PROVIDERS", "vast,runpod".into()),
        ("GPUSCOUT_VAST_URL", fake.url()),
        ("GPUSCOUT_RUNPOD_URL", fake.url()),
        ("GPUSCOUT_VAST_API_KEY", key.into()),
        ("GPUSCOUT_RUNPOD_API_KEY", key.into()),
        ("GPUSCOUT_FX_URL", "none".into()),
        ("GPUSCOUT_FETCH_TIMEOUT", "5".into()),
    ])
    .unwrap();
    let (adapters, _) = config.adapters();
    let poller = Poller::new(&config, adapters, Arc::new(cat()), store.clone()).unwrap();
    let reports = rt().block_on(poller.poll_once(None));
    assert_eq!(reports.len(), 2);
    for r in &reports {
        assert!(r.replaced(), "{r:?}");
        let why = r.partial.as_deref().unwrap_or_default();
        assert!(!why.is_empty(), "{} was partial: {r:?}", r.provider);
        assert!(!why.contains(key), "{why}");
        assert!(!r.line().contains(key), "{}", r.line());
        let state = provider_state(&store, r.provider).unwrap().unwrap();
        let stored = format!("{:?} {:?}", state.partial, state.last_problem);
        assert!(!stored.contains(key), "{stored}");
    }
}

// ---- Config ----

#[test]
fn config_figures_out_of_range_are_refused_by_name_never_a_panic_or_a_busy_loop() {
    for (var, value) in [
        ("GPUSCOUT_POLL_INTERVAL", "1e30"),
        ("GPUSCOUT_POLL_INTERVAL", "1e20"),
        ("GPUSCOUT_FETCH_TIMEOUT", "1e19"),
        ("GPUSCOUT_POLL_INTERVAL", "0.0000000001"),
        ("GPUSCOUT_FETCH_TIMEOUT", "1e-12"),
    ] {
        let got = std::panic::catch_unwind(|| config(&[(var, value.to_string())]));
        let got = got.unwrap_or_else(|_| panic!("{var}={value} panicked"));
        match got {
            Err(e) => assert!(e.to_string().contains(var), "{var}={value}: {e}"),
            Ok(c) => {
                let d = if var.contains("INTERVAL") {
                    c.interval
                } else {
                    c.timeout
                };
                assert!(
                    d >= Duration::from_millis(1) && d <= Duration::from_secs(366 * 86_400),
                    "{var}={value}: {d:?}"
                );
            }
        }
    }
    // A trailing comma or a space is no provider; names in any case are the providers.
    let c = config(&[("GPUSCOUT_PROVIDERS", "Vast, RUNPOD,".into())]).unwrap();
    assert_eq!(c.enabled, ["vast", "runpod"]);
    // Credentials in the rates feed's URL never print with the settings.
    let c = config(&[(
        "GPUSCOUT_FX_URL",
        "https://fx:hunter2hunter2@mirror.example/eurofxref-daily.xml".into(),
    )])
    .unwrap();
    let debug = format!("{c:?}");
    assert!(!debug.contains("hunter2hunter2"), "{debug}");
}

// ---- The curated file as operators write it ----

pub(super) const NOW_2025_12_01: &str = "as_of = '2025-11-30'\nwho = 'ops'\n";

pub(super) fn curated(text: &str) -> (tempfile::TempDir, Arc<Store>, Result<usize, String>) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let file = dir.path().join("curated.toml");
    std::fs::write(&file, text).unwrap();
    let loaded = gpuscout_providers::curated::load(&cat(), &store, &file).map(|info| info.offers);
    (dir, store, loaded)
}

#[test]
fn a_curated_price_written_as_a_toml_number_or_after_a_byte_order_mark_is_read() {
    for (label, text, price) in [
        (
            "a float",
            format!(
                "{NOW_2025_12_01}[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nprice = 1.98\nsource = 'console'\n"
            ),
            "1.98",
        ),
        (
            "an integer",
            format!(
                "{NOW_2025_12_01}[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nprice = 2\nsource = 'console'\n"
            ),
            "2",
        ),
        (
            "a byte-order mark (Windows Notepad)",
            format!(
                "\u{feff}{NOW_2025_12_01}[[row]]\r\nplatform = 'autodl'\r\ngpu = '4090'\r\nstock = 'in'\r\nprice = '1.98'\r\nsource = 'console'\r\n"
            ),
            "1.98",
        ),
    ] {
        let (_d, store, loaded) = curated(&text);
        assert_eq!(loaded, Ok(1), "{label}");
        let seen = sightings(&store, &gpu_key("rtx-4090")).unwrap();
        assert_eq!(seen[0].price_per_gpu_hour, Some(dec(price)), "{label}");
        assert_eq!(seen[0].currency.as_deref(), Some("CNY"), "{label}");
    }
}

#[test]
fn a_curated_price_no_gpu_hour_has_or_a_currency_sign_is_refused_with_its_row() {
    for (label, price_line) in [
        ("another currency's sign in the price", "price = '$1.98'"),
        ("thousands", "price = '1,980'"),
        (
            "past any GPU hour",
            "price = '79228162514264337593543950335'",
        ),
        ("a million an hour", "price = '2000000'"),
        ("a sign as the currency", "price = '1.98'\ncurrency = '元'"),
        (
            "a word as the currency",
            "price = '1.98'\ncurrency = 'yuan'",
        ),
    ] {
        let text = format!(
            "{NOW_2025_12_01}[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nsource = 'console'\n[[row]]\nplatform = 'autodl'\ngpu = '3090'\nstock = 'in'\nsource = 'console'\n{price_line}\n"
        );
        let (_d, store, loaded) = curated(&text);
        let e = loaded.expect_err(label);
        assert!(e.contains("row 2"), "{label}: {e}");
        assert!(
            sightings(&store, &gpu_key("rtx-3090")).unwrap().is_empty(),
            "{label}"
        );
    }
}

#[test]
fn stock_under_a_price_with_a_curated_row_at_the_edge_of_a_decimal_answers() {
    // Written past the file's checks (an older build, a store edited by hand): a price limit
    // compares it in another currency, which must never overflow the answer away.
    let (_d, store, loaded) = curated(&format!(
        "{NOW_2025_12_01}[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nprice = '0.5'\nsource = 'console'\n"
    ));
    assert_eq!(loaded, Ok(1));
    let mut seen = sightings(&store, &gpu_key("rtx-4090")).unwrap();
    seen[0].price_per_gpu_hour = Some(Decimal::MAX);
    seen[0].currency = Some("USD".into());
    bot_core::availability::record_curated(
        &store,
        bot_core::availability::FeedInfo::default(),
        &seen,
    )
    .unwrap();
    let bot = bot_core::Bot::new(Arc::new(cat()), store);
    let who = ChatRef {
        platform: "test".into(),
        chat: "1".into(),
        user: "1".into(),
        locale: Some("en".into()),
        thread: None,
    };
    for asked in [
        "/stock 4090 max=2",
        "/stock 4090 max=14cny",
        "/offers 4090 max=14cny",
    ] {
        let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            bot.handle(&who, Input::Text(asked.into()))
        }))
        .unwrap_or_else(|_| panic!("{asked} panicked"));
        assert!(!answer.replies.is_empty(), "{asked}");
    }
}

// ---- Second batch: the poller's rates feed ----

#[test]
fn the_rates_feed_refused_with_retry_after_is_not_asked_again_sooner() {
    // The ECB (or a mirror) answering 429 or 503 with `Retry-After`: the poller's report
    // carries it, as the providers' do, so the next try waits at least that long.
    let fake = FakeProviders::start();
    fake.script(
        "/eurofxref-daily.xml",
        vec![
            Script::status(429, "Too Many Requests").header("Retry-After", "900"),
            Script::status(503, "<html>busy</html>")
                .header("Content-Type", "text/html")
                .header("Retry-After", "120"),
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let config = config(&[
        ("GPUSCOUT_PROVIDERS", "none".into()),
        (
            "GPUSCOUT_FX_URL",
            format!("{}/eurofxref-daily.xml", fake.url()),
        ),
        ("GPUSCOUT_FETCH_TIMEOUT", "5".into()),
    ])
    .unwrap();
    let poller = Poller::new(&config, Vec::new(), Arc::new(cat()), store).unwrap();
    let runtime = rt();
    for asked in [900, 120] {
        let r = runtime.block_on(poller.poll_once(Some("fx")));
        assert_eq!(r.len(), 1);
        assert!(!r[0].replaced(), "{r:?}");
        assert_eq!(r[0].retry_after, Some(Duration::from_secs(asked)), "{r:?}");
        let mut seed = 7;
        let wait = gpuscout_providers::poller::wait_after(
            &r[0],
            gpuscout_providers::fx::FX_INTERVAL,
            1,
            &mut seed,
        );
        assert!(wait >= Duration::from_secs(asked), "{wait:?}");
    }
}
