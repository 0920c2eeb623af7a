//! QA round 27 (wire27): redirects of RunPod's GraphQL `POST`, written from RFC 9110 §15.4
//! before any was run. 307 (§15.4.8) and 308 (§15.4.9): the user agent "MUST NOT change the
//! request method" — the query is asked again, as a POST with its body, at the new path on
//! the same host, and its answer read. 303 (§15.4.4): the answer is elsewhere, to be had
//! with GET; what is there (here a maintenance page) is no list: refused, the last good
//! snapshot kept. 301 (§15.4.2): a user agent MAY turn a POST into a GET; a GraphQL
//! endpoint answers a GET without a query with an error: a failure reported, never a list
//! read as empty. Fed to the real `fetch` and `Poller` on loopback fakes.

use super::wire_round13::rt;
use super::wire_round25::poller;
use bot_core::availability::{gpu_key, latest_offers};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};

const GRAPHQL: &str = "/graphql";

fn gpu_types(id: &str, name: &str, mem: u32, price: &str) -> String {
    format!(
        r#"{{"data": {{"gpuTypes": [{{"id": "{id}", "displayName": "{name}",
        "memoryInGb": {mem}, "secureCloud": true, "communityCloud": false,
        "securePrice": {price}, "communityPrice": null, "secureSpotPrice": null,
        "communitySpotPrice": null, "lowestPrice": {{"stockStatus": "High"}}}}]}}}}"#
    )
}

fn moved(status: u16, to: &str) -> Script {
    Script::status(status, "").header("Location", to)
}

/// Cases 9–10: the query answered 307 / 308 to `/v2/graphql` on the same host: the fake there
/// sees a POST carrying the query (`gpuTypes`), and its H100 is read.
#[test]
fn a_307_or_308_on_the_query_asks_it_again_as_a_post() {
    for (case, status) in [(9, 307), (10, 308)] {
        let fake = FakeProviders::start();
        fake.script(GRAPHQL, vec![moved(status, "/v2/graphql")]);
        fake.script(
            "/v2/graphql",
            vec![Script::ok(gpu_types(
                "NVIDIA H100 80GB HBM3",
                "H100 SXM",
                80,
                "2.69",
            ))],
        );
        let (_dir, store, poller) = poller("runpod", fake.url());
        let report = rt().block_on(poller.poll_once(None)).remove(0);
        let there: Vec<_> = fake
            .seen()
            .into_iter()
            .filter(|s| s.uri.starts_with("/v2/graphql"))
            .collect();
        assert!(
            there
                .iter()
                .any(|s| s.method == "POST" && s.body.contains("gpuTypes")),
            "case {case}: {:?}; {}",
            there
                .iter()
                .map(|s| (&s.method, &s.body))
                .collect::<Vec<_>>(),
            report.line()
        );
        let read = latest_offers(&store, &gpu_key("h100-sxm"), Some("runpod")).unwrap();
        assert!(!read.is_empty(), "case {case}: {}", report.line());
    }
}

/// Cases 11–12, after a good answer (an A40): 11: a 303 to `/status`, where a GET finds a
/// maintenance page; 12: a 301 to `/v2/graphql`, where a GET without a query draws GraphQL's
/// 400 "Must provide query string". Each poll is a failure that says so, and the A40 is kept.
#[test]
fn a_303_or_a_301_that_loses_the_query_keeps_the_snapshot() {
    for (case, status, to, there) in [
        (
            11,
            303,
            "/status",
            Script::ok("<html><body>Scheduled maintenance</body></html>")
                .header("Content-Type", "text/html"),
        ),
        (
            12,
            301,
            "/v2/graphql",
            Script::status(
                400,
                r#"{"errors": [{"message": "Must provide query string."}]}"#,
            )
            .header("Content-Type", "application/json"),
        ),
    ] {
        let fake = FakeProviders::start();
        fake.script(
            GRAPHQL,
            vec![
                Script::ok(gpu_types("NVIDIA A40", "A40", 48, "0.39")),
                moved(status, to),
            ],
        );
        fake.script(to, vec![there]);
        let (_dir, store, poller) = poller("runpod", fake.url());
        let first = rt().block_on(poller.poll_once(None)).remove(0);
        assert_eq!(first.offers, 1, "case {case}: {}", first.line());
        let second = rt().block_on(poller.poll_once(None)).remove(0);
        assert!(second.problem.is_some(), "case {case}: {}", second.line());
        let kept = latest_offers(&store, &gpu_key("a40"), Some("runpod")).unwrap();
        assert!(!kept.is_empty(), "case {case}: the A40 is kept");
    }
}
