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
        // Muted in a group, or no admin of a channel: nothing sent there arrives until
        // someone changes the bot's rights, so an alert stops instead of retrying a day long.
        (
            400,
            "Bad Request: not enough rights to send text messages to the chat",
            true,
        ),
        (
            400,
            "Bad Request: need administrator rights in the channel chat",
            true,
        ),
        (400, "Bad Request: CHAT_WRITE_FORBIDDEN", true),
        (400, "Bad Request: message text is empty", false),
        // Last: refused for its HTML, the message is sent again as plain text, which the
        // fake takes (no failure is queued behind it).
        (
            400,
            "Bad Request: can't parse entities: unsupported start tag",
            false,
        ),
    ];
    let (fake, results) = refused_sends(&cases, 770);
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

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];

/// A chart reply: a photo with an HTML caption, then its words.
fn chart(caption: &str) -> Reply {
    Reply {
        parts: vec![bot_core::reply::Part::Raw("H100 over 30 days".into())],
        image: Some(Box::new(bot_core::reply::Image {
            png: PNG.to_vec(),
            caption: bot_core::Msg::new("error-gpu-not-found").arg("query", caption),
        })),
        ..Reply::default()
    }
}

/// A chart's caption refused for its HTML is sent again as the same words in plain text, a
/// chart for a topic deleted meanwhile goes to General, and a group that takes no photos
/// from the bot still gets the answer's words: a refused chart never loses the answer.
#[test]
fn a_refused_chart_is_sent_again_in_a_form_that_arrives_and_its_words_follow() {
    let fake = FakeTelegram::start();
    let forum = -1_001_000_000_777_i64;
    fake.fail_next(
        "sendPhoto",
        Failure::Status(
            400,
            "Bad Request: can't parse entities: unsupported start tag \"x\" at byte offset 3"
                .into(),
        ),
    );
    fake.fail_next(
        "sendPhoto",
        Failure::Status(400, "Bad Request: message thread not found".into()),
    );
    let muted = -1_001_000_000_778_i64;
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        let to = Address {
            chat: forum.to_string(),
            reply_to: None,
            thread: Some("55".into()),
        };
        sender
            .send(&to, Lang::En, &chart("<b>A&B</b>"))
            .await
            .unwrap();
        fake.fail_next(
            "sendPhoto",
            Failure::Status(
                400,
                "Bad Request: not enough rights to send photos to the chat".into(),
            ),
        );
        sender
            .send(&Address::chat(muted.to_string()), Lang::En, &chart("x"))
            .await
            .unwrap();
    });
    let photos = fake.calls_of("sendPhoto");
    assert_eq!(photos.len(), 4, "{photos:?}");
    // 1: HTML refused; 2: plain, in the topic, refused (topic gone); 3: plain, in General.
    assert_eq!(photos[0].params["parse_mode"], "HTML");
    assert!(
        photos[1]
            .params
            .get("parse_mode")
            .is_none_or(|v| v.is_null()),
        "{:?}",
        photos[1].params
    );
    let caption = photos[1].params["caption"].as_str().unwrap();
    assert!(
        caption.contains("<b>A&B</b>"),
        "the words as typed, not escaped: {caption}"
    );
    assert_eq!(int(&photos[1].params["message_thread_id"]), Some(55));
    assert_eq!(photos[2].status, 200);
    assert!(
        photos[2]
            .params
            .get("message_thread_id")
            .is_none_or(|v| v.is_null())
    );
    let texts = fake.sent_to(forum);
    assert_eq!(texts.len(), 2, "the chart and its words");
    assert!(texts[0].photo && !texts[1].photo);
    // The muted group: the chart refused, the words sent.
    let words = fake.sent_to(muted);
    assert_eq!(words.len(), 1);
    assert!(words[0].html.contains("H100 over 30 days"));
}

/// "typing…" in a forum topic carries the topic's `message_thread_id` (without it Telegram
/// shows it in General); a topic deleted meanwhile shows it in General rather than failing.
#[test]
fn typing_in_a_forum_topic_shows_in_that_topic() {
    let fake = FakeTelegram::start();
    let forum = -1_001_000_000_779_i64;
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        let to = Address {
            chat: forum.to_string(),
            reply_to: Some("12".into()),
            thread: Some("700".into()),
        };
        sender.typing_at(&to).await.unwrap();
        fake.fail_next(
            "sendChatAction",
            Failure::Status(400, "Bad Request: message thread not found".into()),
        );
        sender.typing_at(&to).await.unwrap();
        sender
            .typing_at(&Address::chat(forum.to_string()))
            .await
            .unwrap();
    });
    let typing = fake.calls_of("sendChatAction");
    let threads: Vec<Option<i64>> = typing
        .iter()
        .map(|c| int(&c.params["message_thread_id"]))
        .collect();
    assert_eq!(threads, [Some(700), Some(700), None, None], "{typing:?}");
    assert!(typing.iter().all(|c| c.params["action"] == "typing"));
}

/// Sends one alert per case, each refused with the case's status and description, and returns
/// what each send made of it, with the fake (what it was sent). A chat per case (from `first_chat`): each failed send still takes
/// the chat's 1.1 s pace, and the reading of a wording does not depend on the chat it came from.
pub(super) fn refused_sends(
    cases: &[(u16, &str, bool)],
    first_chat: i64,
) -> (FakeTelegram, Vec<Result<(), gpuscout_telegram::SendError>>) {
    let fake = FakeTelegram::start();
    for (code, description, _) in cases {
        fake.fail_next(
            "sendMessage",
            Failure::Status(*code, description.to_string()),
        );
    }
    let results = runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        let mut out = Vec::new();
        for chat in (0..).map(|n| first_chat + n).take(cases.len()) {
            out.push(sender.send_text(chat, "H100 is back").await);
        }
        out
    });
    (fake, results)
}
