//! `gpuscout serve` under crashes, outages and hostile Bot API answers, end to end against
//! the loopback fake Bot API.

use bot_core::store::{Store, db_path, tables};
use bot_core::{Lang, Localizer, Msg};
use gpuscout_testkit::cli::Cli;
use gpuscout_testkit::fake_telegram::{Chat, FakeTelegram, Person, TOKEN, post_webhook};
use gpuscout_testkit::serve::{Serve, Setup};
use std::time::Duration;

/// The real `gpuscout serve`, set up through the testkit.
fn serve() -> Setup {
    Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
}

fn boot(fake: &FakeTelegram, dir: &std::path::Path) -> Serve {
    serve().telegram(fake).start_polling(dir, fake)
}

#[test]
fn a_trial_redelivered_after_a_crash_is_recorded_once() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let bot = boot(&fake, dir.path());
    let alice = Person::new(301, "Alice", Some("en"));
    let dm = Chat::Private(alice.clone());
    let update = fake.send_text(&dm, &alice, "/trial autodl 4090 1h20m $0.95");
    let sent = fake.wait_for_messages(dm.id(), 1);
    assert!(sent[0].html.contains("Recorded"), "{}", sent[0].html);
    // Killed right after answering; Telegram never got the confirming offset, so it
    // delivers the update again to the next process. (The answer is kept with the handled
    // mark until it was sent: a kill in the instant between the send and forgetting it
    // would send it again, by design, rather than lose an answer cut off mid-send; so the
    // kill here comes a moment after the answer arrived.)
    std::thread::sleep(Duration::from_millis(500));
    bot.crash();
    // The seal is kept living (its journal records each synced commit), so a crash leaves one:
    // the restart checks the bytes against it and runs the full check only if they differ
    // (a kill mid-commit). Either way the data below must be right.
    let seal = dir.path().join("gpuscout.redb.seal");
    assert!(seal.exists(), "serve keeps a seal from its start");
    fake.redeliver(update);
    let bot = boot(&fake, dir.path());
    fake.wait_until(Duration::from_secs(20), "the re-delivery confirmed", |v| {
        (v.confirmed_offset() > update).then_some(())
    });
    assert!(fake.deliveries(update) >= 2, "the update really came twice");
    // The bot is alive and answering after skipping it.
    fake.send_text(&dm, &alice, "/help");
    let sent = fake.wait_for_messages(dm.id(), 2);
    assert!(!sent[1].html.contains("Recorded"), "{}", sent[1].html);
    let (status, stderr) = bot.stop();
    assert!(status.success(), "{stderr}");
    assert!(seal.exists(), "a clean stop seals the file");
    // A CLI command that only reads keeps the seal valid (issue 29 item 4): the next open
    // still takes the fast path, and a serve start says so in its log.
    let read = Cli::new(env!("CARGO_BIN_EXE_gpuscout")).run_in(
        dir.path(),
        &["stock", "4090", "--json"],
        "",
    );
    assert!(read.ok, "{}", read.stderr);
    let bot = boot(&fake, dir.path());
    let (status, stderr) = bot.stop();
    assert!(status.success(), "{stderr}");
    assert!(stderr.contains("verified_by=\"seal\""), "{stderr}");
    let store = Store::open(&db_path(dir.path())).unwrap();
    assert!(
        store.sealed(),
        "the seal vouched for the file at this open too"
    );
    let trials = store.scan_prefix(&tables::TRIALS, "telegram:").unwrap();
    assert_eq!(trials.len(), 1, "{trials:?}");
    let recorded = fake
        .sent_to(dm.id())
        .iter()
        .filter(|m| m.html.contains("Recorded"))
        .count();
    assert_eq!(recorded, 1, "the answer was not sent twice either");
}

/// A loopback server that answers every request with `response` (raw HTTP).
fn raw_server(response: &'static str) -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut s) = stream else { return };
            std::thread::spawn(move || {
                let mut buf = [0u8; 8192];
                let _ = s.set_read_timeout(Some(Duration::from_secs(2)));
                let _ = s.read(&mut buf);
                let _ = s.write_all(response.as_bytes());
            });
        }
    });
    format!("http://{addr}")
}

/// Runs serve with `env` for at most `secs` (then SIGTERM); returns stdout + stderr.
fn all_output(dir: &std::path::Path, env: &[(&'static str, String)], secs: u64) -> String {
    let mut bot = serve().envs(env).start(dir);
    let until = std::time::Instant::now() + Duration::from_secs(secs);
    while bot.running() && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
    if bot.running() {
        let (_, _) = bot.stop_within(Duration::from_secs(20));
        // stop() consumed it; the files stay in `dir`.
        let mut out = String::new();
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with("serve-") {
                out += &std::fs::read_to_string(e.path()).unwrap_or_default();
            }
        }
        out
    } else {
        bot.output()
    }
}

#[test]
fn no_failure_scenario_prints_the_token_or_a_url_password() {
    const SECRET_TOKEN: &str = "123456:SECRET-token-part";
    const PASSWORD: &str = "hunter2-url-password";
    let fake = FakeTelegram::start();
    // 409 Conflict on every poll: another instance is polling with this token.
    fake.fail_always(
        "getUpdates",
        Some(gpuscout_testkit::fake_telegram::Failure::Status(
            409,
            "Conflict: terminated by other getUpdates request".into(),
        )),
    );
    let garbage = raw_server(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 21\r\nConnection: close\r\n\r\n<html>garbage</html>!",
    );
    let unauthorized = raw_server(
        "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: 58\r\nConnection: close\r\n\r\n{\"ok\":false,\"error_code\":401,\"description\":\"Unauthorized\"}",
    );
    // A label over 63 bytes fails in the resolver itself: a DNS failure with no packet sent.
    let dns = format!("http://{}.invalid", "a".repeat(70));
    type Env = Vec<(&'static str, String)>;
    let scenarios: Vec<(&str, Env, &str)> = vec![
        (
            "unreachable, token pasted into the URL",
            vec![
                ("TELEGRAM_BOT_TOKEN", SECRET_TOKEN.into()),
                (
                    "TELEGRAM_API_URL",
                    format!("http://127.0.0.1:1/bot{SECRET_TOKEN}/"),
                ),
            ],
            SECRET_TOKEN,
        ),
        (
            "unreachable, password in the URL",
            vec![
                ("TELEGRAM_BOT_TOKEN", SECRET_TOKEN.into()),
                (
                    "TELEGRAM_API_URL",
                    format!("http://user:{PASSWORD}@127.0.0.1:1/"),
                ),
            ],
            PASSWORD,
        ),
        (
            "401",
            vec![
                ("TELEGRAM_BOT_TOKEN", SECRET_TOKEN.into()),
                ("TELEGRAM_API_URL", unauthorized),
            ],
            SECRET_TOKEN,
        ),
        (
            "409 on every poll",
            vec![
                ("TELEGRAM_BOT_TOKEN", TOKEN.into()),
                ("TELEGRAM_API_URL", fake.api_url()),
            ],
            TOKEN,
        ),
        (
            "DNS failure",
            vec![
                ("TELEGRAM_BOT_TOKEN", SECRET_TOKEN.into()),
                ("TELEGRAM_API_URL", dns),
            ],
            SECRET_TOKEN,
        ),
        (
            "garbage answers",
            vec![
                ("TELEGRAM_BOT_TOKEN", SECRET_TOKEN.into()),
                ("TELEGRAM_API_URL", garbage),
            ],
            SECRET_TOKEN,
        ),
    ];
    // The scenarios run side by side: each is its own `serve` in its own directory, waiting
    // out its start-up timeout, so one after another they were six of those waits.
    let outputs: Vec<(&str, &str, String)> = std::thread::scope(|s| {
        let runs: Vec<_> = scenarios
            .into_iter()
            .map(|(name, mut env, secret)| {
                s.spawn(move || {
                    // Start-up retries, then gives up with its final error: both kinds of
                    // line are checked.
                    env.push(("TELEGRAM_STARTUP_TIMEOUT", "1.5".into()));
                    let dir = tempfile::tempdir().unwrap();
                    (name, secret, all_output(dir.path(), &env, 3))
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for (name, secret, out) in outputs {
        // The scenario really failed and said so (not a silent run).
        assert!(!out.trim().is_empty(), "{name}: no output");
        let secret_part = secret.split(':').next_back().unwrap();
        assert!(
            !out.contains(secret) && !out.contains(secret_part),
            "{name}: the secret leaked:\n{out}"
        );
        eprintln!("--- {name}:\n{out}");
    }
    // The 409 scenario reached the polling loop (its errors were printed, redacted).
    assert!(!fake.calls_of("getUpdates").is_empty());
}

#[test]
fn a_stop_finishes_within_the_deadline_while_every_send_gets_429() {
    use gpuscout_testkit::fake_telegram::Failure;
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let bot = serve()
        .telegram(&fake)
        .env("GPUSCOUT_STOP_DEADLINE", "2")
        .start_polling(dir.path(), &fake);
    // Telegram throttles every send for an hour; a chat has a backlog.
    fake.fail_always("sendMessage", Some(Failure::RetryAfter(3600)));
    let alice = Person::new(401, "Alice", Some("en"));
    let dm = Chat::Private(alice.clone());
    for _ in 0..20 {
        fake.send_text(&dm, &alice, "/help");
    }
    fake.wait_for_call("sendMessage", |c| c.status == 429);
    let asked = std::time::Instant::now();
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    let took = asked.elapsed();
    assert!(
        took < Duration::from_secs(5),
        "stop took {took:?}: {stderr}"
    );
    assert!(stderr.contains("telegram: stopping"), "{stderr}");
    // Exit 0: the stop was asked for; parts that did not finish were aborted and said so.
    assert!(status.success(), "{status}: {stderr}");
}

#[test]
fn start_up_rides_out_an_outage_and_a_stop_during_it_is_clean() {
    use gpuscout_testkit::fake_telegram::Failure;
    let fake = FakeTelegram::start();
    // (teloxide itself sleeps 10 s after any 5xx, so the quick outage here is a 429 and a
    // 400 from a proxy that is not ready yet; every error but a rejected token is retried.)
    fake.fail_next("getMe", Failure::RetryAfter(1));
    fake.fail_next(
        "getMe",
        Failure::Status(400, "Bad Request: warming up".into()),
    );
    // The command menu cannot be registered at all: polling must not wait for it.
    fake.fail_always(
        "setMyCommands",
        Some(Failure::Status(500, "Internal".into())),
    );
    let dir = tempfile::tempdir().unwrap();
    let bot = boot(&fake, dir.path());
    assert!(fake.calls_of("getMe").len() >= 3);
    let alice = Person::new(501, "Alice", Some("en"));
    let dm = Chat::Private(alice.clone());
    fake.send_text(&dm, &alice, "/help");
    fake.wait_for_messages(dm.id(), 1);
    let asked = std::time::Instant::now();
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
    assert!(asked.elapsed() < Duration::from_secs(5), "{stderr}");
    assert!(stderr.contains("retrying in"), "{stderr}");

    // Telegram is down for good: SIGTERM during the retries stops cleanly and at once.
    let down = FakeTelegram::start();
    down.fail_always(
        "getMe",
        Some(Failure::Status(503, "Service Unavailable".into())),
    );
    let dir = tempfile::tempdir().unwrap();
    let bot = serve().telegram(&down).start(dir.path());
    down.wait_for_call("getMe", |c| c.status == 503);
    std::thread::sleep(Duration::from_millis(300));
    let asked = std::time::Instant::now();
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{status}: {stderr}");
    assert!(asked.elapsed() < Duration::from_secs(3), "{stderr}");
    assert!(
        stderr.contains("stopped before start-up finished"),
        "{stderr}"
    );
}

#[test]
fn a_full_queue_answers_the_webhook_503_and_recovers() {
    use gpuscout_testkit::fake_telegram::Failure;
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let bot = serve()
        .telegram(&fake)
        .env("TELEGRAM_WEBHOOK_URL", "https://bot.example.test/hook")
        .env("TELEGRAM_WEBHOOK_LISTEN", listen.clone())
        .env("TELEGRAM_WEBHOOK_SECRET", "s3cret")
        .env("TELEGRAM_MAX_INFLIGHT", "2")
        .start(dir.path());
    fake.wait_for_call("setWebhook", |_| true);
    std::thread::sleep(Duration::from_millis(200));
    // Telegram throttles every send: answers cannot finish, so updates stay in flight.
    fake.fail_always("sendMessage", Some(Failure::RetryAfter(2)));
    let update = |n: i64| {
        let p = Person::new(600 + n, "P", Some("en"));
        let mut u = fake.message_update_json(&Chat::Private(p.clone()), &p, "/help");
        u["update_id"] = serde_json::json!(9000 + n);
        u.to_string()
    };
    let codes: Vec<u16> = (0..10)
        .map(|n| post_webhook(&listen, "/hook", Some("s3cret"), &update(n)))
        .collect();
    assert_eq!(codes.iter().filter(|&&c| c == 200).count(), 2, "{codes:?}");
    assert_eq!(codes.iter().filter(|&&c| c == 503).count(), 8, "{codes:?}");
    // Telegram recovers; the two accepted updates are answered and the door opens again.
    fake.fail_always("sendMessage", None);
    fake.wait_for_messages(600, 1);
    fake.wait_for_messages(601, 1);
    let again = (0..50)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(100));
            post_webhook(&listen, "/hook", Some("s3cret"), &update(5))
        })
        .find(|&c| c == 200);
    assert_eq!(again, Some(200));
    fake.wait_for_messages(605, 1);
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
}

#[test]
fn a_full_queue_pauses_polling_and_it_resumes() {
    use gpuscout_testkit::fake_telegram::Failure;
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let bot = serve()
        .telegram(&fake)
        .env("TELEGRAM_MAX_INFLIGHT", "2")
        .start_polling(dir.path(), &fake);
    fake.fail_always("sendMessage", Some(Failure::RetryAfter(2)));
    let people: Vec<Person> = (0..6)
        .map(|n| Person::new(700 + n, "P", Some("en")))
        .collect();
    let ids: Vec<i64> = people
        .iter()
        .map(|p| fake.send_text(&Chat::Private(p.clone()), p, "/help"))
        .collect();
    fake.wait_for_call("sendMessage", |c| c.status == 429);
    std::thread::sleep(Duration::from_millis(1500));
    // Only two are taken in; the stream is not read on, so no getUpdates confirms the rest
    // (they stay with Telegram, not in our memory). The six may arrive in one batch or in two
    // (a long poll already waiting returns the first alone), so at most the two taken in are
    // confirmed; without the gate all six would be (offset ids[5] + 1).
    assert!(
        fake.confirmed_offset() <= ids[2],
        "polling went on while the queue was full: offset {} > {}",
        fake.confirmed_offset(),
        ids[2]
    );
    fake.fail_always("sendMessage", None);
    for p in &people {
        fake.wait_for_messages(p.id, 1);
    }
    fake.wait_for_confirmation();
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
}

/// Every kind of update gives its queue slot back: channel posts (answered or not) once held
/// theirs for good, so a channel with as many posts as the queue holds stopped the bot.
#[test]
fn channel_posts_give_their_queue_slots_back() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let bot = serve()
        .telegram(&fake)
        .env("TELEGRAM_MAX_INFLIGHT", "2")
        .start_polling(dir.path(), &fake);
    let channel = Chat::Channel {
        id: -1004242,
        title: "GPU deals".into(),
    };
    for text in ["Weekly digest follows.", "/help", "more chatter", "/gpus"] {
        fake.channel_post(&channel, text);
    }
    fake.wait_for_messages(channel.id(), 2);
    let p = Person::new(4242, "P", Some("en"));
    fake.send_text(&Chat::Private(p.clone()), &p, "/help");
    fake.wait_for_messages(p.id, 1);
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
}

/// The chat a recorded call went to.
fn chat_of(call: &gpuscout_testkit::fake_telegram::Call) -> Option<i64> {
    let v = &call.params["chat_id"];
    v.as_i64().or_else(|| v.as_str()?.parse().ok())
}

/// Issue 23.1: one chat floods 2,000 messages while 20 others ask once each. The flooding
/// chat has at most `TELEGRAM_MAX_PER_CHAT` (8) waiting; the rest are skipped with one notice,
/// so the shared queue never fills and every other chat is answered at once. The 5 s bound
/// is the issue's; on an idle machine the worst wait is well under a second, and the answers
/// must also come before the flood's own (paced, one per 1.1 s) backlog is through.
#[test]
fn one_flooding_chat_does_not_hold_up_twenty_others() {
    let fake = std::sync::Arc::new(FakeTelegram::start());
    let dir = tempfile::tempdir().unwrap();
    let bot = boot(&fake, dir.path());
    let flooder = Person::new(801, "Flood", Some("en"));
    let flood = Chat::Private(flooder.clone());
    let pusher = {
        let (fake, flood, flooder) = (fake.clone(), flood.clone(), flooder.clone());
        std::thread::spawn(move || {
            for n in 0..2000 {
                fake.send_text(&flood, &flooder, "/fit qwen2.5-7b int4");
                if n % 100 == 99 {
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        })
    };
    // The others ask while the flood is arriving.
    std::thread::sleep(Duration::from_millis(300));
    let others: Vec<Person> = (0..20)
        .map(|n| Person::new(900 + n, "P", Some("en")))
        .collect();
    let asked: Vec<std::time::Instant> = others
        .iter()
        .map(|p| {
            let at = std::time::Instant::now();
            fake.send_text(&Chat::Private(p.clone()), p, "/gpu 4090");
            at
        })
        .collect();
    for p in &others {
        fake.wait_until(Duration::from_secs(60), "every other chat answered", |v| {
            (!v.sent_to(p.id).is_empty()).then_some(())
        });
    }
    pusher.join().unwrap();
    let calls = fake.calls_of("sendMessage");
    let answered_at = |chat: i64| {
        calls
            .iter()
            .find(|c| c.status == 200 && chat_of(c) == Some(chat))
            .map(|c| c.at)
            .unwrap()
    };
    let worst = others
        .iter()
        .zip(&asked)
        .map(|(p, at)| answered_at(p.id).duration_since(*at))
        .max()
        .unwrap();
    println!("fairness: worst wait of the 20 other chats behind a 2,000-message flood: {worst:?}");
    // The flood's taken-in backlog is still being answered after every other chat was.
    let flood_answers = |v: &gpuscout_testkit::fake_telegram::FakeView| v.sent_to(flood.id()).len();
    let flood_sofar = fake.wait_until(Duration::from_secs(5), "flood answers", |v| {
        Some(flood_answers(v))
    });
    assert!(worst < Duration::from_secs(5), "worst wait {worst:?}");
    let notice = Localizer::get().format(Lang::En, &Msg::new("telegram-flood-skipped"));
    let notices_in = |v: &gpuscout_testkit::fake_telegram::FakeView| {
        v.sent_to(flood.id())
            .iter()
            .filter(|m| gpuscout_testkit::fake_telegram::strip_html(&m.html) == notice)
            .count()
    };
    // The notice is a message to the flooding chat, so it waits its turn behind the flood's
    // answers already paced for that chat (one a second): wait for it, then check that no
    // second one follows inside the window.
    fake.wait_until(Duration::from_secs(30), "the skip notice", |v| {
        (notices_in(v) > 0).then_some(())
    });
    std::thread::sleep(Duration::from_secs(2));
    let to_flood = fake.sent_to(flood.id());
    let notices = fake.wait_until(Duration::from_secs(1), "notices", |v| Some(notices_in(v)));
    assert_eq!(notices, 1, "one skip notice per window");
    assert!(
        to_flood.len() < 200,
        "most of the flood was skipped: {} answers (answered so far when the others were: {flood_sofar})",
        to_flood.len()
    );
    let (status, stderr) = bot.stop_within(Duration::from_secs(30));
    assert!(status.success(), "{stderr}");
}

/// Sends `per_group` `/gpu 4090` into each group, and returns the user's message ids.
fn ask_in_groups(
    fake: &FakeTelegram,
    groups: &[Chat],
    who: &Person,
    per_group: usize,
) -> Vec<(i64, i64)> {
    let mut asked = Vec::new();
    for _ in 0..per_group {
        for g in groups {
            let update = fake.send_text(g, who, "/gpu 4090");
            asked.push((g.id(), fake.message_of(update).unwrap()));
        }
    }
    asked
}

/// How many answers quote each asked message.
fn answers_per_question(fake: &FakeTelegram, asked: &[(i64, i64)]) -> Vec<usize> {
    asked
        .iter()
        .map(|&(chat, msg)| {
            fake.sent_to(chat)
                .iter()
                .filter(|s| s.reply_to == Some(msg))
                .count()
        })
        .collect()
}

/// Issue 23.2: questions arrive while `serve` is stopped (SIGTERM) again and again, each
/// stop with messages still in flight; after a last start, every question is answered
/// exactly once. Returns (lost, answered twice).
fn stops_under_load(stops: usize) -> (usize, usize) {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let groups: Vec<Chat> = (0..6)
        .map(|g| Chat::Group {
            id: -5_000 - g,
            title: format!("group {g}"),
        })
        .collect();
    let member = Person::new(77, "Member", Some("en"));
    let setup = || {
        serve()
            .telegram(&fake)
            .env("GPUSCOUT_STOP_DEADLINE", "4")
            .env("GPUSCOUT_ALERT_GROUP_PER_MIN", "6000")
    };
    let mut asked = Vec::new();
    let mut in_flight_at_stops = 0;
    let mut logs = Vec::new();
    for _ in 0..stops {
        let bot = setup().start_polling(dir.path(), &fake);
        let before = answers_per_question(&fake, &asked).iter().sum::<usize>();
        // Three per group: about what a group is answered between two stops (one per 1.1 s per
        // chat), so no chat's backlog grows past the per-chat bound and is skipped on purpose.
        asked.extend(ask_in_groups(&fake, &groups, &member, 3));
        // Stop as soon as a few are answered: most are still in flight or at Telegram.
        fake.wait_until(Duration::from_secs(30), "a few answers", |v| {
            let n: usize = groups.iter().map(|g| v.sent_to(g.id()).len()).sum();
            (n >= before + 3).then_some(())
        });
        let answered = answers_per_question(&fake, &asked)
            .iter()
            .filter(|&&n| n > 0)
            .count();
        in_flight_at_stops += asked.len() - answered;
        let (status, stderr) = bot.stop_within(Duration::from_secs(20));
        assert!(status.success(), "{stderr}");
        logs.push(stderr);
    }
    let bot = setup().start_polling(dir.path(), &fake);
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while answers_per_question(&fake, &asked).contains(&0) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_millis(500));
    let (status, stderr) = bot.stop_within(Duration::from_secs(20));
    assert!(status.success(), "{stderr}");
    logs.push(stderr);
    let counts = answers_per_question(&fake, &asked);
    let lost = counts.iter().filter(|&&n| n == 0).count();
    let twice = counts.iter().filter(|&&n| n > 1).count();
    if lost + twice > 0 {
        for (n, log) in logs.iter().enumerate() {
            println!("--- run {n}:\n{log}");
        }
        for c in fake.calls() {
            if c.method.starts_with("send") && chat_of(&c) == Some(groups[0].id()) {
                println!(
                    "call {} {} reply {}",
                    c.method, c.status, c.params["reply_parameters"]
                );
            }
        }
        let first = fake.message_of(100).unwrap_or(0);
        for (q, n) in asked.iter().zip(&counts) {
            if *n == 0 {
                let update =
                    (100..=fake.last_update_id()).find(|u| fake.message_of(*u) == Some(q.1));
                println!(
                    "lost: chat {} message {} update {update:?} delivered {} time(s) (first message {first})",
                    q.0,
                    q.1,
                    update.map_or(0, |u| fake.deliveries(u))
                );
            }
        }
    }
    println!(
        "{} questions over {stops} stops ({in_flight_at_stops} unanswered at the stops): {lost} lost, {twice} answered twice",
        asked.len()
    );
    (lost, twice)
}

/// Nothing is lost. A repeat is possible only for an answer whose request was on the wire
/// when the stop's deadline cut it (Telegram has no idempotency key): 2 in 360 over 20 stops.
#[test]
fn questions_in_flight_across_three_stops_are_answered_exactly_once() {
    let (lost, twice) = stops_under_load(3);
    assert_eq!(lost, 0);
    assert!(twice <= 1, "{twice} answered twice");
}

/// The figure: `cargo test --test e2e reliability_e2e::twenty_stops -- --ignored
/// --nocapture` prints "messages lost across 20 stops under load".
#[test]
#[ignore = "about two minutes; run by hand for the issue's figure"]
fn twenty_stops_under_load_lose_nothing() {
    let (lost, twice) = stops_under_load(20);
    println!("messages lost across 20 stops under load: {lost}; answered twice: {twice}");
    assert_eq!(lost, 0);
    assert!(twice <= 5, "{twice} answered twice");
}

/// A backlog answered, a clean stop (SIGTERM), a restart: the restart has nothing queued
/// from before and answers nothing again. (Found measuring: after 5,000 updates the next
/// start logged "answering 5233 update(s) queued before the restart": the removals of
/// answered updates from the store were still riding along at the stop, and were lost.)
#[test]
fn a_restart_after_a_clean_stop_replays_nothing_already_answered() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let people: Vec<Person> = (0..40)
        .map(|n| Person::new(9_000 + n, "P", Some("en")))
        .collect();
    for _ in 0..3 {
        for p in &people {
            fake.send_text(&Chat::Private(p.clone()), p, "/help");
        }
    }
    let asked = people.len() * 3;
    let bot = boot(&fake, dir.path());
    fake.wait_until(Duration::from_secs(60), "every question answered", |v| {
        let n: usize = people.iter().map(|p| v.sent_to(p.id).len()).sum();
        (n >= asked).then_some(())
    });
    fake.wait_for_confirmation();
    let (status, stderr) = bot.stop_within(Duration::from_secs(20));
    assert!(status.success(), "{stderr}");
    let sent = fake.count_of("sendMessage");
    let polls = fake.count_of("getUpdates");

    let bot = boot(&fake, dir.path());
    fake.wait_for_polling(polls + 2);
    std::thread::sleep(Duration::from_millis(800));
    let (status, again) = bot.stop_within(Duration::from_secs(20));
    assert!(status.success(), "{again}");
    assert!(
        !again.contains("queued before the restart"),
        "answered updates were queued again:\n{again}\n--- first run:\n{stderr}"
    );
    assert_eq!(
        fake.count_of("sendMessage"),
        sent,
        "a second answer:\n{again}"
    );
    let per_person: Vec<usize> = people.iter().map(|p| fake.sent_to(p.id).len()).collect();
    assert!(per_person.iter().all(|&n| n == 3), "{per_person:?}");
}
