//! `poll --once` asks every provider at the same time: two providers that each take 1.5 s
//! take about 1.5 s together, and a provider that hangs costs its own timeout only. The
//! thresholds sit halfway between "together" and "one after the other", so a loaded machine's
//! scheduling delay does not read as a serial poll.

use bot_core::{Catalog, Store};
use gpuscout_providers::config::Config;
use gpuscout_providers::poller::Poller;
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::sync::Arc;
use std::time::{Duration, Instant};

const VAST: &str = "/api/v0/bundles/";
const RUNPOD: &str = "/graphql";

fn poller(fake: &FakeProviders, timeout_s: u32, dir: &tempfile::TempDir) -> Poller {
    let url = fake.url();
    let timeout = timeout_s.to_string();
    let config = Config::from_lookup(|k| match k {
        "GPUSCOUT_PROVIDERS" => Some("vast,runpod".into()),
        "GPUSCOUT_VAST_URL" | "GPUSCOUT_RUNPOD_URL" => Some(url.clone()),
        "GPUSCOUT_FX_URL" => Some("none".into()),
        "GPUSCOUT_FETCH_TIMEOUT" => Some(timeout.clone()),
        _ => None,
    })
    .unwrap();
    let (adapters, _) = config.adapters();
    assert_eq!(adapters.len(), 2);
    let store = Arc::new(Store::open(&dir.path().join("t.redb")).unwrap());
    Poller::new(
        &config,
        adapters,
        Arc::new(Catalog::embedded().unwrap()),
        store,
    )
    .unwrap()
}

fn poll_once(p: &Poller) -> (Duration, Vec<gpuscout_providers::poller::PollReport>) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let started = Instant::now();
    let reports = rt.block_on(p.poll_once(None));
    (started.elapsed(), reports)
}

#[test]
fn two_slow_providers_take_as_long_as_one() {
    let fake = FakeProviders::start();
    let each = Duration::from_millis(1500);
    fake.script(VAST, vec![Script::ok(r#"{"offers": []}"#).slow(each)]);
    fake.script(RUNPOD, vec![Script::ok(r#"{"data": {}}"#).slow(each)]);
    let dir = tempfile::tempdir().unwrap();
    let (took, reports) = poll_once(&poller(&fake, 10, &dir));
    // One after the other would be 3 s or more.
    assert!(
        took >= each && took < Duration::from_millis(2250),
        "{took:?}"
    );
    let names: Vec<&str> = reports.iter().map(|r| r.provider).collect();
    assert_eq!(names, ["vast", "runpod"]);
    assert_eq!(fake.seen().len(), 2);
}

#[test]
fn a_provider_that_hangs_costs_its_own_timeout_only() {
    let fake = FakeProviders::start();
    fake.script(
        VAST,
        vec![Script::ok(r#"{"offers": []}"#).slow(Duration::from_secs(30))],
    );
    fake.script(
        RUNPOD,
        vec![Script::ok(r#"{"data": {}}"#).slow(Duration::from_millis(1500))],
    );
    let dir = tempfile::tempdir().unwrap();
    let (took, reports) = poll_once(&poller(&fake, 2, &dir));
    // The hanging one gives up at its 2 s timeout; the other is not made to wait for it, and
    // the whole is that timeout (2 s), not timeout + the other's 1.5 s (3.5 s).
    assert!(took < Duration::from_millis(2750), "{took:?}");
    let vast = reports.iter().find(|r| r.provider == "vast").unwrap();
    let runpod = reports.iter().find(|r| r.provider == "runpod").unwrap();
    assert!(vast.problem.is_some(), "{vast:?}");
    assert!(runpod.took < Duration::from_millis(2750), "{runpod:?}");
}
