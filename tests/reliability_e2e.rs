//! `gpuscout serve` under crashes, outages and hostile Bot API answers, end to end against
//! the loopback fake Bot API.

use bot_core::store::{Store, db_path, tables};
use gpuscout_testkit::fake_telegram::{Chat, FakeTelegram, Person, TOKEN};
use gpuscout_testkit::serve::Serve;
use std::time::Duration;

fn start_serve(data_dir: &std::path::Path, env: &[(&str, String)]) -> Serve {
    Serve::start(env!("CARGO_BIN_EXE_gpuscout"), data_dir, env)
}

fn telegram_env(fake: &FakeTelegram) -> Vec<(&'static str, String)> {
    vec![
        ("TELEGRAM_BOT_TOKEN", TOKEN.to_string()),
        ("TELEGRAM_API_URL", fake.api_url()),
    ]
}

fn boot(fake: &FakeTelegram, dir: &std::path::Path) -> Serve {
    let polls = fake.calls_of("getUpdates").len();
    let bot = start_serve(dir, &telegram_env(fake));
    fake.wait_for_polling(polls + 1);
    bot
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
    let store = Store::open(&db_path(dir.path())).unwrap();
    let trials = store.scan_prefix(&tables::TRIALS, "telegram:").unwrap();
    assert_eq!(trials.len(), 1, "{trials:?}");
    let recorded = fake
        .sent_to(dm.id())
        .iter()
        .filter(|m| m.html.contains("Recorded"))
        .count();
    assert_eq!(recorded, 1, "the answer was not sent twice either");
}
