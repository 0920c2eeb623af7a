//! QA round 18 (wire18): round 17's leftover on a refused key. A 401 (or a provider's own 403)
//! waited six hours at once, so a provider's auth service failing for a few minutes cost six
//! hours of that provider's snapshots. Now the key is asked once more after
//! [`KEY_RETRY`] and only a second refusal in a row waits [`MAX_BACKOFF`]; the refusal is
//! still said once (a warning at the first miss, debug after). Fed through the real poller
//! (`poll_once`) against a loopback Vast that answers with Vast's own 401 body; the schedule
//! is the poller's `wait_after`, no clock involved.

use super::wire_round13::{rt, vast_poller, vast_priced};
use gpuscout_providers::poller::{KEY_RETRY, MAX_BACKOFF, RETRY_AFTER, wait_after};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::time::Duration;

const VAST: &str = "/api/v0/bundles/";
const REFUSED: &str = r#"{"success": false, "error": "auth_error", "msg": "Invalid user key"}"#;
const INTERVAL: Duration = Duration::from_secs(900);

/// Cases 1–4: a 401 then Vast back: the first refusal is warned and retried after
/// `KEY_RETRY` (well under `MAX_BACKOFF`, above the ordinary 30 s); the retry brings a
/// snapshot; a later refusal counts from one again (`KEY_RETRY` again, warned again); a
/// second refusal in a row waits `MAX_BACKOFF` and is not warned.
#[test]
fn a_short_401_outage_is_retried_once_soon_and_a_lasting_one_waits_long() {
    let fake = FakeProviders::start();
    let good = format!(
        r#"{{"offers": [{}]}}"#,
        vast_priced(1_801, "RTX 4090", "0.35")
    );
    fake.script(
        VAST,
        vec![
            Script::status(401, REFUSED),
            Script::ok(good),
            Script::status(401, REFUSED),
            Script::status(401, REFUSED),
        ],
    );
    let (_dir, _store, poller) = vast_poller(fake.url());
    let rt = rt();
    let mut seed = 18;
    let mut misses = 0u32;
    let mut waits = Vec::new();
    let mut warned = Vec::new();
    for _ in 0..4 {
        let report = rt.block_on(poller.poll_once(None)).remove(0);
        misses = if report.replaced() { 0 } else { misses + 1 };
        warned.push(report.worth_a_warning(misses));
        waits.push(wait_after(&report, INTERVAL, misses, &mut seed));
        assert_eq!(report.key_refused, !report.replaced(), "{}", report.line());
    }
    // 1. the first refusal: KEY_RETRY, said.
    assert_eq!(waits[0], KEY_RETRY);
    assert!(KEY_RETRY < MAX_BACKOFF && KEY_RETRY > RETRY_AFTER);
    assert!(warned[0]);
    // 2. the retry read Vast again: the interval (jittered ±10 %).
    assert!(waits[1] >= INTERVAL.mul_f64(0.9) && waits[1] <= INTERVAL.mul_f64(1.1));
    // 3. a refusal after a good poll is a first refusal again.
    assert_eq!((waits[2], warned[2]), (KEY_RETRY, true));
    // 4. refused twice in a row: the long wait, not said again.
    assert_eq!((waits[3], warned[3]), (MAX_BACKOFF, false));
    assert_eq!(fake.seen().len(), 4);
}

/// Cases 5–6: a refusal's own `Retry-After` is honoured when longer than `KEY_RETRY` (two
/// hours asked, two hours waited) and never shortens it (five seconds asked, `KEY_RETRY`).
#[test]
fn a_refused_keys_retry_after_lengthens_the_retry_and_never_shortens_it() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            Script::status(401, REFUSED).header("Retry-After", "7200"),
            Script::status(401, REFUSED).header("Retry-After", "5"),
        ],
    );
    let (_dir, _store, poller) = vast_poller(fake.url());
    let rt = rt();
    let mut seed = 5;
    let first = rt.block_on(poller.poll_once(None)).remove(0);
    assert!(first.key_refused, "{}", first.line());
    assert_eq!(
        wait_after(&first, INTERVAL, 1, &mut seed),
        Duration::from_secs(7200)
    );
    let second = rt.block_on(poller.poll_once(None)).remove(0);
    assert_eq!(wait_after(&second, INTERVAL, 1, &mut seed), KEY_RETRY);
}

/// Case 7: the outage turns into a server fault (401, then 503): the 503 is no refused key,
/// so it keeps the ordinary backoff (about a minute at the second miss), not six hours, and
/// it is said.
#[test]
fn a_503_after_a_401_keeps_the_ordinary_backoff() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            Script::status(401, REFUSED),
            Script::status(503, "upstream connect error"),
        ],
    );
    let (_dir, _store, poller) = vast_poller(fake.url());
    let rt = rt();
    let mut seed = 7;
    let _ = rt.block_on(poller.poll_once(None));
    let second = rt.block_on(poller.poll_once(None)).remove(0);
    assert!(!second.key_refused, "{}", second.line());
    assert!(second.worth_a_warning(2));
    let w = wait_after(&second, INTERVAL, 2, &mut seed);
    assert!(w <= RETRY_AFTER * 2 + Duration::from_secs(7), "{w:?}");
}

// ---- Round 18's own cases (written before they were run) ----

use bot_core::availability::all_latest_offers;
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::{FetchError, Secret};

fn fetch_err(adapter: &dyn gpuscout_providers::Adapter) -> FetchError {
    super::wire_answers::run(adapter).unwrap_err()
}

/// Cases 8–10: refusals that are not the provider refusing our key: a proxy's 407 (Proxy
/// Authentication Required, RFC 9110 §15.5.8: the proxy's credentials, not the provider's),
/// Lambda's 429 in its own JSON (`global/too-many-requests`) with `Retry-After: 120`, and a
/// CDN firewall's 403 as plain text (`error code: 1020`). None is `key_refused`; each keeps
/// the ordinary schedule (the 429 at least its 120 s) and is said every time.
#[test]
fn a_proxys_407_a_rate_limit_and_a_firewalls_403_are_not_a_refused_key() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            Script::status(
                407,
                "<html><body>Proxy Authentication Required</body></html>",
            )
            .header("Proxy-Authenticate", "Basic realm=\"corp\"")
            .header("Content-Type", "text/html"),
            Script::status(403, "error code: 1020").header("Content-Type", "text/plain"),
        ],
    );
    fake.script(
        "/api/v1/instance-types",
        vec![
            Script::status(
                429,
                r#"{"error": {"code": "global/too-many-requests", "message": "Too many requests"}}"#,
            )
            .header("Retry-After", "120"),
        ],
    );
    let v = gpuscout_providers::vast::Vast {
        base: fake.url(),
        key: None,
    };
    let l = Lambda {
        base: fake.url(),
        key: Secret::new("secret_lambda_18abcdef01234567"),
    };
    let mut seed = 9;
    for (case, e) in [
        ("8", fetch_err(&v)),
        ("9", fetch_err(&l)),
        ("10", fetch_err(&v)),
    ] {
        assert!(!e.key_refused(), "case {case}: {e}");
        let report = failed_with(&e);
        assert!(report.worth_a_warning(3), "case {case}");
        let w = wait_after(&report, INTERVAL, 1, &mut seed);
        assert!(w < KEY_RETRY, "case {case}: {w:?}");
        if case == "9" {
            assert!(w >= Duration::from_secs(120), "case 9: {w:?}");
        }
    }
}

/// A poll's report of `e` (what the poller builds from a failed fetch).
fn failed_with(e: &FetchError) -> gpuscout_providers::PollReport {
    gpuscout_providers::PollReport {
        provider: "vast",
        recorded: None,
        offers: 0,
        skipped: 0,
        problem: Some(e.to_string()),
        took: Duration::ZERO,
        retry_after: e.retry_after(),
        partial: None,
        refused: Vec::new(),
        refused_total: 0,
        rows_refused: 0,
        key_refused: e.key_refused(),
        dated: None,
    }
}

/// Cases 11–12: Vast good, then a 401 with no body and only `WWW-Authenticate: Bearer`
/// (RFC 6750 §3): the key refused, the poll a failure with its status said, and the stored
/// offers still there (a miss never empties the store); then a 500 with a 1 MiB HTML error
/// page: a failure whose log line stays short (under 2,000 characters), the offers kept.
#[test]
fn a_bare_401_and_a_huge_error_page_keep_the_snapshot_and_a_short_line() {
    let fake = FakeProviders::start();
    let good = format!(
        r#"{{"offers": [{}]}}"#,
        vast_priced(1_812, "RTX 4090", "0.35")
    );
    let page = format!(
        "<!DOCTYPE html><html><body>{}</body></html>",
        "<p>Internal Server Error</p>".repeat(1 << 20 >> 5)
    );
    fake.script(
        VAST,
        vec![
            Script::ok(good),
            Script::status(401, "").header("WWW-Authenticate", "Bearer realm=\"vast\""),
            Script::status(500, page).header("Content-Type", "text/html"),
        ],
    );
    let (_dir, store, poller) = vast_poller(fake.url());
    let rt = rt();
    let stored = || all_latest_offers(&store).unwrap().len();
    assert!(rt.block_on(poller.poll_once(None))[0].replaced());
    assert_eq!(stored(), 1);
    let bare = rt.block_on(poller.poll_once(None)).remove(0);
    assert!(
        bare.key_refused && !bare.replaced(),
        "case 11: {}",
        bare.line()
    );
    assert!(bare.line().contains("401"), "case 11: {}", bare.line());
    assert_eq!(stored(), 1, "case 11");
    let huge = rt.block_on(poller.poll_once(None)).remove(0);
    assert!(!huge.replaced() && !huge.key_refused, "case 12");
    assert!(
        huge.line().len() < 2_000,
        "case 12: {} bytes",
        huge.line().len()
    );
    assert_eq!(stored(), 1, "case 12");
}

/// Case 13: RunPod's GraphQL answers an unknown key with 200 and
/// `errors[0].extensions.code: "UNAUTHENTICATED"` (Apollo's code for it), `data: null`: the
/// provider itself says the key is refused, so it is treated as a 401 is (`key_refused`,
/// said once, asked again after `KEY_RETRY`), and the key is never in the text.
#[test]
fn runpods_unauthenticated_graphql_error_is_a_refused_key() {
    let fake = FakeProviders::start();
    let key = "rp_18_KEY_0123456789abcdef";
    fake.script(
        "/graphql",
        vec![Script::ok(format!(
            r#"{{"errors": [{{"message": "You must be authenticated ({key})",
                "extensions": {{"code": "UNAUTHENTICATED"}}}}], "data": null}}"#
        ))],
    );
    let r = RunPod {
        base: fake.url(),
        key: Some(Secret::new(key)),
    };
    let e = fetch_err(&r);
    assert!(!format!("{e} {e:?}").contains(&key[6..20]), "{e}");
    assert!(e.key_refused(), "case 13: {e}");
}

/// Case 14: a 200 whose body is JSON `null` (or `{}`) is a failure, never "no offers".
#[test]
fn a_null_or_empty_object_answer_is_a_failure_never_no_offers() {
    let fake = FakeProviders::start();
    fake.script(VAST, vec![Script::ok("null"), Script::ok("{}")]);
    let v = gpuscout_providers::vast::Vast {
        base: fake.url(),
        key: None,
    };
    assert!(super::wire_answers::run(&v).is_err(), "null");
    assert!(super::wire_answers::run(&v).is_err(), "{{}}");
}
