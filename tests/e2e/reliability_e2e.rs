//! `gpuscout serve` under crashes, outages and hostile Bot API answers, end to end against
//! the loopback fake Bot API.

use bot_core::store::{Store, db_path, tables};
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
    // delivers the update again to the next process.
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
    for (name, mut env, secret) in scenarios {
        // Start-up retries, then gives up with its final error: both kinds of line are checked.
        env.push(("TELEGRAM_STARTUP_TIMEOUT", "1.5".into()));
        let dir = tempfile::tempdir().unwrap();
        let out = all_output(dir.path(), &env, 3);
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
