//! The whole binary against loopback fakes: `gpuscout import skypilot|gpuhunt URL` stores
//! price-only rows that `/stock` and `gpuscout offers --json` show as such; `gpuscout poll
//! --once --provider fx` stores the ECB rates and answers say they used them; the curated
//! file and an operator's `/report` show in `/stock` with who and when.

use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const SKYPILOT: &str = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\r\n\
cpu_4x_general,,,4.0,16.0,0.2,us-east-1,,\r\n\
gpu_8x_h100_sxm5,H100,8.0,208.0,1800.0,23.92,us-east-1,\"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 8.0, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\",\r\n\
gpu_1x_h100_pcie,H100,1.0,26.0,200.0,2.49,us-west-1,\"{'Gpus': [{'Name': 'H100', 'Manufacturer': 'NVIDIA', 'Count': 1.0, 'MemoryInfo': {'SizeInMiB': 81920}}], 'TotalGpuMemoryInMiB': 81920}\",\r\n";

const GPUHUNT: &str = "instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot,disk_size,gpu_vendor,flags\n\
NVIDIA H100 80GB HBM3,US-KS-2,1.99,24,251,1,H100,80.0,True,,nvidia,\n\
NVIDIA A40,EU-SE-1,0.39,9,50,1,A40,48.0,False,,nvidia,\n";

const ECB: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
	<Cube>
		<Cube time='2026-11-27'>
			<Cube currency='USD' rate='1.0500'/>
			<Cube currency='JPY' rate='160.12'/>
			<Cube currency='CNY' rate='7.5600'/>
		</Cube>
	</Cube>
</gesmes:Envelope>"#;

fn gpuscout(
    dir: &Path,
    fake: &FakeProviders,
    args: &[&str],
    stdin: &str,
) -> (bool, String, String) {
    gpuscout_env(dir, fake, args, stdin, &[])
}

fn gpuscout_env(
    dir: &Path,
    fake: &FakeProviders,
    args: &[&str],
    stdin: &str,
    env: &[(&str, &str)],
) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gpuscout"));
    cmd.arg("--data-dir")
        .arg(dir)
        .args(args)
        .env_remove("GPUSCOUT_CATALOG_DIR")
        .env_remove("GPUSCOUT_CURATED_FILE")
        .env("GPUSCOUT_PROVIDERS", "none")
        .env(
            "GPUSCOUT_FX_URL",
            format!("{}/stats/eurofxref/eurofxref-daily.xml", fake.url()),
        )
        .env("GPUSCOUT_FETCH_TIMEOUT", "5")
        .env("GPUSCOUT_TODAY", "2026-11-30")
        .env("NO_PROXY", "127.0.0.1")
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("gpuscout runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A ragged record (a cell dropped by hand, an unquoted comma) is refused with its record
/// number and why, on stderr and in `--json`; the rest of the file is imported.
#[test]
fn an_import_names_each_refused_record_and_keeps_the_rest() {
    let fake = FakeProviders::start();
    let ragged = format!("{GPUHUNT}NVIDIA L4,US-1,0.44,nvidia\n");
    fake.script("/v2/ragged.csv", vec![Script::ok(&ragged)]);
    let dir = tempfile::tempdir().unwrap();
    let url = format!("{}/v2/ragged.csv", fake.url());
    let args = ["import", "gpuhunt", url.as_str(), "--as-of", "2026-11-21"];
    let (ok, out, err) = gpuscout(dir.path(), &fake, &args, "");
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("2 price-only offers"), "{out}");
    assert!(
        err.contains("refused record 4") && err.contains("4 fields") && err.contains("12"),
        "{err}"
    );
    let mut json = args.to_vec();
    json.push("--json");
    let (ok, out, err) = gpuscout(dir.path(), &fake, &json, "");
    assert!(ok, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r[0]["refused_total"], 1, "{out}");
    assert!(
        r[0]["refused"][0].as_str().unwrap().contains("record 4"),
        "{out}"
    );
}

#[test]
fn imported_catalogs_are_price_only_in_stock_and_offers() {
    let fake = FakeProviders::start();
    fake.script("/catalogs/v5/lambda/vms.csv", vec![Script::ok(SKYPILOT)]);
    fake.script("/v2/runpod.csv", vec![Script::ok(GPUHUNT)]);
    fake.script("/v2/broken.csv", vec![Script::status(500, "oops")]);
    let dir = tempfile::tempdir().unwrap();
    let url = format!("{}/catalogs/v5/lambda/vms.csv", fake.url());
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["import", "skypilot", &url, "--as-of", "2026-11-20"],
        "",
    );
    assert!(ok, "{out}\n{err}");
    assert!(
        out.contains("skypilot/lambda: 2 price-only offers"),
        "{out}"
    );
    // A pipe gets no progress bar.
    assert!(!err.contains("importing"), "{err}");
    let url = format!("{}/v2/runpod.csv", fake.url());
    // A catalog that states no date (no date column, no Last-Modified) is refused, never
    // dated by when it was read.
    let (ok, _, err) = gpuscout(dir.path(), &fake, &["import", "gpuhunt", &url], "");
    assert!(!ok && err.contains("--as-of"), "{err}");
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["import", "gpuhunt", &url, "--json", "--as-of", "2026-11-21"],
        "",
    );
    assert!(ok, "{out}\n{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r[0]["provider"], "runpod");
    assert_eq!(r[0]["offers"], 2);
    // A failed download imports nothing, says why, and keeps what was there.
    let url = format!("{}/v2/broken.csv", fake.url());
    let (ok, _, err) = gpuscout(dir.path(), &fake, &["import", "gpuhunt", &url], "");
    assert!(!ok && err.contains("HTTP 500"), "{err}");

    let (ok, out, err) = gpuscout(dir.path(), &fake, &["stock", "h100"], "");
    assert!(ok, "{err}");
    assert!(out.contains("Price catalogs (3 rows"), "{out}");
    assert!(out.contains("SkyPilot 2026-11-20"), "{out}");
    assert!(out.contains("stock unknown"), "{out}");

    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["offers", "h100", "cards>=8", "--json"],
        "",
    );
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let offers = v["offers"].as_array().unwrap();
    assert_eq!(offers.len(), 1, "{out}");
    let o = &offers[0];
    for key in [
        "provider",
        "gpu",
        "raw_name",
        "cards",
        "vram_gb",
        "price_per_gpu_hour",
        "price_per_instance_hour",
        "currency",
        "kind",
        "region",
        "stock",
        "available_count",
        "fetched_at",
        "source",
    ] {
        assert!(o.get(key).is_some(), "{key} missing in {o}");
    }
    assert_eq!(o["provider"], "lambda");
    assert_eq!(o["cards"], 8);
    assert_eq!(o["price_per_gpu_hour"], "2.99");
    assert_eq!(o["stock"], "unknown");
    assert_eq!(o["price_only"], true);
    assert!(o["source"].as_str().unwrap().contains("SkyPilot"), "{o}");
    // Spot only: gpuhunt's H100 row.
    let (_, out, _) = gpuscout(dir.path(), &fake, &["offers", "h100", "spot", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["offers"].as_array().unwrap().len(), 1, "{out}");
    assert_eq!(v["offers"][0]["provider"], "runpod");
    // vram>=48 max=0.5: the A40 only.
    let (_, out, _) = gpuscout(
        dir.path(),
        &fake,
        &["offers", "vram>=48", "max=0.5", "--json"],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let gpus: Vec<&str> = v["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["gpu"].as_str().unwrap())
        .collect();
    assert_eq!(gpus, ["a40"], "{out}");
    // Bad filters are refused clearly.
    let (ok, _, err) = gpuscout(dir.path(), &fake, &["offers", "cards>=lots"], "");
    assert!(!ok && err.contains("cards>=lots"), "{err}");
}

#[test]
fn the_ecb_rates_are_fetched_stored_and_named_in_answers() {
    let fake = FakeProviders::start();
    fake.script(
        "/stats/eurofxref/eurofxref-daily.xml",
        vec![
            Script::ok(ECB),
            Script::ok("<html>down for maintenance</html>"),
        ],
    );
    fake.script("/catalogs/v5/lambda/vms.csv", vec![Script::ok(SKYPILOT)]);
    let dir = tempfile::tempdir().unwrap();
    let url = format!("{}/catalogs/v5/lambda/vms.csv", fake.url());
    assert!(
        gpuscout(
            dir.path(),
            &fake,
            &["import", "skypilot", &url, "--as-of", "2026-11-20"],
            ""
        )
        .0
    );
    // Before any fetch: the catalog's dated rate, said so.
    let (_, out, _) = gpuscout(dir.path(), &fake, &["stock", "h100", "¥20"], "");
    assert!(out.contains("catalog rate of"), "{out}");
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["poll", "--once", "--provider", "fx", "--json"],
        "",
    );
    assert!(ok, "{out}\n{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r[0]["provider"], "fx");
    assert_eq!(r[0]["offers"], 3);
    // 7.56 / 1.05 = 7.2 CNY per USD; $2.49 = ¥17.93 fits under ¥20, $2.99 = ¥21.53 does not.
    let (_, out, _) = gpuscout(dir.path(), &fake, &["stock", "h100", "¥20"], "");
    assert!(
        out.contains("1 USD = 7.2 CNY (ECB reference rate of 2026-11-27)"),
        "{out}"
    );
    assert!(out.contains("Price catalogs (1 row"), "{out}");
    // The chat's conversions use the day's rate too, and name it.
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["chat", "--lang", "en"],
        "/convert 1 usd/h to hour cny\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("¥7.20"), "{out}");
    assert!(out.contains("2026-11-27") && out.contains("ECB"), "{out}");
    // The next fetch is garbage: it is counted, and the stored rates stay.
    let (ok, out, _) = gpuscout(
        dir.path(),
        &fake,
        &["poll", "--once", "--provider", "fx"],
        "",
    );
    assert!(!ok && out.contains("poll: fx:"), "{out}");
    let (_, out, _) = gpuscout(dir.path(), &fake, &["stock", "h100", "¥20"], "");
    assert!(out.contains("ECB reference rate of 2026-11-27"), "{out}");
    // A week later the rates are too old: back to the catalog's, said so.
    let (_, out, _) = gpuscout_env(
        dir.path(),
        &fake,
        &["stock", "h100", "¥20"],
        "",
        &[("GPUSCOUT_TODAY", "2026-12-07")],
    );
    assert!(out.contains("catalog rate of"), "{out}");
}

#[test]
fn curated_rows_and_operator_reports_show_in_stock_with_who_and_when() {
    let fake = FakeProviders::start();
    let dir = tempfile::tempdir().unwrap();
    let curated = dir.path().join("curated.toml");
    std::fs::write(
        &curated,
        r#"as_of = "2026-11-30"
who = "ops-team"
[[row]]
platform = "autodl"
gpu = "4090"
stock = "in"
price = "1.98"
source = "https://www.autodl.com/market/list"
"#,
    )
    .unwrap();
    let file = curated.to_str().unwrap();
    let (ok, out, err) = gpuscout(dir.path(), &fake, &["import", "curated", file], "");
    assert!(ok && out.contains("curated: 1 rows"), "{out}\n{err}");
    // The terminal user is the operator: /report records, /stock shows both.
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["chat", "--lang", "en"],
        "/report gpushare 4090 out\n/report autodl 4090 lots\n/stock 4090\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Recorded: "), "{out}");
    assert!(out.contains("terminal:"), "{out}");
    assert!(out.contains("Seen by people (2 reports)"), "{out}");
    assert!(out.contains("ops-team (curated list)"), "{out}");
    assert!(out.contains("¥1.98"), "{out}");
    assert!(out.contains("(report)"), "{out}");
    assert!(
        out.contains("Say what you saw") || out.contains("price per GPU-hour"),
        "{out}"
    );
    // A bad curated file is refused with the row and field, and the old rows stay.
    std::fs::write(
        &curated,
        "[[row]]\nplatform = \"autodl\"\ngpu = \"4090\"\nstock = \"in\"\n",
    )
    .unwrap();
    let (ok, _, err) = gpuscout(dir.path(), &fake, &["import", "curated", file], "");
    assert!(!ok && err.contains("row 1"), "{err}");
    let (_, out, _) = gpuscout(dir.path(), &fake, &["stock", "4090"], "");
    assert!(out.contains("ops-team (curated list)"), "{out}");
    let (_, out, _) = gpuscout(dir.path(), &fake, &["stock", "4090", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let seen = v["sightings"].as_array().unwrap();
    assert_eq!(seen.len(), 2, "{out}");
    let curated_row = seen.iter().find(|s| s["origin"] == "curated").unwrap();
    assert_eq!(curated_row["who"], "ops-team");
    assert_eq!(curated_row["price_per_gpu_hour"], "1.98");
    assert!(
        curated_row["source"]
            .as_str()
            .unwrap()
            .contains("autodl.com")
    );
    // Chinese too.
    let (_, out, _) = gpuscout(
        dir.path(),
        &fake,
        &["chat", "--lang", "zh"],
        "/stock 4090\n",
    );
    assert!(out.contains("人工上报"), "{out}");
}

/// Issue 25: an import is dated by its data, never by when the file was read. A SkyPilot
/// checkout is dated by the commit that last wrote the file (here 2025-03-04, though the file
/// was written today); the same file outside any checkout, with no date column, is refused
/// unless `--as-of` says its date.
#[test]
fn a_local_import_is_dated_by_its_checkouts_commit_not_by_today() {
    let fake = FakeProviders::start();
    let repo = tempfile::tempdir().unwrap();
    let cloud = repo.path().join("catalogs/v5/lambda");
    std::fs::create_dir_all(&cloud).unwrap();
    std::fs::write(cloud.join("vms.csv"), SKYPILOT).unwrap();
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(repo.path())
            .args(args)
            .env("GIT_AUTHOR_DATE", "2025-03-04T12:00:00Z")
            .env("GIT_COMMITTER_DATE", "2025-03-04T12:00:00Z")
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.com")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.com")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !(git(&["init", "-q"]) && git(&["add", "."]) && git(&["commit", "-qm", "prices"])) {
        eprintln!("skipped: git is not available to build a checkout");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let checkout = repo.path().join("catalogs/v5");
    let (ok, out, err) = gpuscout(
        dir.path(),
        &fake,
        &["import", "skypilot", checkout.to_str().unwrap()],
        "",
    );
    assert!(ok, "{out}\n{err}");
    let (ok, out, err) = gpuscout(dir.path(), &fake, &["stock", "h100"], "");
    assert!(ok, "{err}");
    assert!(out.contains("SkyPilot 2025-03-04"), "{out}");
    assert!(!out.contains("SkyPilot 2026-11-30"), "{out}");
    // Outside a checkout and without a date column: refused, then dated by --as-of.
    let loose = tempfile::tempdir().unwrap();
    let lambda = loose.path().join("lambda");
    std::fs::create_dir_all(&lambda).unwrap();
    std::fs::write(lambda.join("vms.csv"), SKYPILOT).unwrap();
    let other = tempfile::tempdir().unwrap();
    let path = loose.path().to_str().unwrap();
    let (ok, _, err) = gpuscout(other.path(), &fake, &["import", "skypilot", path], "");
    assert!(!ok && err.contains("--as-of"), "{err}");
    let (ok, _, err) = gpuscout(
        other.path(),
        &fake,
        &["import", "skypilot", path, "--as-of", "2026-10-01"],
        "",
    );
    assert!(ok, "{err}");
    let (_, out, _) = gpuscout(other.path(), &fake, &["stock", "h100"], "");
    assert!(out.contains("SkyPilot 2026-10-01"), "{out}");
}
