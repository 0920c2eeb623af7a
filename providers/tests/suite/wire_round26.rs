//! QA round 26 (wire26): provider answers written apart from the code, before any was run,
//! from the published rules. Rate-limit fields of the IETF's RateLimit header fields for
//! HTTP (draft-ietf-httpapi-ratelimit-headers): its current form, `RateLimit` (a list of
//! policies, each with `r`, the quota left, and `t`, seconds until it is restored) beside
//! `RateLimit-Policy`, and its earlier form, `RateLimit-Limit` / `-Remaining` / `-Reset`
//! (delta-seconds), which many APIs still send. A 429 that says only these is a wait as
//! firm as `Retry-After`: asking before the quota comes back draws another 429; with both,
//! the later time holds; an exhausted policy counts, one with quota left does not; a field
//! that does not parse is ignored. A good answer carrying them is read as usual. RFC 9110
//! §12.5.3: we ask with `Accept-Encoding: gzip, deflate`, so a `zstd` body (alone or stacked)
//! is refused naming the coding, and the last good snapshot is kept. Fed to the real `fetch`
//! and `Poller` on loopback fakes; no assertion reads a clock.

use super::wire_round13::rt;
use super::wire_round25::{poller, vast_body};
use bot_core::availability::{gpu_key, latest_offers};
use gpuscout_providers::PollReport;
use gpuscout_testkit::fake_providers::{FakeProviders, Script};

const VAST: &str = "/api/v0/bundles/";

fn too_many() -> Script {
    Script::status(429, r#"{"success": false, "error": "rate limited"}"#)
}

/// One Vast poll answered by `script`.
fn poll(script: Script) -> PollReport {
    let fake = FakeProviders::start();
    fake.script(VAST, vec![script]);
    let (_dir, _store, poller) = poller("vast", fake.url());
    rt().block_on(poller.poll_once(None)).remove(0)
}

fn secs(r: &PollReport) -> Option<u64> {
    r.retry_after.map(|d| d.as_secs())
}

/// Cases 1–6: a 429 whose wait is said in rate-limit fields. 1: `RateLimit` `t=120` with its
/// `RateLimit-Policy`: at least 120 s; 2: the earlier form, `RateLimit-Reset: 90` with
/// `-Remaining: 0`: at least 90 s; 3: `Retry-After: 30` beside `RateLimit` `t=300`: the later,
/// at least 300 s; 4: two exhausted policies (`t=5`, `t=3600`): at least 3600 s; 5: a policy
/// with quota left (`r=4;t=50000`) beside an exhausted one (`t=600`): at least 600 s and not
/// the 50000 of the one with quota left; 6: `t=-5` and `RateLimit-Reset: soon` do not parse:
/// no wait read (the ordinary backoff), the 429 still reported.
#[test]
fn a_429_that_says_its_wait_in_rate_limit_fields_is_waited_out() {
    let r = poll(
        too_many()
            .header("RateLimit-Policy", r#""default";q=10;w=60"#)
            .header("RateLimit", r#""default";r=0;t=120"#),
    );
    assert!(
        secs(&r).is_some_and(|s| s >= 120),
        "case 1: {:?} {}",
        r.retry_after,
        r.line()
    );
    let r = poll(
        too_many()
            .header("RateLimit-Limit", "10")
            .header("RateLimit-Remaining", "0")
            .header("RateLimit-Reset", "90"),
    );
    assert!(
        secs(&r).is_some_and(|s| s >= 90),
        "case 2: {:?} {}",
        r.retry_after,
        r.line()
    );
    let r = poll(
        too_many()
            .header("Retry-After", "30")
            .header("RateLimit", r#""default";r=0;t=300"#),
    );
    assert!(
        secs(&r).is_some_and(|s| s >= 300),
        "case 3: {:?} {}",
        r.retry_after,
        r.line()
    );
    let r = poll(too_many().header("RateLimit", r#""burst";r=0;t=5, "daily";r=0;t=3600"#));
    assert!(
        secs(&r).is_some_and(|s| s >= 3600),
        "case 4: {:?} {}",
        r.retry_after,
        r.line()
    );
    let r = poll(too_many().header("RateLimit", r#""minute";r=4;t=50000, "hour";r=0;t=600"#));
    assert!(
        secs(&r).is_some_and(|s| (600..50_000).contains(&s)),
        "case 5: {:?} {}",
        r.retry_after,
        r.line()
    );
    let r = poll(
        too_many()
            .header("RateLimit", r#""default";r=0;t=-5"#)
            .header("RateLimit-Reset", "soon"),
    );
    assert_eq!(r.retry_after, None, "case 6: {}", r.line());
    assert!(r.line().contains("429"), "case 6: {}", r.line());
}

/// Case 7: a good answer that says its quota is spent (`r=0;t=30`) is read as usual: its
/// offers recorded, no problem.
#[test]
fn a_good_answer_with_its_quota_spent_is_read() {
    let r = poll(
        Script::ok(vast_body(&[(2_601, "RTX 4090", "0.41")]))
            .header("RateLimit", r#""default";r=0;t=30"#),
    );
    assert_eq!(
        (r.offers, r.problem.as_deref()),
        (1, None),
        "case 7: {}",
        r.line()
    );
}

/// Cases 8–9: after a good answer (an RTX 4090), an answer encoded with `zstd`, which we never
/// asked for (8: alone; 9: stacked after gzip), is refused naming the coding, and the 4090 is
/// still there.
#[test]
fn a_zstd_answer_is_refused_by_name_and_keeps_the_snapshot() {
    for (case, coding) in [(8, "zstd"), (9, "gzip, zstd")] {
        let fake = FakeProviders::start();
        let zstd_frame = vec![
            0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x02, 0x11, 0x00, 0x00, 0x7b, 0x7d,
        ];
        fake.script(
            VAST,
            vec![
                Script::ok(vast_body(&[(2_602, "RTX 4090", "0.41")])),
                Script::bytes(200, zstd_frame)
                    .header("Content-Type", "application/json")
                    .header("Content-Encoding", coding),
            ],
        );
        let (_dir, store, poller) = poller("vast", fake.url());
        let first = rt().block_on(poller.poll_once(None)).remove(0);
        assert_eq!(first.offers, 1, "case {case}: {}", first.line());
        let second = rt().block_on(poller.poll_once(None)).remove(0);
        let problem = second.problem.clone().unwrap_or_default();
        assert!(problem.contains("zstd"), "case {case}: {}", second.line());
        let kept = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
        assert!(!kept.is_empty(), "case {case}: the 4090 is kept");
    }
}
