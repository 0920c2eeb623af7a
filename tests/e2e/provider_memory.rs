//! Memory of `gpuscout serve` while a provider answers with a body that never ends (ignored:
//! about 25 s; outside `.ci/run`). Before the byte cap, an endless Vast body took `serve`
//! from 19 MB to 3.4 GB in 20 s; now each fetch stops at `Limits::PROVIDER` (32 MiB), is
//! refused with its reason, and the last snapshot stays.
//!
//! ```text
//! cargo test --features jemalloc --test e2e provider_memory:: -- --ignored --nocapture
//! ```
//!
//! `GPUSCOUT_BIN` names another `gpuscout` to run (a release build) instead of this build's.
//!
//! Measured (debug build, 2 shared cores, 2026-12-02): see `docs/performance.md`.

use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use gpuscout_testkit::serve::Serve;
use std::time::{Duration, Instant};

/// A `/proc/<pid>/status` figure in MiB (Linux only).
fn proc_mib(pid: u32, field: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

#[test]
#[ignore]
fn serve_stays_small_while_a_provider_body_never_ends() {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("skipped: no /proc on this system");
        return;
    }
    let fake = FakeProviders::start();
    let row = r#"{"id": 7, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.4, "rentable": true, "rented": false},"#;
    fake.script(
        "/api/v0/bundles/",
        // The answer starts after 3 s, so the RSS before it is the baseline.
        vec![Script::endless(r#"{"offers": ["#, row).slow(Duration::from_secs(3))],
    );
    let dir = tempfile::tempdir().unwrap();
    let bin = std::env::var_os("GPUSCOUT_BIN").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_BIN_EXE_gpuscout")),
        std::path::PathBuf::from,
    );
    let mut serve = Serve::with(bin)
        .provider("vast", &fake)
        .env("GPUSCOUT_FETCH_TIMEOUT", "15")
        .env("GPUSCOUT_FX_URL", "none")
        .start(dir.path());
    let pid = serve.pid();
    std::thread::sleep(Duration::from_secs(2));
    let idle = proc_mib(pid, "VmRSS:");
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(20) {
        assert!(serve.running(), "serve ended: {}", serve.stderr());
        std::thread::sleep(Duration::from_millis(250));
    }
    let peak = proc_mib(pid, "VmHWM:");
    let now = proc_mib(pid, "VmRSS:");
    let served = fake.served_bytes() as f64 / (1 << 20) as f64;
    let (_, log) = serve.stop();
    println!(
        "RSS before the body {idle:.1} MiB, peak RSS {peak:.1} MiB, RSS after 20 s {now:.1} MiB; \
         the fake served {served:.1} MiB over {} requests",
        fake.seen().len()
    );
    assert!(log.contains("answer refused"), "{log}");
    // The cap (32 MiB) plus room for the chunk in flight and the allocator.
    assert!(peak < idle + 64.0, "peak {peak:.1} MiB from {idle:.1} MiB");
}
