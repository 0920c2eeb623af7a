//! QA round 14 (wire12): provider answers written from the providers' published shapes and
//! HTTP's own rules before they were run, for what rounds 8–13 left out. Round 13's
//! leftover first: prices written with a currency sign, a unit or thousands separators are
//! read when the sign agrees with the field's documented currency (US dollars for Vast,
//! RunPod and Lambda; the platform's or the row's own for the curated file) and refused, in
//! the poll's log line, when it does not. Then over the wire, through the poller's own HTTP
//! client: a 200 whose body is an HTML error page, a gzip body sent in chunks, a body cut
//! short, a 301 to another host (the key never follows it), one provider hanging past the
//! timeout while another answers, a currency named for the whole answer, one card's names
//! in several spellings (one catalog id; a different card never folded in), and a count of
//! 0 beside a missing one.

use bot_core::Store;
use bot_core::availability::{all_latest_offers, gpu_key, provider_state, sightings};
use gpuscout_providers::Poller;
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::encodings::gzip;
use super::wire_answers::{cat, dec, lambda, parse, runpod, vast};
use super::wire_round13::{NOW_2025_12_01, config, curated, find, rt, vast_priced};

const VAST: &str = "/api/v0/bundles/";
const RUNPOD: &str = "/graphql";

/// A poller for `providers` pointed at `fake`, with the key `key` for each, and its store.
pub(super) fn poller_at(
    fake: &FakeProviders,
    providers: &str,
    key: Option<&str>,
    timeout_s: &str,
) -> (tempfile::TempDir, Arc<Store>, Poller) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let mut vars = vec![
        ("GPUSCOUT_PROVIDERS", providers.to_string()),
        ("GPUSCOUT_VAST_URL", fake.url()),
        ("GPUSCOUT_RUNPOD_URL", fake.url()),
        ("GPUSCOUT_FX_URL", "none".into()),
        ("GPUSCOUT_FETCH_TIMEOUT", timeout_s.into()),
        ("GPUSCOUT_POLL_INTERVAL", "0.2".into()),
    ];
    if let Some(k) = key {
        vars.push(("GPUSCOUT_VAST_API_KEY", k.into()));
        vars.push(("GPUSCOUT_RUNPOD_API_KEY", k.into()));
    }
    let config = config(&vars).unwrap();
    let (adapters, _) = config.adapters();
    let poller = Poller::new(&config, adapters, Arc::new(cat()), store.clone()).unwrap();
    (dir, store, poller)
}

// ---- Part 1: prices written with a sign, a unit or separators ----

#[test]
fn prices_with_a_sign_a_unit_or_separators_are_read_in_the_fields_currency_or_refused() {
    // (row name, the figure as sent, its meaning in dollars per offer-hour, or None: a sign
    // of another currency, another unit, or a figure with two readings).
    let cases: [(&str, &str, Option<&str>); 14] = [
        ("P1", r#""$1.89""#, Some("1.89")),
        ("P2", r#""1,234.50""#, Some("1234.50")),
        ("P3", r#""0.45/hr""#, Some("0.45")),
        ("P4", r#""US$ 0.52""#, Some("0.52")),
        ("P5", r#""0.61 USD/hour""#, Some("0.61")),
        ("P6", r#""$2,345.10 per hour""#, Some("2345.10")),
        ("P7", r#""¥2.5""#, None),
        ("P8", r#""€0.50""#, None),
        ("P9", r#""0.45/mo""#, None),
        ("P10", r#""1,234""#, None),
        ("P11", r#""£0.40""#, None),
        ("P12", r#""CNY 2.5""#, None),
        ("P13", r#""$1,23.4""#, None),
        ("P14", r#""0.45 $/day""#, None),
    ];
    let rows: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, (name, figure, _))| vast_priced(300 + i as u64, name, figure))
        .collect();
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(","))).unwrap();
    for (name, figure, meaning) in cases {
        let got: Vec<_> = find(&p, name)
            .iter()
            .map(|o| o.price_per_gpu_hour)
            .collect();
        match meaning {
            Some(m) => assert_eq!(got, vec![dec(m)], "{name} {figure}"),
            None => assert!(got.is_empty(), "{name} {figure} read as {got:?}"),
        }
    }
    // RunPod's fields are dollars per GPU-hour; Lambda's are whole US cents.
    let rp = parse(
        &runpod(),
        r#"{"data": {"gpuTypes": [
        {"id": "NVIDIA RTX A5000", "displayName": "RTX A5000", "memoryInGb": 24,
         "secureCloud": true, "communityCloud": true, "securePrice": "$0.29",
         "communityPrice": "¥1.60", "secureSpotPrice": "0.17/hr", "communitySpotPrice": null}]}}"#,
    )
    .unwrap();
    let by_source = |part: &str| {
        rp.offers
            .iter()
            .filter(|o| o.source.contains(part))
            .map(|o| o.price_per_gpu_hour)
            .collect::<Vec<_>>()
    };
    assert_eq!(by_source("securePrice"), vec![dec("0.29")], "{rp:#?}");
    assert_eq!(by_source("secureSpotPrice"), vec![dec("0.17")], "{rp:#?}");
    assert!(by_source("communityPrice").is_empty(), "{rp:#?}");
    let lt = parse(
        &lambda(),
        r#"{"data": {
        "gpu_8x_a100_80gb_sxm4": {"instance_type": {"name": "gpu_8x_a100_80gb_sxm4",
          "description": "8x A100 (80 GB SXM4)", "gpu_description": "A100 (80 GB SXM4)",
          "price_cents_per_hour": "1,432", "specs": {"vcpus": 240, "memory_gib": 1800,
          "storage_gib": 19500, "gpus": 8}}, "regions_with_capacity_available": []},
        "gpu_1x_a6000": {"instance_type": {"name": "gpu_1x_a6000", "description": "1x A6000 (48 GB)",
          "gpu_description": "RTX A6000 (48 GB)", "price_cents_per_hour": "$0.80",
          "specs": {"vcpus": 14, "memory_gib": 100, "storage_gib": 512, "gpus": 1}},
          "regions_with_capacity_available": []}}}"#,
    )
    .unwrap();
    let per_card: Vec<_> = lt
        .offers
        .iter()
        .map(|o| (o.cards, o.price_per_gpu_hour))
        .collect();
    assert_eq!(per_card, vec![(8, dec("1.79"))], "{lt:#?}");
}

#[test]
fn a_refused_price_is_named_in_the_polls_log_line_and_the_rest_is_stored() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::ok(format!(
            r#"{{"offers": [{}, {}]}}"#,
            vast_priced(1, "RTX 4090", "0.35"),
            vast_priced(2, "RTX 3090", r#""¥2.5""#)
        ))],
    );
    let (_d, store, poller) = poller_at(&fake, "vast", None, "5");
    let reports = rt().block_on(poller.poll_once(None));
    assert!(reports[0].replaced(), "{reports:?}");
    let line = reports[0].line();
    assert!(line.contains("¥2.5"), "{line}");
    assert!(line.to_lowercase().contains("usd"), "{line}");
    let stored = all_latest_offers(&store).unwrap();
    assert_eq!(stored.len(), 1, "{stored:#?}");
    assert_eq!(stored[0].price_per_gpu_hour, dec("0.35"));
}

#[test]
fn curated_prices_with_a_sign_are_read_when_the_sign_is_the_rows_currency() {
    // AutoDL's currency is CNY: `¥` and `元` agree with it; `$` does not, nor does `¥` on a
    // row that says USD. A grouped figure with a decimal point has one reading.
    for (label, line, want) in [
        ("a yuan sign", "price = '¥1.98'", Some(("1.98", "CNY"))),
        (
            "yuan per hour",
            "price = '1.98元/小时'",
            Some(("1.98", "CNY")),
        ),
        ("grouped", "price = '1,980.00'", Some(("1980", "CNY"))),
        ("a dollar sign on a CNY row", "price = '$0.28'", None),
        (
            "a yuan sign on a USD row",
            "price = '¥1.98'\ncurrency = 'USD'",
            None,
        ),
        ("per month", "price = '¥1400/月'", None),
    ] {
        let text = format!(
            "{NOW_2025_12_01}[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nsource = 'console'\n{line}\n"
        );
        let (_d, store, loaded) = curated(&text);
        match want {
            Some((price, currency)) => {
                assert_eq!(loaded, Ok(1), "{label}");
                let seen = sightings(&store, &gpu_key("rtx-4090")).unwrap();
                assert_eq!(seen[0].price_per_gpu_hour, Some(dec(price)), "{label}");
                assert_eq!(seen[0].currency.as_deref(), Some(currency), "{label}");
            }
            None => {
                let e = loaded.expect_err(label);
                assert!(e.contains("row 1") && e.contains("price"), "{label}: {e}");
            }
        }
    }
}

// ---- Part 2: over the wire ----

#[test]
fn a_200_whose_body_is_an_html_error_page_keeps_the_last_good_snapshot() {
    let fake = FakeProviders::start();
    let page = "<!DOCTYPE html><html><head><title>Just a moment...</title></head>\
        <body>Checking your browser before accessing vast.ai. Ray ID: 7f1c</body></html>";
    fake.script(
        VAST,
        vec![
            Script::ok(format!(
                r#"{{"offers": [{}]}}"#,
                vast_priced(1, "RTX 4090", "0.35")
            )),
            Script::ok(page).header("Content-Type", "text/html; charset=UTF-8"),
            Script::ok(page).header("Content-Type", "application/json"),
        ],
    );
    let key = "vk-4f2a9c1e7b3d5a8f";
    let (_d, store, poller) = poller_at(&fake, "vast", Some(key), "5");
    let runtime = rt();
    assert!(runtime.block_on(poller.poll_once(None))[0].replaced());
    for _ in 0..2 {
        let r = &runtime.block_on(poller.poll_once(None))[0];
        assert!(!r.replaced(), "{r:?}");
        assert!(!r.line().contains(key), "{}", r.line());
    }
    let stored = all_latest_offers(&store).unwrap();
    assert_eq!(stored.len(), 1, "{stored:#?}");
    let state = provider_state(&store, "vast").unwrap().unwrap();
    assert_eq!(state.misses_in_a_row, 2, "{state:?}");
}

#[test]
fn a_gzip_body_in_chunks_is_read_whole_and_one_cut_short_is_a_failure() {
    let body = format!(
        r#"{{"offers": [{}, {}]}}"#,
        vast_priced(1, "RTX 4090", "0.35"),
        vast_priced(2, "RTX 3090", "0.22")
    );
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            // Gzip in 9 pieces, a JSON answer in 13 (tokens split across them).
            Script::bytes(200, gzip(body.as_bytes()))
                .header("Content-Encoding", "gzip")
                .chunked(9, Duration::from_millis(20)),
            Script::ok(body.clone()).chunked(13, Duration::from_millis(10)),
            // Cut after half: the connection ends with no last chunk.
            Script::ok(body.clone())
                .chunked(4, Duration::from_millis(10))
                .cut_after(body.len() / 2),
            // Gzip cut after half.
            Script::bytes(200, gzip(body.as_bytes()))
                .header("Content-Encoding", "gzip")
                .cut_after(20),
            // A JSON body cut short but sent whole (its length says so).
            Script::ok(&body[..body.len() - 40]),
        ],
    );
    let (_d, store, poller) = poller_at(&fake, "vast", None, "5");
    let runtime = rt();
    for i in 0..2 {
        let r = &runtime.block_on(poller.poll_once(None))[0];
        assert!(r.replaced(), "answer {i}: {r:?}");
        assert_eq!(r.offers, 2, "answer {i}: {r:?}");
    }
    for i in 2..5 {
        let r = &runtime.block_on(poller.poll_once(None))[0];
        assert!(!r.replaced(), "answer {i}: {r:?}");
    }
    assert_eq!(all_latest_offers(&store).unwrap().len(), 2);
}

#[test]
fn a_redirect_to_another_host_is_not_followed_and_the_key_never_leaves() {
    let key = "rk-9b8c7d6e5f4a3b2c";
    let elsewhere = FakeProviders::start();
    let body = format!(r#"{{"offers": [{}]}}"#, vast_priced(1, "RTX 4090", "0.01"));
    elsewhere.script(VAST, vec![Script::ok(body.clone())]);
    elsewhere.script(
        RUNPOD,
        vec![Script::ok(
            r#"{"data": {"gpuTypes": [{"id": "NVIDIA A40", "displayName": "A40",
            "memoryInGb": 48, "secureCloud": true, "communityCloud": false,
            "securePrice": 0.01, "communityPrice": null, "secureSpotPrice": null,
            "communitySpotPrice": null}]}}"#,
        )],
    );
    let fake = FakeProviders::start();
    for (path, status) in [(VAST, 301), (RUNPOD, 308)] {
        fake.script(
            path,
            vec![
                Script::status(status, "moved")
                    .header("Location", &format!("{}{path}", elsewhere.url())),
            ],
        );
    }
    let (_d, store, poller) = poller_at(&fake, "vast,runpod", Some(key), "5");
    let reports = rt().block_on(poller.poll_once(None));
    for r in &reports {
        assert!(!r.replaced(), "{r:?}");
        let problem = r.problem.as_deref().unwrap_or_default();
        assert!(problem.contains("30"), "{}: {problem}", r.provider);
        assert!(!r.line().contains(key), "{}", r.line());
    }
    for seen in elsewhere.seen() {
        let auth = seen.header("authorization").unwrap_or_default();
        assert!(
            !auth.contains(key),
            "the key went to another host: {seen:?}"
        );
    }
    assert!(
        elsewhere.seen().is_empty(),
        "followed: {:?}",
        elsewhere.seen()
    );
    assert!(all_latest_offers(&store).unwrap().is_empty());
}

#[test]
fn a_redirect_on_the_same_host_is_followed_with_the_key() {
    let key = "rk-1a2b3c4d5e6f7a8b";
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::status(308, "moved").header("Location", "/api/v0/bundles/v2/")],
    );
    fake.script(
        "/api/v0/bundles/v2/",
        vec![Script::ok(format!(
            r#"{{"offers": [{}]}}"#,
            vast_priced(1, "RTX 4090", "0.35")
        ))],
    );
    let (_d, _store, poller) = poller_at(&fake, "vast", Some(key), "5");
    let r = &rt().block_on(poller.poll_once(None))[0];
    assert!(r.replaced(), "{r:?}");
    let moved = fake
        .seen()
        .into_iter()
        .find(|s| s.uri.starts_with("/api/v0/bundles/v2/"))
        .expect("the move was followed");
    assert_eq!(
        moved.header("authorization"),
        Some(format!("Bearer {key}").as_str())
    );
}

#[test]
fn a_provider_hanging_past_the_timeout_never_holds_up_another() {
    // `serve`'s loop, not one poll: RunPod answers at once and is asked again every 0.2 s
    // while Vast's first answer is still on its way (it never comes within the 3 s timeout).
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::ok(r#"{"offers": []}"#).slow(Duration::from_secs(30))],
    );
    fake.script(
        RUNPOD,
        vec![Script::ok(
            r#"{"data": {"gpuTypes": [{"id": "NVIDIA A40", "displayName": "A40",
            "memoryInGb": 48, "secureCloud": true, "communityCloud": false,
            "securePrice": 0.39, "communityPrice": null, "secureSpotPrice": null,
            "communitySpotPrice": null}]}}"#,
        )],
    );
    let (_d, store, poller) = poller_at(&fake, "vast,runpod", None, "3");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let stop = tokio_util::sync::CancellationToken::new();
    let running = runtime.spawn(poller.run(stop.clone()));
    let started = Instant::now();
    let asked = |path: &str| {
        fake.seen()
            .iter()
            .filter(|s| s.uri.starts_with(path))
            .count()
    };
    while asked(RUNPOD) < 3 && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let took = started.elapsed();
    assert!(asked(RUNPOD) >= 3, "RunPod asked {} times", asked(RUNPOD));
    assert!(took < Duration::from_millis(2500), "{took:?}");
    assert_eq!(asked(VAST), 1);
    let state = provider_state(&store, "runpod").unwrap().unwrap();
    assert!(state.last_good_at.is_some(), "{state:?}");
    stop.cancel();
    runtime.block_on(running).unwrap().unwrap();
}

#[test]
fn a_currency_named_for_the_whole_answer_is_never_read_as_dollars() {
    // The figures are euros (or yuan) when the answer says so at its top, beside the rows
    // or around them: none is stored as a dollar price.
    let vast_body = format!(
        r#"{{"currency": "EUR", "offers": [{}]}}"#,
        vast_priced(1, "RTX 4090", "0.35")
    );
    let runpod_body = r#"{"data": {"currency": "CNY", "gpuTypes": [{"id": "NVIDIA A40",
        "displayName": "A40", "memoryInGb": 48, "secureCloud": true, "communityCloud": false,
        "securePrice": 2.8, "communityPrice": null, "secureSpotPrice": null,
        "communitySpotPrice": null}]}}"#;
    let lambda_body = r#"{"currency": "eur", "data": {"gpu_1x_a10": {"instance_type": {
        "name": "gpu_1x_a10", "description": "1x A10 (24 GB PCIe)", "gpu_description":
        "A10 (24 GB PCIe)", "price_cents_per_hour": 75, "specs": {"gpus": 1}},
        "regions_with_capacity_available": [{"name": "us-east-1"}]}}}"#;
    for (who, got) in [
        ("vast", parse(&vast(), &vast_body)),
        ("runpod", parse(&runpod(), runpod_body)),
        ("lambda", parse(&lambda(), lambda_body)),
    ] {
        if let Ok(p) = got {
            assert!(
                p.offers.iter().all(|o| o.currency != "USD"),
                "{who}: {:#?}",
                p.offers
            );
        }
    }
    // A row's own currency field (any case, any of the names) still refuses that row only.
    let p = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}, {}]}}"#,
            vast_priced(1, "RTX 4090", "0.35"),
            vast_priced(2, "RTX 3090", "0.22")
                .replace(r#""id": 2"#, r#""id": 2, "price_currency": "eur""#)
        ),
    )
    .unwrap();
    assert!(find(&p, "RTX 3090").is_empty(), "{p:#?}");
    assert_eq!(find(&p, "RTX 4090").len(), 1);
}

#[test]
fn one_cards_names_in_any_spelling_are_one_catalog_id_and_another_card_is_never_folded_in() {
    // (name as a provider writes it, memory in MB as Vast reports it, the catalog id or
    // None: kept under its own name).
    let cases: [(&str, u32, Option<&str>); 17] = [
        ("RTX 4090", 24564, Some("rtx-4090")),
        ("rtx4090", 24564, Some("rtx-4090")),
        ("GeForce RTX 4090 24GB", 24564, Some("rtx-4090")),
        ("NVIDIA  GeForce  RTX 4090", 24564, Some("rtx-4090")),
        ("RTX-4090", 24564, Some("rtx-4090")),
        ("Rtx 4090 ", 24564, Some("rtx-4090")),
        ("RTX 4090 D", 24564, Some("rtx-4090d")),
        ("RTX 4090D", 24564, Some("rtx-4090d")),
        ("RTX 4090 48GB", 49140, Some("rtx-4090-48g")),
        ("RTX 4090", 49140, Some("rtx-4090-48g")),
        // The laptop GPU is its own catalog card since session 24 (never the desktop 4090).
        ("RTX 4090 Laptop GPU", 16376, Some("rtx-4090-laptop")),
        ("RTX 4090 Mobile", 16376, Some("rtx-4090-laptop")),
        ("H100 80GB HBM3", 81559, Some("h100-sxm")),
        ("H100 NVL", 95830, Some("h100-nvl")),
        ("H100 PCIe", 81559, Some("h100-pcie")),
        ("A100 PCIE 40GB", 40960, Some("a100-40g-pcie")),
        ("RTX 6000 Ada", 49140, Some("rtx-6000-ada")),
    ];
    let rows: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, (name, mb, _))| {
            vast_priced(500 + i as u64, name, "0.50")
                .replace("\"gpu_ram\": 24564", &format!("\"gpu_ram\": {mb}"))
        })
        .collect();
    let p = parse(&vast(), &format!(r#"{{"offers": [{}]}}"#, rows.join(","))).unwrap();
    assert_eq!(p.offers.len(), cases.len(), "{p:#?}");
    for ((name, mb, want), o) in cases.iter().zip(&p.offers) {
        match want {
            Some(id) => assert_eq!(o.gpu, *id, "{name} ({mb} MB)"),
            None => assert!(
                cat().find_gpu(&o.gpu).is_none(),
                "{name} ({mb} MB) was folded into {}",
                o.gpu
            ),
        }
    }
}

#[test]
fn a_count_of_zero_is_never_in_stock_and_a_missing_count_is_never_zero() {
    // Vast: an offer of 0 cards (or "0") is no offer, never one in stock with nothing in it.
    let p = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}, {}, {}]}}"#,
            vast_priced(1, "RTX 4090", "0.35"),
            vast_priced(2, "RTX 3090", "0.22").replace(r#""num_gpus": 1"#, r#""num_gpus": 0"#),
            vast_priced(3, "RTX A5000", "0.20").replace(r#""num_gpus": 1"#, r#""num_gpus": "0""#),
        ),
    )
    .unwrap();
    for o in &p.offers {
        assert!(o.cards >= 1, "{o:#?}");
        assert_ne!(o.available_count, Some(0), "{o:#?}");
    }
    assert_eq!(p.offers.len(), 1, "{p:#?}");
    // The curated file: `cards = 0` beside `stock = 'in'` says two things; the row is refused.
    // Without `cards` the count is unknown, never 0.
    let (_d, _s, loaded) = curated(&format!(
        "{NOW_2025_12_01}[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nsource = 'console'\nprice = '1.98'\n[[row]]\nplatform = 'autodl'\ngpu = '3090'\nstock = 'in'\ncards = 0\nsource = 'console'\n"
    ));
    let e = loaded.expect_err("cards = 0 in stock");
    assert!(e.contains("row 2") && e.contains("cards"), "{e}");
    let (_d, store, loaded) = curated(&format!(
        "{NOW_2025_12_01}[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nsource = 'console'\n[[row]]\nplatform = 'autodl'\ngpu = '3090'\nstock = 'out'\ncards = 0\nsource = 'console'\n"
    ));
    assert_eq!(loaded, Ok(2));
    let seen = sightings(&store, &gpu_key("rtx-4090")).unwrap();
    assert_eq!(seen[0].cards, None);
}

#[test]
fn a_curated_edit_between_the_start_up_load_and_the_watchs_first_look_is_seen() {
    use gpuscout_providers::curated::{Watch, load};
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let file = dir.path().join("curated.toml");
    let priced = |p: &str| {
        format!(
            "{NOW_2025_12_01}[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nsource = 'console'\nprice = '{p}'\n"
        )
    };
    let price = || sightings(&store, &gpu_key("rtx-4090")).unwrap()[0].price_per_gpu_hour;
    // `serve` loads the file at start, then starts its watch; the operator saves an edit in
    // between (within the same second: one modification-time tick on many file systems).
    std::fs::write(&file, priced("1.98")).unwrap();
    load(&cat(), &store, &file).unwrap();
    std::fs::write(&file, priced("2.10")).unwrap();
    let mut watch = Watch::start(&store);
    let first = watch.look(&cat(), &store, &file);
    assert!(matches!(first, Some(Ok(_))), "{first:?}");
    assert_eq!(price(), Some(dec("2.10")));
    // Nothing changed since: nothing read again.
    assert!(watch.look(&cat(), &store, &file).is_none());
    // Two edits back to back, within one tick: the second is seen.
    std::fs::write(&file, priced("2.20")).unwrap();
    assert!(matches!(watch.look(&cat(), &store, &file), Some(Ok(_))));
    std::fs::write(&file, priced("2.30")).unwrap();
    assert!(matches!(watch.look(&cat(), &store, &file), Some(Ok(_))));
    assert_eq!(price(), Some(dec("2.30")));
    // A bad edit is reported once, not at every look, and the rows stay.
    std::fs::write(&file, priced("cheap")).unwrap();
    assert!(matches!(watch.look(&cat(), &store, &file), Some(Err(_))));
    assert!(watch.look(&cat(), &store, &file).is_none());
    assert_eq!(price(), Some(dec("2.30")));
}
