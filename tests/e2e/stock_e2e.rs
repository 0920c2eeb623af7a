//! The whole binary against loopback fakes of the providers: `gpuscout poll --once` fetches
//! and stores snapshots, `gpuscout stock` answers from them offline, a provider that fails
//! keeps its last snapshot, and no key reaches the output.

use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::path::Path;
use std::process::Command;

const KEY: &str = "lambda_secret_never_printed";

const VAST: &str = r#"{"offers": [
  {"id": 1, "gpu_name": "H100 SXM", "num_gpus": 8, "gpu_frac": 1.0, "gpu_ram": 81559, "dph_base": 16.0, "storage_cost": 0.0, "rentable": true, "rented": false, "geolocation": "US"},
  {"id": 2, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.35, "rentable": true, "rented": false, "geolocation": "CA"}
]}"#;
const RUNPOD: &str = r#"{"data": {"gpuTypes": [
  {"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": 80, "securePrice": 2.69, "communityPrice": null,
   "secureLowest": {"stockStatus": "High"}}
]}}"#;
const LAMBDA: &str = r#"{"data": {"gpu_1x_h100_sxm5": {"instance_type": {"name": "gpu_1x_h100_sxm5",
  "gpu_description": "H100 (80 GB SXM5)", "price_cents_per_hour": 329, "specs": {"gpus": 1}},
  "regions_with_capacity_available": []}}}"#;

fn gpuscout(dir: &Path, fake: &FakeProviders, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gpuscout"))
        .arg("--data-dir")
        .arg(dir)
        .args(args)
        .env_remove("GPUSCOUT_CATALOG_DIR")
        .env_remove("GPUSCOUT_PROVIDERS")
        .env_remove("GPUSCOUT_VAST_API_KEY")
        .env_remove("GPUSCOUT_RUNPOD_API_KEY")
        .env("GPUSCOUT_VAST_URL", fake.url())
        .env("GPUSCOUT_RUNPOD_URL", fake.url())
        .env("GPUSCOUT_LAMBDA_URL", fake.url())
        .env("GPUSCOUT_LAMBDA_API_KEY", KEY)
        .env("GPUSCOUT_FETCH_TIMEOUT", "5")
        .env("GPUSCOUT_FX_URL", "none")
        .env("NO_PROXY", "127.0.0.1")
        .env("LANG", "C")
        .output()
        .expect("gpuscout runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn poll_once_then_stock_lists_every_h100_in_stock_first_and_a_failure_keeps_the_data() {
    let fake = FakeProviders::start();
    fake.script("/api/v0/bundles/", vec![Script::ok(VAST)]);
    fake.script("/graphql", vec![Script::ok(RUNPOD)]);
    fake.script("/api/v1/instance-types", vec![Script::ok(LAMBDA)]);
    let dir = tempfile::tempdir().unwrap();
    let (ok, out, err) = gpuscout(dir.path(), &fake, &["poll", "--once", "--json"]);
    assert!(ok, "{out}\n{err}");
    let reports: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(reports.as_array().unwrap().len(), 3, "{out}");
    assert!(
        reports
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["replaced"] == true),
        "{out}"
    );

    let (ok, out, err) = gpuscout(dir.path(), &fake, &["stock", "h100", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["gpu"], "h100-sxm");
    let offers = v["offers"].as_array().unwrap();
    let order: Vec<(&str, &str, &str)> = offers
        .iter()
        .map(|o| {
            (
                o["provider"].as_str().unwrap(),
                o["price_per_gpu_hour"].as_str().unwrap(),
                o["stock"].as_str().unwrap(),
            )
        })
        .collect();
    // In stock first, cheapest first; Lambda's "no capacity" is a real out, last.
    assert_eq!(
        order,
        [
            ("vast", "2", "available"),
            ("runpod", "2.69", "available"),
            ("lambda", "3.29", "unavailable")
        ]
    );
    assert_eq!(offers[0]["cards"], 8);
    assert_eq!(offers[0]["price_per_instance_hour"], "16");

    // Vast now fails: its H100s are still listed, from the last snapshot; never "out".
    fake.script("/api/v0/bundles/", vec![Script::status(500, "oops")]);
    let (ok, out, err) = gpuscout(dir.path(), &fake, &["poll", "--once", "--provider", "vast"]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("HTTP 500") && out.contains("keeping the last snapshot"),
        "{out}\n{err}"
    );
    let (ok, out, _) = gpuscout(dir.path(), &fake, &["stock", "h100"]);
    assert!(ok);
    assert!(
        out.contains("Vast.ai") && out.contains("in stock (8)"),
        "{out}"
    );
    assert!(out.contains("the last fetch failed"), "{out}");
    let everything = format!("{out}{err}");
    assert!(!everything.contains(KEY));
    assert!(
        fake.seen()
            .iter()
            .filter(|s| s.uri.starts_with("/api/v1"))
            .all(
                |s| s.header("authorization") == Some(&format!("Bearer {KEY}"))
                    && !s.uri.contains(KEY)
            )
    );
}

#[test]
fn stock_works_offline_and_says_there_is_no_data_yet() {
    let fake = FakeProviders::start();
    let dir = tempfile::tempdir().unwrap();
    let (ok, out, err) = gpuscout(dir.path(), &fake, &["stock", "4090"]);
    assert!(ok, "{err}");
    assert!(out.contains("poll --once"), "{out}");
    assert!(fake.seen().is_empty());
    let (ok, _, err) = gpuscout(dir.path(), &fake, &["stock", "h1000"]);
    assert!(!ok && err.contains("h1000"), "{err}");
}

/// Vast's search cut at the 2,000 rows we ask for, cheapest first: the H100s are past the
/// cut. The binary records the answer as partial (`poll --json`), `stock h100` still lists
/// Vast's H100 from the last whole answer and says the list was cut; `stock --json` carries the reason and when the last whole answer came.
#[test]
fn a_capped_vast_answer_keeps_the_cards_past_its_cut() {
    let fake = FakeProviders::start();
    fake.script("/api/v0/bundles/", vec![Script::ok(VAST)]);
    fake.script("/graphql", vec![Script::status(503, "down")]);
    fake.script("/api/v1/instance-types", vec![Script::status(503, "down")]);
    let dir = tempfile::tempdir().unwrap();
    let (ok, out, err) = gpuscout(dir.path(), &fake, &["poll", "--once", "--provider", "vast"]);
    assert!(ok, "{out}\n{err}");
    let rows: Vec<String> = (0..gpuscout_providers::vast::LIMIT)
        .map(|i| {
            format!(
                r#"{{"id": {}, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": {}, "rentable": true, "rented": false}}"#,
                1000 + i,
                0.2 + (i % 50) as f64 * 0.002
            )
        })
        .collect();
    fake.script(
        "/api/v0/bundles/",
        vec![Script::ok(format!(r#"{{"offers": [{}]}}"#, rows.join(",")))],
    );
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["poll", "--once", "--provider", "vast", "--json"],
    );
    assert!(ok, "{out}\n{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report[0]["replaced"], true, "{out}");
    assert!(
        report[0]["partial"]
            .as_str()
            .unwrap_or("")
            .contains("2000 rows"),
        "{out}"
    );
    let (ok, out, _) = gpuscout(dir.path(), &fake, &["stock", "h100", "vast"]);
    assert!(ok);
    assert!(
        out.contains("in stock (8)"),
        "the H100 is still listed: {out}"
    );
    assert!(out.contains("cut short"), "{out}");
    let (ok, out, _) = gpuscout(dir.path(), &fake, &["stock", "h100", "vast", "--json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let vast = &v["providers"][0];
    assert!(
        vast["partial"].as_str().unwrap().contains("2000 rows"),
        "{out}"
    );
    assert!(vast["last_full_at"].is_string(), "{out}");
    assert_eq!(v["offers"][0]["cards"], 8, "{out}");
}
