//! A stock-alert fan-out through the real sender against a fake Bot API that enforces
//! Telegram's limits where Telegram does, at arrival: the fan-out draws no 429, and a reply
//! asked for during it is not kept waiting behind it (issue 28: replies first, zero 429s).

use gpuscout_frontend::Limits;
use gpuscout_telegram::{Config, Telegram, Token};
use gpuscout_testkit::fake_telegram::{FakeTelegram, TOKEN};
use std::time::{Duration, Instant};
use tokio::task::JoinSet;

fn config(fake: &FakeTelegram) -> Config {
    let mut c = Config::new(Token::new(TOKEN));
    c.api_url = fake.api_url().parse().unwrap();
    c
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Alerts to this many chats (one in eight a group): about 6 s at the paced rate.
const CHATS: i64 = 160;
const REPLIES: i64 = 8;

#[test]
fn a_fan_out_draws_no_429_and_a_reply_during_it_goes_first() {
    let fake = FakeTelegram::start();
    fake.enforce_limits();
    let worst = runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let (alerts, replies) = (tg.sender(), tg.reply_sender());
        let mut fan = JoinSet::new();
        for c in 0..CHATS {
            let s = alerts.clone();
            let chat = if c % 8 == 0 { -(1_000 + c) } else { 1_000 + c };
            fan.spawn(async move { s.send_text(chat, "H100 is back in stock").await });
        }
        let mut worst = Duration::ZERO;
        for r in 0..REPLIES {
            tokio::time::sleep(Duration::from_millis(400)).await;
            let asked = Instant::now();
            replies.send_text(50 + r, "your answer").await.unwrap();
            worst = worst.max(asked.elapsed());
        }
        let mut left = 0;
        while let Some(sent) = fan.join_next().await {
            sent.unwrap().unwrap();
            left += 1;
        }
        assert_eq!(left, CHATS);
        worst
    });
    let refused = fake.calls().iter().filter(|c| c.status == 429).count();
    // The figures docs/performance.md quotes (`-- --nocapture`).
    eprintln!(
        "fan-out to {CHATS} chats with {REPLIES} replies: {refused} 429s, worst reply wait {worst:?}"
    );
    assert_eq!(refused, 0, "429s during the fan-out");
    assert_eq!(fake.count_of("sendMessage") as i64, CHATS + REPLIES);
    assert!(
        worst < Duration::from_secs(1),
        "a reply waited {worst:?} during the fan-out"
    );
}

#[test]
fn the_fake_refuses_what_telegram_would() {
    // Unpaced, 60 messages at once exceed 30 a second at arrival: the fake answers 429 (and the
    // sender waits out each `retry_after` and sends again, so all arrive in the end).
    let fake = FakeTelegram::start();
    fake.enforce_limits();
    runtime().block_on(async {
        let mut c = config(&fake);
        c.limits = Limits::NONE;
        let tg = Telegram::new(c).unwrap();
        let mut all = JoinSet::new();
        for chat in 0..60 {
            let s = tg.sender();
            all.spawn(async move { s.send_text(2_000 + chat, "x").await });
        }
        while let Some(sent) = all.join_next().await {
            sent.unwrap().unwrap();
        }
    });
    let refused = fake.calls().iter().filter(|c| c.status == 429).count();
    assert!(refused > 0, "the fake enforced nothing");
}

#[test]
fn an_alert_and_a_reply_in_one_chat_arrive_a_second_apart() {
    // A subscribed chat asks something just as its alert goes out, and its answer has three
    // parts: Telegram (and the fake) allow one message a second in a chat, no burst.
    let fake = FakeTelegram::start();
    fake.enforce_limits();
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let (alerts, replies) = (tg.sender(), tg.reply_sender());
        let alert = tokio::spawn(async move { alerts.send_text(77, "H100 is back").await });
        for part in 0..3 {
            replies
                .send_text(77, &format!("part {part}"))
                .await
                .unwrap();
        }
        alert.await.unwrap().unwrap();
    });
    let calls = fake.calls();
    let refused = calls.iter().filter(|c| c.status == 429).count();
    assert_eq!(refused, 0, "429s in one chat");
    let mut at: Vec<Instant> = calls
        .iter()
        .filter(|c| c.method == "sendMessage")
        .map(|c| c.at)
        .collect();
    at.sort();
    assert_eq!(at.len(), 4);
    for w in at.windows(2) {
        assert!(w[1] - w[0] >= Duration::from_secs(1), "{:?}", w[1] - w[0]);
    }
}
