//! The sender against Bot API answers written from the Bot API's documentation
//! (`ResponseParameters`: `migrate_to_chat_id`, `retry_after`): a group upgraded to a
//! supergroup gets its message at the new id, and a forum topic address posts in the topic.

use crate::telegram_sender::{config, runtime};
use bot_core::{Lang, Reply};
use gpuscout_frontend::{Address, Sender};
use gpuscout_telegram::Telegram;
use gpuscout_testkit::fake_telegram::{Failure, FakeTelegram};

fn int(v: &serde_json::Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str()?.parse().ok())
}

fn text(t: &str) -> Reply {
    Reply {
        parts: vec![bot_core::reply::Part::Raw(t.into())],
        ..Reply::default()
    }
}

#[test]
fn a_group_upgraded_to_a_supergroup_gets_its_messages_at_the_new_id() {
    let fake = FakeTelegram::start();
    let (old, new) = (-4_242_i64, -1_004_242_i64);
    fake.fail_next("sendMessage", Failure::Migrated(new));
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        let to = Address {
            chat: old.to_string(),
            reply_to: Some("17".into()),
            thread: None,
        };
        sender
            .send(&to, Lang::En, &text("H100 is back"))
            .await
            .unwrap();
        // Known now: the next one goes straight to the supergroup.
        sender
            .send(&Address::chat(old.to_string()), Lang::En, &text("A100 too"))
            .await
            .unwrap();
    });
    let calls = fake.calls_of("sendMessage");
    let chats: Vec<String> = calls
        .iter()
        .map(|c| {
            c.params["chat_id"]
                .to_string()
                .trim_matches('"')
                .to_string()
        })
        .collect();
    assert_eq!(
        chats,
        [old.to_string(), new.to_string(), new.to_string()],
        "{calls:?}"
    );
    let sent = fake.sent_to(new);
    assert_eq!(sent.len(), 2);
    // The quoted message belonged to the old group: the resend quotes nothing.
    assert_eq!(sent[0].reply_to, None);
    assert!(fake.sent_to(old).is_empty());
}

#[test]
fn an_address_in_a_forum_topic_posts_every_part_in_that_topic() {
    let fake = FakeTelegram::start();
    let chat = -1_001_847_508_954_i64;
    let long: String = (0..300)
        .map(|i| format!("{i:03}: RTX 4090 on platform #{i}\n"))
        .collect();
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let to = Address {
            chat: chat.to_string(),
            reply_to: Some("701".into()),
            thread: Some("700".into()),
        };
        tg.sender().send(&to, Lang::En, &text(&long)).await.unwrap();
    });
    let calls = fake.calls_of("sendMessage");
    assert!(calls.len() >= 2, "{} parts", calls.len());
    for c in &calls {
        assert_eq!(
            int(&c.params["message_thread_id"]),
            Some(700),
            "{}",
            c.params
        );
    }
}

#[test]
fn every_forbidden_wording_means_the_chat_is_gone_and_a_bad_request_does_not() {
    let cases = [
        (403, "Forbidden: bot was kicked from the group chat", true),
        (
            403,
            "Forbidden: bot is not a member of the channel chat",
            true,
        ),
        (
            403,
            "Forbidden: bot is not a member of the supergroup chat",
            true,
        ),
        (403, "Forbidden: the group chat was deleted", true),
        (
            403,
            "Forbidden: bot can't initiate conversation with a user",
            true,
        ),
        (403, "Forbidden: bot was blocked by the user", true),
        (400, "Bad Request: group is deactivated", true),
        (400, "Bad Request: chat not found", true),
        (
            400,
            "Bad Request: not enough rights to send text messages to the chat",
            false,
        ),
        // Last: refused for its HTML, the message is sent again as plain text, which the
        // fake takes (no failure is queued behind it).
        (
            400,
            "Bad Request: can't parse entities: unsupported start tag",
            false,
        ),
    ];
    let fake = FakeTelegram::start();
    for (code, description, _) in &cases {
        fake.fail_next(
            "sendMessage",
            Failure::Status(*code, description.to_string()),
        );
    }
    let results = runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        // A chat per case: each failed send still takes the chat's 1.1 s pace, and the
        // reading of a wording does not depend on the chat it came from.
        let mut out = Vec::new();
        for chat in (0..).map(|n| 770 + n).take(cases.len()) {
            out.push(sender.send_text(chat, "H100 is back").await);
        }
        out
    });
    for ((_, description, gone), result) in cases.iter().zip(results) {
        assert_eq!(
            matches!(result, Err(gpuscout_telegram::SendError::ChatGone(_))),
            *gone,
            "{description}: {result:?}"
        );
        if description.contains("can't parse entities") {
            assert!(result.is_ok(), "sent again as plain text: {result:?}");
        } else {
            assert!(result.is_err(), "{description}");
        }
    }
    let plain = fake.sent_to(770 + cases.len() as i64 - 1);
    assert_eq!(plain.len(), 1);
    assert_eq!(plain[0].parse_mode, None);
    assert_eq!(plain[0].html, "H100 is back");
}
