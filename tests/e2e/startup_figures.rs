//! Start-up and idle memory of `gpuscout`, several binaries side by side in one run (issue 28:
//! "start-up grew 1.4×, idle `serve` RSS 30 s after a backlog +43%"). Ignored: about three
//! minutes per binary. Figures in `docs/performance.md` §15 (issue 28). Run it as
//!
//! ```text
//! cargo build --release --features jemalloc --bin gpuscout
//! STARTUP_BINS="old=/tmp/old/gpuscout new=target/release/gpuscout" \
//!   cargo test --test e2e startup_figures:: -- --ignored --nocapture
//! ```
//!
//! For each binary, interleaved so that load on the machine hits both alike:
//! - `chat`: `/help` piped to `gpuscout chat --lang en` until it exits, in a fresh data
//!   directory (the store is created) and again in one that exists;
//! - `serve`: from spawn until `/healthz` answers 200 (store created, Telegram frontend and HTTP
//!   server up) against the fake Bot API;
//! - idle RSS 30 s after start, then 30 s after 5,000 updates from new chats were answered
//!   (`/gpu 4090` and `/help`, en and zh, pacing lifted), with the file-backed part (binary
//!   pages) apart from the anonymous part (heap, stacks), from `/proc/<pid>/smaps_rollup`.
//!
//! `STARTUP_MEMORY_ONLY=1` skips the start-up timings (the memory part alone, ~80 s a binary).

use gpuscout_testkit::fake_discord::http_request;
use gpuscout_testkit::fake_telegram::{Chat, FakeTelegram, Person};
use gpuscout_testkit::serve::Serve;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 7;
const IDLE: Duration = Duration::from_secs(30);
const BACKLOG: i64 = 5_000;

/// `name=path` pairs from `STARTUP_BINS`; this build's binary alone when unset.
fn binaries() -> Vec<(String, String)> {
    match std::env::var("STARTUP_BINS") {
        Ok(v) => v
            .split_whitespace()
            .map(|pair| {
                let (name, path) = pair.split_once('=').expect("STARTUP_BINS: name=path ...");
                (name.to_string(), path.to_string())
            })
            .collect(),
        Err(_) => vec![("this".into(), env!("CARGO_BIN_EXE_gpuscout").into())],
    }
}

fn median_ms(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1000.0
}

/// One `/help` through `chat` in `dir`: the time until the process has answered and exited.
fn chat_help(bin: &str, dir: &std::path::Path) -> Duration {
    let started = Instant::now();
    let mut child = Command::new(bin)
        .arg("--data-dir")
        .arg(dir)
        .args(["chat", "--lang", "en"])
        .env_remove("GPUSCOUT_CATALOG_DIR")
        .env_remove("GPUSCOUT_CURATED_FILE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"/help\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let took = started.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("/gpu"),
        "no help text"
    );
    took
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `serve` against `fake` with its HTTP server on a free port; returns it with the time
/// from spawn until `/healthz` answered 200.
fn serve_ready(bin: &str, dir: &std::path::Path, fake: &FakeTelegram) -> (Serve, Duration) {
    let port = free_port();
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let started = Instant::now();
    let serve = Serve::with(bin)
        .telegram(fake)
        .env("GPUSCOUT_HTTP_ADDR", addr.to_string())
        .env("TELEGRAM_MESSAGES_PER_SEC", "100000")
        .start(dir);
    loop {
        if std::net::TcpStream::connect_timeout(&addr, Duration::from_millis(50)).is_ok() {
            let (status, _) = http_request(addr, "GET", "/healthz", &[], "");
            if status == 200 {
                return (serve, started.elapsed());
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{}",
            serve.output()
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// `(Rss, Anonymous)` in MiB from `/proc/<pid>/smaps_rollup`.
fn rss(pid: u32) -> (f64, f64) {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("Rss:"), field("Anonymous:"))
}

fn flood(fake: &FakeTelegram, first_user: i64, n: i64) {
    let before = fake.count_of("sendMessage");
    for i in 0..n {
        let lang = if i % 2 == 0 { "en" } else { "zh" };
        let p = Person::new(first_user + i, "Backlog", Some(lang));
        let text = if i % 3 == 0 { "/gpu 4090" } else { "/help" };
        fake.send_text(&Chat::Private(p.clone()), &p, text);
    }
    let deadline = Instant::now() + Duration::from_secs(600);
    while fake.count_of("sendMessage") < before + n as usize {
        assert!(Instant::now() < deadline, "the bot fell behind");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn show((rss, anon): (f64, f64)) -> String {
    format!("{rss:.1} MiB (anon {anon:.1}, file {:.1})", rss - anon)
}

#[test]
#[ignore = "minutes of idle waits; run it on purpose (see the module docs)"]
fn start_up_and_idle_memory_side_by_side() {
    let bins = binaries();
    for (name, bin) in &bins {
        let size = std::fs::metadata(bin).unwrap().len() as f64 / 1e6;
        eprintln!("{name}: {bin}, {size:.1} MB");
    }
    let mut fresh: Vec<Vec<Duration>> = vec![vec![]; bins.len()];
    let (mut warm, mut ready) = (fresh.clone(), fresh.clone());
    let kept: Vec<_> = bins.iter().map(|_| tempfile::tempdir().unwrap()).collect();
    let fake = FakeTelegram::start();
    let runs = if std::env::var_os("STARTUP_MEMORY_ONLY").is_some() {
        0
    } else {
        RUNS
    };
    for _ in 0..runs {
        for (i, (_, bin)) in bins.iter().enumerate() {
            let dir = tempfile::tempdir().unwrap();
            fresh[i].push(chat_help(bin, dir.path()));
            warm[i].push(chat_help(bin, kept[i].path()));
            let dir = tempfile::tempdir().unwrap();
            let (serve, took) = serve_ready(bin, dir.path(), &fake);
            ready[i].push(took);
            let (status, stderr) = serve.stop();
            assert!(status.success(), "{stderr}");
        }
    }
    for (i, (name, _)) in bins.iter().enumerate().filter(|_| runs > 0) {
        eprintln!(
            "{name}: chat /help {:.1} ms fresh dir, {:.1} ms existing; serve to /healthz {:.1} ms (medians of {RUNS})",
            median_ms(fresh[i].clone()),
            median_ms(warm[i].clone()),
            median_ms(ready[i].clone()),
        );
    }
    for (round, (name, bin)) in bins.iter().enumerate() {
        let fake = FakeTelegram::start();
        let dir = tempfile::tempdir().unwrap();
        let (serve, _) = serve_ready(bin, dir.path(), &fake);
        fake.wait_for_polling(1);
        std::thread::sleep(IDLE);
        let idle = rss(serve.pid());
        let started = Instant::now();
        flood(&fake, 30_000_000 + round as i64 * BACKLOG, BACKLOG);
        let busy = rss(serve.pid());
        let took = started.elapsed();
        std::thread::sleep(IDLE);
        let after = rss(serve.pid());
        eprintln!(
            "{name}: idle {} 30 s after start; {} right after {BACKLOG} updates ({took:.1?}); {} 30 s later (+{:.0}%)",
            show(idle),
            show(busy),
            show(after),
            (after.0 / idle.0 - 1.0) * 100.0
        );
        let (status, stderr) = serve.stop();
        assert!(status.success(), "{stderr}");
    }
}
