//! QA round 12 (wire10): a private message with nothing to read (a photo without a caption,
//! an album, a voice note, a file) gets one short hint in the person's language instead of
//! silence; a sticker (a reaction, not a question) and the same in a group or a channel stay
//! unanswered (the bot never speaks in a group unasked). Fed to the real runner in-process against the loopback fake.

use super::wire_round8::{settle, words};
use super::wire_shapes::with_runner;
use gpuscout_testkit::fake_telegram::FakeTelegram;
use serde_json::{Value, json};

const DATE: i64 = 1_765_100_000;

fn person(id: i64, lang: &str) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Lin", "language_code": lang})
}

fn private(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "Lin"})
}

fn photo(file: &str) -> Value {
    json!([{"file_id": file, "file_unique_id": file, "width": 90, "height": 90, "file_size": 900},
           {"file_id": format!("{file}b"), "file_unique_id": format!("{file}b"), "width": 800,
            "height": 800, "file_size": 90_000}])
}

fn has_han(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn a_private_message_with_nothing_to_read_gets_one_localized_hint_and_a_group_none() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        // 1. A photo without a caption, English client.
        let en = 12_601_i64;
        fake.push(
            json!({"message": {"message_id": 1, "date": DATE, "chat": private(en),
            "from": person(en, "en"), "photo": photo("P1")}}),
        );
        // 2. The same from a Chinese client.
        let zh = 12_602_i64;
        fake.push(
            json!({"message": {"message_id": 1, "date": DATE, "chat": private(zh),
            "from": person(zh, "zh-hans"), "photo": photo("P2")}}),
        );
        // 3. An album of three photos without captions: one hint, not three.
        let album = 12_603_i64;
        for i in 1..=3 {
            fake.push(
                json!({"message": {"message_id": i, "date": DATE, "chat": private(album),
                "from": person(album, "en"), "media_group_id": "13579", "photo": photo("P3")}}),
            );
        }
        // 4. A voice note and 6. a file without a caption: a hint each; 5. a sticker: none.
        let voice = 12_604_i64;
        fake.push(
            json!({"message": {"message_id": 1, "date": DATE, "chat": private(voice),
            "from": person(voice, "en"), "voice": {"file_id": "V1", "file_unique_id": "V1",
            "duration": 3, "mime_type": "audio/ogg"}}}),
        );
        let sticker = 12_605_i64;
        fake.push(
            json!({"message": {"message_id": 1, "date": DATE, "chat": private(sticker),
            "from": person(sticker, "en"), "sticker": {"file_id": "S1", "file_unique_id": "S1",
            "type": "regular", "width": 512, "height": 512, "is_animated": false,
            "is_video": false, "emoji": "👍"}}}),
        );
        let doc = 12_606_i64;
        fake.push(
            json!({"message": {"message_id": 1, "date": DATE, "chat": private(doc),
            "from": person(doc, "zh-CN"), "document": {"file_id": "D1", "file_unique_id": "D1",
            "file_name": "nvidia-smi.txt", "mime_type": "text/plain", "file_size": 2048}}}),
        );
        // 7. A photo without a caption in a group, 8. in a channel: nothing.
        let group = -1_001_260_000_007_i64;
        fake.push(json!({"message": {"message_id": 1, "date": DATE,
            "chat": {"id": group, "type": "supergroup", "title": "Lab"},
            "from": person(12_607, "en"), "photo": photo("P7")}}));
        let channel = -1_001_260_000_008_i64;
        let last = fake.push(json!({"channel_post": {"message_id": 1, "date": DATE,
            "chat": {"id": channel, "type": "channel", "title": "News"},
            "sender_chat": {"id": channel, "type": "channel", "title": "News"},
            "photo": photo("P8")}}));
        settle(&fake, last);
        for chat in [en, zh, album, voice, doc] {
            let sent = fake.sent_to(chat);
            assert_eq!(sent.len(), 1, "chat {chat}: {}", words(&fake, chat));
            let w = words(&fake, chat);
            assert!(w.contains("/gpu"), "chat {chat}: {w}");
            let chinese = chat == zh || chat == doc;
            assert_eq!(has_han(&w), chinese, "chat {chat}: {w}");
            assert!(w.chars().count() < 300, "a short hint: {w}");
        }
        assert!(
            fake.sent_to(sticker).is_empty(),
            "{}",
            words(&fake, sticker)
        );
        assert!(fake.sent_to(group).is_empty(), "{}", words(&fake, group));
        assert!(
            fake.sent_to(channel).is_empty(),
            "{}",
            words(&fake, channel)
        );
    });
}
