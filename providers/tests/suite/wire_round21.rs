//! QA round 21 (wire21): wire formats written apart from the code. Each case was written from
//! the published shapes before it was run: RFC 9110 §15.4 (a 3xx's `Location` may name
//! another host, a scheme-relative reference or another port; a client bounds redirects),
//! §5.6.7 (a recipient MUST accept all three HTTP-date forms in `Retry-After`: IMF-fixdate,
//! the obsolete RFC 850 form with a two-digit year, read as the latest past year with those
//! digits when it looks more than 50 years ahead, and C's asctime), and TOML 1.0 / RFC 3339
//! (an offset date-time, fractional seconds, and what an exporter writes instead: epoch
//! milliseconds as an integer, epoch seconds as text). Fed to the real poller, `fetch` and
//! curated loader on loopback fakes; no assertion reads a clock (waits are computed at an
//! explicit `now`, or capped/zero whatever the clock says).

use super::wire_answers::{dec, vast};
use super::wire_round13::{curated, vast_priced};
use super::wire_round14::poller_at;
use bot_core::availability::{CURATED_FEED, feed, gpu_key, sightings};
use gpuscout_providers::fetch::{MAX_RETRY_AFTER, retry_after_at};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::time::{Duration, UNIX_EPOCH};

const VAST: &str = "/api/v0/bundles/";

fn offers_body(price: &str) -> String {
    format!(r#"{{"offers": [{}]}}"#, vast_priced(1, "RTX 4090", price))
}

/// The fake's port, from its `http://127.0.0.1:PORT` URL.
fn port(fake: &FakeProviders) -> String {
    fake.url().rsplit(':').next().unwrap().to_string()
}

/// Polls Vast once through the real poller (key `key`) at `fake`, whose `VAST` path answers
/// with `first`; returns the report's problem and log line and whether a row was stored.
fn poll_vast(fake: &FakeProviders, key: &str) -> (String, String, usize) {
    let (_d, store, poller) = poller_at(fake, "vast", Some(key), "5");
    let r = super::wire_round13::rt()
        .block_on(poller.poll_once(None))
        .remove(0);
    let stored = bot_core::availability::all_latest_offers(&store)
        .unwrap()
        .len();
    (r.problem.clone().unwrap_or_default(), r.line(), stored)
}

fn key_never_sent_past(fake: &FakeProviders, path: &str, key: &str) {
    for seen in fake.seen().iter().filter(|s| s.uri.starts_with(path)) {
        let auth = seen.header("authorization").unwrap_or_default();
        assert!(!auth.contains(key), "the key followed to {path}: {seen:?}");
    }
}

/// Polls vast on `fake` with `key`; the poll must be refused with `code` in its problem, with
/// the key in no line. Returns how many offers were stored.
fn refused_as(fake: &FakeProviders, key: &str, code: &str) -> usize {
    let (problem, line, stored) = poll_vast(fake, key);
    assert!(problem.contains(code), "{problem}");
    assert!(!line.contains(key), "{line}");
    stored
}

/// The other host was never asked anything.
fn never_reached(elsewhere: &FakeProviders) {
    assert!(
        elsewhere.seen().is_empty(),
        "followed: {:?}",
        elsewhere.seen()
    );
}

/// Case 1: a move on the same host is followed, and its next hop to another host is not:
/// the other host is never asked, the key never leaves, the 3xx is the failure, nothing
/// stored.
#[test]
fn a_second_hop_to_another_host_is_refused_after_a_same_host_move() {
    let key = "vk-21a1b2c3d4e5f6a7";
    let elsewhere = FakeProviders::start();
    elsewhere.script(VAST, vec![Script::ok(offers_body("0.01"))]);
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::status(302, "moved").header("Location", "/api/v1/bundles/")],
    );
    fake.script(
        "/api/v1/bundles/",
        vec![Script::status(307, "moved").header(
            "Location",
            &format!("http://localhost:{}{VAST}", port(&elsewhere)),
        )],
    );
    let stored = refused_as(&fake, key, "307");
    never_reached(&elsewhere);
    assert_eq!(stored, 0);
    // The first, same-host hop was followed (with the key: that host is the one configured).
    assert!(
        fake.seen()
            .iter()
            .any(|s| s.uri.starts_with("/api/v1/bundles/"))
    );
}

/// Case 2: `localhost` on the same port is the same machine but another host name than the
/// one configured (`127.0.0.1`): not followed.
#[test]
fn the_same_port_under_another_host_name_is_another_host() {
    let key = "vk-21b1c2d3e4f5a6b7";
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::status(301, "moved").header(
            "Location",
            &format!("http://localhost:{}/moved/", port(&fake)),
        )],
    );
    fake.script("/moved/", vec![Script::ok(offers_body("0.02"))]);
    let stored = refused_as(&fake, key, "301");
    assert!(!fake.seen().iter().any(|s| s.uri.starts_with("/moved/")));
    key_never_sent_past(&fake, "/moved/", key);
    assert_eq!(stored, 0);
}

/// Case 3: a scheme-relative `Location` (`//host:port/path`, RFC 3986 §4.2) names another host
/// as surely as a full URL.
#[test]
fn a_scheme_relative_location_to_another_host_is_refused() {
    let key = "vk-21c1d2e3f4a5b6c7";
    let elsewhere = FakeProviders::start();
    elsewhere.script(VAST, vec![Script::ok(offers_body("0.03"))]);
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::status(308, "moved").header(
            "Location",
            &format!("//localhost:{}{VAST}", port(&elsewhere)),
        )],
    );
    let stored = refused_as(&fake, key, "308");
    never_reached(&elsewhere);
    assert_eq!(stored, 0);
}

/// Case 4: a move to `https` on the same host and port is another origin (scheme): refused
/// as its 3xx, never tried (and never reported as a TLS failure).
#[test]
fn a_move_to_https_on_the_same_host_is_another_origin() {
    let key = "vk-21d1e2f3a4b5c6d7";
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::status(301, "use https").header(
            "Location",
            &format!("https://127.0.0.1:{}{VAST}", port(&fake)),
        )],
    );
    let stored = refused_as(&fake, key, "301");
    assert_eq!(fake.seen().len(), 1, "{:?}", fake.seen());
    assert_eq!(stored, 0);
}

/// Case 5: two paths on the same host that send to each other for ever: bounded (a handful
/// of requests, not hundreds), a failure, no key in it, nothing stored.
#[test]
fn a_redirect_loop_on_the_same_host_is_bounded() {
    let key = "vk-21e1f2a3b4c5d6e7";
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::status(302, "to b").header("Location", "/b/")],
    );
    fake.script(
        "/b/",
        vec![Script::status(302, "to a").header("Location", VAST)],
    );
    let (problem, line, stored) = poll_vast(&fake, key);
    assert!(!problem.is_empty(), "{line}");
    assert!(!line.contains(key), "{line}");
    let asked = fake.seen().len();
    assert!((2..=12).contains(&asked), "{asked} requests");
    assert_eq!(stored, 0);
}

/// 2026-12-04 12:00:00 UTC, the explicit `now` of the date cases.
const NOW: u64 = 1_796_385_600;

fn at(secs: u64) -> std::time::SystemTime {
    UNIX_EPOCH + Duration::from_secs(secs)
}

/// Cases 6 and 7: the obsolete forms a recipient must still accept: RFC 850's
/// (`Friday, 04-Dec-26 12:02:00 GMT`) and asctime's (`Fri Dec  4 12:02:00 2026`, the day
/// padded with a space), two minutes ahead; IMF-fixdate beside them as the control.
#[test]
fn retry_after_in_the_rfc850_and_asctime_forms_is_read() {
    for (form, value) in [
        ("IMF-fixdate", "Fri, 04 Dec 2026 12:02:00 GMT"),
        ("RFC 850", "Friday, 04-Dec-26 12:02:00 GMT"),
        ("asctime", "Fri Dec  4 12:02:00 2026"),
        ("asctime, two-digit day", "Mon Dec 14 12:00:00 2026"),
    ] {
        let want = if form.contains("two-digit") {
            MAX_RETRY_AFTER
        } else {
            Duration::from_secs(120)
        };
        assert_eq!(
            retry_after_at(Some(value), at(NOW)),
            Some(want),
            "{form}: {value}"
        );
    }
    // Not a date in any form: no wait from it (the caller's backoff applies).
    for junk in [
        "Friday, 04-Dec-26",
        "Fri Dec 4 2026",
        "04-Dec-26 12:02:00 GMT",
    ] {
        assert_eq!(retry_after_at(Some(junk), at(NOW)), None, "{junk}");
    }
}

/// Case 8: an RFC 850 date over the wire. `…-27` is a year ahead (the one-day cap); `…-99`
/// looks 73 years ahead, so it is 1999 (RFC 9110 §5.6.7) and already past: no wait.
#[test]
fn an_rfc850_retry_after_over_the_wire_reads_its_two_digit_year() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![
            Script::status(503, "maintenance")
                .header("Retry-After", "Saturday, 04-Dec-27 12:00:00 GMT"),
            Script::status(429, "slow down")
                .header("Retry-After", "Friday, 31-Dec-99 23:59:59 GMT"),
        ],
    );
    let mut v = vast();
    v.base = fake.url();
    let waits: Vec<_> = (0..2)
        .map(|_| super::wire_answers::run(&v).unwrap_err().retry_after())
        .collect();
    assert_eq!(waits, vec![Some(MAX_RETRY_AFTER), Some(Duration::ZERO)]);
}

fn curated_row(as_of: &str) -> String {
    format!(
        "who = 'ops'\n[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nprice = '1.98'\nsource = 'console'\nas_of = {as_of}\n"
    )
}

/// Case 9: a TOML offset date-time whose local date is a day after its UTC date: the
/// sighting is that instant, and the feed is dated by UTC (2025-11-30), never the local day.
#[test]
fn a_curated_time_with_an_offset_is_that_instant_and_its_utc_day() {
    let (_d, store, loaded) = curated(&curated_row("2025-12-01T03:00:00+08:00"));
    assert_eq!(loaded, Ok(1));
    let seen = sightings(&store, &gpu_key("rtx-4090")).unwrap();
    // 2025-11-30T19:00:00Z.
    assert_eq!(seen[0].at, 1_764_529_200);
    assert_eq!(seen[0].price_per_gpu_hour, Some(dec("1.98")));
    let info = feed(&store, CURATED_FEED).unwrap().unwrap();
    assert_eq!(info.as_of, "2025-11-30");
}

/// Case 10: fractional seconds and a negative offset, quoted (as text) and unquoted (TOML's
/// own date-time): the same instant either way, 2025-12-01T01:15:30Z.
#[test]
fn a_curated_time_with_fractional_seconds_and_a_negative_offset_is_read() {
    for written in [
        "'2025-11-30T20:15:30.250-05:00'",
        "2025-11-30T20:15:30.250-05:00",
    ] {
        let (_d, store, loaded) = curated(&curated_row(written));
        assert_eq!(loaded, Ok(1), "{written}");
        let seen = sightings(&store, &gpu_key("rtx-4090")).unwrap();
        assert_eq!(seen[0].at, 1_764_551_730, "{written}");
        let info = feed(&store, CURATED_FEED).unwrap().unwrap();
        assert_eq!(info.as_of, "2025-12-01", "{written}");
    }
}

/// Cases 11 and 12: epoch figures as exporters write them (milliseconds as a TOML integer,
/// seconds as text) are refused, the refusal naming the field and, for a row's own field,
/// the row, so the operator knows what to fix; nothing stored (never read as a date 57,000
/// years ahead or as 1970).
#[test]
fn a_curated_date_in_epoch_figures_is_refused_naming_the_field() {
    for written in ["1764547200000", "'1764547200'", "'1764547200000'"] {
        let (_d, store, loaded) = curated(&curated_row(written));
        let e = loaded.expect_err(written);
        assert!(e.contains("as_of"), "{written}: {e}");
        assert!(e.contains("row 1") || e.contains("line"), "{written}: {e}");
        assert!(sightings(&store, &gpu_key("rtx-4090")).unwrap().is_empty());
    }
    // At the top of the file, as the default date of every row.
    let text = "as_of = 1764547200000\nwho = 'ops'\n[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nsource = 'console'\n";
    let e = curated(text).2.expect_err("top-level epoch");
    assert!(e.contains("as_of"), "{e}");
}
