//! Updates per second through the real `gpuscout serve`, end to end (issue 28 item 3): the
//! loopback fake Bot API hands out updates by `getUpdates` (up to 100 per answer); `serve`
//! answers each through its lanes, bot-core and the store (exactly-once mark, kept answer,
//! durable commit, the kept answer's delete) and `sendMessage`. Pacing is lifted so that this
//! measures our work, not Telegram's 30 messages a second.
//!
//! A measurement, so `#[ignore]`d and run by hand on an optimized build:
//!
//! ```text
//! cargo test --release --features jemalloc --test e2e updates_e2e:: -- --ignored --nocapture --test-threads 1
//! ```
//!
//! With `GPUSCOUT_BASELINE_BIN=/path/to/an/older/gpuscout` the older binary is measured
//! beside this one, alternating, in the same run (what a claimed change is compared with);
//! `GPUSCOUT_BIN` names this build's binary when it was copied elsewhere (or a release build
//! run from a debug build of this harness); `UPDATES_ROUNDS` sets the rounds (default 3). This build is also
//! run with `GPUSCOUT_GROUP_COMMIT=0` (one durable commit per update, and the kept answer's
//! delete its own commit, as before the group commit), so each run shows what it saves.

use gpuscout_testkit::fake_telegram::{Chat, FakeTelegram, Person};
use gpuscout_testkit::serve::Serve;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Distinct private chats per run, and updates each sends (within the per-chat queue of 8).
const CHATS: i64 = 1000;
const PER_CHAT: usize = 4;
const ROUNDS: usize = 3;

/// `UPDATES_ROUNDS` overrides [`ROUNDS`] (a shorter run when time is short).
fn rounds() -> usize {
    std::env::var("UPDATES_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|n| *n >= 1)
        .unwrap_or(ROUNDS)
}

/// Answers `CHATS × PER_CHAT` updates of `text` and returns updates per second, from the
/// first update handed to the fake to the last answer it received. Checks that every update
/// was answered exactly once.
fn updates_per_second(bin: &Path, group_commit: bool, text: &str) -> f64 {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let bot = Serve::with(bin)
        .telegram(&fake)
        .env("TELEGRAM_MESSAGES_PER_SEC", "1000000")
        .env("GPUSCOUT_ALERT_CHAT_GAP_MS", "0")
        .env("GPUSCOUT_ALERT_GROUP_PER_MIN", "1000000")
        .env(
            "GPUSCOUT_GROUP_COMMIT",
            if group_commit { "1" } else { "0" },
        )
        .start_polling(dir.path(), &fake);
    let people: Vec<Person> = (0..CHATS)
        .map(|n| Person::new(3_000_000 + n, "Load", Some("en")))
        .collect();
    // Warm up: one update per chat first, not measured (first-use costs, the store's growth).
    let warm = fake.count_of("sendMessage");
    for p in &people {
        fake.send_text(&Chat::Private(p.clone()), p, text);
    }
    fake.wait_until(Duration::from_secs(120), "warm-up answered", |v| {
        (v.count_of("sendMessage") >= warm + CHATS as usize).then_some(())
    });
    let before = fake.count_of("sendMessage");
    let total = CHATS as usize * PER_CHAT;
    let (bot_cpu0, harness_cpu0) = (cpu_secs(bot.pid()), cpu_secs(std::process::id()));
    let started = Instant::now();
    for _ in 0..PER_CHAT {
        for p in &people {
            fake.send_text(&Chat::Private(p.clone()), p, text);
        }
    }
    fake.wait_until(Duration::from_secs(300), "every update answered", |v| {
        (v.count_of("sendMessage") >= before + total).then_some(())
    });
    let secs = started.elapsed().as_secs_f64();
    let (bot_cpu, harness_cpu) = (
        cpu_secs(bot.pid()) - bot_cpu0,
        cpu_secs(std::process::id()) - harness_cpu0,
    );
    println!(
        "{text:>10} | group commit {group_commit:>5} | {total} updates in {secs:.2} s: bot CPU {bot_cpu:.2} s ({:.0} µs/update), harness CPU {harness_cpu:.2} s",
        bot_cpu * 1e6 / total as f64
    );
    // Exactly once: each chat got one answer per update, none twice.
    std::thread::sleep(Duration::from_millis(300));
    for p in people.iter().step_by(97) {
        assert_eq!(fake.sent_to(p.id).len(), PER_CHAT + 1, "chat {}", p.id);
    }
    assert_eq!(fake.count_of("sendMessage"), before + total);
    let (status, stderr) = bot.stop_within(Duration::from_secs(30));
    assert!(status.success(), "{stderr}");
    total as f64 / secs
}

/// CPU time (user + system) process `pid` has used so far, from `/proc/<pid>/stat` (0 where
/// there is no procfs): what the bot and the harness each cost, apart from the wall time.
fn cpu_secs(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime: fields 14 and 15 of the line (11 and 12 counted from 0 after the name),
    // in ticks of 1/100 s.
    (ticks(11) + ticks(12)) / 100.0
}

/// What is measured side by side: this build, this build with one commit per update
/// (`GPUSCOUT_GROUP_COMMIT=0`: what the group commit saves), and a baseline binary if named.
fn arms() -> Vec<(&'static str, PathBuf, bool)> {
    // `GPUSCOUT_BIN`: a copy of this build's binary, when the built one was replaced since.
    let this = std::env::var_os("GPUSCOUT_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_gpuscout")),
        PathBuf::from,
    );
    let mut arms = vec![("group commit", this.clone(), true)];
    // `UPDATES_ONE_COMMIT=0` leaves out the slow arm (a minute per round) when only the
    // shipped path is measured.
    if std::env::var("UPDATES_ONE_COMMIT").as_deref() != Ok("0") {
        arms.insert(0, ("one commit per update", this, false));
    }
    if let Some(old) = std::env::var_os("GPUSCOUT_BASELINE_BIN") {
        arms.insert(0, ("baseline", PathBuf::from(old), true));
    }
    arms
}

#[test]
#[ignore = "a measurement: run by hand on an optimized build (see the module doc)"]
fn updates_per_second_through_serve() {
    for text in ["/gpu 4090", "/help"] {
        let arms = arms();
        let mut rates: Vec<Vec<f64>> = vec![Vec::new(); arms.len()];
        for _ in 0..rounds() {
            for (i, (_, bin, grouped)) in arms.iter().enumerate() {
                rates[i].push(updates_per_second(bin, *grouped, text));
            }
        }
        for ((name, _, _), r) in arms.iter().zip(&rates) {
            let mean = r.iter().sum::<f64>() / r.len() as f64;
            let shown: Vec<String> = r.iter().map(|x| format!("{x:.0}")).collect();
            println!(
                "{text:>10} | {name:>22} | {} updates: {mean:.0}/s mean of [{}]",
                CHATS as usize * PER_CHAT,
                shown.join(", ")
            );
        }
    }
}
