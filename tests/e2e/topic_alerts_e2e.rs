//! Alerts set inside a topic, end to end: the real `gpuscout serve` polling a fake RunPod,
//! with the fake Bot API. Updates are written from core.telegram.org/bots/api apart from the
//! code: a channel's direct-messages chat (Bot API 9.2: a supergroup with
//! `is_direct_messages`, each person in a `direct_messages_topic` of their own; Telegram and
//! the fake refuse a send there without `direct_messages_topic_id`) and a forum supergroup
//! (`is_forum`, a topic message with `is_topic_message` and `message_thread_id`). An alert set
//! in a topic arrives in that topic; `/subs` and `/unsubscribe` see the topic's own.

use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use gpuscout_testkit::fake_telegram::{Call, Chat, FakeTelegram};
use gpuscout_testkit::serve::Serve;
use serde_json::{Value, json};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

fn runpod(stock: &str) -> String {
    format!(
        r#"{{"data": {{"gpuTypes": [
  {{"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": 80, "securePrice": 2.69, "communityPrice": null,
   "secureLowest": {{"stockStatus": "{stock}"}}}}
]}}}}"#
    )
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

fn person(id: i64) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Lin", "language_code": "en"})
}

fn int(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str()?.parse().ok())
}

const DMS: i64 = -1_002_000_000_881;
const FORUM: i64 = -1_002_000_000_882;

fn dms_chat() -> Value {
    json!({"id": DMS, "type": "supergroup", "title": "GPU deals", "is_direct_messages": true,
        "parent_chat": {"id": -1_002_000_000_880_i64, "type": "channel", "title": "GPU deals"}})
}

/// `text` from person `user` in their direct-messages topic `topic`.
fn in_dm_topic(topic: i64, user: i64, id: i64, text: &str) -> Value {
    json!({"message": {"message_id": id, "date": now(), "chat": dms_chat(), "from": person(user),
        "text": text, "direct_messages_topic": {"topic_id": topic, "user": person(user)}}})
}

/// `text` from `user` in forum topic `thread`.
fn in_forum_topic(thread: i64, user: i64, id: i64, text: &str) -> Value {
    let len = text.split(' ').next().unwrap().encode_utf16().count();
    json!({"message": {"message_id": id, "date": now(), "message_thread_id": thread,
        "is_topic_message": true, "from": person(user),
        "chat": {"id": FORUM, "type": "supergroup", "title": "GPU club", "is_forum": true},
        "text": text, "entities": [{"type": "bot_command", "offset": 0, "length": len}]}})
}

/// The successful sendMessage calls into `chat`.
fn sends(calls: &[Call], chat: i64) -> Vec<Call> {
    calls
        .iter()
        .filter(|c| c.method == "sendMessage" && c.status == 200)
        .filter(|c| int(&c.params["chat_id"]) == Some(chat))
        .cloned()
        .collect()
}

/// Waits for the `n`th successful send into `chat` and returns it.
fn nth_send(tg: &FakeTelegram, chat: i64, n: usize) -> Call {
    tg.wait_until(Duration::from_secs(30), "a send", |f| {
        sends(f.calls(), chat).get(n - 1).cloned()
    })
}

fn text(c: &Call) -> String {
    c.params["text"].as_str().unwrap_or_default().to_string()
}

#[test]
fn alerts_set_in_a_direct_messages_topic_or_a_forum_topic_arrive_in_that_topic() {
    let p = FakeProviders::start();
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _serve = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .provider("runpod", &p)
        .env("GPUSCOUT_POLL_INTERVAL", "0.25")
        .env("GPUSCOUT_ALERT_DEBOUNCE_POLLS", "2")
        .env("GPUSCOUT_ALERT_DEBOUNCE_SECS", "0")
        .env("GPUSCOUT_ALERT_COOLDOWN_SECS", "0")
        .telegram(&tg)
        .start_polling(dir.path(), &tg);
    tg.set_admins(
        &Chat::Supergroup {
            id: FORUM,
            title: "GPU club".into(),
        },
        &[7702],
    );

    // Two people, each in their own direct-messages topic, and an admin in forum topic 55.
    tg.push(in_dm_topic(41, 7001, 10, "/subscribe h100 runpod"));
    assert!(text(&nth_send(&tg, DMS, 1)).contains("Alert set"));
    tg.push(in_dm_topic(42, 7002, 11, "/subscribe h100"));
    assert!(text(&nth_send(&tg, DMS, 2)).contains("Alert set"));
    tg.push(in_forum_topic(55, 7702, 12, "/subscribe h100"));
    let set = nth_send(&tg, FORUM, 1);
    assert!(text(&set).contains("Alert set"), "{}", text(&set));

    // Each topic lists its own, and cannot remove the other's (topic 41's is id 1).
    tg.push(in_dm_topic(42, 7002, 13, "/subs"));
    let listed = text(&nth_send(&tg, DMS, 3));
    assert_eq!(listed.matches("H100").count(), 1, "{listed}");
    assert!(
        !listed.contains("RunPod"),
        "topic 41's alert listed in 42: {listed}"
    );
    tg.push(in_dm_topic(42, 7002, 14, "/unsubscribe 1"));
    let refused = text(&nth_send(&tg, DMS, 4));
    assert!(!refused.contains("removed"), "{refused}");

    // Stock comes back: one alert into each topic, none refused, none outside a topic.
    let start = p.seen().len();
    let deadline = Instant::now() + Duration::from_secs(30);
    while p.seen().len() < start + 3 {
        assert!(Instant::now() < deadline, "the provider was not polled");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(600));
    p.script("/graphql", vec![Script::ok(runpod("High"))]);
    // The view's calls: the fake is locked while `wait_until` looks.
    let alerts = |calls: &[Call], chat: i64| -> Vec<Call> {
        sends(calls, chat)
            .into_iter()
            .filter(|c| text(c).contains("RunPod") && text(c).contains("H100"))
            .filter(|c| !text(c).contains("Alert set"))
            .collect()
    };
    tg.wait_until(Duration::from_secs(30), "three alerts", |f| {
        (alerts(f.calls(), DMS).len() >= 2 && !alerts(f.calls(), FORUM).is_empty()).then_some(())
    });
    let calls = tg.calls();
    let mut topics: Vec<i64> = alerts(&calls, DMS)
        .iter()
        .filter_map(|c| int(&c.params["direct_messages_topic_id"]))
        .collect();
    topics.sort();
    assert_eq!(topics, [41, 42]);
    let forum = alerts(&calls, FORUM);
    assert_eq!(forum.len(), 1);
    assert_eq!(int(&forum[0].params["message_thread_id"]), Some(55));
    let refused: Vec<Call> = calls
        .into_iter()
        .filter(|c| c.status != 200 && int(&c.params["chat_id"]) == Some(DMS))
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
}
