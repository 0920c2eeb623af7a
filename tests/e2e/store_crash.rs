//! kill -9 at random points while the database is created and while it is written: no
//! bricked data directory, no committed write lost. Bounded in time (a deadline stops the
//! loop early on a slow machine, but never below the minimum number of kills).

use bot_core::store::{Store, db_path, tables};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_gpuscout");
/// Kills per test in the normal run; the `_soak` twins (`#[ignore]`, run with
/// `cargo test --test e2e store_crash:: -- --ignored`) do `SOAK_KILLS` each. 20 random kill
/// points already cover creation's ~40 ms and the write stream; the soak widens the net.
const KILLS: usize = 20;
const SOAK_KILLS: usize = 100;
const BUDGET: Duration = Duration::from_secs(90);

struct Rng(u64);
impl Rng {
    fn seeded() -> Rng {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64
            | 1;
        eprintln!("kill-point seed {seed}");
        Rng(seed)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn chat(dir: &Path) -> Child {
    Command::new(BIN)
        .arg("--data-dir")
        .arg(dir)
        .arg("chat")
        .env("LANG", "C")
        .env("GPUSCOUT_TODAY", "2026-11-30")
        .env_remove("GPUSCOUT_CATALOG_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The directory still works: a chat opens it, answers, and exits 0.
fn assert_usable(dir: &Path, after: &str) {
    let out = Command::new(BIN)
        .arg("--data-dir")
        .arg(dir)
        .args(["chat"])
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"/lang\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(
        out.status.success() && String::from_utf8_lossy(&out.stdout).contains("Current language"),
        "bricked after {after}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The two tests run one at a time: a child spawned by one inherits, between fork and exec,
/// the file descriptor (and with it redb's file lock) the other test holds open for a moment,
/// which would make that test's own open report `Locked`.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn a_kill_during_creation_never_bricks_the_data_directory() {
    kills_during_creation(KILLS);
}

#[test]
#[ignore = "soak: 100 kills, about a minute"]
fn a_kill_during_creation_never_bricks_the_data_directory_soak() {
    kills_during_creation(SOAK_KILLS);
}

fn kills_during_creation(kills: usize) {
    let _serial = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = Rng::seeded();
    let started = Instant::now();
    let mut done = 0;
    while done < kills && started.elapsed() < BUDGET {
        let dir = tempfile::tempdir().unwrap();
        let mut child = chat(dir.path());
        // The store is created within the first ~40 ms of a run.
        let delay = Duration::from_micros(rng.below(40_000));
        std::thread::sleep(delay);
        child.kill().unwrap();
        child.wait().unwrap();
        assert_usable(dir.path(), &format!("a kill {delay:?} into creation"));
        done += 1;
    }
    assert!(done >= kills, "only {done} kills in {BUDGET:?}");
}

fn trials(dir: &Path) -> usize {
    let s = Store::open(&db_path(dir)).unwrap();
    s.scan_prefix(&tables::TRIALS, "").unwrap().len()
}

#[test]
fn a_kill_during_writes_loses_no_committed_write() {
    kills_during_writes(KILLS);
}

#[test]
#[ignore = "soak: 100 kills, one to two minutes"]
fn a_kill_during_writes_loses_no_committed_write_soak() {
    kills_during_writes(SOAK_KILLS);
}

fn kills_during_writes(kills: usize) {
    let _serial = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = Rng::seeded();
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let mut done = 0;
    let mut expected_min = 0;
    let mut acked_total = 0;
    while done < kills && started.elapsed() < BUDGET {
        let before = trials(dir.path());
        assert!(
            before >= expected_min,
            "committed trials lost: {before} < {expected_min}"
        );
        let mut child = chat(dir.path());
        let sent = 40;
        let mut stdin = child.stdin.take().unwrap();
        let input = "/trial autodl 4090 1h ¥3\n".repeat(sent);
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
            // Keep stdin open so the chat does not end before the kill.
            std::thread::sleep(Duration::from_secs(5));
        });
        let stdout = child.stdout.take().unwrap();
        let (first_tx, first_rx) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut n = 0;
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if line.starts_with("Recorded:") {
                    n += 1;
                    if n == 1 {
                        let _ = first_tx.send(());
                    }
                }
            }
            n
        });
        // The kill lands at a random point of the write stream, counted from its first
        // acknowledged write: a fixed delay from spawn missed the stream on a loaded machine,
        // where start-up alone takes longer than the delay.
        let _ = first_rx.recv_timeout(Duration::from_secs(20));
        std::thread::sleep(Duration::from_micros(rng.below(30_000)));
        child.kill().unwrap();
        child.wait().unwrap();
        // Every "Recorded" line was printed after its transaction committed.
        let acked = reader.join().unwrap();
        drop(writer);
        let after = trials(dir.path());
        assert!(
            after >= before + acked && after <= before + sent,
            "before {before}, acknowledged {acked}, after {after}"
        );
        expected_min = after;
        acked_total += acked;
        done += 1;
    }
    assert!(done >= kills, "only {done} kills in {BUDGET:?}");
    // The kills landed mid-stream, not all before the first write.
    assert!(acked_total > 0 && trials(dir.path()) > 0);
    assert_usable(dir.path(), "the write kills");
}
