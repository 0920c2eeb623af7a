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
