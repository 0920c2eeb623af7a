//! Operations, end to end: while the real `gpuscout serve` runs against the fake Bot API,
//! `/healthz` reports its parts and `/metrics` its counters, and they move when a Telegram
//! update is answered or a send fails.

use gpuscout_testkit::fake_discord::http_request;
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use gpuscout_testkit::fake_telegram::{Chat, Failure, FakeTelegram, Person};
use gpuscout_testkit::serve::Serve;
use std::path::Path;
use std::time::{Duration, Instant};

const VAST: &str = r#"{"offers": [
  {"id": 2, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.35, "rentable": true, "rented": false, "geolocation": "CA"}
]}"#;

/// One poll of the (fake) Vast feed into `dir`'s store, so a provider has a fetch age.
fn poll_once(dir: &Path, fake: &FakeProviders) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gpuscout"))
        .arg("--data-dir")
        .arg(dir)
        .args(["poll", "--once", "--provider", "vast"])
        .env("GPUSCOUT_VAST_URL", fake.url())
        .env("GPUSCOUT_FETCH_TIMEOUT", "5")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env_remove("GPUSCOUT_CATALOG_DIR")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The value of one series (`name{labels}`) in a metrics text; 0 when absent.
fn value(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.trim().parse().ok())
        .unwrap_or(0.0)
}

#[test]
fn healthz_and_metrics_answer_while_serve_runs_and_the_counters_move() {
    let providers = FakeProviders::start();
    providers.script("/api/v0/bundles/", vec![Script::ok(VAST)]);
    let dir = tempfile::tempdir().unwrap();
    poll_once(dir.path(), &providers);

    let fake = FakeTelegram::start();
    let serve = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .telegram(&fake)
        .http()
        .env("RUST_LOG", "info")
        .start(dir.path());
    let addr = serve.http_addr(Duration::from_secs(30));
    fake.wait_for_polling(1);

    let (status, body) = http_request(addr, "GET", "/healthz", &[], "");
    assert_eq!(status, 200, "{body}");
    let health: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(health["status"], "ok", "{body}");
    assert_eq!(health["parts"]["telegram"], "running", "{body}");
    assert_eq!(health["parts"]["http"], "running", "{body}");
    assert_eq!(health["store"], "ok", "{body}");

    let (status, before) = http_request(addr, "GET", "/metrics", &[], "");
    assert_eq!(status, 200, "{before}");
    for family in [
        "# TYPE gpuscout_updates_handled counter",
        "# TYPE gpuscout_errors counter",
        "# TYPE gpuscout_reply_latency_seconds histogram",
        "# TYPE gpuscout_provider_fetch_age_seconds gauge",
        "# TYPE gpuscout_outbox_depth gauge",
    ] {
        assert!(before.contains(family), "{family} missing:\n{before}");
    }
    let age = value(
        &before,
        "gpuscout_provider_fetch_age_seconds{provider=\"vast\"}",
    );
    assert!(
        before.contains("gpuscout_provider_fetch_age_seconds{provider=\"vast\"}")
            && (0.0..600.0).contains(&age),
        "{before}"
    );
    assert_eq!(value(&before, "gpuscout_outbox_depth"), 0.0);

    let handled = "gpuscout_updates_handled_total{platform=\"telegram\"}";
    let latency = "gpuscout_reply_latency_seconds_count{platform=\"telegram\"}";
    let gone = "gpuscout_errors_total{platform=\"telegram\",kind=\"send_chat_gone\"}";

    // One answered update.
    let alice = Person::new(31, "Alice", Some("en"));
    let dm = Chat::Private(alice.clone());
    fake.send_text(&dm, &alice, "/gpu 4090");
    fake.wait_for_messages(dm.id(), 1);
    let mut after = String::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while value(&after, latency) < value(&before, latency) + 1.0 {
        assert!(Instant::now() < deadline, "latency never counted:\n{after}");
        std::thread::sleep(Duration::from_millis(20));
        after = http_request(addr, "GET", "/metrics", &[], "").1;
    }
    assert_eq!(
        value(&after, handled),
        value(&before, handled) + 1.0,
        "{after}"
    );
    assert!(
        value(
            &after,
            "gpuscout_reply_latency_seconds_sum{platform=\"telegram\"}"
        ) > 0.0
    );

    // A user who blocked the bot: the send fails as "chat gone", counted by kind.
    let bob = Person::new(32, "Bob", Some("en"));
    let dm = Chat::Private(bob.clone());
    fake.fail_next(
        "sendMessage",
        Failure::Status(403, "Forbidden: bot was blocked by the user".into()),
    );
    fake.send_text(&dm, &bob, "/help");
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut errors = after.clone();
    while value(&errors, gone) < value(&after, gone) + 1.0 {
        assert!(
            Instant::now() < deadline,
            "the error never counted:\n{errors}"
        );
        std::thread::sleep(Duration::from_millis(20));
        errors = http_request(addr, "GET", "/metrics", &[], "").1;
    }
    assert_eq!(
        value(&errors, handled),
        value(&before, handled) + 2.0,
        "{errors}"
    );

    let (status, stderr) = serve.stop();
    assert!(status.success(), "{stderr}");
    // Structured log records: a level before the message.
    assert!(
        stderr
            .lines()
            .any(|l| l.contains(" INFO ") && l.contains("telegram: running as @")),
        "{stderr}"
    );
}
