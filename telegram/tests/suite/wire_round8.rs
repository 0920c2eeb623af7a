//! QA round 8 (wire6): Bot API shapes written from core.telegram.org/bots/api and its
//! changelog (7.0's `InaccessibleMessage`, 9.1–9.3's checklists, suggested posts and gift
//! upgrades, `chat_member`), fed to the real runner in-process against the loopback fake:
//! a press on a message the bot can no longer see (`date` 0) or with data we never wrote,
//! commands for another bot, `/start` payloads (deep links), a command in a photo's caption in
//! a group, a channel speaking in its group, a gap in `update_id`, `getUpdates` answered by a
//! proxy's 502 and a 504, "message is too long" on a send, and a group Telegram says moved to
//! a supergroup when we send: its alerts follow it.

use super::wire_shapes::with_runner;
use crate::telegram_sender::{config, runtime};
use gpuscout_telegram::Telegram;
use gpuscout_testkit::fake_telegram::{BOT_USERNAME, Chat, Failure, FakeTelegram, strip_html};
use serde_json::{Value, json};
use std::time::Duration;

const DATE: i64 = 1_764_800_000;

fn person(id: i64) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Ana", "language_code": "en"})
}

fn dm(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "Ana"})
}

fn group(id: i64) -> Value {
    json!({"id": id, "type": "group", "title": "Lab", "all_members_are_administrators": false})
}

/// A message from `from` in `chat` whose text starts with a command.
fn said(chat: Value, from: i64, id: i64, text: &str) -> Value {
    let len = text.split(' ').next().unwrap().encode_utf16().count();
    json!({"message": {"message_id": id, "date": DATE, "chat": chat, "from": person(from),
        "text": text, "entities": [{"type": "bot_command", "offset": 0, "length": len}]}})
}

/// Waits until the bot confirmed every update up to `last`, then a little for its sends.
pub(super) fn settle(fake: &FakeTelegram, last: i64) {
    fake.wait_until(
        Duration::from_secs(30),
        "the offset past every update",
        |v| (v.confirmed_offset() > last).then_some(()),
    );
    std::thread::sleep(Duration::from_millis(400));
}

/// Everything the bot sent to `chat`, as plain text.
pub(super) fn words(fake: &FakeTelegram, chat: i64) -> String {
    fake.sent_to(chat)
        .iter()
        .map(|s| strip_html(&s.html))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn presses_on_messages_the_bot_cannot_see_or_with_data_we_never_wrote_are_answered() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let chat = 8101;
        fake.push(said(dm(chat), chat, 1, "/pick"));
        let first = fake.wait_for_messages(chat, 1);
        let (_, data) = first[0]
            .buttons
            .first()
            .cloned()
            .unwrap_or_else(|| panic!("no buttons: {:?}", first[0]));
        let before: usize = fake.sent_to(chat).iter().map(|s| 1 + s.edits).sum();
        // Bot API 7.0: a message deleted or too old for the bot comes as an
        // InaccessibleMessage: chat, message_id and `date` 0, nothing else.
        fake.push(json!({"callback_query": {"id": "in1", "from": person(chat),
            "message": {"chat": dm(chat), "message_id": first[0].message_id, "date": 0},
            "chat_instance": "-901", "data": data}}));
        fake.wait_for_call("answerCallbackQuery", |c| {
            c.params["callback_query_id"] == "in1"
        });
        fake.wait_until(Duration::from_secs(20), "the press answered", |v| {
            let now: usize = v.sent_to(chat).iter().map(|s| 1 + s.edits).sum();
            (now > before).then_some(())
        });
        // Data no build of ours wrote, under a message it can see.
        let other = 8102;
        fake.push(said(dm(other), other, 2, "/gpu 4090"));
        let shown = fake.wait_for_messages(other, 1);
        fake.push(
            json!({"callback_query": {"id": "in2", "from": person(other),
            "message": {"message_id": shown[0].message_id, "date": DATE, "chat": dm(other),
                "from": {"id": 1, "is_bot": true, "first_name": "GPU Scout"}, "text": "x"},
            "chat_instance": "-902", "data": "\u{1F600}not-ours|\u{0}"}}),
        );
        fake.wait_for_call("answerCallbackQuery", |c| {
            c.params["callback_query_id"] == "in2"
        });
        let last = fake.push(said(dm(other), other, 3, "/gpu h100"));
        fake.wait_until(Duration::from_secs(20), "the next question", |v| {
            v.sent_to(other)
                .iter()
                .any(|s| s.html.contains("H100"))
                .then_some(())
        });
        settle(&fake, last);
    });
}

#[test]
fn commands_for_another_bot_are_left_and_payloads_captions_and_channel_voices_are_answered() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let g = -4_100_000_001_i64;
        // For another bot: not ours, even with our command's name.
        fake.push(said(group(g), 8201, 1, "/gpu@OtherScoutBot 4090"));
        // A photo in the group, the command in its caption, addressed to us.
        let cmd = format!("/gpu@{BOT_USERNAME}");
        let caption = format!("{cmd} h100");
        fake.push(
            json!({"message": {"message_id": 2, "date": DATE, "chat": group(g),
            "from": person(8201),
            "photo": [{"file_id": "AgAD9", "file_unique_id": "AQAD9", "width": 90, "height": 90}],
            "caption": caption,
            "caption_entities": [{"type": "bot_command", "offset": 0,
                "length": cmd.encode_utf16().count()}]}}),
        );
        // A deep link: `/start` with a payload (t.me/ScoutBot?start=pick_4090).
        let deep = 8202;
        fake.push(said(dm(deep), deep, 3, "/start pick_4090"));
        // A channel speaking in its linked supergroup: `from` is Telegram's Channel_Bot.
        let sg = -1_004_100_000_002_i64;
        let ch = json!({"id": -1_004_100_000_003_i64, "type": "channel", "title": "News"});
        let text = format!("/gpu@{BOT_USERNAME} a100");
        let last = fake.push(json!({"message": {"message_id": 4, "date": DATE,
            "chat": {"id": sg, "type": "supergroup", "title": "News chat"},
            "from": {"id": 136817688, "is_bot": true, "first_name": "Channel",
                "username": "Channel_Bot"},
            "sender_chat": ch, "text": text,
            "entities": [{"type": "bot_command", "offset": 0,
                "length": cmd.encode_utf16().count()},
                {"type": "text_link", "offset": cmd.len() + 1, "length": 4,
                "url": "https://example.org/a100"}]}}));
        let in_group = fake.wait_for_messages(g, 1);
        assert!(in_group[0].html.contains("H100"), "{}", in_group[0].html);
        assert!(!fake.wait_for_messages(deep, 1)[0].html.is_empty());
        assert!(fake.wait_for_messages(sg, 1)[0].html.contains("A100"));
        settle(&fake, last);
        assert_eq!(fake.sent_to(g).len(), 1, "{}", words(&fake, g));
        assert!(
            !words(&fake, g).contains("4090"),
            "answered another bot's command"
        );
        assert_eq!(fake.sent_to(deep).len(), 1, "{}", words(&fake, deep));
        assert_eq!(fake.sent_to(sg).len(), 1);
    });
}

#[test]
fn newer_kinds_pass_over_and_gaps_and_gateway_errors_on_get_updates_do_not_stall() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let quiet = 8301;
        let passed = [
            // Someone joins a group the bot is in (`chat_member`, asked for explicitly).
            json!({"chat_member": {"chat": group(-4_100_000_010), "from": person(8302),
                "date": DATE, "old_chat_member": {"status": "left", "user": person(8302)},
                "new_chat_member": {"status": "member", "user": person(8302)},
                "via_join_request": false}}),
            // A checklist a person sent (Bot API 9.1): no words for us.
            json!({"message": {"message_id": 5, "date": DATE, "chat": dm(quiet),
                "from": person(quiet), "checklist": {"title": "GPU plan",
                "tasks": [{"id": 1, "text": "rent a 4090"}, {"id": 2, "text": "/gpu h100"}],
                "others_can_add_tasks": true}}}),
            // Suggested-post service messages (9.2) and a gift upgrade (9.3).
            json!({"message": {"message_id": 6, "date": DATE, "chat": dm(quiet),
                "from": person(quiet), "suggested_post_paid": {"currency": "XTR",
                "star_amount": {"amount": 50}}}}),
            json!({"message": {"message_id": 7, "date": DATE, "chat": dm(quiet),
                "from": person(quiet), "suggested_post_refunded": {"reason": "post_deleted"}}}),
            json!({"message": {"message_id": 8, "date": DATE, "chat": dm(quiet),
                "from": person(quiet), "suggested_post_approval_failed":
                {"price": {"currency": "TON", "amount": 10000000}}}}),
            json!({"message": {"message_id": 9, "date": DATE, "chat": dm(quiet),
                "from": person(quiet), "gift_upgrade_sent": {"gift": {"id": "g1",
                "sticker": {"file_id": "s", "file_unique_id": "u", "type": "regular",
                "width": 512, "height": 512, "is_animated": false, "is_video": false},
                "star_count": 25}, "owned_gift_id": "o1", "is_upgrade_separate": true}}}),
            json!({"purchased_paid_media": {"from": person(quiet), "paid_media_payload": "p"}}),
        ];
        for u in passed {
            fake.push(u);
        }
        // A gap in update_id, then a proxy's 502 page and Telegram's own 504 on getUpdates.
        fake.skip_update_ids(100_000);
        fake.fail_next("getUpdates", Failure::Html(502));
        fake.fail_next("getUpdates", Failure::Status(504, "Gateway Timeout".into()));
        let asker = 8303;
        let last = fake.push(said(dm(asker), asker, 10, "/gpu 4090"));
        assert!(fake.wait_for_messages(asker, 1)[0].html.contains("4090"));
        settle(&fake, last);
        assert!(fake.sent_to(quiet).is_empty(), "{}", words(&fake, quiet));
        assert!(fake.sent_to(-4_100_000_010).is_empty());
    });
}

#[test]
fn a_send_refused_as_too_long_still_delivers_every_word() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let chat = 8401;
        fake.fail_next(
            "sendMessage",
            Failure::Status(400, "Bad Request: message is too long".into()),
        );
        fake.push(said(dm(chat), chat, 1, "/gpu 4090"));
        let got = fake.wait_for_messages(chat, 1);
        let all = words(&fake, chat);
        assert!(all.contains("4090"), "{all}");
        assert!(got.iter().all(|s| s.html.encode_utf16().count() <= 4096));
    });
}

#[test]
fn a_group_telegram_says_moved_when_we_send_keeps_its_alerts_at_the_new_id() {
    let fake = FakeTelegram::start();
    let old = Chat::Group {
        id: -4_100_000_500,
        title: "Lab".into(),
    };
    let new = Chat::Supergroup {
        id: -1_004_100_000_500,
        title: "Lab".into(),
    };
    let boss = 8501;
    fake.set_admins(&old, &[boss]);
    fake.set_admins(&new, &[boss]);
    with_runner(&fake, || {
        // The group was upgraded; the service message never reached us. Our answer to the
        // subscription is refused with `migrate_to_chat_id`.
        fake.fail_next("sendMessage", Failure::Migrated(new.id()));
        fake.push(said(group(old.id()), boss, 1, "/subscribe h100"));
        let at_new = fake.wait_for_messages(new.id(), 1);
        assert!(!at_new[0].html.is_empty());
        // In the supergroup, the alert set a moment before is its own.
        let sg = json!({"id": new.id(), "type": "supergroup", "title": "Lab"});
        fake.push(said(sg, boss, 2, "/subs"));
        let listed = fake.wait_for_messages(new.id(), 2);
        let text = strip_html(&listed[1].html);
        assert!(text.contains("stock alert in this chat"), "{text}");
        assert!(text.contains("#1 ") && text.contains("H100"), "{text}");
    });
}

#[test]
fn more_of_telegrams_refusal_wordings_are_read_for_what_they_mean() {
    // (status, description, the chat is gone)
    let cases = [
        (403, "Forbidden: user is deactivated", true),
        (403, "Forbidden: bot can't send messages to bots", true),
        (403, "Forbidden: bot was kicked from the channel chat", true),
        (400, "Bad Request: PEER_ID_INVALID", true),
        (400, "Bad Request: have no rights to send a message", true),
        (400, "Bad Request: message must be non-empty", false),
    ];
    let (_fake, results) = super::wire_errors::refused_sends(&cases, 880);
    for ((_, description, gone), result) in cases.iter().zip(results) {
        assert_eq!(
            matches!(result, Err(gpuscout_telegram::SendError::ChatGone(_))),
            *gone,
            "{description}: {result:?}"
        );
    }
}

#[test]
fn an_answer_in_a_topic_closed_meanwhile_arrives_in_general() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let forum = -1_004_100_000_700_i64;
        fake.fail_next(
            "sendMessage",
            Failure::Status(400, "Bad Request: TOPIC_CLOSED".into()),
        );
        fake.push(
            json!({"message": {"message_id": 40, "date": DATE, "message_thread_id": 9,
            "is_topic_message": true,
            "chat": {"id": forum, "type": "supergroup", "title": "GPU club", "is_forum": true},
            "from": person(8701), "text": format!("/gpu@{BOT_USERNAME} 4090"),
            "entities": [{"type": "bot_command", "offset": 0,
                "length": 5 + BOT_USERNAME.len()}]}}),
        );
        let got = fake.wait_for_messages(forum, 1);
        assert!(got[0].html.contains("4090"), "{}", got[0].html);
        let sends = fake.calls_of("sendMessage");
        assert_eq!(sends.len(), 2, "refused in the topic, then sent once more");
        assert_eq!(sends[0].params["message_thread_id"], 9);
        assert!(sends[1].params["message_thread_id"].is_null());
    });
}

#[test]
fn fields_and_values_newer_than_the_code_at_every_level_do_not_lose_a_question() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let ask = |chat: i64, id: i64, extra: Value| {
            let mut u = said(dm(chat), chat, id, "/gpu 4090");
            for (k, v) in extra.as_object().unwrap() {
                u["message"][k] = v.clone();
            }
            u
        };
        let future_origin = json!({"type": "guest_bot", "date": DATE - 5,
            "bot": {"id": 1, "is_bot": true, "first_name": "X"}});
        let answered = [
            // A forward from an origin kind newer than the code.
            ask(8801, 1, json!({"forward_origin": future_origin})),
            // A reply to a message with a media kind newer than the code, itself forwarded
            // from a new origin kind.
            ask(
                8802,
                2,
                json!({"reply_to_message": {"message_id": 77, "date": DATE - 60,
                    "chat": dm(8802), "from": person(8802), "forward_origin": future_origin,
                    "live_photo": {"photo": [{"file_id": "a", "file_unique_id": "b",
                        "width": 9, "height": 9}], "video": {"file_id": "c",
                        "file_unique_id": "d", "width": 9, "height": 9, "duration": 2}}}}),
            ),
            // An entity of a kind newer than the code beside the command, and a sender with
            // fields of its own.
            {
                let mut u = ask(8803, 3, json!({}));
                u["message"]["entities"]
                    .as_array_mut()
                    .unwrap()
                    .push(json!({"type": "future_entity", "offset": 5, "length": 4,
                        "payload": {"x": 1}}));
                u["message"]["from"]["bot_guest_mode"] = json!(true);
                u["message"]["chat"]["accent_color"] = json!({"id": 3});
                u
            },
            // 1,000 formatting entities over a long mixed-script text after the command.
            {
                let tail: String = "算力 GPU 🚀 ".repeat(500);
                let text = format!("/gpu 4090 {tail}");
                let mut entities = vec![json!({"type": "bot_command", "offset": 0, "length": 4})];
                for k in 0..1000 {
                    let kind = ["bold", "italic", "spoiler", "underline"][k % 4];
                    entities.push(json!({"type": kind, "offset": 10 + k * 2, "length": 1}));
                }
                json!({"message": {"message_id": 4, "date": DATE, "chat": dm(8804),
                    "from": person(8804), "text": text, "entities": entities}})
            },
        ];
        for u in &answered {
            fake.push(u.clone());
        }
        // A press whose message carries a button kind newer than the code.
        let chat = 8805;
        fake.push(said(dm(chat), chat, 5, "/pick"));
        let first = fake.wait_for_messages(chat, 1);
        let (_, data) = first[0].buttons[0].clone();
        let before: usize = fake.sent_to(chat).iter().map(|s| 1 + s.edits).sum();
        let last = fake.push(json!({"callback_query": {"id": "nb1", "from": person(chat),
            "message": {"message_id": first[0].message_id, "date": DATE, "chat": dm(chat),
                "from": {"id": 1, "is_bot": true, "first_name": "GPU Scout"},
                "text": "Step 1", "forward_origin": future_origin,
                "reply_markup": {"inline_keyboard": [[
                    {"text": "a", "callback_data": data.clone(), "style": "primary"},
                    {"text": "b", "future_action": {"kind": "x"}}]]}},
            "chat_instance": "-903", "data": data}}));
        for chat in [8801, 8802, 8803, 8804] {
            let got = fake.wait_for_messages(chat, 1);
            assert!(got[0].html.contains("4090"), "{chat}: {}", got[0].html);
        }
        fake.wait_for_call("answerCallbackQuery", |c| {
            c.params["callback_query_id"] == "nb1"
        });
        fake.wait_until(Duration::from_secs(20), "the press answered", |v| {
            let now: usize = v.sent_to(chat).iter().map(|s| 1 + s.edits).sum();
            (now > before).then_some(())
        });
        settle(&fake, last);
        for chat in [8801, 8802, 8803, 8804] {
            assert_eq!(
                fake.sent_to(chat).len(),
                1,
                "{chat}: answered once: {}",
                words(&fake, chat)
            );
        }
    });
}

#[test]
fn another_instance_polling_is_waited_out_without_spinning_or_stopping() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        // Another copy of the bot polls with the same token: Telegram answers 409 to ours.
        let conflict = "Conflict: terminated by other getUpdates request; make sure that only \
                        one bot instance is running";
        for _ in 0..3 {
            fake.fail_next("getUpdates", Failure::Status(409, conflict.into()));
        }
        let before = fake.count_of("getUpdates");
        let started = std::time::Instant::now();
        let chat = 8901;
        let last = fake.push(said(dm(chat), chat, 1, "/gpu 4090"));
        assert!(fake.wait_for_messages(chat, 1)[0].html.contains("4090"));
        settle(&fake, last);
        let polls = fake.count_of("getUpdates") - before;
        let secs = started.elapsed().as_secs_f64().max(1.0);
        assert!(
            (polls as f64) / secs < 20.0,
            "{polls} polls in {secs:.1} s: no pause after a 409"
        );
    });
}

#[test]
fn an_alert_refused_as_too_long_arrives_whole_in_two_and_ends_marked_once() {
    use crate::telegram_sender::Marks;
    use bot_core::reply::Part;
    use bot_core::{Lang, Reply};
    use gpuscout_frontend::{Address, Sender};
    use std::sync::atomic::Ordering;
    let fake = FakeTelegram::start();
    fake.fail_next(
        "sendMessage",
        Failure::Status(400, "Bad Request: message is too long".into()),
    );
    let chat = -1_004_100_000_900_i64;
    let lines: Vec<String> = (0..40)
        .map(|i| format!("H100 on platform {i}: from $2.{i:02}/h"))
        .collect();
    let marks = Marks {
        key: format!("telegram:{chat}:h100:1"),
        ..Marks::default()
    };
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let reply = Reply {
            parts: vec![Part::Raw(lines.join("\n"))],
            ..Reply::default()
        };
        tg.sender()
            .send_once(&Address::chat(chat.to_string()), Lang::En, &reply, &marks)
            .await
            .unwrap();
    });
    let sent: Vec<String> = fake
        .sent_to(chat)
        .into_iter()
        .map(|s| strip_html(&s.html))
        .collect();
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert_eq!(sent.join("\n"), lines.join("\n"));
    let (intents, withdrawals) = (
        marks.intents.load(Ordering::SeqCst),
        marks.withdrawals.load(Ordering::SeqCst),
    );
    assert_eq!(intents - withdrawals, 1, "ends marked once");
}

#[test]
fn a_press_whose_edit_is_refused_as_too_long_still_shows_its_answer() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let chat = 8951;
        fake.push(said(dm(chat), chat, 1, "/pick"));
        let first = fake.wait_for_messages(chat, 1);
        let (_, data) = first[0].buttons[0].clone();
        fake.fail_next(
            "editMessageText",
            Failure::Status(400, "Bad Request: MESSAGE_TOO_LONG".into()),
        );
        let step_one = first[0].html.clone();
        fake.push(json!({"callback_query": {"id": "tl1", "from": person(chat),
            "message": {"message_id": first[0].message_id, "date": DATE, "chat": dm(chat),
                "from": {"id": 1, "is_bot": true, "first_name": "GPU Scout"}, "text": "Step 1"},
            "chat_instance": "-904", "data": data}}));
        fake.wait_until(Duration::from_secs(20), "the press's answer shown", |v| {
            let shown: Vec<_> = v.sent_to(chat);
            (shown.len() >= 2 || shown[0].html != step_one).then_some(())
        });
    });
}
