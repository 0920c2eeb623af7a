//! QA round 18 (wire18), written before they were run. Round 17's leftover first: a plain
//! line of 4096 UTF-16 units (the Bot API's limit, counted on the text after entity parsing;
//! we measure the HTML, stricter) is one message: only a preformatted line needs room for its
//! `<pre>` and `</pre>`. Then group life no round covered: a reply to the bot's own message
//! (Telegram passes replies to the bot under privacy mode, so they are addressed to it), a
//! reply to someone else's, another bot's command in a reply to us; a forwarded question in a
//! private chat (`forward_origin`); commands in a caption (`caption_entities`), at its start
//! and in the middle.

use super::wire_round8::{settle, words};
use super::wire_round13::{DATE, person};
use super::wire_shapes::with_runner;
use bot_core::reply::Part;
use bot_core::{Lang, Reply};
use gpuscout_telegram::render::{self, MESSAGE_LIMIT, plain_of};
use gpuscout_testkit::fake_telegram::{BOT_ID, BOT_USERNAME, FakeTelegram};
use serde_json::{Value, json};

fn units(s: &str) -> usize {
    s.encode_utf16().count()
}

fn rendered(text: &str) -> Vec<String> {
    let mut reply = Reply::default();
    reply.parts.push(Part::Raw(text.to_string()));
    render::render(Lang::En, &reply).texts
}

/// Leftover cases L1–L5: one plain line of exactly 4096 units — ASCII, CJK (one unit a
/// character), 2048 emoji (two units each), 816 `&` escaped to `&amp;` (4080) plus 16
/// letters — is one message, every character kept; 4097 units go in two, each within the
/// limit, nothing lost.
#[test]
fn a_plain_line_of_4096_units_is_one_message_and_4097_are_two() {
    let amp = format!("{}{}", "&".repeat(816), "x".repeat(16));
    for (case, line) in [
        ("L1", "a".repeat(4096)),
        ("L2", "显".repeat(4096)),
        ("L3", "🔥".repeat(2048)),
        ("L4", amp),
    ] {
        let texts = rendered(&line);
        assert_eq!(texts.len(), 1, "{case}: {} messages", texts.len());
        assert!(units(&texts[0]) <= MESSAGE_LIMIT, "{case}");
        assert_eq!(plain_of(&texts[0]).trim(), line, "{case}");
    }
    let over = format!("{}b", "a".repeat(4096));
    let texts = rendered(&over);
    assert_eq!(texts.len(), 2, "L5");
    assert!(texts.iter().all(|t| units(t) <= MESSAGE_LIMIT));
    let kept: String = texts
        .iter()
        .map(|t| plain_of(t).trim().to_string())
        .collect();
    assert_eq!(kept, over);
}

const GROUP: i64 = -1_001_180_000_001;

fn supergroup() -> Value {
    json!({"id": GROUP, "type": "supergroup", "title": "GPU lab"})
}

fn us() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME})
}

/// A message in the supergroup from `from`, with `extra` fields merged in.
fn msg(id: i64, from: Value, extra: Value) -> Value {
    let mut m = json!({"message_id": id, "date": DATE, "chat": supergroup(), "from": from});
    for (k, v) in extra.as_object().unwrap() {
        m[k] = v.clone();
    }
    m
}

fn update(m: Value) -> Value {
    json!({ "message": m })
}

/// Cases 1–4 (group): a plain question replying to the bot's own answer (text, and a chart:
/// a photo with a caption) is answered, with no mention; the same words replying to another
/// member's message get nothing; another bot's `/ban` in a reply to us gets nothing.
#[test]
fn replies_to_the_bots_own_messages_are_addressed_to_it_and_others_are_not() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let wen = person(180_001, "en");
        let ada = person(180_002, "en");
        let ours = msg(
            90,
            us(),
            json!({"text": "RTX 4090: from $0.35/h on Vast.ai"}),
        );
        let chart = msg(
            91,
            us(),
            json!({"photo": [{"file_id": "AgAD1", "file_unique_id": "u1", "width": 800,
                "height": 600, "file_size": 40000}], "caption": "H100 prices, 7 days"}),
        );
        let theirs = msg(92, ada.clone(), json!({"text": "anyone tried lambda?"}));
        // 1. A question replying to our text answer.
        let last = fake.push(update(msg(
            100,
            wen.clone(),
            json!({"text": "how much is an h100 per hour", "reply_to_message": ours}),
        )));
        settle(&fake, last);
        let first = fake.sent_to(GROUP).len();
        assert!(first >= 1, "case 1: no answer");
        assert!(
            words(&fake, GROUP).contains("H100"),
            "case 1: {}",
            words(&fake, GROUP)
        );
        // 2. A question replying to our chart.
        let last = fake.push(update(msg(
            101,
            wen.clone(),
            json!({"text": "and an a100?", "reply_to_message": chart}),
        )));
        settle(&fake, last);
        let second = fake.sent_to(GROUP).len();
        assert!(second > first, "case 2: no answer");
        // 3. The same kind of question replying to another member: not ours.
        let last = fake.push(update(msg(
            102,
            wen.clone(),
            json!({"text": "how much is an h100 per hour", "reply_to_message": theirs}),
        )));
        settle(&fake, last);
        assert_eq!(fake.sent_to(GROUP).len(), second, "case 3");
        // 4. Another bot's command replying to us.
        let last = fake.push(update(msg(
            103,
            wen,
            json!({"text": "/ban", "reply_to_message": ours,
                "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}),
        )));
        settle(&fake, last);
        assert_eq!(
            fake.sent_to(GROUP).len(),
            second,
            "case 4: {}",
            words(&fake, GROUP)
        );
    });
}

/// Case 5: a question forwarded into the private chat (`forward_origin` of a hidden user,
/// as a forward from someone whose privacy hides them arrives) is read and answered once.
#[test]
fn a_forwarded_question_in_a_private_chat_is_answered_once() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let me = 180_010;
        let chat = json!({"id": me, "type": "private", "first_name": "Wen"});
        let last = fake.push(
            json!({"message": {"message_id": 5, "date": DATE, "chat": chat,
            "from": person(me, "en"), "text": "can a 4090 run qwen2.5-7b?",
            "forward_origin": {"type": "hidden_user", "date": DATE - 600,
                "sender_user_name": "Li Lei"}}}),
        );
        settle(&fake, last);
        assert_eq!(fake.sent_to(me).len(), 1, "{}", words(&fake, me));
        assert!(words(&fake, me).contains("4090"), "{}", words(&fake, me));
    });
}

/// Cases 6–8: commands in captions. 6: a document in the supergroup captioned `/gpu h100`
/// (`caption_entities` at 0, no `@`): our command, answered. 7: a photo in the supergroup
/// captioned `look /gpu h100`, the command entity at offset 5 and no mention: no command
/// at the start and not addressed to us (privacy mode would not even pass it), so nothing.
/// 8: the same caption in a private chat is read: answered.
#[test]
fn commands_in_captions_at_the_start_and_in_the_middle() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let wen = person(180_020, "en");
        let doc = json!({"file_id": "BQAD1", "file_unique_id": "d1", "file_name": "quote.pdf",
            "mime_type": "application/pdf", "file_size": 1200});
        let photo = json!([{"file_id": "AgAD2", "file_unique_id": "p2", "width": 90,
            "height": 90, "file_size": 900}]);
        let last = fake.push(update(msg(
            110,
            wen.clone(),
            json!({"document": doc, "caption": "/gpu h100",
                "caption_entities": [{"type": "bot_command", "offset": 0, "length": 4}]}),
        )));
        settle(&fake, last);
        assert_eq!(
            fake.sent_to(GROUP).len(),
            1,
            "case 6: {}",
            words(&fake, GROUP)
        );
        assert!(words(&fake, GROUP).contains("H100"), "case 6");
        let last = fake.push(update(msg(
            111,
            wen.clone(),
            json!({"photo": photo, "caption": "look /gpu h100",
                "caption_entities": [{"type": "bot_command", "offset": 5, "length": 4}]}),
        )));
        settle(&fake, last);
        assert_eq!(
            fake.sent_to(GROUP).len(),
            1,
            "case 7: {}",
            words(&fake, GROUP)
        );
        let me = 180_020;
        let chat = json!({"id": me, "type": "private", "first_name": "Wen"});
        let last = fake.push(
            json!({"message": {"message_id": 7, "date": DATE, "chat": chat,
            "from": wen, "photo": photo, "caption": "look /gpu h100",
            "caption_entities": [{"type": "bot_command", "offset": 5, "length": 4}]}}),
        );
        settle(&fake, last);
        assert!(!fake.sent_to(me).is_empty(), "case 8: no answer");
    });
}

/// Case 9 (forum): a plain question replying to the bot's own message inside topic 77 of a
/// forum supergroup is answered in that topic (`message_thread_id` 77), not in General.
#[test]
fn a_reply_to_the_bot_inside_a_forum_topic_is_answered_in_that_topic() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let f = -1_001_180_000_077_i64;
        let forum = json!({"id": f, "type": "supergroup", "title": "GPU forum", "is_forum": true});
        let ours = json!({"message_id": 80, "date": DATE, "chat": forum, "from": us(),
            "message_thread_id": 77, "is_topic_message": true,
            "text": "RTX 4090: from $0.35/h on Vast.ai"});
        let last = fake.push(
            json!({"message": {"message_id": 81, "date": DATE, "chat": forum,
            "from": person(180_030, "en"), "message_thread_id": 77, "is_topic_message": true,
            "text": "how much is an a100 per hour", "reply_to_message": ours}}),
        );
        settle(&fake, last);
        let sends: Vec<Value> = fake
            .calls_of("sendMessage")
            .into_iter()
            .map(|c| c.params)
            .filter(|p| {
                p["chat_id"]
                    .as_i64()
                    .or_else(|| p["chat_id"].as_str()?.parse().ok())
                    == Some(f)
            })
            .collect();
        assert!(!sends.is_empty(), "case 9: no answer");
        for p in &sends {
            let thread = p["message_thread_id"]
                .as_i64()
                .or_else(|| p["message_thread_id"].as_str()?.parse().ok());
            assert_eq!(thread, Some(77), "case 9: {p}");
        }
    });
}
