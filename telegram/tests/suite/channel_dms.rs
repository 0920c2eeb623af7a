//! Channel direct messages (Bot API 9.2, written from core.telegram.org/bots/api apart from
//! the handler): a person writing to a channel writes in its direct-messages chat (a
//! supergroup with `is_direct_messages`), in a topic of their own (`direct_messages_topic`).
//! Telegram refuses a send into that chat without `direct_messages_topic_id`, and the fake
//! refuses it the same way: every answer, a chart and a /pick's buttons go back
//! into the asker's topic; other chats' sends stay as they were.

use crate::telegram_sender::{config, runtime};
use bot_core::reply::{Image, Part};
use bot_core::{Catalog, Lang, Msg, Reply, Store};
use gpuscout_frontend::{Address, Sender};
use gpuscout_telegram::Telegram;
use gpuscout_testkit::fake_telegram::{BOT_ID, Failure, FakeTelegram};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

const DATE: i64 = 1_764_700_000;

fn dms_chat(id: i64) -> Value {
    json!({"id": id, "type": "supergroup", "title": "GPU deals", "is_direct_messages": true,
        "parent_chat": {"id": -1_001_234_567_890_i64, "type": "channel", "title": "GPU deals"}})
}

fn person(id: i64, lang: &str) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Mei", "language_code": lang})
}

/// `text` from person `user` in their topic `topic` of the direct-messages chat `chat`.
fn in_topic(chat: i64, topic: i64, user: i64, message_id: i64, text: &str) -> Value {
    json!({"message": {"message_id": message_id, "date": DATE, "chat": dms_chat(chat),
        "from": person(user, "en"), "text": text,
        "direct_messages_topic": {"topic_id": topic, "user": person(user, "en")}}})
}

/// Every call into `chat` of the sending methods, with its status.
fn sends_into(fake: &FakeTelegram, chat: i64) -> Vec<(String, u16, Value)> {
    fake.calls()
        .into_iter()
        .filter(|c| {
            matches!(
                c.method.as_str(),
                "sendMessage" | "sendPhoto" | "sendChatAction" | "editMessageText"
            ) && c.params["chat_id"].to_string().trim_matches('"') == chat.to_string()
        })
        .map(|c| (c.method, c.status, c.params))
        .collect()
}

#[test]
fn questions_typing_and_pick_buttons_in_a_channels_direct_messages_stay_in_the_topic() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store,
    ));
    let mut config = config(&fake);
    // Every answer counts as slow: typing would be shown, but cannot name the topic.
    config.typing_after = Duration::ZERO;
    let rt = runtime();
    let stop = CancellationToken::new();
    let running = rt.spawn({
        let stop = stop.clone();
        async move { Telegram::new(config).unwrap().run(core, stop).await }
    });
    fake.wait_for_polling(1);

    let chat = -1_002_000_000_771_i64;
    // A command, and a plain question with no @mention (a topic is one person's chat with
    // the channel, read as a private chat is).
    fake.push(in_topic(chat, 31, 8101, 10, "/gpu 4090"));
    let first = fake.wait_for_messages(chat, 1);
    assert!(first[0].html.contains("4090"), "{}", first[0].html);
    fake.push(in_topic(
        chat,
        32,
        8102,
        11,
        "how much is an H100 per hour?",
    ));
    let sent = fake.wait_for_messages(chat, 2);
    assert_eq!(sent[0].dm_topic, Some(31));
    assert_eq!(sent[1].dm_topic, Some(32));

    // /pick in a third topic, then a tap on its first button.
    fake.push(in_topic(chat, 33, 8103, 12, "/pick"));
    let picked = fake.wait_for_messages(chat, 3);
    let menu = picked
        .iter()
        .find(|s| s.dm_topic == Some(33) && !s.buttons.is_empty())
        .expect("a /pick question with buttons in topic 33")
        .clone();
    let before = fake.sent_to(chat).len();
    fake.push(
        json!({"callback_query": {"id": "dmq1", "from": person(8103, "en"),
        "chat_instance": "ci-dm", "data": menu.buttons[0].1,
        "message": {"message_id": menu.message_id, "date": DATE, "chat": dms_chat(chat),
            "from": {"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout"},
            "text": "…", "direct_messages_topic": {"topic_id": 33}}}}),
    );
    fake.wait_until(Duration::from_secs(20), "the tap answered", |f| {
        let now = f.sent_to(chat);
        (now.len() > before
            || now
                .iter()
                .any(|s| s.message_id == menu.message_id && s.edits > 0))
        .then_some(())
    });
    fake.wait_for_call("answerCallbackQuery", |c| {
        c.params["callback_query_id"] == "dmq1"
    });

    // A press on a message too old to be shown whole (only its chat and id, no topic) whose
    // edit is refused: the answer is sent anew, into the topic the bot sent that message to
    // (a /pick in a fourth topic: its message was never in an update).
    let before = fake.sent_to(chat).len();
    fake.push(in_topic(chat, 34, 8104, 13, "/pick"));
    let now = fake.wait_for_messages(chat, before + 1);
    let menu = now
        .iter()
        .find(|s| s.dm_topic == Some(34) && !s.buttons.is_empty())
        .expect("a /pick question with buttons in topic 34")
        .clone();
    let before = now.len();
    fake.fail_next(
        "editMessageText",
        Failure::Status(400, "Bad Request: message to edit not found".into()),
    );
    fake.push(
        json!({"callback_query": {"id": "dmq2", "from": person(8104, "en"),
        "chat_instance": "ci-dm", "data": menu.buttons[0].1,
        "message": {"message_id": menu.message_id, "date": 0, "chat": dms_chat(chat)}}}),
    );
    fake.wait_for_messages(chat, before + 1);

    // The channel itself writing in a person's topic (its admins answer as the channel) is
    // read as a group's member is: a command is answered, in that topic.
    let before = fake.sent_to(chat).len();
    let mut staff = in_topic(chat, 35, 8105, 14, "/gpu 4090");
    staff["message"]["sender_chat"] = dms_chat(chat)["parent_chat"].clone();
    fake.push(staff);
    let now = fake.wait_for_messages(chat, before + 1);
    assert_eq!(now[before].dm_topic, Some(35), "{:?}", now[before]);

    stop.cancel();
    rt.block_on(running).unwrap().unwrap();

    for s in fake.sent_to(chat) {
        assert!(
            matches!(s.dm_topic, Some(31..=35)),
            "a message outside the topics: {s:?}"
        );
    }
    let sends = sends_into(&fake, chat);
    // No typing: sendChatAction cannot name a direct-messages topic (Bot API 9.2–9.4).
    assert!(
        !sends.iter().any(|(m, _, _)| m == "sendChatAction"),
        "typing sent where no topic can be named: {sends:?}"
    );
    // Every send taken; the one edit refused is the fake's, injected above.
    let refused_edits = sends
        .iter()
        .filter(|(m, status, _)| m == "editMessageText" && *status != 200)
        .count();
    assert_eq!(refused_edits, 1, "{sends:?}");
    for (method, status, params) in sends.iter().filter(|(m, ..)| m != "editMessageText") {
        assert_eq!(*status, 200, "{method} refused: {params}");
    }
}

/// A chart (a multipart upload, which teloxide sends itself elsewhere) and its words go into
/// the topic an address names; a forum topic and a plain chat keep the path they had.
#[test]
fn a_chart_goes_into_the_direct_messages_topic_and_other_chats_are_unchanged() {
    const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
    let fake = FakeTelegram::start();
    let chat = -1_002_000_000_772_i64;
    // The chat is known to the fake as a direct-messages chat from an update it holds.
    fake.push(in_topic(chat, 41, 8201, 10, "hi"));
    let reply = Reply {
        parts: vec![Part::Raw("H100 <RunPod> & Vast".into())],
        image: Some(Box::new(Image {
            png: PNG.to_vec(),
            caption: Msg::new("error-gpu-not-found").arg("query", "<chart>"),
        })),
        ..Reply::default()
    };
    let to = |chat: i64, thread: Option<&str>| Address {
        chat: chat.to_string(),
        reply_to: None,
        thread: thread.map(str::to_string),
    };
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        sender
            .send(&to(chat, Some("dm:41")), Lang::En, &reply)
            .await
            .unwrap();
        sender.typing_at(&to(chat, Some("dm:41"))).await.unwrap();
        // Without its topic Telegram refuses: the error comes back, nothing is sent.
        assert!(
            sender
                .send(&to(chat, None), Lang::En, &reply)
                .await
                .is_err()
        );
        assert!(
            sender
                .send(&to(chat, Some("dm:x")), Lang::En, &reply)
                .await
                .is_err()
        );
        sender
            .send(&to(-100_900, Some("700")), Lang::En, &reply)
            .await
            .unwrap();
        sender
            .send(&to(8202, None), Lang::En, &reply)
            .await
            .unwrap();
    });
    let sent = fake.sent_to(chat);
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert!(
        sent[0].photo && sent[0].html.contains("&lt;chart&gt;"),
        "{sent:?}"
    );
    assert_eq!(sent[1].html, "H100 &lt;RunPod&gt; &amp; Vast");
    assert!(sent.iter().all(|s| s.dm_topic == Some(41)), "{sent:?}");
    let photo = fake.wait_for_call("sendPhoto", |c| c.status == 200);
    assert_eq!(photo.params["parse_mode"], "HTML");
    for other in [-100_900, 8202] {
        let sent = fake.sent_to(other);
        assert_eq!(sent.len(), 2, "{sent:?}");
        assert!(sent.iter().all(|s| s.dm_topic.is_none()));
    }
    let forum: Vec<_> = fake
        .calls_of("sendMessage")
        .into_iter()
        .filter(|c| c.params["chat_id"] == -100_900 || c.params["chat_id"] == "-100900")
        .collect();
    assert!(forum.iter().all(|c| c.params["message_thread_id"] == 700));
    assert!(
        !fake
            .calls_of("sendChatAction")
            .iter()
            .any(|c| c.params["direct_messages_topic_id"] == 41)
    );
}
