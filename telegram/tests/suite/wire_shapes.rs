//! Updates in shapes of the Bot API (core.telegram.org/bots/api, up to 9.x) written apart from
//! the handler, through the real runner in-process: a message with fields newer than the
//! code (a reply to a story, a quote from another chat, sent via an inline bot, in a media
//! group, by an anonymous admin, with a boost count or a message effect) is still answered; an
//! update kind we do not read (business messages, reactions, boosts, inline queries, polls,
//! join requests, giveaways, web app data) is passed over without an answer and without
//! holding up the updates behind it.

use crate::telegram_sender::{config, runtime};
use bot_core::{Catalog, Store};
use gpuscout_telegram::Telegram;
use gpuscout_testkit::fake_telegram::{BOT_ID, BOT_USERNAME, FakeTelegram};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

const DATE: i64 = 1_764_700_000;

fn person(id: i64) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Mei", "language_code": "en"})
}

fn dm(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "Mei"})
}

fn channel() -> Value {
    json!({"id": -1_001_234_567_890_i64, "type": "channel", "title": "GPU deals", "username": "gpudeals"})
}

/// `/gpu 4090` as a private message from `chat` to us, with `extra` merged in.
fn asked(chat: i64, message_id: i64, extra: Value) -> Value {
    let mut m = json!({"message_id": message_id, "date": DATE, "chat": dm(chat),
        "from": person(chat), "text": "/gpu 4090",
        "entities": [{"type": "bot_command", "offset": 0, "length": 4}]});
    for (k, v) in extra.as_object().unwrap() {
        m[k] = v.clone();
    }
    json!({ "message": m })
}

/// Runs the real runner against `fake` while `body` pushes updates and checks the answers.
pub(super) fn with_runner(fake: &FakeTelegram, body: impl FnOnce()) {
    with_core(fake, |_| body());
}

/// [`with_runner`], with the bot-core the runner answers through (its store) at hand.
pub(super) fn with_core(fake: &FakeTelegram, body: impl FnOnce(&Arc<bot_core::Bot>)) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store,
    ));
    let rt = runtime();
    let stop = CancellationToken::new();
    // As `serve` wires it: the admin check asks Telegram through the alerts' sender.
    let telegram = Telegram::new(config(fake)).unwrap();
    core.access.register(
        "telegram",
        Arc::new(gpuscout_telegram::admins::TelegramAdmins::new(
            &telegram.sender(),
        )),
    );
    let running = rt.spawn({
        let (stop, core) = (stop.clone(), core.clone());
        async move { telegram.run(core, stop).await }
    });
    fake.wait_for_polling(1);
    body(&core);
    stop.cancel();
    rt.block_on(running).unwrap().unwrap();
}

#[test]
fn messages_with_newer_fields_are_answered_and_kinds_we_do_not_read_are_passed_over() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let inline_bot =
            json!({"id": 93372553, "is_bot": true, "first_name": "GIF Search", "username": "gif"});
        // Answered: each in its own private chat.
        let answered = [
            asked(
                6001,
                10,
                json!({"reply_to_story": {"chat": channel(), "id": 12}}),
            ),
            asked(
                6002,
                11,
                json!({
                    "external_reply": {
                        "origin": {"type": "channel", "chat": channel(), "message_id": 77, "date": DATE - 60},
                        "chat": channel(), "message_id": 77,
                        "link_preview_options": {"is_disabled": true}},
                    "quote": {"text": "4090", "entities": [{"type": "bold", "offset": 0, "length": 4}],
                              "position": 12, "is_manual": true}}),
            ),
            asked(6003, 12, json!({"via_bot": inline_bot})),
            asked(
                6004,
                13,
                json!({"sender_boost_count": 3, "effect_id": "5104841245755180586",
                       "link_preview_options": {"is_disabled": true},
                       "has_protected_content": true, "paid_star_count": 0}),
            ),
            // A forwarded question (the user's own words moved from another chat).
            asked(
                6005,
                14,
                json!({"forward_origin": {"type": "hidden_user", "sender_user_name": "Ann", "date": DATE - 600}}),
            ),
        ];
        // A media group: the caption on its first item only; the second has none.
        let album = json!({"message": {"message_id": 15, "date": DATE, "chat": dm(6006),
            "from": person(6006), "media_group_id": "13579246801357924",
            "photo": [{"file_id": "AgAC1", "file_unique_id": "AQAD1", "width": 90, "height": 67, "file_size": 1200}],
            "caption": "/gpu 4090", "caption_entities": [{"type": "bot_command", "offset": 0, "length": 4}],
            "show_caption_above_media": true}});
        let album_rest = json!({"message": {"message_id": 16, "date": DATE, "chat": dm(6006),
            "from": person(6006), "media_group_id": "13579246801357924",
            "photo": [{"file_id": "AgAC2", "file_unique_id": "AQAD2", "width": 90, "height": 67}]}});
        // An anonymous admin in a supergroup speaks as the group (GroupAnonymousBot).
        let group = json!({"id": -1_001_600_000_001_i64, "type": "supergroup", "title": "ML lab"});
        let anonymous = json!({"message": {"message_id": 17, "date": DATE, "chat": group,
            "from": {"id": 1087968824, "is_bot": true, "first_name": "Group", "username": "GroupAnonymousBot"},
            "sender_chat": group, "author_signature": "Boss",
            "text": format!("/gpu@{BOT_USERNAME} 4090"),
            "entities": [{"type": "bot_command", "offset": 0, "length": 4 + 1 + BOT_USERNAME.len()}]}});
        for u in answered.iter().chain([&album, &album_rest, &anonymous]) {
            fake.push(u.clone());
        }

        // Passed over: kinds we do not read, in chat 6100 and the channel.
        let kai = person(6100);
        let bot = json!({"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME});
        let passed = [
            json!({"business_connection": {"id": "bc1", "user": kai, "user_chat_id": 6100, "date": DATE,
                   "can_reply": true, "is_enabled": true}}),
            json!({"business_message": {"message_id": 1, "date": DATE, "chat": dm(6101),
                   "from": person(6101), "business_connection_id": "bc1", "text": "/gpu 4090",
                   "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}}),
            json!({"deleted_business_messages": {"business_connection_id": "bc1", "chat": dm(6101),
                   "message_ids": [1]}}),
            json!({"message_reaction": {"chat": dm(6100), "message_id": 3, "date": DATE, "user": kai,
                   "old_reaction": [], "new_reaction": [{"type": "emoji", "emoji": "🔥"},
                   {"type": "custom_emoji", "custom_emoji_id": "5368324170671202286"}, {"type": "paid"}]}}),
            json!({"message_reaction_count": {"chat": channel(), "message_id": 3, "date": DATE,
                   "reactions": [{"type": {"type": "emoji", "emoji": "👍"}, "total_count": 5}]}}),
            json!({"chat_boost": {"chat": channel(), "boost": {"boost_id": "b1", "add_date": DATE,
                   "expiration_date": DATE + 86400 * 30,
                   "source": {"source": "premium", "user": kai}}}}),
            json!({"removed_chat_boost": {"chat": channel(), "boost_id": "b1", "remove_date": DATE,
                   "source": {"source": "giveaway", "giveaway_message_id": 9, "prize_star_count": 500}}}),
            json!({"inline_query": {"id": "iq1", "from": kai, "query": "4090", "offset": "",
                   "chat_type": "sender"}}),
            json!({"chosen_inline_result": {"result_id": "r1", "from": kai, "query": "4090"}}),
            json!({"poll": {"id": "p1", "question": "H100 or A100?", "options": [
                   {"text": "H100", "voter_count": 1}, {"text": "A100", "voter_count": 0}],
                   "total_voter_count": 1, "is_closed": false, "is_anonymous": true,
                   "type": "regular", "allows_multiple_answers": false}}),
            json!({"poll_answer": {"poll_id": "p1", "user": kai, "option_ids": [0]}}),
            json!({"chat_join_request": {"chat": group_of(-1_001_600_000_002), "from": kai,
                   "user_chat_id": 6100, "date": DATE}}),
            json!({"chat_member": {"chat": group_of(-1_001_600_000_002), "from": kai, "date": DATE,
                   "old_chat_member": {"user": kai, "status": "left"},
                   "new_chat_member": {"user": kai, "status": "member"}}}),
            json!({"purchased_paid_media": {"from": kai, "paid_media_payload": "x"}}),
            json!({"pre_checkout_query": {"id": "pc1", "from": kai, "currency": "XTR",
                   "total_amount": 1, "invoice_payload": "x"}}),
            // A giveaway and its winners, posted in a channel: no words to answer.
            json!({"channel_post": {"message_id": 40, "date": DATE, "chat": channel(),
                   "sender_chat": channel(),
                   "giveaway": {"chats": [channel()], "winners_selection_date": DATE + 86400,
                   "winner_count": 3, "only_new_members": true, "prize_description": "an H100 hour",
                   "country_codes": ["CN", "US"], "premium_subscription_month_count": 3}}}),
            json!({"channel_post": {"message_id": 41, "date": DATE, "chat": channel(),
                   "giveaway_winners": {"chat": channel(), "giveaway_message_id": 40,
                   "winners_selection_date": DATE, "winner_count": 1, "winners": [kai],
                   "prize_star_count": 500}}}),
            // A web app's data and a checklist: no text either.
            json!({"message": {"message_id": 42, "date": DATE, "chat": dm(6100), "from": kai,
                   "web_app_data": {"data": "{\"gpu\":\"4090\"}", "button_text": "Pick"}}}),
            json!({"message": {"message_id": 43, "date": DATE, "chat": dm(6100), "from": kai,
                   "checklist": {"title": "Rent", "tasks": [{"id": 1, "text": "/gpu 4090"}]}}}),
            // Our own chat membership: promoted in the channel.
            json!({"my_chat_member": {"chat": channel(), "from": kai, "date": DATE,
                   "old_chat_member": {"user": bot, "status": "member"},
                   "new_chat_member": {"user": bot, "status": "administrator",
                   "can_be_edited": false, "is_anonymous": false, "can_manage_chat": true,
                   "can_delete_messages": true, "can_manage_video_chats": true,
                   "can_restrict_members": true, "can_promote_members": false,
                   "can_change_info": true, "can_invite_users": true, "can_post_stories": true,
                   "can_edit_stories": true, "can_delete_stories": true,
                   "can_post_messages": true, "can_edit_messages": true}}}),
        ];
        for u in &passed {
            fake.push(u.clone());
        }
        // And after all of them a plain question is still answered.
        let last = fake.push(asked(6007, 50, json!({})));
        for chat in [6001, 6002, 6003, 6004, 6005, 6006, 6007] {
            let sent = fake.wait_for_messages(chat, 1);
            assert!(
                sent[0].html.contains("4090"),
                "chat {chat}: {}",
                sent[0].html
            );
        }
        let sent = fake.wait_for_messages(-1_001_600_000_001, 1);
        assert_eq!(
            sent[0].reply_to,
            Some(17),
            "the anonymous admin's message is quoted"
        );
        fake.wait_until(
            Duration::from_secs(30),
            "the offset past every update",
            |v| (v.confirmed_offset() > last).then_some(()),
        );
        std::thread::sleep(Duration::from_millis(300));
        // One answer for the album (its caption), none for what is not ours to answer.
        assert_eq!(fake.sent_to(6006).len(), 1);
        for chat in [6100, 6101, -1_001_234_567_890, -1_001_600_000_002] {
            assert!(fake.sent_to(chat).is_empty(), "chat {chat} was answered");
        }
        // An inline query is answered (QA round 11: never left spinning), once, and posts
        // nothing in any chat.
        assert_eq!(fake.count_of("answerInlineQuery"), 1);
    });
}

fn group_of(id: i64) -> Value {
    json!({"id": id, "type": "supergroup", "title": "ML lab 2"})
}

/// A very large update (a 4096-character message with a hundred entities and a field of
/// 256 KiB this build does not know) is read or passed over without holding up the next one.
#[test]
fn an_oversized_update_does_not_hold_up_the_next() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let long = format!("/gpu 4090 {}", "x".repeat(4086));
        let entities: Vec<Value> = (0..100)
            .map(|i| json!({"type": "bold", "offset": 10 + i * 10, "length": 5}))
            .collect();
        let mut big = asked(
            6200,
            1,
            json!({"text": long, "new_field_from_the_future": "y".repeat(256 * 1024)}),
        );
        big["message"]["entities"]
            .as_array_mut()
            .unwrap()
            .extend(entities);
        fake.push(big);
        fake.push(asked(6201, 2, json!({})));
        let sent = fake.wait_for_messages(6201, 1);
        assert!(sent[0].html.contains("4090"));
        let sent = fake.wait_for_messages(6200, 1);
        assert!(!sent.is_empty());
    });
}

/// `getUpdates` answered 429 with `parameters.retry_after` (the Bot API's
/// `ResponseParameters`): the poller waits that long before it polls again, not its own
/// half-second backoff; a refusal with no wait of its own (a proxy's 502) backs off as before.
/// Updates are answered after both.
#[test]
fn a_refused_poll_waits_what_telegram_asks_before_polling_again() {
    let fake = FakeTelegram::start();
    fake.fail_next(
        "getUpdates",
        gpuscout_testkit::fake_telegram::Failure::RetryAfter(2),
    );
    with_runner(&fake, || {
        fake.push(asked(6300, 1, json!({})));
        let sent = fake.wait_for_messages(6300, 1);
        assert!(sent[0].html.contains("4090"));
    });
    let polls = fake.calls_of("getUpdates");
    assert_eq!(polls[0].status, 429, "{polls:?}");
    let gap = polls[1].at - polls[0].at;
    assert!(
        gap >= Duration::from_millis(1900),
        "polled again after {gap:?}"
    );
}

/// Bot API 9.0–9.4 shapes (core.telegram.org/bots/api-changelog, April 2025 – February 2026),
/// written from the changelog, not from our code. Answered: a question under paid media (its
/// caption), a reply to a checklist task (`reply_to_checklist_task_id`, 9.2), a question from
/// a user with the 9.3/9.4 `User` fields, a text with new entity and markup fields.
/// Passed over, no answer, nothing held up: gifts (`gift`, `unique_gift`, 9.0), paid-message
/// price changes (9.0), checklist service messages (9.1), suggested-post service messages
/// (9.2), the owner leaving or changing (9.4), a purchased paid media update, a business
/// message sent by a business bot.
/// (A channel's direct messages chat, 9.2, is not here: its answer needs
/// `direct_messages_topic_id`, which teloxide 0.17 cannot send; QA-FINDINGS round 6.)
#[test]
fn bot_api_nine_shapes_are_answered_or_passed_over_cleanly() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let answered = [
            // Paid media (Bot API 7.6+): the words are its caption.
            json!({"message": {"message_id": 60, "date": DATE, "chat": dm(6301), "from": person(6301),
                "paid_media": {"star_count": 5, "paid_media": [{"type": "preview", "width": 90, "height": 60}]},
                "caption": "/gpu 4090", "caption_entities": [{"type": "bot_command", "offset": 0, "length": 4}]}}),
            // A reply to one task of a checklist (9.2).
            asked(
                6302,
                61,
                json!({"reply_to_checklist_task_id": 2,
                "reply_to_message": {"message_id": 59, "date": DATE - 60, "chat": dm(6302), "from": person(6302),
                    "checklist": {"title": "Rent", "tasks": [{"id": 2, "text": "price a 4090"}],
                                  "others_can_add_tasks": false, "others_can_mark_tasks_as_done": true}}}),
            ),
            // A user with the fields added to `User` in 9.3/9.4.
            json!({"message": {"message_id": 62, "date": DATE, "chat": dm(6303),
                "from": {"id": 6303, "is_bot": false, "first_name": "Mei", "language_code": "en",
                         "has_topics_enabled": true, "allows_users_to_create_topics": false,
                         "is_premium": true, "added_to_attachment_menu": true},
                "text": "/gpu 4090", "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}}),
            // New entity kinds and a keyboard with 9.4's `style` and `icon_custom_emoji_id`
            // (a message sent through an inline bot carries its markup).
            asked(
                6304,
                63,
                json!({"text": "/gpu 4090 🔥",
                "entities": [{"type": "bot_command", "offset": 0, "length": 4},
                             {"type": "custom_emoji", "offset": 10, "length": 2, "custom_emoji_id": "5368324170671202286"},
                             {"type": "expandable_blockquote", "offset": 5, "length": 4}],
                "reply_markup": {"inline_keyboard": [[{"text": "Go", "url": "https://example.com",
                    "style": "success", "icon_custom_emoji_id": "5368324170671202286"}]]}}),
            ),
        ];
        for u in &answered {
            fake.push(u.clone());
        }
        let kai = person(6400);
        let group = group_of(-1_001_600_000_004);
        let service = |id: i64, chat: Value, field: &str, value: Value| {
            let mut m = json!({"message_id": id, "date": DATE, "chat": chat, "from": kai});
            m[field] = value;
            json!({ "message": m })
        };
        let gift = json!({"id": "g1", "sticker": {"file_id": "CAAC", "file_unique_id": "AgAD",
            "type": "regular", "width": 512, "height": 512, "is_animated": true, "is_video": false},
            "star_count": 50});
        let passed = [
            service(
                70,
                dm(6400),
                "gift",
                json!({"gift": gift, "owned_gift_id": "o1",
                "convert_star_count": 40, "can_be_upgraded": true, "text": "/gpu 4090"}),
            ),
            service(
                71,
                dm(6400),
                "unique_gift",
                json!({"gift": {"base_name": "Cap", "name": "Cap-1",
                "number": 1, "model": {"name": "m", "sticker": gift["sticker"], "rarity_per_mille": 5},
                "symbol": {"name": "s", "sticker": gift["sticker"], "rarity_per_mille": 5},
                "backdrop": {"name": "b", "colors": {"center_color": 1, "edge_color": 2,
                    "symbol_color": 3, "text_color": 4}, "rarity_per_mille": 5}},
                "origin": "upgrade"}),
            ),
            service(
                72,
                group.clone(),
                "paid_message_price_changed",
                json!({"paid_message_star_count": 10}),
            ),
            service(
                73,
                dm(6400),
                "checklist_tasks_done",
                json!({"marked_as_done_task_ids": [1]}),
            ),
            service(
                74,
                dm(6400),
                "checklist_tasks_added",
                json!({"tasks": [{"id": 3, "text": "/gpu h100"}]}),
            ),
            service(
                75,
                group.clone(),
                "suggested_post_approved",
                json!({"price": {"currency": "XTR", "amount": 100},
                "send_date": DATE + 3600}),
            ),
            service(
                76,
                group.clone(),
                "suggested_post_declined",
                json!({"comment": "/gpu 4090"}),
            ),
            service(
                77,
                group.clone(),
                "chat_owner_left",
                json!({"new_owner": kai}),
            ),
            service(
                78,
                group.clone(),
                "chat_owner_changed",
                json!({"new_owner": kai}),
            ),
            service(
                79,
                dm(6400),
                "direct_message_price_changed",
                json!({"are_direct_messages_enabled": true,
                "direct_message_star_count": 5}),
            ),
            json!({"purchased_paid_media": {"from": kai, "paid_media_payload": "h100-guide"}}),
            json!({"business_message": {"message_id": 80, "date": DATE, "chat": dm(6401),
                "from": person(6401), "business_connection_id": "bc2", "sender_business_bot":
                {"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout"}, "text": "/gpu 4090",
                "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}}),
        ];
        for u in &passed {
            fake.push(u.clone());
        }
        let last = fake.push(asked(6309, 90, json!({})));
        for chat in [6301, 6302, 6303, 6304, 6309] {
            let sent = fake.wait_for_messages(chat, 1);
            assert!(
                sent[0].html.contains("4090"),
                "chat {chat}: {}",
                sent[0].html
            );
        }
        fake.wait_until(
            Duration::from_secs(30),
            "the offset past every update",
            |v| (v.confirmed_offset() > last).then_some(()),
        );
        std::thread::sleep(Duration::from_millis(300));
        for chat in [6400, 6401, -1_001_600_000_004] {
            assert!(fake.sent_to(chat).is_empty(), "chat {chat} was answered");
        }
        // One answer each, never two.
        for chat in [6301, 6302, 6303, 6304, 6309] {
            assert_eq!(fake.sent_to(chat).len(), 1, "chat {chat}");
        }
    });
}
