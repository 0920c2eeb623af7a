//! Webhook updates across a crash and a stop (issue 23 item 2): Telegram counts an update
//! delivered once we answer 200 and never sends it again, so a 200 must mean "answered or
//! durably queued". Loopback only: the fake Bot API and `post_webhook`.

use gpuscout_testkit::fake_telegram::{Chat, Failure, FakeTelegram, Person, post_webhook};
use gpuscout_testkit::serve::{Serve, Setup};
use std::time::{Duration, Instant};

const SECRET: &str = "s3cret-Hook_2";

fn free_addr() -> String {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    format!("127.0.0.1:{port}")
}

fn hooked(fake: &FakeTelegram, listen: &str, dir: &std::path::Path) -> Serve {
    let setup: Setup = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .telegram(fake)
        .env("TELEGRAM_WEBHOOK_URL", "https://bot.example.test/hook")
        .env("TELEGRAM_WEBHOOK_LISTEN", listen.to_string())
        .env("TELEGRAM_WEBHOOK_SECRET", SECRET)
        .env("GPUSCOUT_STOP_DEADLINE", "2");
    let serve = setup.start(dir);
    // The server is listening once `setWebhook` was called (it binds first).
    let before = fake.count_of("setWebhook");
    fake.wait_until(Duration::from_secs(20), "a new setWebhook", |v| {
        let now = v
            .calls()
            .iter()
            .filter(|c| c.method == "setWebhook")
            .count();
        (now > before).then_some(())
    });
    serve
}

/// A `/help` from person `n` in their private chat, as update `id`.
fn update(fake: &FakeTelegram, n: i64, id: i64) -> String {
    let p = Person::new(n, "P", Some("en"));
    let mut u = fake.message_update_json(&Chat::Private(p.clone()), &p, "/help");
    u["update_id"] = serde_json::json!(id);
    u.to_string()
}

/// Posts and expects Telegram's "delivered".
fn deliver(listen: &str, body: &str) {
    assert_eq!(post_webhook(listen, "/hook", Some(SECRET), body), 200);
}

fn answers(fake: &FakeTelegram, chat: i64) -> usize {
    fake.calls()
        .iter()
        .filter(|c| c.method == "sendMessage" && c.status == 200 && c.params["chat_id"] == chat)
        .count()
}

#[test]
fn webhook_updates_answered_200_survive_a_crash_and_a_stop_and_are_answered_once() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let listen = free_addr();

    // 1. Sends are throttled, so nothing can be answered; the process is then killed.
    let bot = hooked(&fake, &listen, dir.path());
    fake.fail_always("sendMessage", Some(Failure::RetryAfter(30)));
    for n in 0..3 {
        deliver(&listen, &update(&fake, 800 + n, 5000 + n));
    }
    bot.crash();
    // 2. Throttled again, three more updates, then a stop (deadline 2 s): it cannot answer
    // them, stops in time, and keeps them.
    let bot = hooked(&fake, &listen, dir.path());
    for n in 3..5 {
        deliver(&listen, &update(&fake, 800 + n, 5000 + n));
    }
    let asked = Instant::now();
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
    assert!(asked.elapsed() < Duration::from_secs(6), "{stderr}");
    for n in 0..5 {
        assert_eq!(answers(&fake, 800 + n), 0, "nothing could be sent yet");
    }

    // 3. Telegram recovers: the next start answers all five, which it was never sent again.
    fake.fail_always("sendMessage", None);
    let bot = hooked(&fake, &listen, dir.path());
    for n in 0..5 {
        fake.wait_for_messages(800 + n, 1);
    }
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");

    // 4. Once only: another start answers none of them again (its own new update is the
    // witness that it is up and has read its queue).
    let bot = hooked(&fake, &listen, dir.path());
    deliver(&listen, &update(&fake, 900, 6000));
    fake.wait_for_messages(900, 1);
    std::thread::sleep(Duration::from_millis(300));
    for n in 0..5 {
        assert_eq!(answers(&fake, 800 + n), 1, "chat {} answered once", 800 + n);
    }
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
}

#[test]
fn a_webhook_post_with_a_wrong_secret_is_not_queued() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let listen = free_addr();
    let bot = hooked(&fake, &listen, dir.path());
    fake.fail_always("sendMessage", Some(Failure::RetryAfter(30)));
    let forged = update(&fake, 810, 7000);
    assert_eq!(post_webhook(&listen, "/hook", Some("wrong"), &forged), 401);
    assert_eq!(post_webhook(&listen, "/hook", None, &forged), 401);
    bot.crash();
    fake.fail_always("sendMessage", None);
    let bot = hooked(&fake, &listen, dir.path());
    deliver(&listen, &update(&fake, 811, 7001));
    fake.wait_for_messages(811, 1);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(answers(&fake, 810), 0, "a forged update is never answered");
    let (status, stderr) = bot.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
}
