//! QA round 22 (wire22): provider answers written apart from the code, before any was run,
//! from the published rules a client meets on the wire: RFC 9110 §15.4.5 (a 304 answers only
//! a conditional request: it carries no body and moves nothing), §15.3.7 (a 206 is a part of
//! the representation, sent only to a `Range` request, which the adapters never make), §8.4
//! (content codings are case-insensitive and may be stacked, listed in the order applied;
//! `identity` is no coding) and §12.5.3 (our `Accept-Encoding: gzip, deflate` allows either,
//! so both at once); RFC 9111 §5.1 (`Age`: a cache's copy was made that many seconds before it
//! was served); RFC 8259 §8.1 (JSON between systems is UTF-8; a byte-order mark may be
//! ignored) and §9 (a parser may limit nesting depth); RunPod's `stockStatus` as an open set
//! of words. Fed to the real `fetch` and poller on loopback fakes; fetches are dated at an
//! explicit `NOW`.

use super::wire_answers::{NOW, dec, run, runpod, vast};
use super::wire_round13::{rt, vast_poller, vast_priced};
use bot_core::availability::{Freshness, StockLevel, gpu_key, latest_offers, provider_state};
use gpuscout_providers::FetchError;
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::io::Write;

const VAST: &str = "/api/v0/bundles/";
const RUNPOD: &str = "/graphql";

fn offers_body(id: u64, price: &str) -> String {
    format!(r#"{{"offers": [{}]}}"#, vast_priced(id, "RTX 4090", price))
}

fn gzip(b: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(b).unwrap();
    e.finish().unwrap()
}

fn zlib(b: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(b).unwrap();
    e.finish().unwrap()
}

/// A Vast adapter whose base is the fake.
fn vast_at(fake: &FakeProviders) -> gpuscout_providers::vast::Vast {
    let mut v = vast();
    v.base = fake.url();
    v
}

/// Vast polled through the real poller twice: a good answer at `good` first, then `then`.
/// Returns the stored 4090 offers' prices after the second poll, and its report's problem.
fn good_then(then: Script) -> (Vec<String>, String, u32) {
    let fake = FakeProviders::start();
    fake.script(VAST, vec![Script::ok(offers_body(2_201, "0.41")), then]);
    let (_dir, store, poller) = vast_poller(fake.url());
    let rt = rt();
    assert!(rt.block_on(poller.poll_once(None)).remove(0).replaced());
    let report = rt.block_on(poller.poll_once(None)).remove(0);
    let offers = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
    let misses = provider_state(&store, "vast")
        .unwrap()
        .unwrap()
        .misses_in_a_row;
    (
        offers
            .iter()
            .map(|o| o.price_per_gpu_hour.to_string())
            .collect(),
        report.problem.clone().unwrap_or_default(),
        misses,
    )
}

/// Cases 1–2: a 304 with no body, to a request that sent no validator (a cache or proxy
/// answering from its own state). 1: no answer to read: the last good offer stays, at its
/// price, and the miss is counted. 2: the problem names the 304 and reads as no move:
/// nothing in it sends the operator to change the provider's URL.
#[test]
fn a_304_to_a_request_without_a_validator_is_no_answer_and_no_move() {
    let (prices, problem, misses) = good_then(Script::status(304, ""));
    assert_eq!(prices, vec!["0.41"], "case 1: {problem}");
    assert_eq!(misses, 1, "case 1");
    assert!(problem.contains("304"), "case 2: {problem}");
    let lower = problem.to_lowercase();
    assert!(
        !lower.contains("moved") && !lower.contains("redirect") && !lower.contains("url"),
        "case 2: a 304 read as a move: {problem}"
    );
}

/// Case 3: a 206 whose part happens to be whole JSON (one offer of a longer list, its
/// `Content-Range` saying so). The adapters never ask for a range: a part is never read as
/// the provider's whole list, so the card stored before (an A100 the part leaves out) is not
/// called gone, and the problem names the 206.
#[test]
fn a_206_part_is_never_read_as_the_whole_list() {
    let fake = FakeProviders::start();
    let whole = format!(
        r#"{{"offers": [{}, {{"id": 2231, "gpu_name": "A100 SXM4", "num_gpus": 1,
        "gpu_ram": 81920, "dph_total": 1.1, "rentable": true, "rented": false}}]}}"#,
        vast_priced(2_230, "RTX 4090", "0.40")
    );
    let part = offers_body(2_230, "0.40");
    let range = format!("bytes 0-{}/{}", part.len() - 1, whole.len() + 900);
    fake.script(
        VAST,
        vec![
            Script::ok(whole),
            Script::status(206, part).header("Content-Range", &range),
        ],
    );
    let (_dir, store, poller) = vast_poller(fake.url());
    let rt = rt();
    assert!(rt.block_on(poller.poll_once(None)).remove(0).replaced());
    let report = rt.block_on(poller.poll_once(None)).remove(0);
    let a100 = latest_offers(&store, &gpu_key("a100-80g-sxm"), Some("vast")).unwrap();
    assert_eq!(a100.len(), 1, "case 3: the A100 was called gone");
    let problem = report.problem.clone().unwrap_or_default();
    assert!(problem.contains("206"), "case 3: {}", report.line());
}

/// Cases 4–6: codings as RFC 9110 writes them. 4: `GZIP` in capitals is gzip; 5:
/// `identity` is no coding at all; 6: `deflate, gzip` (deflated, then gzipped: both codings
/// we said we accept) is the plain answer once both are undone. Each reads the figure sent.
#[test]
fn codings_in_capitals_identity_and_two_at_once_read_as_the_plain_answer() {
    let plain = |n: u64, price: &str| offers_body(n, price).into_bytes();
    let cases = [
        (
            "4",
            Script::bytes(200, gzip(&plain(2_240, "0.44"))).header("Content-Encoding", "GZIP"),
            "0.44",
        ),
        (
            "5",
            Script::bytes(200, plain(2_250, "0.45")).header("Content-Encoding", "identity"),
            "0.45",
        ),
        (
            "6",
            Script::bytes(200, gzip(&zlib(&plain(2_260, "0.46"))))
                .header("Content-Encoding", "deflate, gzip"),
            "0.46",
        ),
    ];
    for (case, script, price) in cases {
        let fake = FakeProviders::start();
        fake.script(VAST, vec![script]);
        let got = run(&vast_at(&fake));
        let p = got.unwrap_or_else(|e| panic!("case {case}: {e}"));
        assert_eq!(p.offers.len(), 1, "case {case}");
        assert_eq!(p.offers[0].price_per_gpu_hour, dec(price), "case {case}");
    }
}

/// Case 7: a UTF-8 byte-order mark inside a gzip body (the mark is the text's, under the
/// coding): read like one sent plain.
#[test]
fn a_byte_order_mark_under_gzip_is_read() {
    let fake = FakeProviders::start();
    let mut text = b"\xEF\xBB\xBF".to_vec();
    text.extend(offers_body(2_270, "0.47").into_bytes());
    fake.script(
        VAST,
        vec![Script::bytes(200, gzip(&text)).header("Content-Encoding", "gzip")],
    );
    let p = run(&vast_at(&fake)).unwrap();
    assert_eq!(p.offers.len(), 1);
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("0.47"));
}

/// Case 8: the answer re-encoded as UTF-16 (little-endian, with its mark) by a proxy on a
/// Windows host. JSON between systems is UTF-8: refused, the last offer kept, and the
/// problem says what the text was, so the operator knows it was no provider outage.
#[test]
fn a_utf16_answer_is_refused_naming_its_encoding() {
    let text = offers_body(2_280, "0.48");
    let mut bytes = vec![0xFF, 0xFE];
    for u in text.encode_utf16() {
        bytes.extend(u.to_le_bytes());
    }
    let (prices, problem, _) = good_then(
        Script::bytes(200, bytes).header("Content-Type", "application/json; charset=utf-16"),
    );
    assert_eq!(prices, vec!["0.41"], "case 8: {problem}");
    assert!(problem.contains("UTF-16"), "case 8: {problem}");
}

/// Case 9: JSON nested 100,000 deep (a broken encoder, or a hostile proxy): refused as too
/// deep, never a stack overflow, the last offer kept.
#[test]
fn json_nested_past_any_depth_is_refused_without_a_crash() {
    let depth = 100_000;
    let body = format!(
        r#"{{"offers": [{}{}]}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let (prices, problem, misses) = good_then(Script::ok(body));
    assert_eq!(prices, vec!["0.41"], "case 9: {problem}");
    assert_eq!(misses, 1, "case 9");
    assert!(!problem.is_empty(), "case 9");
}

/// Case 10: RunPod's `stockStatus` is a word from a set that grows (`High`, `Medium`, `Low`,
/// `None` so far): a word this build does not know (`Critical`, `VERY_HIGH`) is unknown
/// stock, never in stock nor sold out, and the price beside it still reads.
#[test]
fn runpod_stock_words_this_build_does_not_know_are_unknown_stock() {
    for word in ["Critical", "VERY_HIGH", "Limited"] {
        let body = format!(
            r#"{{"data": {{"gpuTypes": [{{"id": "NVIDIA H100 80GB HBM3",
              "displayName": "H100 SXM", "memoryInGb": 80, "secureCloud": true,
              "communityCloud": false, "securePrice": 2.69, "communityPrice": null,
              "secureSpotPrice": null, "communitySpotPrice": null,
              "secureLowest": {{"stockStatus": "{word}"}}, "communityLowest": null}}]}}}}"#
        );
        let fake = FakeProviders::start();
        fake.script(RUNPOD, vec![Script::ok(body)]);
        let mut r = runpod();
        r.base = fake.url();
        let p = run(&r).unwrap();
        assert_eq!(p.offers.len(), 1, "case 10 ({word})");
        assert_eq!(p.offers[0].price_per_gpu_hour, dec("2.69"));
        assert_eq!(p.offers[0].stock, StockLevel::Unknown, "case 10 ({word})");
    }
}

/// Cases 11–12: an answer a cache kept for three hours (`Age: 10800`). 11: its offers are
/// dated when the cache took them, three hours before the fetch, so no answer shows them as
/// stock right now (past the two hours a live price is fresh). 12: an `Age` that is no
/// number of seconds (`-5`, `soon`) says nothing: the offers are dated at the fetch.
#[test]
fn an_answer_a_cache_kept_is_dated_when_the_cache_took_it() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            Script::ok(offers_body(2_211, "0.42")).header("Age", "10800"),
            Script::ok(offers_body(2_212, "0.43")).header("Age", "-5"),
            Script::ok(offers_body(2_213, "0.44")).header("Age", "soon"),
        ],
    );
    let p = run(&vast_at(&fake)).unwrap();
    assert_eq!(p.offers.len(), 1);
    assert_eq!(p.offers[0].fetched_at, NOW - 10_800, "case 11");
    assert_ne!(
        Freshness::of_age(NOW - p.offers[0].fetched_at),
        Freshness::Fresh,
        "case 11"
    );
    for case in ["12 (-5)", "12 (soon)"] {
        let p = run(&vast_at(&fake)).unwrap();
        assert_eq!(p.offers[0].fetched_at, NOW, "case {case}");
    }
    // Through the poller: the stored offer carries the cache's date, not the poll's.
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::ok(offers_body(2_214, "0.45")).header("Age", "10800")],
    );
    let (_dir, store, poller) = vast_poller(fake.url());
    let report = rt().block_on(poller.poll_once(None)).remove(0);
    let offers = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
    assert_eq!(offers.len(), 1, "case 11: {}", report.line());
    let state = provider_state(&store, "vast").unwrap().unwrap();
    let good = state.last_good_at.unwrap();
    assert_eq!(offers[0].fetched_at, good, "case 11");
    let attempt = state.last_attempt_at.unwrap();
    assert!(attempt - offers[0].fetched_at >= 10_800, "case 11");
}

/// A 304 or 206 through `fetch` itself is an HTTP failure with its status, never parsed.
#[test]
fn fetch_reports_a_304_and_a_206_by_their_status() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            Script::status(304, ""),
            Script::status(206, offers_body(2_290, "0.49"))
                .header("Content-Range", "bytes 0-99/5000"),
        ],
    );
    for code in [304u16, 206] {
        match run(&vast_at(&fake)) {
            Err(FetchError::Http { status, .. }) => assert_eq!(status, code),
            other => panic!("{code}: {other:?}"),
        }
    }
}

/// Case 12 at the reader: only delta-seconds are an age; a figure past any cache's life is
/// held to `MAX_AGE`, never an overflow of the date it is taken from.
#[test]
fn an_age_is_delta_seconds_and_held_to_a_week() {
    use gpuscout_providers::fetch::{MAX_AGE, age};
    use std::time::Duration;
    assert_eq!(age(Some("10800")), Some(Duration::from_secs(10_800)));
    assert_eq!(age(Some(" 60 ")), Some(Duration::from_secs(60)));
    for bad in ["-5", "soon", "", "1e3", "3.5", "+60"] {
        assert_eq!(age(Some(bad)), None, "{bad:?}");
    }
    assert_eq!(age(None), None);
    assert_eq!(age(Some("99999999999999999999999999")), Some(MAX_AGE));
    assert_eq!(age(Some("31536000")), Some(MAX_AGE));
}
