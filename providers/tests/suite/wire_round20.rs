//! QA round 20 (wire20): no single provider can stall a poll or read as "sold out". Written
//! from Cloudflare's documented origin errors (5xx "Cloudflare-specific" codes: 520 unknown
//! error, 522 connection timed out, 524 a timeout occurred, each an HTML page, no
//! `Retry-After`) and from a provider that takes the connection and then says nothing or
//! trickles spaces, before any was run, fed through the real poller on loopback fakes. No
//! assertion reads a clock: the fetch timeout is set to 1 s only so a silent provider ends.

use super::wire_answers::cat;
use super::wire_round13::{config, rt, vast_poller, vast_priced};
use bot_core::Store;
use bot_core::availability::{gpu_key, latest_offers, provider_state};
use gpuscout_providers::poller::{KEY_RETRY, Poller, RETRY_AFTER, wait_after};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::sync::Arc;
use std::time::Duration;

const VAST: &str = "/api/v0/bundles/";
const RUNPOD: &str = "/graphql";

/// Cloudflare's own page for an origin error `code`, as its edge serves it (abridged).
fn cloudflare_page(code: u16, title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en-US\"><head><title>console.vast.ai | {code}: {title}</title>\
         </head><body><div id=\"cf-error-details\"><h1>{title}</h1><span>Error code {code}</span>\
         <p>Visit cloudflare.com for more information.</p><p>Cloudflare Ray ID: \
         8f1c2d3e4a5b6c7d</p>{}</div></body></html>",
        "<!-- padding -->".repeat(400)
    )
}

/// Cases 24–26: after a good reading, Vast's edge answers 520, 522 and 524 with Cloudflare's
/// HTML. 24: the stored offer stays, at its price (no outage reads as "sold out"); 25: each
/// is a miss counted in a row, its problem naming the status in a line short enough for a
/// log (the page itself left out); 26: none is taken for a refused key (the ordinary 30 s
/// schedule, never `KEY_RETRY`).
#[test]
fn cloudflare_origin_errors_keep_the_offers_and_are_ordinary_misses() {
    let fake = FakeProviders::start();
    let good = format!(
        r#"{{"offers": [{}]}}"#,
        vast_priced(2_001, "RTX 4090", "0.38")
    );
    let errors = [
        (520, "Web server is returning an unknown error"),
        (522, "Connection timed out"),
        (524, "A timeout occurred"),
    ];
    let mut scripts = vec![Script::ok(good)];
    scripts.extend(errors.iter().map(|(code, title)| {
        Script::status(*code, cloudflare_page(*code, title))
            .header("Content-Type", "text/html; charset=UTF-8")
            .header("Server", "cloudflare")
            .header("CF-RAY", "8f1c2d3e4a5b6c7d-FRA")
    }));
    fake.script(VAST, scripts);
    let (_dir, store, poller) = vast_poller(fake.url());
    let rt = rt();
    assert!(rt.block_on(poller.poll_once(None)).remove(0).replaced());
    let mut seed = 7u64;
    for (n, (code, _)) in errors.iter().enumerate() {
        let report = rt.block_on(poller.poll_once(None)).remove(0);
        assert!(!report.replaced(), "case 24 ({code}): {}", report.line());
        let offers = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
        assert_eq!(offers.len(), 1, "case 24 ({code})");
        assert_eq!(offers[0].price_per_gpu_hour.to_string(), "0.38");
        let state = provider_state(&store, "vast").unwrap().unwrap();
        assert_eq!(state.misses_in_a_row as usize, n + 1, "case 25 ({code})");
        let problem = state.last_problem.unwrap_or_default();
        assert!(
            problem.contains(&code.to_string()) && problem.chars().count() < 600,
            "case 25 ({code}): {problem:?}"
        );
        assert!(!report.key_refused, "case 26 ({code})");
        let wait = wait_after(&report, Duration::from_secs(300), 1, &mut seed);
        assert!(
            wait < KEY_RETRY && wait <= RETRY_AFTER.mul_f64(1.1),
            "case 26 ({code}): {wait:?}"
        );
    }
}

/// Vast and RunPod polled together, Vast at `vast` (each with a good answer first when
/// `good_first`), with a 1 s fetch timeout.
fn two_providers(fake: &FakeProviders, dir: &tempfile::TempDir) -> (Arc<Store>, Poller) {
    let url = fake.url();
    let config = config(&[
        ("GPUSCOUT_PROVIDERS", "vast,runpod".to_string()),
        ("GPUSCOUT_VAST_URL", url.clone()),
        ("GPUSCOUT_RUNPOD_URL", url),
        ("GPUSCOUT_FX_URL", "none".into()),
        ("GPUSCOUT_FETCH_TIMEOUT", "1".into()),
    ])
    .unwrap();
    let (adapters, _) = config.adapters();
    assert_eq!(adapters.len(), 2);
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let poller = Poller::new(&config, adapters, Arc::new(cat()), store.clone()).unwrap();
    (store, poller)
}

fn runpod_a40(price: &str) -> String {
    format!(
        r#"{{"data": {{"gpuTypes": [{{"id": "NVIDIA A40", "displayName": "A40",
        "memoryInGb": 48, "secureCloud": true, "communityCloud": false,
        "securePrice": {price}, "communityPrice": null, "secureSpotPrice": null,
        "communitySpotPrice": null, "secureLowest": {{"stockStatus": "High"}},
        "communityLowest": null}}]}}}}"#
    )
}

/// Cases 27–30: Vast takes the connection and then says nothing (27–28) or sends its
/// headers and trickles a space every 100 ms, never finishing (29–30), while RunPod answers
/// at once. 27/29: RunPod's new price is stored and served in that same poll; 28/30: Vast
/// is reported with a problem saying it did not answer in time, its stored offer kept at
/// its price and its miss counted: reported, not waited for, never "sold out".
#[test]
fn a_silent_or_trickling_provider_is_reported_while_the_others_answer_lands() {
    for (case, silent) in [("27/28", true), ("29/30", false)] {
        let fake = FakeProviders::start();
        let vast_good = format!(
            r#"{{"offers": [{}]}}"#,
            vast_priced(2_010, "RTX 4090", "0.44")
        );
        let stalled = if silent {
            Script::ok(r#"{"offers": []}"#).slow(Duration::from_secs(20))
        } else {
            Script::drip(r#"{"offers": ["#, Duration::from_millis(100))
        };
        fake.script(VAST, vec![Script::ok(vast_good), stalled]);
        fake.script(
            RUNPOD,
            vec![
                Script::ok(runpod_a40("0.39")),
                Script::ok(runpod_a40("0.35")),
            ],
        );
        let dir = tempfile::tempdir().unwrap();
        let (store, poller) = two_providers(&fake, &dir);
        let rt = rt();
        let first = rt.block_on(poller.poll_once(None));
        assert!(first.iter().all(|r| r.replaced()), "{case}: set-up");
        let second = rt.block_on(poller.poll_once(None));
        let runpod = second.iter().find(|r| r.provider == "runpod").unwrap();
        assert!(runpod.replaced(), "case {case}: {}", runpod.line());
        let a40 = latest_offers(&store, &gpu_key("a40"), Some("runpod")).unwrap();
        assert_eq!(a40.len(), 1, "case {case}");
        assert_eq!(a40[0].price_per_gpu_hour.to_string(), "0.35", "case {case}");
        let vast = second.iter().find(|r| r.provider == "vast").unwrap();
        let problem = vast.problem.clone().unwrap_or_default();
        assert!(
            !vast.replaced() && problem.contains("within"),
            "case {case}: {}",
            vast.line()
        );
        let kept = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
        assert_eq!(kept.len(), 1, "case {case}");
        assert_eq!(
            kept[0].price_per_gpu_hour.to_string(),
            "0.44",
            "case {case}"
        );
        let state = provider_state(&store, "vast").unwrap().unwrap();
        assert_eq!(state.misses_in_a_row, 1, "case {case}");
    }
}
