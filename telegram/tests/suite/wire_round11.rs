//! QA round 11 (wire9): Bot API updates written from core.telegram.org/bots/api that the
//! runner had never been fed: `inline_query` (answered with `answerInlineQuery`, never left
//! spinning), `message_reaction`, `chat_boost` and `removed_chat_boost`, business
//! connections and messages, a reply with `quote` and `external_reply`, forum topics (the answer
//! in the same `message_thread_id`; General has none), topic service messages, channel posts
//! and their edits, a group message with `sender_chat` and no `from`, a message the person
//! sent through our own inline mode (`via_bot`), a `bot_command` entity not at offset 0,
//! commands in a photo's and a document's caption, a message of 4,000 UTF-16 units of
//! surrogate pairs, and a command for another bot in a topic. Fed to the real runner
//! in-process against the loopback fake.

use super::wire_round8::{settle, words};
use super::wire_shapes::with_runner;
use gpuscout_testkit::fake_telegram::{BOT_ID, BOT_USERNAME, FakeTelegram, strip_html};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const DATE: i64 = 1_765_000_000;

fn person(id: i64, lang: &str) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Wen", "language_code": lang})
}

fn dm(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "Wen"})
}

fn forum(id: i64) -> Value {
    json!({"id": id, "type": "supergroup", "title": "GPU forum", "is_forum": true})
}

fn command_entity(text: &str) -> Value {
    match text.strip_prefix('/') {
        Some(_) => {
            let len = text.split(' ').next().unwrap().encode_utf16().count();
            json!([{"type": "bot_command", "offset": 0, "length": len}])
        }
        None => json!([]),
    }
}

fn message(chat: Value, from: i64, id: i64, text: &str) -> Value {
    json!({"message_id": id, "date": DATE, "chat": chat, "from": person(from, "en"),
        "text": text, "entities": command_entity(text)})
}

fn inline_query(id: &str, from: i64, lang: &str, query: &str) -> Value {
    json!({"inline_query": {"id": id, "from": person(from, lang), "query": query,
        "offset": "", "chat_type": "sender"}})
}

/// The `answerInlineQuery` call for query `id`, its results and button read back from the
/// parameters as sent (teloxide sends them as JSON).
fn inline_answer(fake: &FakeTelegram, id: &str) -> (Vec<Value>, Value, Value) {
    let call = fake.wait_for_call("answerInlineQuery", |c| c.params["inline_query_id"] == id);
    let parse = |v: &Value| match v {
        Value::String(s) => serde_json::from_str(s).unwrap_or(Value::Null),
        v => v.clone(),
    };
    let results = parse(&call.params["results"])
        .as_array()
        .cloned()
        .unwrap_or_default();
    (results, parse(&call.params["button"]), call.params.clone())
}

fn cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

fn answered_once(fake: &FakeTelegram, id: &str) -> usize {
    fake.calls_of("answerInlineQuery")
        .iter()
        .filter(|c| c.params["inline_query_id"] == id)
        .count()
}

#[test]
fn inline_queries_are_answered_with_the_chat_paths_reading_or_an_open_the_chat_button() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        // A question the chat path reads as /gpu: one article with its answer.
        fake.push(inline_query("iq-1", 11_001, "en", "rtx 4090"));
        let (results, button, params) = inline_answer(&fake, "iq-1");
        assert_eq!(results.len(), 1, "{params}");
        let r = &results[0];
        assert!(
            r["id"]
                .as_str()
                .is_some_and(|id| !id.is_empty() && id.len() <= 64),
            "{r}"
        );
        let text = r["input_message_content"]["message_text"]
            .as_str()
            .unwrap_or("");
        assert!(strip_html(text).contains("RTX 4090"), "{r}");
        assert!(text.encode_utf16().count() <= 4096, "{}", text.len());
        assert_eq!(r["input_message_content"]["parse_mode"], "HTML", "{r}");
        assert!(button["start_parameter"].is_string(), "{params}");
        // Empty: no result, a button to the private chat, never silence.
        fake.push(inline_query("iq-2", 11_002, "en", ""));
        let (results, button, params) = inline_answer(&fake, "iq-2");
        assert!(results.is_empty(), "{params}");
        let start = button["start_parameter"].as_str().unwrap_or("");
        assert!((1..=64).contains(&start.len()), "{params}");
        assert!(
            button["text"].as_str().is_some_and(|t| !t.is_empty()),
            "{params}"
        );
        // A request that would write (an alert) is not run from an inline query.
        fake.push(inline_query("iq-3", 11_003, "en", "/subscribe h100"));
        let (results, _, params) = inline_answer(&fake, "iq-3");
        assert!(results.is_empty(), "{params}");
        // Nor one that would start a dialogue or switch the person's language.
        fake.push(inline_query("iq-3b", 11_003, "en", "/pick"));
        fake.push(inline_query("iq-3c", 11_003, "en", "/lang zh"));
        for id in ["iq-3b", "iq-3c"] {
            let (results, _, params) = inline_answer(&fake, id);
            assert!(results.is_empty(), "{params}");
        }
        let last = fake.push(json!({"message": message(dm(11_003), 11_003, 1, "/subs")}));
        settle(&fake, last);
        let subs = words(&fake, 11_003);
        assert!(
            !subs.contains("H100"),
            "an inline query set an alert: {subs}"
        );
        assert!(!cjk(&subs), "an inline query switched the language: {subs}");
        // A person whose client is in Chinese: the button (and the answer) in Chinese.
        fake.push(inline_query("iq-4", 11_004, "zh-hans", "4090 显存多大"));
        let (results, button, params) = inline_answer(&fake, "iq-4");
        assert!(cjk(button["text"].as_str().unwrap_or("")), "{params}");
        for r in &results {
            let text = r["input_message_content"]["message_text"]
                .as_str()
                .unwrap_or("");
            assert!(cjk(text), "{r}");
        }
        // A query of 300 emoji (Telegram allows 256 characters; the fake sends more).
        fake.push(inline_query("iq-5", 11_005, "en", &"🚀".repeat(300)));
        let (results, _, params) = inline_answer(&fake, "iq-5");
        for r in &results {
            let title = r["title"].as_str().unwrap_or("");
            assert!(title.chars().count() <= 64, "{params}");
        }
        let last = fake.push(inline_query("iq-6", 11_006, "en", "<b>h100</b> & a100"));
        let (results, _, _) = inline_answer(&fake, "iq-6");
        for r in &results {
            let text = r["input_message_content"]["message_text"]
                .as_str()
                .unwrap_or("");
            assert!(!text.contains("<b>h100</b>"), "unescaped: {text}");
        }
        settle(&fake, last);
        for id in ["iq-1", "iq-2", "iq-3", "iq-4", "iq-5", "iq-6"] {
            assert_eq!(answered_once(&fake, id), 1, "{id}");
        }
    });
}

#[test]
fn reactions_boosts_and_business_updates_are_passed_over_and_the_next_question_answered() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let chat = 11_101;
        let group = -1_001_110_000_001_i64;
        fake.push(
            json!({"message_reaction": {"chat": forum(group), "message_id": 5,
            "user": person(chat, "en"), "date": DATE,
            "old_reaction": [], "new_reaction": [{"type": "emoji", "emoji": "👍"},
                {"type": "custom_emoji", "custom_emoji_id": "5368324170671202286"},
                {"type": "paid"}]}}),
        );
        fake.push(
            json!({"message_reaction": {"chat": forum(group), "message_id": 6,
            "actor_chat": forum(group), "date": DATE,
            "old_reaction": [{"type": "emoji", "emoji": "🔥"}], "new_reaction": []}}),
        );
        fake.push(
            json!({"chat_boost": {"chat": forum(group), "boost": {"boost_id": "b1",
            "add_date": DATE, "expiration_date": DATE + 86_400 * 30,
            "source": {"source": "premium", "user": person(chat, "en")}}}}),
        );
        fake.push(
            json!({"removed_chat_boost": {"chat": forum(group), "boost_id": "b1",
            "remove_date": DATE + 60, "source": {"source": "gift_code",
            "user": person(chat, "en")}}}),
        );
        fake.push(
            json!({"business_connection": {"id": "bc-1", "user": person(chat, "en"),
            "user_chat_id": chat, "date": DATE, "rights": {"can_reply": true},
            "is_enabled": true}}),
        );
        let customer = 11_102;
        let mut m = message(dm(customer), customer, 7, "/gpu 4090");
        m["business_connection_id"] = json!("bc-1");
        fake.push(json!({ "business_message": m }));
        let mut m = message(dm(customer), customer, 7, "/gpu h100");
        m["business_connection_id"] = json!("bc-1");
        fake.push(json!({ "edited_business_message": m }));
        let last = fake.push(json!({"message": message(dm(chat), chat, 8, "/gpu a100")}));
        let got = fake.wait_for_messages(chat, 1);
        assert!(strip_html(&got[0].html).contains("A100"), "{}", got[0].html);
        settle(&fake, last);
        assert_eq!(fake.sent_to(chat).len(), 1, "{}", words(&fake, chat));
        // A business chat speaks for the account owner: never answered by the bot itself.
        assert!(
            fake.sent_to(customer).is_empty(),
            "{}",
            words(&fake, customer)
        );
        assert!(fake.sent_to(group).is_empty(), "{}", words(&fake, group));
    });
}

#[test]
fn quotes_external_replies_and_forum_topics_are_answered_where_they_were_asked() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let chat = 11_201;
        // A reply quoting part of another chat's message (Bot API 7.0 `external_reply`).
        let mut m = message(dm(chat), chat, 1, "/gpu h100");
        m["external_reply"] = json!({"origin": {"type": "channel", "date": DATE - 3600,
            "chat": {"id": -1_001_120_000_009_i64, "type": "channel", "title": "Deals"},
            "message_id": 44}, "chat": {"id": -1_001_120_000_009_i64, "type": "channel",
            "title": "Deals"}, "message_id": 44, "text": "H100 at $1.99!"});
        m["quote"] = json!({"text": "H100 at $1.99", "position": 0, "is_manual": true,
            "entities": [{"type": "bold", "offset": 0, "length": 4}]});
        fake.push(json!({ "message": m }));
        let got = fake.wait_for_messages(chat, 1);
        assert!(strip_html(&got[0].html).contains("H100"), "{}", got[0].html);
        // A forum topic: the answer goes back into the same topic.
        let f = -1_001_120_000_001_i64;
        let mut m = message(forum(f), 11_202, 2, &format!("/gpu@{BOT_USERNAME} 4090"));
        m["message_thread_id"] = json!(77);
        m["is_topic_message"] = json!(true);
        m["reply_to_message"] = json!({"message_id": 77, "date": DATE - 600, "chat": forum(f),
            "from": person(11_202, "en"), "message_thread_id": 77,
            "forum_topic_created": {"name": "Renting", "icon_color": 7322096}});
        fake.push(json!({ "message": m }));
        // General (no thread id): answered without one.
        fake.push(
            json!({"message": message(forum(f), 11_203, 3, &format!("/gpu@{BOT_USERNAME} a100"))}),
        );
        // Topic service messages: nothing to answer.
        let mut s = json!({"message_id": 4, "date": DATE, "chat": forum(f),
            "from": person(11_202, "en"), "message_thread_id": 78, "is_topic_message": true,
            "forum_topic_created": {"name": "/gpu 4090", "icon_color": 7322096}});
        fake.push(json!({ "message": s.clone() }));
        s["message_id"] = json!(5);
        s.as_object_mut().unwrap().remove("forum_topic_created");
        s["forum_topic_edited"] = json!({"name": "/gpu h100"});
        fake.push(json!({ "message": s }));
        // A command for another bot inside a topic: not ours.
        let mut m = message(forum(f), 11_202, 6, "/gpu@OtherGpuBot 4090");
        m["message_thread_id"] = json!(77);
        m["is_topic_message"] = json!(true);
        let last = fake.push(json!({ "message": m }));
        settle(&fake, last);
        let sends = fake.calls_of("sendMessage");
        let in_forum: Vec<&Value> = sends
            .iter()
            .map(|c| &c.params)
            .filter(|p| {
                p["chat_id"]
                    .as_i64()
                    .or_else(|| p["chat_id"].as_str()?.parse().ok())
                    == Some(f)
            })
            .collect();
        assert_eq!(in_forum.len(), 2, "{in_forum:#?}");
        let thread = |p: &Value| {
            p["message_thread_id"]
                .as_i64()
                .or_else(|| p["message_thread_id"].as_str().and_then(|s| s.parse().ok()))
        };
        let topic = in_forum
            .iter()
            .find(|p| p["text"].as_str().unwrap_or("").contains("4090"));
        assert_eq!(topic.and_then(|p| thread(p)), Some(77), "{in_forum:#?}");
        let general = in_forum
            .iter()
            .find(|p| p["text"].as_str().unwrap_or("").contains("A100"));
        assert_eq!(general.map(|p| thread(p)), Some(None), "{in_forum:#?}");
    });
}

#[test]
fn channel_posts_their_edits_and_messages_without_from_are_read_for_who_speaks() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let channel = -1_001_130_000_001_i64;
        let ch = json!({"id": channel, "type": "channel", "title": "GPU deals"});
        let text = format!("/gpu@{BOT_USERNAME} h100");
        fake.push(
            json!({"channel_post": {"message_id": 1, "date": DATE, "chat": ch,
            "sender_chat": ch, "author_signature": "Ops", "text": text,
            "entities": command_entity(&text)}}),
        );
        fake.push(
            json!({"edited_channel_post": {"message_id": 1, "date": DATE,
            "edit_date": DATE + 5, "chat": ch, "sender_chat": ch, "text": "/gpu a100",
            "entities": command_entity("/gpu a100")}}),
        );
        // A group message with a sender_chat and no `from` at all.
        let g = -1_001_130_000_002_i64;
        fake.push(json!({"message": {"message_id": 2, "date": DATE,
            "chat": {"id": g, "type": "supergroup", "title": "Talk"}, "sender_chat": ch,
            "text": "/gpu 4090", "entities": command_entity("/gpu 4090")}}));
        let posted = fake.wait_for_messages(channel, 1);
        assert!(
            strip_html(&posted[0].html).contains("H100"),
            "{}",
            posted[0].html
        );
        let in_group = fake.wait_for_messages(g, 1);
        assert!(
            strip_html(&in_group[0].html).contains("4090"),
            "{}",
            in_group[0].html
        );
        let last = fake.push(json!({"message": message(dm(11_301), 11_301, 3, "/gpu l4")}));
        settle(&fake, last);
        assert_eq!(
            fake.sent_to(channel).len(),
            1,
            "edit answered: {}",
            words(&fake, channel)
        );
    });
}

#[test]
fn our_own_inline_answer_sent_into_a_chat_is_not_read_as_a_new_question() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let chat = 11_401;
        let us = json!({"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout",
            "username": BOT_USERNAME});
        // What the person chose from our inline results, posted by them in our own chat.
        let mut m = message(
            dm(chat),
            chat,
            1,
            "RTX 4090 — 24 GB GDDR6X, 1008 GB/s\nFrom $0.29/h",
        );
        m["via_bot"] = us.clone();
        fake.push(json!({ "message": m }));
        // The same in a group, replying to nobody: not ours either.
        let g = -1_001_140_000_001_i64;
        let mut m = message(forum(g), chat, 2, "H100 SXM — 80 GB HBM3");
        m["via_bot"] = us;
        fake.push(json!({ "message": m }));
        let last = fake.push(json!({"message": message(dm(chat), chat, 3, "/gpu a100")}));
        let got = fake.wait_for_messages(chat, 1);
        settle(&fake, last);
        assert_eq!(fake.sent_to(chat).len(), 1, "{}", words(&fake, chat));
        assert!(strip_html(&got[0].html).contains("A100"), "{}", got[0].html);
        assert!(fake.sent_to(g).is_empty(), "{}", words(&fake, g));
    });
}

#[test]
fn commands_mid_text_and_in_captions_are_answered_and_long_surrogate_pairs_stay_in_bounds() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        // `bot_command` not at offset 0, addressed to us, in a group.
        let g = -1_001_150_000_001_i64;
        let text = format!("hey /gpu@{BOT_USERNAME} 4090 please");
        let cmd_len = format!("/gpu@{BOT_USERNAME}").encode_utf16().count();
        fake.push(json!({"message": {"message_id": 1, "date": DATE,
            "chat": {"id": g, "type": "supergroup", "title": "Lab"}, "from": person(11_501, "en"),
            "text": text, "entities": [{"type": "bot_command", "offset": 4, "length": cmd_len}]}}));
        // A photo in a private chat, the command in its caption.
        let chat = 11_502;
        fake.push(
            json!({"message": {"message_id": 2, "date": DATE, "chat": dm(chat),
            "from": person(chat, "en"),
            "photo": [{"file_id": "AgAD1", "file_unique_id": "AQAD1", "width": 90, "height": 90,
                "file_size": 1200}],
            "caption": "/gpu h100", "caption_entities": command_entity("/gpu h100"),
            "show_caption_above_media": true}}),
        );
        // A document in a group, the command for us in its caption.
        let cap = format!("/gpu@{BOT_USERNAME} a100");
        fake.push(json!({"message": {"message_id": 3, "date": DATE,
            "chat": {"id": g, "type": "supergroup", "title": "Lab"}, "from": person(11_503, "en"),
            "document": {"file_id": "BQAD1", "file_unique_id": "AgAD2", "file_name": "smi.txt",
                "mime_type": "text/plain", "file_size": 2048},
            "caption": cap, "caption_entities": command_entity(&cap)}}));
        // 2,000 emoji (4,000 UTF-16 units, every one a surrogate pair) then a question.
        let long_chat = 11_504;
        let long = format!("{} 4090", "😀".repeat(2_000));
        assert!(long.encode_utf16().count() <= 4096);
        let started = Instant::now();
        let last = fake.push(json!({"message": message(dm(long_chat), long_chat, 4, &long)}));
        let got = fake.wait_for_messages(long_chat, 1);
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
        settle(&fake, last);
        let in_group = words(&fake, g);
        assert!(in_group.contains("RTX 4090"), "{in_group}");
        assert!(in_group.contains("A100"), "{in_group}");
        assert!(
            words(&fake, chat).contains("H100"),
            "{}",
            words(&fake, chat)
        );
        for s in fake.sent_to(long_chat) {
            assert!(s.html.encode_utf16().count() <= 4096, "{}", s.html.len());
            assert!(
                !s.html.contains('\u{FFFD}'),
                "a pair cut in half: {}",
                s.html
            );
        }
        assert!(got.len() <= 2, "{} messages", got.len());
    });
}

#[test]
fn the_inline_buttons_deep_link_and_a_press_in_a_topic_answer_where_they_belong() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        // The button above inline results opens the private chat with `/start inline`.
        let chat = 11_601;
        fake.push(json!({"message": message(dm(chat), chat, 1, "/start inline")}));
        let plain = fake.push(json!({"message": message(dm(11_602), 11_602, 2, "/start")}));
        let got = fake.wait_for_messages(chat, 1);
        let base = fake.wait_for_messages(11_602, 1);
        settle(&fake, plain);
        assert_eq!(
            strip_html(&got[0].html),
            strip_html(&base[0].html),
            "the deep link is no plain start"
        );
        // /pick in a forum topic, then a press on its button: the next step in the topic.
        let f = -1_001_160_000_001_i64;
        let mut m = message(forum(f), 11_603, 3, &format!("/pick@{BOT_USERNAME}"));
        m["message_thread_id"] = json!(91);
        m["is_topic_message"] = json!(true);
        let asked = m.clone();
        fake.push(json!({ "message": m }));
        let first = fake.wait_for_messages(f, 1);
        let (_, data) = first[0].buttons.first().cloned().expect("buttons");
        let mut carrier = json!({"message_id": first[0].message_id, "date": DATE, "chat": forum(f),
            "from": {"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME},
            "text": "…", "message_thread_id": 91, "is_topic_message": true});
        carrier["reply_to_message"] = asked;
        let before = fake.calls_of("sendMessage").len() + fake.calls_of("editMessageText").len();
        let last = fake.push(
            json!({"callback_query": {"id": "tp1", "from": person(11_603, "en"),
            "message": carrier, "chat_instance": "-77", "data": data}}),
        );
        settle(&fake, last);
        let after: Vec<Value> = fake
            .calls_of("sendMessage")
            .into_iter()
            .chain(fake.calls_of("editMessageText"))
            .map(|c| c.params)
            .collect();
        assert!(after.len() > before, "the press changed nothing");
        for p in after.iter().filter(|p| p["chat_id"].as_i64() == Some(f)) {
            if p.get("message_id").is_none() {
                assert_eq!(p["message_thread_id"].as_i64(), Some(91), "{p}");
            }
        }
    });
}

#[test]
fn answers_of_surrogate_pairs_past_4096_units_are_cut_within_telegrams_limit() {
    use bot_core::reply::Part;
    use bot_core::{Lang, Reply};
    use gpuscout_telegram::render;
    let mut reply = Reply::default();
    reply.parts.push(Part::Raw(format!(
        "{}\n{}",
        "😀".repeat(2_500),
        "🚀".repeat(1_500)
    )));
    let r = render::render(Lang::En, &reply);
    assert!(r.texts.len() >= 2, "{} texts", r.texts.len());
    let total: usize = r
        .texts
        .iter()
        .map(|t| t.chars().filter(|c| *c == '😀' || *c == '🚀').count())
        .sum();
    assert_eq!(total, 4_000, "characters lost or added");
    for t in &r.texts {
        assert!(
            t.encode_utf16().count() <= render::MESSAGE_LIMIT,
            "{}",
            t.encode_utf16().count()
        );
    }
    let one = format!("<b>{}</b>\n{}", "😀".repeat(1_500), "🚀".repeat(1_500));
    let (a, b) = render::halves(&one).expect("two halves");
    for t in [&a, &b] {
        assert!(t.encode_utf16().count() <= render::MESSAGE_LIMIT);
    }
}
