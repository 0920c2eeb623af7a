//! QA round 23 (wire23): Telegram shapes written from the Bot API's pages before any was run:
//! `via_bot` (a message sent through a bot's inline mode) on a message that also carries a
//! field newer than teloxide's types (a `date_time` entity, an `external_reply` quoting a
//! channel post: the reader then falls back to the fields it uses); another bot's message
//! (`from.is_bot`) of the same kind; a forum's General topic (Bot API: a message there has
//! no `message_thread_id`, and sending with one fails); a `chat_member` update (someone
//! joined) ahead of a question in one batch. Fed to the real runner in-process on the
//! loopback fake; nothing asserts a duration.

use super::wire_round8::settle;
use super::wire_round20::{batch, command, person, with_runner};
use super::wire_round24::us;
use gpuscout_testkit::fake_telegram::{BOT_USERNAME, FakeTelegram, strip_html};
use serde_json::{Value, json};

const DATE: i64 = 1_764_950_000;
const GROUP: i64 = -1_001_200_000_023;
const FORUM: i64 = -1_001_210_000_023;

fn group() -> Value {
    json!({"id": GROUP, "type": "supergroup", "title": "GPU lab 23"})
}

fn private(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "P"})
}

fn words_in(fake: &FakeTelegram, chat: i64) -> String {
    fake.sent_to(chat)
        .iter()
        .map(|s| strip_html(&s.html))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Case 22: in a group, a member posts one of our inline results (`via_bot` is us) whose
/// text reads as a command and carries a `date_time` entity (Bot API 9.x, newer than
/// teloxide's list). It is our answer, said already: not answered again, though teloxide
/// cannot read the message whole. A member's question after it is answered.
#[test]
fn our_inline_result_with_a_newer_entity_is_not_answered_in_a_group() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let text = format!("/gpu@{BOT_USERNAME} h100 tomorrow 9:00");
        let posted = json!({"message": {"message_id": 2301, "date": DATE, "chat": group(),
            "from": person(23_001), "via_bot": us(), "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": 13},
                {"type": "date_time", "offset": 19, "length": 13, "unix_time": DATE + 86_400}]}});
        let asked = command(
            group(),
            2302,
            person(23_002),
            None,
            &format!("/gpu@{BOT_USERNAME} a100"),
        );
        let last = batch(&fake, vec![posted, asked]);
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let said = words_in(&fake, GROUP);
        assert_eq!(fake.sent_to(GROUP).len(), 1, "case 22: {said}");
        assert!(said.contains("A100"), "case 22: {said}");
    });
}

/// Case 23: the same in a private chat, the inline result quoting a channel's post
/// (`external_reply` with an origin of type `channel`, which teloxide reads as an empty
/// message): not answered; the person's own question next is.
#[test]
fn our_inline_result_quoting_a_channel_is_not_answered_in_private() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 23_003;
        let channel = json!({"id": -1_001_300_000_023_i64, "type": "channel", "title": "deals"});
        let posted = json!({"message": {"message_id": 2303, "date": DATE, "chat": private(me),
            "from": person(me), "via_bot": us(), "text": "/gpu h100",
            "external_reply": {"origin": {"type": "channel", "chat": channel,
                "message_id": 77, "date": DATE - 60}, "chat": channel, "message_id": 77}}});
        let asked = command(private(me), 2304, person(me), None, "/gpu a100");
        let last = batch(&fake, vec![posted, asked]);
        fake.wait_for_messages(me, 1);
        settle(&fake, last);
        let said = words_in(&fake, me);
        assert_eq!(fake.sent_to(me).len(), 1, "case 23: {said}");
        assert!(said.contains("A100"), "case 23: {said}");
    });
}

/// Case 24: another bot's message in a group (`from.is_bot`, no `sender_chat`) addressed to
/// us, with a `date_time` entity teloxide cannot read: a bot's words are no one's question,
/// whole or read again from the fields we use.
#[test]
fn another_bots_message_with_a_newer_entity_is_not_answered() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let bot = json!({"id": 7_100_000_023_i64, "is_bot": true, "first_name": "Relay",
            "username": "relay23_bot"});
        let text = format!("/gpu@{BOT_USERNAME} h100 tomorrow 9:00");
        let m = json!({"message": {"message_id": 2305, "date": DATE, "chat": group(),
            "from": bot, "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": 13},
                {"type": "date_time", "offset": 19, "length": 13, "unix_time": DATE + 86_400}]}});
        let asked = command(
            group(),
            2306,
            person(23_006),
            None,
            &format!("/gpu@{BOT_USERNAME} l40s"),
        );
        let last = batch(&fake, vec![m, asked]);
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let said = words_in(&fake, GROUP);
        assert_eq!(fake.sent_to(GROUP).len(), 1, "case 24: {said}");
        assert!(said.contains("L40S"), "case 24: {said}");
    });
}

/// Case 25: a question in a forum's General topic (`is_forum`, the message without
/// `message_thread_id` or `is_topic_message`): answered in General, so sent without a
/// `message_thread_id` (Telegram refuses thread 1 for General's messages).
#[test]
fn a_question_in_a_forums_general_topic_is_answered_there() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let forum = json!({"id": FORUM, "type": "supergroup", "title": "Forum 23",
            "is_forum": true});
        let last = batch(
            &fake,
            vec![command(
                forum,
                2307,
                person(23_007),
                None,
                &format!("/gpu@{BOT_USERNAME} h100"),
            )],
        );
        fake.wait_for_messages(FORUM, 1);
        settle(&fake, last);
        let said = words_in(&fake, FORUM);
        assert!(said.contains("H100"), "case 25: {said}");
        for call in fake.calls_of("sendMessage") {
            assert!(
                call.params
                    .get("message_thread_id")
                    .is_none_or(Value::is_null),
                "case 25: {:?}",
                call.params
            );
        }
    });
}

/// Case 26: a `chat_member` update (a member joined; sent only when asked for in
/// `allowed_updates`, but a webhook set elsewhere may ask) ahead of a question in the same
/// batch: nothing is said for the join, the question is answered.
#[test]
fn a_chat_member_update_ahead_of_a_question_says_nothing() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let joined = json!({"chat_member": {"chat": group(), "from": person(23_008),
            "date": DATE,
            "old_chat_member": {"status": "left", "user": person(23_008)},
            "new_chat_member": {"status": "member", "user": person(23_008)}}});
        let asked = command(
            group(),
            2308,
            person(23_009),
            None,
            &format!("/gpu@{BOT_USERNAME} a100"),
        );
        let last = batch(&fake, vec![joined, asked]);
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let said = words_in(&fake, GROUP);
        assert_eq!(fake.sent_to(GROUP).len(), 1, "case 26: {said}");
        assert!(said.contains("A100"), "case 26: {said}");
    });
}
