//! QA round 24 (wire24): Telegram shapes written from the Bot API's pages and its maintainers'
//! word before any was run. A mention is what Telegram marks `mention`: an `@` that follows
//! a letter or digit is an address (`email`), and usernames are ASCII, matched without case,
//! so a capital letter whose lower case is longer (Turkish `İ` → `i` + U+0307, a combining
//! mark) before the mention must not shift where the question starts; combining marks and a
//! ZWJ emoji sequence before a mention (UTF-16 offsets past them). In a forum supergroup,
//! every message of a topic that is no reply carries the topic's root, the service message
//! `forum_topic_created`, as its `reply_to_message` (the Bot API's maintainer: a thread is a
//! root and the messages that reply to it directly or not); so the bot's own message that
//! quotes nothing (its question deleted before it went out) "replies" to whoever opened the
//! topic. A sticker replying to the bot's answer in a group. Fed to the real runner
//! in-process on the loopback fake; nothing asserts a duration.

use super::wire_round8::settle;
use super::wire_round20::{batch, command, with_runner};
use gpuscout_testkit::fake_telegram::{BOT_ID, BOT_USERNAME, FakeTelegram, strip_html};
use serde_json::{Value, json};

const DATE: i64 = 1_765_000_000;
const GROUP: i64 = -1_001_200_000_024;
const FORUM: i64 = -1_001_210_000_024;
/// The topic's root: the `forum_topic_created` service message; the topic's id is its id.
const TOPIC: i64 = 240;

fn group() -> Value {
    json!({"id": GROUP, "type": "supergroup", "title": "GPU lab 24"})
}

fn forum() -> Value {
    json!({"id": FORUM, "type": "supergroup", "title": "Forum 24", "is_forum": true})
}

/// A person as Telegram's `User` (rounds 24 and 25).
pub(super) fn person(id: i64, name: &str) -> Value {
    json!({"id": id, "is_bot": false, "first_name": name, "language_code": "en"})
}

/// This bot as Telegram's `User` (rounds 23–25).
pub(super) fn us() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME})
}

/// A text's length in UTF-16 code units, as entity offsets count (rounds 24 and 25).
pub(super) fn units(s: &str) -> usize {
    s.encode_utf16().count()
}

fn words_in(fake: &FakeTelegram, chat: i64) -> String {
    fake.sent_to(chat)
        .iter()
        .map(|s| strip_html(&s.html))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A group message `text` with a `mention` entity on every `@us` in it (offsets in UTF-16
/// units, as Telegram counts them) and `more` entities.
fn mentioning(id: i64, from: Value, text: &str, more: &[Value]) -> Value {
    let at = format!("@{BOT_USERNAME}");
    let mut entities: Vec<Value> = more.to_vec();
    if let Some(byte) = text.find(&at) {
        entities.push(json!({"type": "mention", "offset": units(&text[..byte]),
            "length": units(&at)}));
    }
    json!({"message": {"message_id": id, "date": DATE, "chat": group(), "from": from,
        "text": text, "entities": entities}})
}

/// Cases 1–2: a member in Izmir asks in capitals, `İZMİR: @us 4090 price?`. Each `İ`
/// lower-cases to two characters (`i` and the combining dot U+0307), one byte longer: 1,
/// the question after the mention is read whole (the 4090 answered); 2, no stray piece of
/// the mention (`@S…`) is left in what was read (the answer echoes no `@`).
#[test]
fn capitals_whose_lower_case_is_longer_before_the_mention_keep_the_question_whole() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let text = format!("İZMİR: @{BOT_USERNAME} 4090 price?");
        let last = batch(
            &fake,
            vec![mentioning(2401, person(24_001, "Ece"), &text, &[])],
        );
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let said = words_in(&fake, GROUP);
        assert!(said.contains("RTX 4090"), "case 1: {said}");
        assert!(!said.contains('@'), "case 2: {said}");
    });
}

/// Cases 3–4: 3, an address whose domain is our username (`team@us.dev`: Telegram marks it
/// `email`; an `@` right after a letter starts no mention) in a group is not answered; 4, a
/// real mention that ends a sentence (`…ask @us.`) still is.
#[test]
fn an_address_with_our_name_after_its_at_is_no_mention() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let mail = format!("mail team@{BOT_USERNAME}.dev for a 4090 quote");
        let email = json!({"type": "email", "offset": 5,
            "length": units(&format!("team@{BOT_USERNAME}.dev"))});
        let text = json!({"message": {"message_id": 2403, "date": DATE, "chat": group(),
            "from": person(24_003, "Ann"), "text": mail, "entities": [email]}});
        let asked = mentioning(
            2404,
            person(24_004, "Bo"),
            &format!("h100 price, ask @{BOT_USERNAME}."),
            &[],
        );
        let last = batch(&fake, vec![text, asked]);
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let sent = fake.sent_to(GROUP);
        let said = words_in(&fake, GROUP);
        assert!(
            sent.iter().all(|s| s.reply_to != Some(2403)),
            "case 3: {said}"
        );
        assert!(
            sent.iter().any(|s| s.reply_to == Some(2404)) && said.contains("H100"),
            "case 4: {said}"
        );
    });
}

/// Case 5: combining marks (`Zoe\u{308}`, `n\u{303}`) and a ZWJ family emoji (five UTF-16
/// units joined) before the mention: addressed to us, answered once with the card.
#[test]
fn combining_marks_and_a_zwj_sequence_before_the_mention_are_read_past() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let text = format!("Zoe\u{308} & man\u{303}ana 👨‍👩‍👧 @{BOT_USERNAME} a100");
        let last = batch(
            &fake,
            vec![mentioning(2405, person(24_005, "Zoë"), &text, &[])],
        );
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let said = words_in(&fake, GROUP);
        assert_eq!(fake.sent_to(GROUP).len(), 1, "case 5: {said}");
        assert!(said.contains("A100"), "case 5: {said}");
    });
}

/// The topic's root as Telegram gives it in `reply_to_message`: the service message that
/// opened the topic, from the member who opened it.
fn topic_root(opener: &Value) -> Value {
    json!({"message_id": TOPIC, "date": DATE - 600, "chat": forum(), "from": opener,
        "message_thread_id": TOPIC, "is_topic_message": true,
        "forum_topic_created": {"name": "GPU questions", "icon_color": 7_322_096}})
}

/// A press by `from` on the bot's message `carrier_id` (its text and buttons as sent) in the
/// topic, the message quoting nothing: Telegram gives the topic's root as its reply.
fn press_in_topic(id: &str, from: Value, carrier_id: i64, text: &str, data: &str) -> Value {
    let carol = person(24_010, "Carol");
    json!({"callback_query": {"id": id, "from": from, "chat_instance": "-2424",
        "data": data, "message": {"message_id": carrier_id, "date": DATE, "chat": forum(),
            "from": us(), "message_thread_id": TOPIC, "is_topic_message": true,
            "reply_to_message": topic_root(&carol), "text": text}}})
}

fn spinner_text(fake: &FakeTelegram, id: &str) -> Vec<Option<String>> {
    fake.calls_of("answerCallbackQuery")
        .into_iter()
        .filter(|c| c.params["callback_query_id"] == id)
        .map(|c| c.params["text"].as_str().map(str::to_string))
        .collect()
}

/// Cases 6–8, in a forum topic Carol opened. Alice asks `/pick`; her question is gone by
/// the time the first step goes out, so the bot's message quotes nothing and Telegram gives
/// the topic's root (Carol's `forum_topic_created`) as its `reply_to_message`. 6: Carol,
/// who opened the topic and has no `/pick`, presses a step: the message is left as it is,
/// and she alone is told (never taking Alice's dialogue over). 7: Alice presses it: her
/// `/pick` moves on (never "these buttons belong to someone else"). 8: each press's
/// spinner is answered once.
#[test]
fn a_topics_root_is_no_question_whose_asker_owns_the_buttons() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let (alice, carol) = (person(24_011, "Alice"), person(24_010, "Carol"));
        let mut ask = command(forum(), 2411, alice.clone(), None, "/pick");
        ask["message"]["message_thread_id"] = json!(TOPIC);
        ask["message"]["is_topic_message"] = json!(true);
        ask["message"]["reply_to_message"] = topic_root(&carol);
        batch(&fake, vec![ask]);
        let first = fake.wait_for_messages(FORUM, 1);
        let (carrier, before, buttons) = (
            first[0].message_id,
            first[0].html.clone(),
            first[0].buttons.clone(),
        );
        assert!(!buttons.is_empty(), "no buttons: {before}");
        let text = strip_html(&before);
        let data = buttons[0].1.clone();
        let last = batch(
            &fake,
            vec![press_in_topic("cq-24-carol", carol, carrier, &text, &data)],
        );
        settle(&fake, last);
        let now = fake.sent_to(FORUM);
        assert_eq!(
            (now[0].html.as_str(), now[0].edits, now.len()),
            (before.as_str(), 0, 1),
            "case 6: Carol's press changed Alice's step: {}",
            words_in(&fake, FORUM)
        );
        let told = spinner_text(&fake, "cq-24-carol");
        assert!(told.len() == 1 && told[0].is_some(), "case 6/8: {told:?}");
        let last = batch(
            &fake,
            vec![press_in_topic("cq-24-alice", alice, carrier, &text, &data)],
        );
        settle(&fake, last);
        let told = spinner_text(&fake, "cq-24-alice");
        assert_eq!(told.len(), 1, "case 8: {told:?}");
        let refused = told[0]
            .as_deref()
            .is_some_and(|t| t.contains("someone else") || t.contains("deleted"));
        assert!(!refused, "case 7: Alice was refused her own step: {told:?}");
        let now = fake.sent_to(FORUM);
        assert!(
            now[0].html != before || now.len() > 1,
            "case 7: Alice's press did not move her /pick on: {}",
            words_in(&fake, FORUM)
        );
    });
}

/// Case 9: in a group, a member replies to the bot's answer with a sticker (a reaction,
/// nothing to read): nothing is said; their question after it is answered.
#[test]
fn a_sticker_replying_to_our_answer_in_a_group_says_nothing() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let member = person(24_012, "Dan");
        let ours = json!({"message_id": 2390, "date": DATE - 60, "chat": group(), "from": us(),
            "text": "RTX 4090 …"});
        let sticker = json!({"message": {"message_id": 2412, "date": DATE, "chat": group(),
            "from": member, "reply_to_message": ours,
            "sticker": {"file_id": "CAACAgIAAxkBAAI", "file_unique_id": "AgAD24",
                "type": "regular", "width": 512, "height": 512, "is_animated": false,
                "is_video": false, "emoji": "👍", "set_name": "HotCherry"}}});
        let asked = command(
            group(),
            2413,
            person(24_013, "Eve"),
            None,
            &format!("/gpu@{BOT_USERNAME} l40s"),
        );
        let last = batch(&fake, vec![sticker, asked]);
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let said = words_in(&fake, GROUP);
        assert_eq!(fake.sent_to(GROUP).len(), 1, "case 9: {said}");
        assert!(said.contains("L40S"), "case 9: {said}");
    });
}
