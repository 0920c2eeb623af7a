//! QA round 14 (wire12): Bot API updates written from core.telegram.org/bots/api before they
//! were run, for what rounds 8–13 left out: a mention of the bot before its command and a
//! `text_link` whose URL is no part of the words; photo captions as commands in a channel and
//! a group; `/start` with a deep-link payload (the `start` parameter of a t.me link); a
//! channel post setting an alert; a press by someone else on buttons whose quoted question
//! was deleted (the callback's message then has no `reply_to_message`); a very long text
//! echoed back; HTML and Markdown typed by a person (the fake now refuses what Telegram
//! refuses under `parse_mode: HTML`: a tag it does not know, an unescaped `<` or `&`); and
//! updates of a kind, or with fields, newer than this code.

use super::wire_round8::{settle, words};
use super::wire_round13::{DATE, group, person, said, to_chat};
use super::wire_shapes::{with_core, with_runner};
use gpuscout_testkit::fake_telegram::{BOT_ID, BOT_USERNAME, FakeTelegram, strip_html};
use serde_json::{Value, json};
use std::time::Duration;

fn private(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "Wen"})
}

/// Every `sendMessage`/`editMessageText` the fake refused (status 400 and up).
fn refused(fake: &FakeTelegram) -> Vec<String> {
    fake.calls()
        .into_iter()
        .filter(|c| c.status >= 400 && c.method != "getUpdates")
        .map(|c| format!("{} {} {}", c.method, c.status, c.params))
        .collect()
}

#[test]
fn a_mention_before_the_command_is_read_and_a_text_links_url_is_no_part_of_the_words() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let gid = -5_140_001_i64;
        let at = format!("@{BOT_USERNAME}");
        let text = format!("{at} /gpu 4090");
        let n = at.encode_utf16().count();
        fake.push(
            json!({"message": {"message_id": 1, "date": DATE, "chat": group(gid),
            "from": person(5_140_002, "en"), "text": text, "entities": [
                {"type": "mention", "offset": 0, "length": n},
                {"type": "bot_command", "offset": n + 1, "length": 4}]}}),
        );
        // A private question whose card is a link: the URL is not what was said.
        let pid = 5_140_003_i64;
        let last = fake.push(json!({"message": {"message_id": 2, "date": DATE,
            "chat": private(pid), "from": person(pid, "en"), "text": "/gpu 4090",
            "entities": [{"type": "bot_command", "offset": 0, "length": 4},
                {"type": "text_link", "offset": 5, "length": 4,
                 "url": "https://t.me/OtherBot?start=h100"}]}}));
        settle(&fake, last);
        let in_group = words(&fake, gid);
        assert_eq!(fake.sent_to(gid).len(), 1, "{in_group}");
        assert!(in_group.contains("4090"), "{in_group}");
        let private_answer = words(&fake, pid);
        assert!(private_answer.contains("4090"), "{private_answer}");
        assert!(
            !private_answer.contains("t.me") && !private_answer.contains("H100"),
            "{private_answer}"
        );
    });
}

#[test]
fn photo_captions_are_commands_in_a_channel_and_in_a_group() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let photo = json!([{"file_id": "AgAD1", "file_unique_id": "u1", "width": 1280,
            "height": 720, "file_size": 90210}]);
        let channel_id = -1_005_140_101_i64;
        let channel = json!({"id": channel_id, "type": "channel", "title": "GPU deals"});
        fake.push(
            json!({"channel_post": {"message_id": 10, "date": DATE, "chat": channel,
            "sender_chat": channel, "photo": photo, "caption": "/gpu h100",
            "caption_entities": [{"type": "bot_command", "offset": 0, "length": 4}]}}),
        );
        let gid = -5_140_102_i64;
        let caption = format!("/gpu@{BOT_USERNAME} a100");
        let n = caption.split(' ').next().unwrap().encode_utf16().count();
        let last = fake.push(json!({"message": {"message_id": 11, "date": DATE,
            "chat": group(gid), "from": person(5_140_103, "en"), "photo": photo,
            "caption": caption,
            "caption_entities": [{"type": "bot_command", "offset": 0, "length": n}]}}));
        settle(&fake, last);
        let in_channel = words(&fake, channel_id);
        assert_eq!(fake.sent_to(channel_id).len(), 1, "{in_channel}");
        assert!(in_channel.contains("H100"), "{in_channel}");
        let in_group = words(&fake, gid);
        assert_eq!(fake.sent_to(gid).len(), 1, "{in_group}");
        assert!(in_group.contains("A100"), "{in_group}");
    });
}

#[test]
fn start_with_a_deep_link_payload_is_the_welcome() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let plain = 5_140_201_i64;
        fake.push(said(private(plain), person(plain, "en"), 1, "/start"));
        let welcome = strip_html(&fake.wait_for_messages(plain, 1)[0].html);
        for (n, (chat, text)) in [
            (private(5_140_202), "/start ref_4090-abc".to_string()),
            (private(5_140_203), "/start Zm9vYmFyYmF6".to_string()),
            (private(5_140_204), "/start gpu-h100".to_string()),
            (group(-5_140_205), format!("/start@{BOT_USERNAME} grp_7")),
        ]
        .into_iter()
        .enumerate()
        {
            let id = chat["id"].as_i64().unwrap();
            fake.push(said(chat, person(5_140_210 + n as i64, "en"), 2, &text));
            let got = strip_html(&fake.wait_for_messages(id, 1)[0].html);
            assert_eq!(got, welcome, "{text}");
        }
    });
}

#[test]
fn a_channel_post_sets_an_alert_and_one_for_another_bot_is_left() {
    let fake = FakeTelegram::start();
    with_core(&fake, |core| {
        let channel_id = -1_005_140_301_i64;
        let channel = json!({"id": channel_id, "type": "channel", "title": "GPU deals"});
        let post = |id: i64, text: &str| {
            let n = text.split(' ').next().unwrap().encode_utf16().count();
            json!({"channel_post": {"message_id": id, "date": DATE, "chat": channel,
                "sender_chat": channel, "text": text,
                "entities": [{"type": "bot_command", "offset": 0, "length": n}]}})
        };
        fake.push(post(1, "/gpu@OtherGpuBot 4090"));
        let last = fake.push(post(2, "/subscribe h100"));
        settle(&fake, last);
        let subs =
            bot_core::alerts::list_chat(&core.store, "telegram", &channel_id.to_string()).unwrap();
        assert_eq!(subs.len(), 1, "{}", words(&fake, channel_id));
        assert_eq!(
            fake.sent_to(channel_id).len(),
            1,
            "{}",
            words(&fake, channel_id)
        );
    });
}

#[test]
fn a_press_by_someone_else_on_buttons_whose_question_was_deleted_never_takes_them_over() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let gid = -5_140_401_i64;
        let (alice, bob) = (5_140_402_i64, 5_140_403_i64);
        fake.push(said(group(gid), person(alice, "en"), 1, "/pick"));
        let first = fake.wait_for_messages(gid, 1);
        let (before, buttons) = (first[0].html.clone(), first[0].buttons.clone());
        assert!(!buttons.is_empty());
        // Alice deleted her /pick: the callback's message quotes nothing.
        let carrier = json!({"message_id": first[0].message_id, "date": DATE,
            "chat": group(gid), "from": {"id": BOT_ID, "is_bot": true,
            "first_name": "GPU Scout", "username": BOT_USERNAME}, "text": strip_html(&before)});
        let last = fake.push(
            json!({"callback_query": {"id": "cq-14-bob", "from": person(bob, "zh-hans"),
            "message": carrier, "chat_instance": "-14401", "data": buttons[0].1}}),
        );
        settle(&fake, last);
        let now = fake.sent_to(gid);
        assert_eq!(now[0].html, before, "Bob's press changed Alice's question");
        assert_eq!(now[0].buttons, buttons);
        assert_eq!(now.len(), 1, "{}", words(&fake, gid));
        let told = fake
            .calls_of("answerCallbackQuery")
            .into_iter()
            .filter(|c| c.params["callback_query_id"] == "cq-14-bob")
            .count();
        assert_eq!(told, 1);
    });
}

#[test]
fn a_very_long_text_is_answered_within_one_message_and_html_typed_by_a_person_shows_as_typed() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let pid = 5_140_501_i64;
        // A person can send at most 4096 characters: this is nearly all of them.
        let long = format!("/gpu {}", "x".repeat(4085));
        fake.push(said(private(pid), person(pid, "en"), 1, &long));
        let cjk = format!("/fit {}", "模".repeat(3000));
        let pid2 = 5_140_502_i64;
        fake.push(said(private(pid2), person(pid2, "zh-hans"), 1, &cjk));
        // HTML and Markdown as a person types them, in a command and in a mention.
        let typed = [
            (
                5_140_503_i64,
                "/gpu <b>4090</b> & <script>alert(1)</script>".to_string(),
            ),
            (5_140_504, "/fit *qwen* `x` [a](http://x) <i>".to_string()),
            (5_140_505, "/stock h100 max=<2 & >1".to_string()),
            (
                5_140_506,
                "/compare h100 &amp; a100 &nbsp; <tg-spoiler>".to_string(),
            ),
        ];
        let mut last = 0;
        for (chat, text) in &typed {
            last = fake.push(said(private(*chat), person(*chat, "en"), 1, text));
        }
        let gid = -5_140_507_i64;
        last = last.max(fake.push(json!({"message": {"message_id": 9, "date": DATE,
            "chat": group(gid), "from": person(5_140_508, "en"),
            "text": format!("@{BOT_USERNAME} is <a href=\"tg://user?id=1\">this</a> & <b>4090</b> ok?"),
            "entities": [{"type": "mention", "offset": 0, "length": BOT_USERNAME.len() + 1}]}})));
        settle(&fake, last);
        std::thread::sleep(Duration::from_millis(600));
        assert_eq!(refused(&fake), Vec::<String>::new());
        for chat in [pid, pid2] {
            let sent = fake.sent_to(chat);
            assert_eq!(sent.len(), 1, "chat {chat}: {} messages", sent.len());
            let n = sent[0].html.encode_utf16().count();
            assert!(n <= 4096, "{n}");
        }
        for (chat, text) in typed
            .iter()
            .map(|(c, t)| (*c, t.as_str()))
            .chain([(gid, "mention")])
        {
            assert!(!fake.sent_to(chat).is_empty(), "{text}: no answer");
        }
        let shown = words(&fake, 5_140_503);
        if shown.contains("script") {
            assert!(
                shown.contains("<script>"),
                "typed tags must show as typed: {shown}"
            );
        }
    });
}

#[test]
fn updates_of_a_newer_kind_or_with_newer_fields_are_passed_over_or_read() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let pid = 5_140_601_i64;
        // A kind this code has never heard of, with a body of any shape.
        fake.push(json!({"purchased_paid_media": {"from": person(pid, "en"),
            "paid_media_payload": "p-1", "nested": {"a": [1, {"b": null}]}}}));
        fake.push(
            json!({"managed_bot": {"bot": {"id": 1, "is_bot": true, "first_name": "B"},
            "owner": person(pid, "en")}}),
        );
        // A message carrying fields newer than teloxide knows, with a question in it.
        let mut m = said(private(pid), person(pid, "en"), 3, "/gpu 4090");
        m["message"]["paid_star_count"] = json!(5);
        m["message"]["reply_to_checklist_task_id"] = json!(2);
        m["message"]["suggested_post_info"] = json!({"state": "pending",
            "price": {"currency": "XTR", "amount": 10}});
        m["message"]["checklist"] = json!({"title": "t", "tasks": [{"id": 1, "text": "x"}]});
        m["message"]["future_field_2031"] = json!({"deep": [{"deeper": true}]});
        m["message"]["entities"] = json!([{"type": "bot_command", "offset": 0, "length": 4},
            {"type": "date_time", "offset": 5, "length": 4, "unix_time": 1}]);
        let last = fake.push(m);
        settle(&fake, last);
        let got = words(&fake, pid);
        assert_eq!(fake.sent_to(pid).len(), 1, "{got}");
        assert!(got.contains("4090"), "{got}");
        assert!(fake.confirmed_offset() > last);
        assert!(
            fake.calls_of("sendMessage").iter().all(|c| to_chat(c, pid)),
            "answered somewhere else"
        );
    });
}
