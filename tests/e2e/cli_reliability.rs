//! The terminal and CLI under hostile conditions: closed pipes, bad bytes, out-of-range
//! numbers, damaged databases.

use gpuscout_testkit::cli::Cli;
use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_gpuscout");

fn cli() -> Cli {
    Cli::new(BIN)
}

#[test]
fn a_closed_stdout_ends_quietly_with_exit_0() {
    for args in [&["gpus"][..], &["gpus", "--json"], &["platforms"]] {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(BIN)
            .arg("--data-dir")
            .arg(dir.path())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before the first line (`| head -0`): every write fails.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?} {stderr}", out.status);
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

#[test]
fn invalid_utf8_on_stdin_is_replaced_reported_in_chinese_and_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .arg("--data-dir")
        .arg(dir.path())
        .args(["chat", "--lang", "zh"])
        .env("GPUSCOUT_TODAY", "2026-11-30")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"/gpu 4090\n\xff\xfe\n/gpu h100\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("不是有效的 UTF-8"), "{stdout}");
    assert!(
        stdout.contains("RTX 4090") && stdout.contains("H100"),
        "{stdout}"
    );
}

#[test]
fn numeric_flags_have_ranges_and_errors_name_real_flags() {
    for bad in ["0", "99999999", "-1"] {
        let flag = format!("--lora-rank={bad}");
        let r = cli().run(&["fit", "--model", "7b", "--task", "lora", &flag]);
        assert!(!r.ok, "--lora-rank {bad} was accepted");
        assert!(r.stderr.contains("--lora-rank"), "{}", r.stderr);
    }
    let r = cli().run(&[
        "fit",
        "--model",
        "7b",
        "--task",
        "lora",
        "--lora-rank",
        "64",
    ]);
    assert!(r.ok, "{}", r.stderr);
    let r = cli().run(&["fit", "--model", "7b", "--batch", "0"]);
    assert!(!r.ok && r.stderr.contains("--batch"), "{}", r.stderr);
    let r = cli().run(&[
        "cost",
        "--price",
        "0.5",
        "--per",
        "h",
        "--work",
        "1h",
        "--to-currency",
        "EUR",
    ]);
    assert!(!r.ok);
    assert!(r.stderr.contains("--fx-rate"), "{}", r.stderr);
    assert!(!r.stderr.contains("fx="), "{}", r.stderr);
}

#[test]
fn a_damaged_database_is_explained_kept_and_repaired_by_db_commands() {
    let dir = tempfile::tempdir().unwrap();
    let c = cli();
    assert!(c.run_in(dir.path(), &["chat"], "/lang zh\n").ok);
    let path = dir.path().join("gpuscout.redb");
    let len = std::fs::metadata(&path).unwrap().len();
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(len / 2).unwrap();
    drop(f);
    let damaged = std::fs::read(&path).unwrap();

    let r = c.run_in(dir.path(), &["chat", "--lang", "zh"], "/help\n");
    assert!(!r.ok);
    assert!(
        r.stderr.contains("已损坏") && r.stderr.contains("gpuscout db repair"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    let r = c.run_in(dir.path(), &["chat"], "/help\n");
    assert!(r.stderr.contains("is damaged"), "{}", r.stderr);
    assert_eq!(std::fs::read(&path).unwrap(), damaged, "never rewritten");

    let r = c.run_in(dir.path(), &["db", "check"], "");
    assert!(!r.ok, "{}", r.stdout);
    let r = c.run_in(dir.path(), &["db", "repair"], "");
    assert!(r.ok, "{}", r.stderr);
    assert!(r.stdout.contains("damaged file is kept as"), "{}", r.stdout);
    let aside: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".damaged-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read(aside[0].path()).unwrap(), damaged);
    assert!(c.run_in(dir.path(), &["db", "check"], "").ok);
    assert!(c.run_in(dir.path(), &["chat"], "/help\n").ok);
    let r = c.run_in(dir.path(), &["db", "reset"], "");
    assert!(r.ok && r.stdout.contains("moved to"), "{}", r.stdout);
}

#[test]
fn stock_and_poll_never_panic_on_a_closed_pipe() {
    use gpuscout_testkit::fake_providers::{FakeProviders, Script};
    let fake = FakeProviders::start();
    let body = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/providers/tests/data/vast_bundles.json"
    ))
    .unwrap();
    fake.script("/api/v0/bundles/", vec![Script::ok(body)]);
    let dir = tempfile::tempdir().unwrap();
    let commands: [&[&str]; 4] = [
        &["poll", "--once", "--provider", "vast"],
        &["poll", "--once", "--json"],
        &["stock", "4090"],
        &["stock", "4090", "--json"],
    ];
    // The reader closing before, during or after the first write: repeated, since the race
    // decides which write meets the closed pipe.
    for round in 0..8 {
        for args in commands {
            let mut child = Command::new(BIN)
                .arg("--data-dir")
                .arg(dir.path())
                .args(args)
                .env("GPUSCOUT_PROVIDERS", "vast")
                .env("GPUSCOUT_VAST_URL", fake.url())
                .env("GPUSCOUT_FX_URL", "none")
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let stdout = child.stdout.take();
            if round % 2 == 1 {
                std::thread::sleep(std::time::Duration::from_millis(5 * round));
            }
            drop(stdout);
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
            assert!(out.status.success(), "{args:?}: {:?} {stderr}", out.status);
        }
    }
}

#[test]
fn a_catalog_or_curated_row_dated_in_the_future_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("runpod.csv");
    std::fs::write(&csv, "gpu_name,gpu_count,price\nH100,1,2.5\n").unwrap();
    let path = csv.to_str().unwrap();
    let r = cli().run_in(
        dir.path(),
        &["import", "gpuhunt", path, "--as-of", "2099-01-01"],
        "",
    );
    assert!(!r.ok, "{}", r.stdout);
    assert!(
        r.stderr.contains("runpod.csv") && r.stderr.contains("future"),
        "{}",
        r.stderr
    );
    let curated = dir.path().join("curated.toml");
    std::fs::write(
        &curated,
        "who='ops'\n[[row]]\nplatform='autodl'\ngpu='4090'\nstock='in'\nsource='x'\nas_of='2025-11-30'\n[[row]]\nplatform='autodl'\ngpu='3090'\nstock='in'\nsource='x'\nas_of='2099-01-01'\n",
    )
    .unwrap();
    let r = cli().run_in(
        dir.path(),
        &["import", "curated", curated.to_str().unwrap()],
        "",
    );
    assert!(!r.ok, "{}", r.stdout);
    assert!(
        r.stderr.contains("row 2")
            && r.stderr.contains("2099-01-01")
            && r.stderr.contains("future"),
        "{}",
        r.stderr
    );
    // Nothing of it is shown as in stock.
    let r = cli().run_in(dir.path(), &["stock", "3090"], "");
    assert!(!r.stdout.contains("just now"), "{}", r.stdout);
}

/// The catalog is decoded beside the store's opening (start-up, issue 28): a bad
/// `--catalog-dir` still stops a command before it creates a store, and the database commands,
/// which never read the catalog, still look after the database.
#[test]
fn a_bad_catalog_dir_creates_no_store_and_does_not_block_db_commands() {
    let dir = tempfile::tempdir().unwrap();
    let catalog = tempfile::tempdir().unwrap();
    std::fs::write(catalog.path().join("gpus.toml"), "gpu = [ not toml").unwrap();
    let run = |args: &[&str], stdin: &str| {
        let mut child = Command::new(BIN)
            .arg("--data-dir")
            .arg(dir.path())
            .arg("--catalog-dir")
            .arg(catalog.path())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The bad catalog stops the child before it reads: a closed pipe is its answer too.
        if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        child.wait_with_output().unwrap()
    };
    let out = run(&["chat", "--lang", "en"], "/help\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("gpus.toml"), "{stderr}");
    let created: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(created.is_empty(), "a store was created: {created:?}");
    let out = run(&["db", "check"], "");
    let text =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains("gpus.toml"),
        "db check read the catalog: {text}"
    );
}
