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
fn a_reply_right_after_its_chats_alert_goes_at_once_and_draws_no_429() {
    // A subscribed chat asks something just after its alert went out, and the answer has
    // three parts. Telegram (and the fake) allow one message a second in a chat with short
    // bursts (the fake: two at once): the answer's first part goes at once, the rest at the
    // chat's pace, and nothing is refused. Before, the first part waited out the alert's
    // 1.1 s (issue 28: a reply after its own chat's alert waited over a second).
    let fake = FakeTelegram::start();
    fake.enforce_limits();
    let first_part = runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let (alerts, replies) = (tg.sender(), tg.reply_sender());
        alerts.send_text(77, "H100 is back").await.unwrap();
        let asked = Instant::now();
        replies.send_text(77, "part 0").await.unwrap();
        let first_part = asked.elapsed();
        for part in 1..3 {
            replies
                .send_text(77, &format!("part {part}"))
                .await
                .unwrap();
        }
        // And the next alert to that chat keeps the pace.
        alerts.send_text(77, "A100 is back").await.unwrap();
        first_part
    });
    let calls = fake.calls();
    let refused = calls.iter().filter(|c| c.status == 429).count();
    assert_eq!(refused, 0, "429s in one chat");
    assert!(
        first_part < Duration::from_millis(500),
        "the reply after the alert waited {first_part:?}"
    );
    let at: Vec<Instant> = calls
        .iter()
        .filter(|c| c.method == "sendMessage")
        .map(|c| c.at)
        .collect();
    assert_eq!(at.len(), 5);
    // One a second kept up: any three messages span at least a second, any five three.
    for w in at.windows(3) {
        assert!(w[2] - w[0] >= Duration::from_secs(1), "{:?}", w[2] - w[0]);
    }
    assert!(
        at[4] - at[0] >= Duration::from_secs(3),
        "{:?}",
        at[4] - at[0]
    );
}

#[test]
fn the_fake_allows_two_at_once_in_a_chat_and_refuses_a_third() {
    // The fake's per-chat rule itself (Telegram's "short bursts"): unpaced, two messages to a
    // chat are admitted at once, a third within the second is answered 429; another chat is
    // not affected.
    let fake = FakeTelegram::start();
    fake.enforce_limits();
    runtime().block_on(async {
        let mut c = config(&fake);
        c.limits = Limits::NONE;
        let tg = Telegram::new(c).unwrap();
        let s = tg.sender();
        for k in 0..3 {
            s.send_text(3_000, &format!("m{k}")).await.unwrap();
        }
        s.send_text(3_001, "other").await.unwrap();
    });
    let calls = fake.calls();
    let status: Vec<u16> = calls
        .iter()
        .filter(|c| c.method == "sendMessage")
        .map(|c| c.status)
        .collect();
    // m0, m1 admitted; m2 refused, then admitted after `retry_after`; the other chat at once.
    assert_eq!(status[..3], [200, 200, 429], "{status:?}");
    assert_eq!(
        status.iter().filter(|s| **s == 200).count(),
        4,
        "{status:?}"
    );
}
