//! Bounded inputs: a provider, a download or a local file cannot make the process read
//! without end or wait without end. An endless body is cut at the byte cap (and the
//! connection dropped, so the fake stops sending), a 200,000-row answer is refused, a slow
//! drip ends at the total deadline, and through it all the last good snapshot stays. Secrets
//! a provider echoes back never reach an error, the store or a log line. Loopback only.

use bot_core::availability::{gpu_key, latest_offers, provider_state};
use bot_core::{Catalog, Store};
use gpuscout_providers::import::{self, Format};
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Config, FetchError, Limits, Poller, fetch, fetch_with};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::sync::Arc;
use std::time::{Duration, Instant};

const NOW: i64 = 1_764_581_400;
const VAST: &str = "/api/v0/bundles/";
const ROW: &str = r#"{"id": 7, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.4, "rentable": true, "rented": false},"#;

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// A Vast answer of `n` distinct offers.
fn rows(n: usize) -> String {
    let list: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"id": {i}, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.4, "rentable": true, "rented": false}}"#
            )
        })
        .collect();
    format!(r#"{{"offers": [{}]}}"#, list.join(","))
}

#[test]
fn an_endless_body_is_cut_at_the_cap_and_the_connection_dropped() {
    let fake = FakeProviders::start();
    fake.script(VAST, vec![Script::endless(r#"{"offers": ["#, ROW)]);
    let vast = Vast {
        base: fake.url(),
        key: None,
    };
    let cat = Catalog::embedded().unwrap();
    let cap = 1 << 20;
    let limits = Limits {
        max_bytes: cap,
        max_rows: 10_000,
    };
    let started = Instant::now();
    let e = rt()
        .block_on(fetch_with(
            &vast,
            &reqwest::Client::new(),
            &cat,
            Duration::from_secs(20),
            NOW,
            limits,
        ))
        .unwrap_err();
    assert!(
        matches!(&e, FetchError::TooLarge(m) if m.contains("1048576")),
        "{e:?}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    // The client hung up: what the fake got out is the cap plus what sockets buffer, and it
    // stops growing (nothing goes on reading in the background).
    std::thread::sleep(Duration::from_millis(300));
    let served = fake.served_bytes();
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(fake.served_bytes(), served, "the fake is still sending");
    assert!(
        served < (cap + (16 << 20)) as u64,
        "{served} bytes served for a {cap}-byte cap"
    );
}

#[test]
fn two_hundred_thousand_rows_are_refused_before_any_is_read() {
    let fake = FakeProviders::start();
    fake.script(VAST, vec![Script::ok(rows(200_000))]);
    let vast = Vast {
        base: fake.url(),
        key: None,
    };
    let cat = Catalog::embedded().unwrap();
    let e = rt()
        .block_on(fetch(
            &vast,
            &reqwest::Client::new(),
            &cat,
            Duration::from_secs(30),
            NOW,
        ))
        .unwrap_err();
    assert!(
        matches!(&e, FetchError::TooLarge(m) if m.contains("200000 rows")),
        "{e:?}"
    );
    // At the cap itself an answer still reads.
    fake.script(VAST, vec![Script::ok(rows(Limits::PROVIDER.max_rows))]);
    let p = rt()
        .block_on(fetch(
            &vast,
            &reqwest::Client::new(),
            &cat,
            Duration::from_secs(30),
            NOW,
        ))
        .unwrap();
    assert_eq!(p.offers.len(), Limits::PROVIDER.max_rows);
}

#[test]
fn a_slow_drip_ends_at_the_total_deadline_not_per_read() {
    let fake = FakeProviders::start();
    // A byte every 50 ms never lets a per-read timeout fire; only a total deadline does.
    fake.script(
        VAST,
        vec![Script::drip(r#"{"offers": ["#, Duration::from_millis(50))],
    );
    let vast = Vast {
        base: fake.url(),
        key: None,
    };
    let cat = Catalog::embedded().unwrap();
    let started = Instant::now();
    let e = rt()
        .block_on(fetch(
            &vast,
            &reqwest::Client::new(),
            &cat,
            Duration::from_millis(800),
            NOW,
        ))
        .unwrap_err();
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(3),
        "{took:?} for a 0.8 s deadline"
    );
    assert!(
        matches!(e, FetchError::Timeout(_) | FetchError::Network(_)),
        "{e:?}"
    );
}

fn poller(fake: &FakeProviders, store: Arc<Store>, extra: &[(&str, String)]) -> Poller {
    let mut vars = vec![
        ("GPUSCOUT_PROVIDERS", "vast".to_string()),
        ("GPUSCOUT_VAST_URL", fake.url()),
        ("GPUSCOUT_FX_URL", "none".to_string()),
        ("GPUSCOUT_FETCH_TIMEOUT", "5".to_string()),
    ];
    vars.extend(extra.iter().map(|(k, v)| (*k, v.clone())));
    let config = Config::from_lookup(|k| {
        vars.iter()
            .find(|(name, _)| *name == k)
            .map(|(_, v)| v.clone())
    })
    .unwrap();
    let (adapters, _) = config.adapters();
    Poller::new(
        &config,
        adapters,
        Arc::new(Catalog::embedded().unwrap()),
        store,
    )
    .unwrap()
}

#[test]
fn every_refused_answer_keeps_the_last_good_snapshot_and_says_why() {
    let fake = FakeProviders::start();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let key = "vk_8d1f3a9c2b7e4f60a5d9c8b7e6f5a4d3";
    fake.script(
        VAST,
        vec![
            Script::ok(fixture("vast_bundles.json")),
            Script::ok(rows(200_000)),
            Script::endless(r#"{"offers": ["#, ROW),
            Script::drip(r#"{"offers": ["#, Duration::from_millis(100)),
            Script::status(
                401,
                format!(r#"{{"error": "invalid key {key}", "auth": "Bearer {key}"}}"#),
            ),
        ],
    );
    let p = poller(
        &fake,
        store.clone(),
        &[("GPUSCOUT_VAST_API_KEY", key.to_string())],
    );
    let runtime = rt();
    let first = runtime.block_on(p.poll_once(None));
    assert!(first[0].replaced(), "{first:?}");
    let good = latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap();
    assert!(!good.is_empty());
    for why in ["rows", "refused", "time", "HTTP 401"] {
        let r = runtime.block_on(p.poll_once(None));
        assert!(!r[0].replaced(), "{r:?}");
        let line = r[0].line();
        assert!(line.contains("keeping the last snapshot"), "{line}");
        assert!(!line.contains(key), "{line}");
        assert_eq!(
            latest_offers(&store, &gpu_key("rtx-4090"), Some("vast")).unwrap(),
            good
        );
        let state = provider_state(&store, "vast").unwrap().unwrap();
        let problem = state.last_problem.unwrap_or_default();
        assert!(
            problem.contains(why) || (why == "time" && problem.contains("no answer")),
            "{why}: {problem}"
        );
        assert!(!problem.contains(key), "{problem}");
    }
}

#[test]
fn a_download_is_capped_and_a_key_in_its_url_never_printed() {
    let fake = FakeProviders::start();
    let key = "9f86d081884c7d659a2feaa0c55ad015";
    let path = format!("/{key}/v2/runpod.csv");
    fake.script(
        &path,
        vec![
            Script::status(500, format!("cannot serve {path}?token={key}")),
            Script::endless("gpu_name,gpu_count,price\n", "H100,1,2.5\n"),
        ],
    );
    let url = format!("{}{path}", fake.url());
    let runtime = rt();
    let e = runtime
        .block_on(import::download(&url, Duration::from_secs(5), 1 << 20))
        .unwrap_err();
    assert!(matches!(e, FetchError::Http { status: 500, .. }), "{e:?}");
    assert!(!e.to_string().contains(key), "{e}");
    let shown = gpuscout_providers::config::shown_url(&format!("{url}?sig={key}"));
    assert!(
        !shown.contains(key) && shown.ends_with("/v2/runpod.csv"),
        "{shown}"
    );
    let e = runtime
        .block_on(import::download(&url, Duration::from_secs(5), 1 << 20))
        .unwrap_err();
    assert!(matches!(e, FetchError::TooLarge(_)), "{e:?}");
}

#[test]
fn a_local_file_or_a_csv_past_its_cap_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.csv");
    std::fs::write(&file, "x".repeat(4096)).unwrap();
    assert!(import::read_capped(&file, 4096).is_ok());
    let e = import::read_capped(&file, 4095).unwrap_err();
    assert!(e.contains("4095"), "{e}");
    let cat = Catalog::embedded().unwrap();
    let csv = |n: usize| {
        let mut t = String::from("gpu_name,gpu_count,price\n");
        for i in 0..n {
            t.push_str(&format!("H100,1,{}.5\n", i % 9 + 1));
        }
        t
    };
    let limits = Limits {
        max_bytes: 1 << 20,
        max_rows: 100,
    };
    let read = |n| {
        import::parse_with(
            Format::GpuHunt,
            &csv(n),
            "runpod",
            &cat,
            (NOW, "test"),
            limits,
        )
    };
    assert!(read(100).is_ok());
    let e = read(101).unwrap_err();
    assert!(
        matches!(&e, FetchError::TooLarge(m) if m.contains("101 rows")),
        "{e:?}"
    );
}

#[test]
fn a_curated_file_past_its_cap_is_refused_and_the_rows_before_stay() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&bot_core::store::db_path(dir.path())).unwrap();
    let cat = Catalog::embedded().unwrap();
    let file = dir.path().join("curated.toml");
    let good = "as_of = '2025-11-30'\nwho = 'ops'\n[[row]]\nplatform = 'autodl'\ngpu = '4090'\nstock = 'in'\nsource = 'console'\n";
    std::fs::write(&file, good).unwrap();
    gpuscout_providers::curated::load(&cat, &store, &file).unwrap();
    let padding = format!("# {}\n", "x".repeat(Limits::CURATED.max_bytes));
    std::fs::write(&file, format!("{good}{padding}")).unwrap();
    let e = gpuscout_providers::curated::load(&cat, &store, &file).unwrap_err();
    assert!(e.contains("larger than"), "{e}");
    let seen =
        bot_core::availability::sightings(&store, &bot_core::availability::gpu_key("rtx-4090"))
            .unwrap();
    assert_eq!(seen.len(), 1, "{seen:?}");
}
