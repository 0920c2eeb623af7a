//! More Bot API update shapes (core.telegram.org/bots/api, 7.x–9.x), written apart from the
//! handler and fed to the real runner in-process: kinds no other case has (an edited business
//! message, a shipping query, an edited channel post carrying a command, a press on a game
//! button under an inline message: no `message`, no `data`), a channel's paid post with
//! its suggested-post fields, and a topic message whose `message_thread_id` is missing. Each
//! is answered once where it was asked, or passed over without holding up the next update.

use crate::telegram_sender::{config, runtime};
use bot_core::{Catalog, Store};
use gpuscout_telegram::Telegram;
use gpuscout_testkit::fake_telegram::FakeTelegram;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

const DATE: i64 = 1_764_700_000;

fn person(id: i64) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Kai", "language_code": "en"})
}

fn command(text: &str) -> Value {
    let len = text.split(' ').next().unwrap().encode_utf16().count();
    json!([{"type": "bot_command", "offset": 0, "length": len}])
}

fn channel(id: i64) -> Value {
    json!({"id": id, "type": "channel", "title": "GPU deals"})
}

#[test]
fn newer_update_kinds_paid_posts_and_bare_game_presses_are_answered_or_passed_over() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store,
    ));
    let rt = runtime();
    let stop = CancellationToken::new();
    let running = rt.spawn({
        let stop = stop.clone();
        let config = config(&fake);
        async move { Telegram::new(config).unwrap().run(core, stop).await }
    });
    fake.wait_for_polling(1);

    let kai = person(7101);
    let paid = -1_001_700_000_001_i64;
    let edited = -1_001_700_000_002_i64;
    let forum = -1_001_700_000_003_i64;
    // Answered: a paid channel post (Bot API 9.2 suggested posts) with a command.
    fake.push(
        json!({"channel_post": {"message_id": 5, "date": DATE, "chat": channel(paid),
        "sender_chat": channel(paid), "author_signature": "Kai", "is_paid_post": true,
        "paid_star_count": 50,
        "suggested_post_info": {"state": "approved", "price": {"currency": "XTR", "amount": 50},
            "send_date": DATE},
        "text": "/gpu 4090", "entities": command("/gpu 4090")}}),
    );
    // Answered, in General: a topic message that lost its thread id on the way.
    fake.push(
        json!({"message": {"message_id": 6, "date": DATE, "is_topic_message": true,
        "chat": {"id": forum, "type": "supergroup", "title": "GPU club", "is_forum": true},
        "from": kai, "text": "/gpu 4090", "entities": command("/gpu 4090")}}),
    );
    // Passed over.
    let passed = [
        json!({"edited_business_message": {"message_id": 7, "date": DATE,
            "business_connection_id": "bc1", "chat": {"id": 7102, "type": "private",
            "first_name": "Lin"}, "from": person(7102), "edit_date": DATE + 5,
            "text": "/gpu 4090"}}),
        json!({"shipping_query": {"id": "sq1", "from": kai, "invoice_payload": "x",
            "shipping_address": {"country_code": "CN", "state": "", "city": "Shenzhen",
            "street_line1": "1 Rd", "street_line2": "", "post_code": "518000"}}}),
        json!({"edited_channel_post": {"message_id": 5, "date": DATE, "edit_date": DATE + 9,
            "chat": channel(edited), "sender_chat": channel(edited),
            "text": "/gpu h100", "entities": command("/gpu h100")}}),
    ];
    for u in &passed {
        fake.push(u.clone());
    }
    // A game button under an inline message: no `message`, no `data`.
    fake.push(json!({"callback_query": {"id": "g1", "from": kai,
        "inline_message_id": "AQAAAAIAAAB", "chat_instance": "-77", "game_short_name": "gpu"}}));
    let last = fake.push(json!({"message": {"message_id": 9, "date": DATE,
        "chat": {"id": 7101, "type": "private", "first_name": "Kai"}, "from": kai,
        "text": "/gpu h100", "entities": command("/gpu h100")}}));

    let in_channel = fake.wait_for_messages(paid, 1);
    assert!(
        in_channel[0].html.contains("4090"),
        "{}",
        in_channel[0].html
    );
    let in_forum = fake.wait_for_messages(forum, 1);
    assert!(in_forum[0].html.contains("4090"), "{}", in_forum[0].html);
    let sent_forum = fake
        .calls_of("sendMessage")
        .into_iter()
        .find(|c| {
            let id = &c.params["chat_id"];
            id.as_i64().or_else(|| id.as_str()?.parse().ok()) == Some(forum)
        })
        .unwrap();
    assert!(
        sent_forum.params["message_thread_id"].is_null(),
        "{:?}",
        sent_forum.params
    );
    assert!(fake.wait_for_messages(7101, 1)[0].html.contains("H100"));
    fake.wait_for_call("answerCallbackQuery", |c| {
        c.params["callback_query_id"] == "g1"
    });
    fake.wait_until(
        Duration::from_secs(30),
        "the offset past every update",
        |v| (v.confirmed_offset() > last).then_some(()),
    );
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(fake.sent_to(paid).len(), 1, "the paid post answered once");
    for chat in [7102, edited] {
        assert!(fake.sent_to(chat).is_empty(), "chat {chat} was answered");
    }
    assert_eq!(fake.count_of("answerShippingQuery"), 0);
    stop.cancel();
    rt.block_on(running).unwrap().unwrap();
}
