//! A stock-alert fan-out on the wire (issue 28 items 1–2): the real `gpuscout serve` polling a
//! loopback RunPod, `FANOUT_CHATS` chats subscribed (default 1,000; one in 50 a supergroup),
//! and the fake Bot API enforcing Telegram's limits at arrival (30 messages in any second, one
//! a second per chat with a burst of two, 20 a minute per group; 429 with `retry_after` past
//! them). One stock flip
//! alerts every chat; meanwhile users send `/gpu 4090`, half from new chats and half from a
//! subscribed chat the moment its own alert arrived (the reply then follows the alert within
//! the chat's second: Telegram's "short bursts"). Measured: each reply's wait (question queued → reply arrived at the fake), 429s,
//! the fan-out's span against the ideal (chats / 30 s), `serve`'s peak RSS and CPU during it.
//!
//! A measurement, so `#[ignore]`d and run by hand (the harness may be a debug build; the bot
//! is the binary named by `GPUSCOUT_BIN`, else this build's):
//!
//! ```text
//! GPUSCOUT_BIN=target/release/gpuscout FANOUT_CHATS=10000 \
//!   cargo test --test e2e fanout_e2e:: -- --ignored --nocapture
//! ```
//!
//! The chats subscribe through the same binary with pacing lifted (a first `serve`, stopped
//! cleanly), so the set-up does not take chats / 26 s of its own; the measured `serve` then
//! starts on that store with Telegram's limits, as a deployment would.

use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use gpuscout_testkit::fake_telegram::{Call, Chat, FakeTelegram, Person};
use gpuscout_testkit::serve::{Serve, Setup};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn runpod(stock: &str) -> String {
    format!(
        r#"{{"data": {{"gpuTypes": [
  {{"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": 80, "securePrice": 2.69, "communityPrice": null,
   "secureLowest": {{"stockStatus": "{stock}"}}}},
  {{"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": 24, "securePrice": 0.69, "communityPrice": null,
   "secureLowest": {{"stockStatus": "High"}}}}
]}}}}"#
    )
}

fn bin() -> PathBuf {
    std::env::var_os("GPUSCOUT_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_gpuscout")),
        PathBuf::from,
    )
}

fn setup(p: &FakeProviders, tg: &FakeTelegram) -> Setup {
    Serve::with(bin())
        .telegram(tg)
        .provider("runpod", p)
        .env("GPUSCOUT_ALERT_DEBOUNCE_POLLS", "2")
        .env("GPUSCOUT_ALERT_DEBOUNCE_SECS", "0")
        .env("GPUSCOUT_ALERT_COOLDOWN_SECS", "0")
}

/// The alert's words in English (`alerts_e2e`).
const ALERT: &str = "in stock on RunPod";

fn chat_of(c: &Call) -> Option<i64> {
    c.params["chat_id"]
        .as_i64()
        .or_else(|| c.params["chat_id"].as_str()?.parse().ok())
}

/// (utime + stime) of `pid` in seconds, from `/proc/<pid>/stat`.
fn cpu_secs(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = after.split_whitespace().collect();
    // Fields 14 and 15 of the line; `after` starts at field 3.
    let ticks: f64 = f.get(11).and_then(|x| x.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|x| x.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

/// A `VmRSS`/`VmHWM` line of `/proc/<pid>/status`, in MiB.
fn status_mib(pid: u32, key: &str) -> f64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    s.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

#[test]
#[ignore = "a measurement: minutes of pacing (see the module doc)"]
fn a_fan_out_on_the_wire_draws_no_429_and_replies_go_first() {
    let n: i64 = std::env::var("FANOUT_CHATS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    let p = FakeProviders::start();
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();

    // Set-up: every chat subscribes, pacing lifted.
    let chats: Vec<(Chat, Person)> = (0..n)
        .map(|i| {
            let person = Person::new(5_000_000 + i, "Sub", Some("en"));
            let chat = if i % 50 == 49 {
                let g = Chat::Supergroup {
                    id: -1_005_000_000 - i,
                    title: format!("Group {i}"),
                };
                tg.set_admins(&g, &[person.id]);
                g
            } else {
                Chat::Private(person.clone())
            };
            (chat, person)
        })
        .collect();
    let set_up = Instant::now();
    let bot = setup(&p, &tg)
        .env("TELEGRAM_MESSAGES_PER_SEC", "1000000")
        .env("GPUSCOUT_ALERT_CHAT_GAP_MS", "0")
        .env("GPUSCOUT_ALERT_GROUP_PER_MIN", "1000000")
        .start_polling(dir.path(), &tg);
    let before = tg.count_of("sendMessage");
    for (chat, person) in &chats {
        tg.send_text(chat, person, "/subscribe h100");
    }
    tg.wait_until(
        Duration::from_secs(60 + n as u64 / 20),
        "subscriptions",
        |v| (v.count_of("sendMessage") >= before + n as usize).then_some(()),
    );
    let (status, out) = bot.stop_within(Duration::from_secs(60));
    assert!(status.success(), "{out}");
    eprintln!("set-up: {n} chats subscribed in {:?}", set_up.elapsed());

    // The measured `serve`: Telegram's limits, enforced at the fake.
    tg.enforce_limits();
    let bot = setup(&p, &tg).start_polling(dir.path(), &tg);
    let pid = bot.pid();
    let polls = || {
        p.seen()
            .iter()
            .filter(|s| s.uri.starts_with("/graphql"))
            .count()
    };
    let seen = polls();
    let deadline = Instant::now() + Duration::from_secs(30);
    while polls() < seen + 2 {
        assert!(Instant::now() < deadline, "the provider was not polled");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(600));
    // Peak RSS from here on: "5" to clear_refs resets VmHWM to the current RSS.
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
    let rss_before = status_mib(pid, "VmRSS:");
    let cpu_before = cpu_secs(pid);
    let calls_before = tg.calls().len();
    let flipped = Instant::now();
    p.script("/graphql", vec![Script::ok(runpod("High"))]);

    // Replies during the fan-out: one every `gap`, alternating a new chat and a subscribed
    // private chat whose alert has just arrived (the latest alerted one not asked yet), so
    // its reply follows its own alert at once.
    let ideal = Duration::from_secs_f64(n as f64 / 30.0);
    let asks = 12usize;
    let gap = (ideal / (asks as u32 + 2)).max(Duration::from_millis(300));
    let by_id: HashMap<i64, usize> = chats
        .iter()
        .enumerate()
        .map(|(i, (c, _))| (c.id(), i))
        .collect();
    let mut asked: Vec<(i64, Instant)> = Vec::new();
    std::thread::sleep(gap);
    for k in 0..asks {
        let (chat, person) = if k % 2 == 0 {
            let person = Person::new(9_000_000 + k as i64, "Asker", Some("en"));
            (Chat::Private(person.clone()), person)
        } else {
            let just_alerted = tg.wait_until(Duration::from_secs(30), "an alert", |v| {
                v.calls()[calls_before..]
                    .iter()
                    .rev()
                    .filter(|c| {
                        c.method == "sendMessage"
                            && c.status == 200
                            && c.params["text"].as_str().is_some_and(|t| t.contains(ALERT))
                    })
                    .filter_map(chat_of)
                    .find(|id| *id > 0 && asked.iter().all(|(a, _)| a != id))
            });
            chats[by_id[&just_alerted]].clone()
        };
        asked.push((chat.id(), Instant::now()));
        tg.send_text(&chat, &person, "/gpu 4090");
        std::thread::sleep(gap);
    }

    // Every chat alerted (429s are retried by the bot).
    // Generous: the span is the figure, and a loaded machine or a debug build is slower.
    let deadline = Instant::now() + ideal * 10 + Duration::from_secs(120);
    let alerted = |calls: &[Call]| {
        calls[calls_before..]
            .iter()
            .filter(|c| {
                c.method == "sendMessage"
                    && c.status == 200
                    && c.params["text"].as_str().is_some_and(|t| t.contains(ALERT))
            })
            .count()
    };
    loop {
        let done = tg.wait_until(Duration::from_secs(5), "alerts", |v| {
            Some(alerted(v.calls()))
        });
        if done >= n as usize {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{done} of {n} alerted after {:?}",
            flipped.elapsed()
        );
        std::thread::sleep(Duration::from_secs(1));
    }
    let cpu = cpu_secs(pid) - cpu_before;
    let peak = status_mib(pid, "VmHWM:");
    let calls = tg.calls();
    let after = &calls[calls_before..];

    // Exactly one alert per chat.
    let mut per_chat: HashMap<i64, usize> = HashMap::new();
    let (mut first, mut last) = (None::<Instant>, None::<Instant>);
    for c in after.iter().filter(|c| {
        c.method == "sendMessage"
            && c.status == 200
            && c.params["text"].as_str().is_some_and(|t| t.contains(ALERT))
    }) {
        *per_chat.entry(chat_of(c).unwrap_or(0)).or_default() += 1;
        first = Some(first.map_or(c.at, |f: Instant| f.min(c.at)));
        last = Some(last.map_or(c.at, |l: Instant| l.max(c.at)));
    }
    assert_eq!(per_chat.len(), n as usize, "chats alerted");
    assert!(per_chat.values().all(|k| *k == 1), "a chat alerted twice");
    let refused = after.iter().filter(|c| c.status == 429).count();
    let (first, last) = (first.unwrap(), last.unwrap());

    // Each reply: the first non-alert message that arrived in its chat after the question.
    let mut waits = Vec::new();
    for (chat, at) in &asked {
        let reply = after
            .iter()
            .filter(|c| c.method == "sendMessage" && c.status == 200 && c.at > *at)
            .filter(|c| chat_of(c) == Some(*chat))
            .find(|c| {
                c.params["text"]
                    .as_str()
                    .is_some_and(|t| !t.contains(ALERT))
            })
            .unwrap_or_else(|| panic!("no reply in chat {chat}"));
        waits.push(reply.at - *at);
    }
    let worst = waits.iter().max().copied().unwrap_or_default();
    let shown: Vec<String> = waits.iter().map(|w| format!("{}", w.as_millis())).collect();
    let span = last - first;
    eprintln!(
        "fan-out to {n} chats: {refused} 429s; first alert {:.2} s after the flip, last {:.1} s \
         after it; span {:.1} s (ideal {:.1} s at 30/s, {:.3}×); replies waited [{}] ms (worst {} \
         ms); serve CPU {cpu:.1} s; RSS {rss_before:.1} MiB before, peak {peak:.1} MiB",
        (first - flipped).as_secs_f64(),
        (last - flipped).as_secs_f64(),
        span.as_secs_f64(),
        ideal.as_secs_f64(),
        span.as_secs_f64() / ideal.as_secs_f64(),
        shown.join(", "),
        worst.as_millis(),
    );
    let (status, out) = bot.stop_within(Duration::from_secs(60));
    assert!(status.success(), "{out}");
    assert_eq!(refused, 0, "429s during the fan-out");
    assert!(
        worst < Duration::from_secs(1),
        "a reply waited {worst:?} during the fan-out"
    );
}
