//! Telegram updates written apart from the code, in the Bot API's own shapes (core.telegram.org
//! /bots/api: `Update`, `Message`, `MaybeInaccessibleMessage`, `ChatMemberUpdated`), fed to
//! the real `gpuscout serve` through the loopback fake: forum topics and reply threads,
//! captions, edits, member changes, kinds we do not read, unreadable messages, button presses
//! without a message or on an inaccessible one, very long text. Each must be answered where
//! it was asked, or skipped without holding up the updates behind it.

use gpuscout_testkit::fake_telegram::{BOT_ID, BOT_USERNAME, Call, FakeTelegram};
use gpuscout_testkit::serve::Serve;
use serde_json::{Value, json};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub(crate) fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

fn user(id: i64, lang: &str) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Mei", "username": format!("u{id}"),
           "language_code": lang})
}

/// A message as Telegram sends it; `extra` is merged in.
fn message(id: i64, chat: &Value, from: &Value, extra: Value) -> Value {
    let mut m = json!({"message_id": id, "date": now(), "chat": chat, "from": from});
    for (k, v) in extra.as_object().unwrap() {
        m[k] = v.clone();
    }
    m
}

fn command(text: &str) -> Value {
    let len = text.split(' ').next().unwrap().encode_utf16().count();
    json!({"text": text, "entities": [{"type": "bot_command", "offset": 0, "length": len}]})
}

/// The bot's successful sends to `chat`, from a call log.
pub(crate) fn sends_to(calls: &[Call], chat: i64) -> Vec<Call> {
    calls
        .iter()
        .filter(|c| matches!(c.method.as_str(), "sendMessage" | "sendPhoto"))
        .filter(|c| int(&c.params["chat_id"]) == Some(chat) && c.status == 200)
        .cloned()
        .collect()
}

pub(crate) fn quoted(c: &Call) -> Option<i64> {
    let rp = match &c.params["reply_parameters"] {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    int(&rp["message_id"])
}

pub(crate) fn int(v: &Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_str()?.parse().ok())
}

fn start(fake: &FakeTelegram, dir: &std::path::Path) -> Serve {
    Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .telegram(fake)
        .start_polling(dir, fake)
}

#[test]
fn answers_stay_in_the_forum_topic_they_were_asked_in_and_captions_are_read() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start(&fake, dir.path());
    let mei = user(5101, "en");
    let forum = json!({"id": -1001847508954_i64, "type": "supergroup", "title": "GPU club", "is_forum": true});
    // The topic's first message (its creation), which every message in it replies to.
    let topic_root = message(
        700,
        &forum,
        &user(5102, "en"),
        json!({"message_thread_id": 700, "is_topic_message": true,
               "forum_topic_created": {"name": "Renting", "icon_color": 7322096}}),
    );
    let mut asked = command(&format!("/gpu@{BOT_USERNAME} 4090"));
    asked["message_thread_id"] = json!(700);
    asked["is_topic_message"] = json!(true);
    asked["reply_to_message"] = topic_root;
    fake.push(json!({"message": message(701, &forum, &mei, asked)}));
    let forum_id = -1001847508954_i64;
    let sent = fake.wait_until(Duration::from_secs(30), "the topic answer", |v| {
        let s = sends_to(v.calls(), forum_id);
        (!s.is_empty()).then_some(s)
    });
    assert_eq!(
        int(&sent[0].params["message_thread_id"]),
        Some(700),
        "{:?}",
        sent[0].params
    );
    assert_eq!(quoted(&sent[0]), Some(701));

    // The same forum's "General" topic has no thread: none is sent.
    fake.push(json!({"message": message(702, &forum, &mei, command("/gpu 4090"))}));
    let sent = fake.wait_until(Duration::from_secs(30), "the General answer", |v| {
        let s: Vec<Call> = sends_to(v.calls(), forum_id)
            .into_iter()
            .filter(|c| quoted(c) == Some(702))
            .collect();
        (!s.is_empty()).then_some(s)
    });
    assert!(
        sent.iter()
            .all(|c| c.params.get("message_thread_id").is_none_or(Value::is_null))
    );

    // A reply thread in a supergroup without topics also carries a message_thread_id; it is
    // no topic, and sending one there is refused by Telegram: none is sent.
    let plain = json!({"id": -1002000000001_i64, "type": "supergroup", "title": "LLM hackers"});
    let root = message(
        40,
        &plain,
        &user(5103, "zh-hans"),
        json!({"text": "谁有4090?"}),
    );
    let mut in_thread = command("/gpu 4090");
    in_thread["message_thread_id"] = json!(40);
    in_thread["reply_to_message"] = root;
    fake.push(json!({"message": message(41, &plain, &mei, in_thread)}));
    let sent = fake.wait_until(Duration::from_secs(30), "the reply-thread answer", |v| {
        let s = sends_to(v.calls(), -1002000000001);
        (!s.is_empty()).then_some(s)
    });
    assert!(
        sent.iter()
            .all(|c| c.params.get("message_thread_id").is_none_or(Value::is_null))
    );
    assert_eq!(quoted(&sent[0]), Some(41));

    // A command typed as a photo's caption (caption_entities, no text) is a command too.
    let dm = json!({"id": 5101, "type": "private", "first_name": "Mei"});
    let photo = json!({
        "photo": [{"file_id": "AgAD", "file_unique_id": "AQAD", "width": 90, "height": 51}],
        "caption": "/gpu 4090",
        "caption_entities": [{"type": "bot_command", "offset": 0, "length": 4}],
    });
    fake.push(json!({"message": message(42, &dm, &mei, photo)}));
    let sent = fake.wait_for_messages(5101, 1);
    assert!(sent[0].html.contains("4090"), "{}", sent[0].html);
}

#[test]
fn kinds_we_do_not_read_and_unreadable_updates_are_skipped_without_blocking_the_rest() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start(&fake, dir.path());
    let kai = user(5201, "en");
    let dm = json!({"id": 5201, "type": "private", "first_name": "Kai"});
    let group = json!({"id": -5202, "type": "group", "title": "lab"});
    let bot = json!({"id": 1, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME});
    // A sticker: no text, no caption.
    fake.push(json!({"message": message(1, &dm, &kai, json!({
        "sticker": {"file_id": "CAAC", "file_unique_id": "AgAD", "type": "regular",
                    "width": 512, "height": 512, "is_animated": false, "is_video": false}}))}));
    // An edit of a command: not answered a second time.
    let mut edited = message(2, &dm, &kai, command("/gpu 4090"));
    edited["edit_date"] = json!(now());
    fake.push(json!({ "edited_message": edited }));
    // The bot added to a group, and a kind this build does not know at all.
    fake.push(json!({"my_chat_member": {
        "chat": group, "from": kai, "date": now(),
        "old_chat_member": {"user": bot, "status": "left"},
        "new_chat_member": {"user": bot, "status": "member"}}}));
    fake.push(
        json!({"message_reaction": {"chat": dm, "message_id": 1, "date": now(),
        "user": kai, "old_reaction": [], "new_reaction": [{"type": "emoji", "emoji": "👍"}]}}),
    );
    // A message whose shape no reader accepts.
    fake.push(json!({"message": {"message_id": "not a number", "chat": "?"}}));
    // The group upgraded to a supergroup: a service message with no text.
    fake.push(json!({"message": message(3, &group, &kai,
        json!({"migrate_to_chat_id": -1005202_i64}))}));
    // A press on a message too old to be read (date 0), and one on an inline message.
    let q1 = "cq-inaccessible";
    fake.push(
        json!({"callback_query": {"id": q1, "from": kai, "chat_instance": "ci1",
        "message": {"chat": dm, "message_id": 9, "date": 0}, "data": "v9|old"}}),
    );
    let q2 = "cq-inline";
    fake.push(
        json!({"callback_query": {"id": q2, "from": kai, "chat_instance": "ci2",
        "inline_message_id": "AgAAAB", "data": "v9|old"}}),
    );
    // And after all that, a plain command is still answered.
    let last = fake.push(json!({"message": message(4, &dm, &kai, command("/gpu 4090"))}));
    let sent = fake.wait_for_messages(5201, 1);
    assert!(sent[0].html.contains("4090"), "{}", sent[0].html);
    for q in [q1, q2] {
        fake.wait_for_call("answerCallbackQuery", |c| {
            c.params["callback_query_id"] == q
        });
    }
    // Everything up to the last update is confirmed: nothing is fetched again and again.
    fake.wait_until(
        Duration::from_secs(30),
        "the offset past every update",
        |v| (v.confirmed_offset() > last).then_some(()),
    );
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(fake.sent_to(5201).len(), 1, "the edit was answered too");
    assert!(fake.sent_to(-5202).is_empty());
    assert!(fake.sent_to(-1005202).is_empty());
}

#[test]
fn very_long_and_astral_text_is_answered_within_telegrams_limits() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start(&fake, dir.path());
    let lin = user(5301, "zh-CN");
    let dm = json!({"id": 5301, "type": "private", "first_name": "Lin"});
    // 4096 UTF-16 units is Telegram's cap for a message a person sends; astral characters
    // count two each. Half emoji, half a question.
    let question = "4090能跑qwen2.5-32b吗？";
    let filler = "🚀".repeat((4096 - question.encode_utf16().count()) / 2);
    let text = format!("{filler}{question}");
    assert!(text.encode_utf16().count() <= 4096);
    fake.push(json!({"message": message(1, &dm, &lin, json!({"text": text}))}));
    // A group mention after astral characters: the entity offset counts UTF-16 units.
    let group = json!({"id": -5302, "type": "supergroup", "title": "显卡"});
    let mention = format!("👋🏽 @{BOT_USERNAME} /gpu 4090");
    fake.push(
        json!({"message": message(2, &group, &lin, json!({"text": mention,
        "entities": [{"type": "mention", "offset": 5, "length": BOT_USERNAME.len() + 1}]}))}),
    );
    let sent = fake.wait_for_messages(5301, 1);
    for c in sends_to(&fake.calls(), 5301) {
        let t = c.params["text"].as_str().unwrap_or("");
        assert!(
            t.encode_utf16().count() <= 4096,
            "{} units",
            t.encode_utf16().count()
        );
    }
    assert!(!sent[0].html.is_empty());
    let sent = fake.wait_for_messages(-5302, 1);
    assert_eq!(sent[0].reply_to, Some(2));
}

#[test]
fn a_group_upgraded_to_a_supergroup_keeps_its_alerts_at_the_new_id() {
    use gpuscout_testkit::fake_telegram::Chat;
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (-5400_i64, -1_005_400_i64);
    let admin = 5401;
    for chat in [
        Chat::Group {
            id: old,
            title: "lab".into(),
        },
        Chat::Supergroup {
            id: new,
            title: "lab".into(),
        },
    ] {
        fake.set_admins(&chat, &[admin]);
    }
    let _bot = start(&fake, dir.path());
    let boss = user(admin, "en");
    let group = json!({"id": old, "type": "group", "title": "lab"});
    let supergroup = json!({"id": new, "type": "supergroup", "title": "lab"});
    fake.push(json!({"message": message(1, &group, &boss, command("/subscribe h100"))}));
    let set = fake.wait_for_messages(old, 1);
    assert!(set[0].html.contains("H100"), "{}", set[0].html);
    // The Bot API's two service messages: the old group's last, the supergroup's first.
    fake.push(json!({"message": message(2, &group, &boss,
        json!({"migrate_to_chat_id": new}))}));
    fake.push(json!({"message": message(1, &supergroup, &boss,
        json!({"migrate_from_chat_id": old}))}));
    fake.push(json!({"message": message(2, &supergroup, &boss, command("/subs"))}));
    let listed = fake.wait_for_messages(new, 1);
    assert!(
        listed[0].html.contains("#1") && listed[0].html.contains("H100"),
        "{}",
        listed[0].html
    );
    // The same alert asked again in the new chat is the one it has, not a second.
    fake.push(json!({"message": message(3, &supergroup, &boss, command("/subscribe h100"))}));
    let again = fake.wait_for_messages(new, 2);
    assert!(again[1].html.contains("already"), "{}", again[1].html);
    // The service messages themselves are answered nowhere.
    assert_eq!(fake.sent_to(old).len(), 1);
}

#[test]
fn a_topic_in_a_private_chat_gets_its_answer_in_that_topic() {
    // Bot API 9.3: topics in one-to-one chats with a bot; the message carries the topic's
    // `message_thread_id` with `is_topic_message`, and the answer must go there too.
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start(&fake, dir.path());
    let ana = user(5501, "zh-hans");
    let dm = json!({"id": 5501, "type": "private", "first_name": "Ana"});
    let mut asked = command("/gpu 4090");
    asked["message_thread_id"] = json!(77);
    asked["is_topic_message"] = json!(true);
    fake.push(json!({"message": message(9, &dm, &ana, asked)}));
    let sent = fake.wait_until(Duration::from_secs(30), "the topic answer", |v| {
        let s = sends_to(v.calls(), 5501);
        (!s.is_empty()).then_some(s)
    });
    assert_eq!(int(&sent[0].params["message_thread_id"]), Some(77));
}

#[test]
fn invisible_marks_around_a_command_do_not_hide_it() {
    // Zero-width spaces, a right-to-left mark and a BOM copied along with a command: the
    // command is still the command, in a private chat and in a group.
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start(&fake, dir.path());
    let kim = user(5601, "en");
    let dm = json!({"id": 5601, "type": "private", "first_name": "Kim"});
    fake.push(json!({"message": message(1, &dm, &kim,
        json!({"text": "/gpu\u{200b} 4090\u{200b}"}))}));
    let sent = fake.wait_for_messages(5601, 1);
    assert!(
        sent[0].html.contains("RTX 4090") && !sent[0].html.contains("know"),
        "{}",
        sent[0].html
    );
    let group = json!({"id": -5602, "type": "supergroup", "title": "كروت"});
    let text = format!("\u{200f}\u{feff}/gpu@{BOT_USERNAME} 4090");
    fake.push(json!({"message": message(2, &group, &kim, json!({"text": text}))}));
    let sent = fake.wait_for_messages(-5602, 1);
    assert!(sent[0].html.contains("RTX 4090"), "{}", sent[0].html);
    assert_eq!(sent[0].reply_to, Some(2));
}

/// `my_chat_member` (Bot API `ChatMemberUpdated`) for the bot itself: removed from a group,
/// its alerts there stop at once (kept, paused) and whoever set them is told privately; added
/// back, they are there again; blocked by a user and unblocked later, what the user set (the
/// language) is still there.
#[test]
fn removed_or_blocked_stops_the_chats_alerts_at_once_and_keeps_the_persons_settings() {
    use gpuscout_testkit::fake_telegram::Chat;
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let (group_id, admin) = (-5600_i64, 5601_i64);
    fake.set_admins(
        &Chat::Group {
            id: group_id,
            title: "lab".into(),
        },
        &[admin],
    );
    let _bot = start(&fake, dir.path());
    let boss = user(admin, "en");
    let group = json!({"id": group_id, "type": "group", "title": "lab"});
    let bot =
        json!({"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME});
    // A banned member (`kicked`) always carries `until_date` (Bot API ChatMemberBanned),
    // before or after the change.
    let member = |chat: &Value, from: &Value, old: &str, new: &str| {
        let status = |s: &str| {
            let mut m = json!({"user": bot, "status": s});
            if s == "kicked" {
                m["until_date"] = json!(0);
            }
            m
        };
        json!({"my_chat_member": {"chat": chat, "from": from, "date": now(),
            "old_chat_member": status(old), "new_chat_member": status(new)}})
    };
    fake.push(json!({"message": message(1, &group, &boss, command("/subscribe h100"))}));
    let set = fake.wait_for_messages(group_id, 1);
    assert!(set[0].html.contains("H100"), "{}", set[0].html);
    // Someone else leaving changes nothing; the bot removed does.
    let other = json!({"id": 5602, "is_bot": false, "first_name": "Kai"});
    fake.push(
        json!({"my_chat_member": {"chat": group, "from": other, "date": now(),
        "old_chat_member": {"user": other, "status": "member"},
        "new_chat_member": {"user": other, "status": "left"}}}),
    );
    fake.push(member(&group, &boss, "member", "kicked"));
    let told = fake.wait_for_messages(admin, 1);
    assert!(
        told[0].html.contains(&group_id.to_string()),
        "{}",
        told[0].html
    );
    // Added back: the group's alert, kept while the bot was out, is there again, and
    // nothing was said in the group meanwhile.
    fake.push(member(&group, &boss, "kicked", "member"));
    fake.push(json!({"message": message(2, &group, &boss, command("/subs"))}));
    let listed = fake.wait_for_messages(group_id, 2);
    assert!(listed[1].html.contains("H100"), "{}", listed[1].html);
    assert!(!listed[1].html.contains("paused"), "{}", listed[1].html);

    // A user's private chat: blocked, then unblocked; their language is what they chose.
    let ana = user(5603, "en");
    let dm = json!({"id": 5603, "type": "private", "first_name": "Ana"});
    fake.push(json!({"message": message(1, &dm, &ana, command("/lang zh"))}));
    fake.wait_for_messages(5603, 1);
    fake.push(member(&dm, &ana, "member", "kicked"));
    fake.push(member(&dm, &ana, "kicked", "member"));
    fake.push(json!({"message": message(2, &dm, &ana, command("/gpu 4090"))}));
    let sent = fake.wait_for_messages(5603, 2);
    assert!(
        sent[1].html.contains("显存"),
        "the language chosen before the block: {}",
        sent[1].html
    );
}

/// A channel post copied into the channel's discussion group (`is_automatic_forward`, sent as
/// the channel) is no question to the group: the channel's own post was the one to answer.
#[test]
fn a_channel_post_copied_into_its_discussion_group_is_not_answered_twice() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start(&fake, dir.path());
    let channel = json!({"id": -1001700000001_i64, "type": "channel", "title": "GPU news"});
    let group = json!({"id": -1001700000002_i64, "type": "supergroup", "title": "GPU news chat"});
    let bot_sender = json!({"id": 136817688, "is_bot": true, "first_name": "Channel",
                            "username": "Channel_Bot"});
    let mut copy = message(90, &group, &bot_sender, command("/gpu 4090"));
    copy["sender_chat"] = channel.clone();
    copy["is_automatic_forward"] = json!(true);
    copy["forward_origin"] = json!({"type": "channel", "chat": channel, "message_id": 12,
                                    "date": now()});
    fake.push(json!({ "message": copy }));
    let mei = user(5701, "en");
    fake.push(json!({"message": message(91, &group, &mei, command("/gpu 4090"))}));
    let sent = fake.wait_for_messages(-1001700000002, 1);
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(fake.sent_to(-1001700000002).len(), 1);
    assert_eq!(sent[0].reply_to, Some(91));
}

/// Two 400s a send can meet (Bot API descriptions as Telegram words them): our HTML refused
/// ("can't parse entities") and a forum topic deleted while the answer was worked out
/// ("message thread not found"). The answer still arrives: as plain text with the same
/// words, and in the forum's General topic.
#[test]
fn an_answer_refused_for_its_markup_or_its_deleted_topic_is_sent_in_a_form_that_arrives() {
    use gpuscout_testkit::fake_telegram::Failure;
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start(&fake, dir.path());
    let lin = user(5801, "en");
    let dm = json!({"id": 5801, "type": "private", "first_name": "Lin"});
    fake.fail_next(
        "sendMessage",
        Failure::Status(
            400,
            "Bad Request: can't parse entities: Unsupported start tag \"x\" at byte offset 3"
                .into(),
        ),
    );
    fake.push(json!({"message": message(1, &dm, &lin, command("/gpu 4090"))}));
    let sent = fake.wait_for_messages(5801, 1);
    assert_eq!(sent[0].parse_mode, None, "{sent:?}");
    assert!(
        sent[0].html.contains("4090") && !sent[0].html.contains("<b>"),
        "{}",
        sent[0].html
    );

    let forum_id = -1001847500001_i64;
    let forum =
        json!({"id": forum_id, "type": "supergroup", "title": "GPU club", "is_forum": true});
    let mut asked = command("/gpu 4090");
    asked["message_thread_id"] = json!(300);
    asked["is_topic_message"] = json!(true);
    fake.fail_next(
        "sendMessage",
        Failure::Status(400, "Bad Request: message thread not found".into()),
    );
    fake.push(json!({"message": message(301, &forum, &lin, asked)}));
    let sent = fake.wait_until(Duration::from_secs(30), "the answer in General", |v| {
        let s = sends_to(v.calls(), forum_id);
        (!s.is_empty()).then_some(s)
    });
    assert!(
        sent[0]
            .params
            .get("message_thread_id")
            .is_none_or(Value::is_null),
        "{:?}",
        sent[0].params
    );
    assert_eq!(sent[0].params["parse_mode"], "HTML");
}

/// A button press whose spinner answer comes too late ("query is too old") is still acted
/// on; an edit Telegram refuses because the message is gone becomes a new message; one it
/// refuses as "not modified" sends nothing more (the message already says it).
#[test]
fn a_press_is_answered_whatever_telegram_says_about_its_spinner_or_its_message() {
    use gpuscout_testkit::fake_telegram::{Chat, Failure, Person};
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start(&fake, dir.path());
    let ana = Person::new(5901, "Ana", Some("en"));
    let dm = Chat::Private(ana.clone());
    fake.send_text(&dm, &ana, "/pick");
    let first = fake.wait_for_messages(5901, 1).remove(0);
    assert!(
        first.buttons.iter().any(|(_, d)| d == "v1|t:tune"),
        "{:?}",
        first.buttons
    );
    fake.fail_next(
        "answerCallbackQuery",
        Failure::Status(
            400,
            "Bad Request: query is too old and response timeout expired or query ID is invalid"
                .into(),
        ),
    );
    fake.fail_next(
        "editMessageText",
        Failure::Status(400, "Bad Request: message to edit not found".into()),
    );
    fake.press(&dm, &ana, first.message_id, "v1|t:tune");
    let sent = fake.wait_for_messages(5901, 2);
    assert!(
        sent[1].buttons.iter().any(|(_, d)| d.starts_with("v1|m:")),
        "the model step, as a new message: {:?}",
        sent[1]
    );
    fake.fail_next(
        "editMessageText",
        Failure::Status(400, "Bad Request: message is not modified".into()),
    );
    let q = fake.press(&dm, &ana, sent[1].message_id, "v1|m:qwen2.5-7b");
    fake.wait_for_call("answerCallbackQuery", |c| {
        c.params["callback_query_id"] == q.as_str()
    });
    fake.wait_for_call("editMessageText", |c| c.status == 400);
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(fake.sent_to(5901).len(), 2, "nothing sent twice");
}

#[test]
fn a_question_in_a_channels_direct_messages_is_answered_in_its_topic_through_the_webhook() {
    // Bot API 9.2: a person writing to a channel writes in its direct-messages chat (a
    // supergroup with `is_direct_messages`), in a topic of their own; Telegram (and the fake)
    // refuses a send there without `direct_messages_topic_id`. A plain question, no mention.
    use gpuscout_testkit::fake_telegram::post_webhook;
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let listen = format!("127.0.0.1:{port}");
    let _bot = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .telegram(&fake)
        .env("TELEGRAM_WEBHOOK_URL", "https://bot.example.test/hook")
        .env("TELEGRAM_WEBHOOK_LISTEN", listen.clone())
        .env("TELEGRAM_WEBHOOK_SECRET", "s3cret")
        .start(dir.path());
    fake.wait_for_call("setWebhook", |_| true);
    let chat_id = -1_002_000_000_991_i64;
    let chat = json!({"id": chat_id, "type": "supergroup", "title": "算力频道",
        "is_direct_messages": true,
        "parent_chat": {"id": -1_002_000_000_990_i64, "type": "channel", "title": "算力频道"}});
    let mei = user(5601, "zh-hans");
    let asked = message(
        21,
        &chat,
        &mei,
        json!({"text": "4090 能跑 qwen2.5-32b 吗",
            "direct_messages_topic": {"topic_id": 4401, "user": mei}}),
    );
    let update = json!({"update_id": 7101, "message": asked});
    // The fake learns the chat is a direct-messages one from the update it holds.
    fake.push(update.clone());
    let mut code = 0;
    for _ in 0..50 {
        code = post_webhook(&listen, "/hook", Some("s3cret"), &update.to_string());
        if code == 200 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(code, 200);
    let sent = fake.wait_until(Duration::from_secs(30), "the topic answer", |v| {
        let s = sends_to(v.calls(), chat_id);
        (!s.is_empty()).then_some(s)
    });
    assert_eq!(int(&sent[0].params["direct_messages_topic_id"]), Some(4401));
    let refused: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| int(&c.params["chat_id"]) == Some(chat_id) && c.status != 200)
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
    let answer = &fake.sent_to(chat_id)[0].html;
    assert!(
        answer
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "answered in Chinese: {answer}"
    );
}
