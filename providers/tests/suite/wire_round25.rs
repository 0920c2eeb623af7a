//! QA round 25 (wire25): provider answers written apart from the code, before any was run,
//! from the published rules. RFC 9111 §4 (a cache reuses a stored response only for a request
//! whose method allows it; RFC 9110 §9.3.3: a POST's response serves no later POST) and
//! §5.2.2.5/§5.2.2.7 (`no-store`: no cache stores it; `private`: no shared cache does): such
//! an answer with an old `Date` and no `Age` is the origin's own, so the `Date` is the host's
//! clock being behind, not a cache's copy; a copy that is dated back says why on the poll
//! line (`Age`, or `Date` alone). RFC 4180 §2 (a record with another number of fields than
//! the header) and a line for it. GraphQL over HTTP (`application/graphql-response+json`)
//! and the GraphQL spec's field errors (a null list item with an error whose `path` names
//! it; `data: null` with an error); RFC 9110 §15.3.3 (202: accepted, processing not done,
//! so its body is no list) and §15.3.4 (203: a transforming proxy's copy of the 200);
//! RFC 9457 (`application/problem+json`: a problem document, whatever the status); Lambda's
//! `regions_with_capacity_available` left out of a type. Fed to the real `fetch`, adapters,
//! importer and `Poller` on loopback fakes.

use super::wire_answers::{NOW, cat, dec, lambda, parse, run, runpod};
use super::wire_round13::{config, rt, vast_priced};
use super::wire_round23::imf;
use bot_core::Store;
use bot_core::availability::{
    OfferKind, StockLevel, all_latest_offers, gpu_key, latest_offers, now_unix,
};
use gpuscout_providers::import::{self, Format};
use gpuscout_providers::{PollReport, Poller};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::sync::Arc;

const VAST: &str = "/api/v0/bundles/";
const GRAPHQL: &str = "/graphql";

pub(super) fn vast_body(rows: &[(u64, &str, &str)]) -> String {
    let rows: Vec<String> = rows
        .iter()
        .map(|(id, gpu, price)| vast_priced(*id, gpu, price))
        .collect();
    format!(r#"{{"offers": [{}]}}"#, rows.join(","))
}

fn runpod_type(id: &str, name: &str, mem: u32, price: &str) -> String {
    format!(
        r#"{{"id": "{id}", "displayName": "{name}", "memoryInGb": {mem}, "secureCloud": true,
        "communityCloud": false, "securePrice": {price}, "communityPrice": null,
        "secureSpotPrice": null, "communitySpotPrice": null,
        "lowestPrice": {{"stockStatus": "High"}}}}"#
    )
}

/// A poller of `provider` alone at the fake, into a fresh store (the directory keeps it).
pub(super) fn poller(provider: &str, url: String) -> (tempfile::TempDir, Arc<Store>, Poller) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let var = format!("GPUSCOUT_{}_URL", provider.to_ascii_uppercase());
    let config = config(&[
        ("GPUSCOUT_PROVIDERS", provider.to_string()),
        (var.as_str(), url),
        ("GPUSCOUT_FX_URL", "none".into()),
        ("GPUSCOUT_FETCH_TIMEOUT", "5".into()),
    ])
    .unwrap();
    let (adapters, _) = config.adapters();
    let poller = Poller::new(&config, adapters, Arc::new(cat()), store.clone()).unwrap();
    (dir, store, poller)
}

/// One poll of `provider` answered by `script` at `path`: the report, and when the stored
/// offers of `gpu` were seen (by our clock, the poll's own).
fn poll_one(provider: &str, path: &str, script: Script, gpu: &str) -> (PollReport, Vec<i64>) {
    let fake = FakeProviders::start();
    fake.script(path, vec![script]);
    let (_dir, store, poller) = poller(provider, fake.url());
    let report = rt().block_on(poller.poll_once(None)).remove(0);
    let seen = latest_offers(&store, &gpu_key(gpu), Some(provider))
        .unwrap()
        .iter()
        .map(|o| o.fetched_at)
        .collect();
    (report, seen)
}

/// Cases 1–3: an answer no cache may have stored, with a `Date` three hours behind our clock
/// and no `Age`: the host's clock is behind. 1: RunPod's answer to a POST is dated at the
/// fetch (its offers are stock seen now); 2: Vast's answer with `Cache-Control: no-store` is
/// too; 3: each poll line says the host's clock is behind (the skew named), so an operator
/// sees why.
#[test]
fn an_old_date_on_an_answer_no_cache_may_keep_is_the_hosts_clock() {
    let now = now_unix();
    let old = imf(now - 3 * 3600);
    let body = format!(
        r#"{{"data": {{"gpuTypes": [{}]}}}}"#,
        runpod_type("NVIDIA H100 80GB HBM3", "H100 SXM", 80, "2.69")
    );
    let (report, seen) = poll_one(
        "runpod",
        GRAPHQL,
        Script::ok(body).header("Date", &old),
        "h100-sxm",
    );
    assert!(
        !seen.is_empty() && seen.iter().all(|at| *at >= now - 60),
        "case 1: {seen:?} (now {now}); {}",
        report.line()
    );
    assert!(report.line().contains("clock"), "case 3: {}", report.line());
    let (report, seen) = poll_one(
        "vast",
        VAST,
        Script::ok(vast_body(&[(2_501, "RTX 4090", "0.41")]))
            .header("Date", &old)
            .header("Cache-Control", "no-store"),
        "rtx-4090",
    );
    assert!(
        !seen.is_empty() && seen.iter().all(|at| *at >= now - 60),
        "case 2: {seen:?} (now {now}); {}",
        report.line()
    );
    assert!(report.line().contains("clock"), "case 3: {}", report.line());
}

/// Cases 4–5: a GET answer a cache may hold. 4: with `Date` three hours old and no `Age`, its
/// offers are dated back (round 23) and the poll line says so, naming `Date`; 5: with `Age:
/// 3600`, the line names `Age`. Neither is silent.
#[test]
fn a_copy_dated_back_says_so_on_the_poll_line() {
    let now = now_unix();
    let (report, seen) = poll_one(
        "vast",
        VAST,
        Script::ok(vast_body(&[(2_502, "RTX 4090", "0.41")])).header("Date", &imf(now - 3 * 3600)),
        "rtx-4090",
    );
    assert!(seen.iter().all(|at| *at < now - 3600), "case 4: {seen:?}");
    assert!(report.line().contains("Date"), "case 4: {}", report.line());
    let (report, _) = poll_one(
        "vast",
        VAST,
        Script::ok(vast_body(&[(2_503, "RTX 4090", "0.41")])).header("Age", "3600"),
        "rtx-4090",
    );
    assert!(report.line().contains("Age"), "case 5: {}", report.line());
}

/// Case 6: a catalog record a field short (RFC 4180: every record has the header's number
/// of fields) is skipped with its reason: which record, how many fields, how many the header
/// has; the rows beside it read.
#[test]
fn a_ragged_record_is_skipped_with_its_reason() {
    let text = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region\n\
                p4d.24xlarge,A100,8,96,1152,32.77,us-east-1\n\
                g5.xlarge,A10G,1,4,1.006,us-east-1\n\
                p5.48xlarge,H100,8,192,2048,98.32,us-east-1\n";
    let p = import::parse(Format::SkyPilot, text, "aws", &cat(), NOW, "test catalog").unwrap();
    assert_eq!(p.skipped, 1, "case 6: {p:?}");
    let why = p.refused.join("; ");
    assert!(
        why.contains('6') && why.contains('7') && why.contains("field"),
        "case 6: no reason: {why:?}"
    );
    assert_eq!(p.offers.len(), 2, "case 6: {:?}", p.offers);
}

/// Case 7: RunPod's answer with GraphQL over HTTP's media type
/// (`application/graphql-response+json`) is JSON: read.
#[test]
fn a_graphql_response_media_type_is_read_as_json() {
    let fake = FakeProviders::start();
    let body = format!(
        r#"{{"data": {{"gpuTypes": [{}]}}}}"#,
        runpod_type("NVIDIA A40", "A40", 48, "0.39")
    );
    fake.script(
        GRAPHQL,
        vec![Script::ok(body).header("Content-Type", "application/graphql-response+json")],
    );
    let mut r = runpod();
    r.base = fake.url();
    let p = run(&r).unwrap();
    assert_eq!(p.offers.len(), 1, "case 7: {p:?}");
    assert_eq!(p.offers[0].price_per_gpu_hour, dec("0.39"), "case 7");
}

/// Cases 8–9, the GraphQL spec's field errors. 8: a list item that failed is `null`, its
/// error's `path` naming it (`["gpuTypes", 1]`): the other types are read and the answer is
/// partial (the failed one's card keeps its last reading). 9: `data: null` with a rate-limit
/// error and 200: a failure naming the error, never "no offers".
#[test]
fn a_null_item_with_its_error_is_a_partial_answer_and_null_data_a_failure() {
    let body = format!(
        r#"{{"data": {{"gpuTypes": [{}, null, {}]}},
        "errors": [{{"message": "upstream timeout", "path": ["gpuTypes", 1],
                     "locations": [{{"line": 1, "column": 12}}]}}]}}"#,
        runpod_type("NVIDIA A40", "A40", 48, "0.39"),
        runpod_type("NVIDIA L40S", "L40S", 48, "0.86")
    );
    let p = parse(&runpod(), &body).unwrap();
    assert_eq!(p.offers.len(), 2, "case 8: {p:?}");
    assert!(p.partial.is_some(), "case 8: not partial: {p:?}");
    let e = parse(
        &runpod(),
        r#"{"data": null, "errors": [{"message": "Too many requests, slow down",
            "extensions": {"code": "RATE_LIMITED"}}]}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("Too many requests"), "case 9: {e}");
}

/// Vast polled twice: a good answer (a 4090 and an A100), then `then`. The A100's stored
/// offers after the second poll, and its report.
fn good_then(then: Script) -> (usize, PollReport) {
    let fake = FakeProviders::start();
    let good = vast_body(&[(2_510, "RTX 4090", "0.41"), (2_511, "A100 SXM4", "1.10")]);
    fake.script(VAST, vec![Script::ok(good), then]);
    let (_dir, store, poller) = poller("vast", fake.url());
    assert!(rt().block_on(poller.poll_once(None)).remove(0).replaced());
    let report = rt().block_on(poller.poll_once(None)).remove(0);
    let a100 = all_latest_offers(&store)
        .unwrap()
        .iter()
        .filter(|o| o.raw_name.contains("A100"))
        .count();
    (a100, report)
}

/// Cases 10–12. 10: a 202 whose body holds part of a list (processing not done) is no
/// answer: the A100 it leaves out keeps its reading, and the problem names the 202. 11: a
/// problem document (`application/problem+json`, RFC 9457) sent with 200 is no list: the
/// snapshot stays and the problem quotes its `detail`. 12: a 203 (a transforming proxy's
/// copy of the whole list) is read.
#[test]
fn a_202_and_a_problem_document_are_no_list_and_a_203_is_one() {
    let (a100, report) = good_then(Script::status(
        202,
        vast_body(&[(2_512, "RTX 4090", "0.40")]),
    ));
    assert!(a100 > 0, "case 10: the A100 called gone; {}", report.line());
    assert!(
        report.problem.as_deref().unwrap_or("").contains("202"),
        "case 10: {}",
        report.line()
    );
    let (a100, report) = good_then(
        Script::ok(
            r#"{"type": "about:blank", "title": "Service Unavailable", "status": 503,
            "detail": "search index rebuilding, retry in 2 minutes"}"#,
        )
        .header("Content-Type", "application/problem+json"),
    );
    assert!(a100 > 0, "case 11: {}", report.line());
    assert!(
        report.line().contains("search index rebuilding"),
        "case 11: {}",
        report.line()
    );
    let (a100, report) = good_then(Script::status(
        203,
        vast_body(&[(2_513, "RTX 4090", "0.40"), (2_514, "A100 SXM4", "1.05")]),
    ));
    assert!(a100 > 0 && report.replaced(), "case 12: {}", report.line());
}

/// Case 13: a Lambda type whose `regions_with_capacity_available` is left out (the schema
/// says it is always there): its stock is unknown, never "unavailable"; the type beside it
/// is read as before.
#[test]
fn a_lambda_type_without_its_capacity_list_is_unknown_stock() {
    let body = r#"{"data": {
      "gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "description": "1x A10 (24 GB PCIe)",
          "gpu_description": "A10 (24 GB PCIe)", "price_cents_per_hour": 75,
          "specs": {"vcpus": 30, "memory_gib": 200, "storage_gib": 1400, "gpus": 1}}},
      "gpu_1x_h100_pcie": {"instance_type": {"name": "gpu_1x_h100_pcie",
          "description": "1x H100 (80 GB PCIe)", "gpu_description": "H100 (80 GB PCIe)",
          "price_cents_per_hour": 249,
          "specs": {"vcpus": 26, "memory_gib": 200, "storage_gib": 1000, "gpus": 1}},
        "regions_with_capacity_available": [{"name": "us-east-1", "description": "Virginia"}]}}}"#;
    let p = parse(&lambda(), body).unwrap();
    let a10: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.raw_name.contains("A10 "))
        .collect();
    assert!(!a10.is_empty(), "case 13: {p:?}");
    assert!(
        a10.iter().all(|o| o.stock != StockLevel::Unavailable),
        "case 13: {a10:?}"
    );
    assert!(
        p.offers
            .iter()
            .any(|o| o.raw_name.contains("H100") && o.stock == StockLevel::Available),
        "case 13: {p:?}"
    );
}

/// Case 14: a catalog file with bare CR line ends (classic Mac, some spreadsheet exports; RFC
/// 4180 ends records with CRLF): each record is read at its own prices, or the file is
/// refused; never one record read across lines.
#[test]
fn bare_cr_line_ends_are_read_record_by_record_or_refused() {
    let text = "InstanceType,AcceleratorName,AcceleratorCount,Price,SpotPrice\r\
                p4d.24xlarge,A100,8,32.77,9.83\r\
                p5.48xlarge,H100,8,98.32,29.50\r";
    match import::parse(Format::SkyPilot, text, "aws", &cat(), NOW, "test catalog") {
        Ok(p) => {
            let mut seen: Vec<String> = p
                .offers
                .iter()
                .filter(|o| o.kind == OfferKind::OnDemand)
                .map(|o| format!("{}x{}", o.cards, o.price_per_instance_hour))
                .collect();
            seen.sort();
            assert_eq!(seen, vec!["8x32.77", "8x98.32"], "case 14: {p:?}");
        }
        Err(e) => assert!(!e.to_string().is_empty(), "case 14"),
    }
}

/// Case 15: `Age: 600` beside a `Date` an hour ahead of our clock (the host's clock fast): a
/// cache said how long it held the copy, so the offers are dated those ten minutes back
/// (RFC 9111 §4.2.3: the apparent age is never below zero; `Age` stands).
#[test]
fn age_stands_beside_a_date_ahead_of_our_clock() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            Script::ok(vast_body(&[(2_515, "RTX 4090", "0.41")]))
                .header("Age", "600")
                .header("Date", &imf(NOW + 3600)),
        ],
    );
    let mut v = super::wire_answers::vast();
    v.base = fake.url();
    let p = run(&v).unwrap();
    assert_eq!(p.offers[0].fetched_at, NOW - 600, "case 15: {p:?}");
}

/// Case 16: header names in quotes (RFC 4180 §2: any field may be enclosed in double
/// quotes) are the same names: the file is read by them.
#[test]
fn quoted_header_names_are_the_same_names() {
    let text = "\"InstanceType\",\"AcceleratorName\",\"AcceleratorCount\",\"Price\",\"Region\"\n\
                p4d.24xlarge,A100,8,32.77,us-east-1\n";
    let p = import::parse(Format::SkyPilot, text, "aws", &cat(), NOW, "test catalog").unwrap();
    let priced: Vec<String> = p
        .offers
        .iter()
        .map(|o| format!("{}x{}", o.cards, o.price_per_instance_hour))
        .collect();
    assert_eq!(priced, vec!["8x32.77"], "case 16: {p:?}");
}
