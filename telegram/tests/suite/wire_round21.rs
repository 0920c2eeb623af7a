//! QA round 21 (wire21): Telegram shapes written apart from the code, before any was run:
//! the Bot API's 400 "Bad Request: message to be replied not found" (a question deleted
//! before its answer; `ReplyParameters.allow_sending_without_reply` sends without the quote),
//! Bot API 9.0–9.4 (2025–26) message content and fields (gifts, paid messages and posts,
//! checklists and replies to a checklist task, suggested posts, topics in private chats with
//! bots, a chat owner leaving), update kinds a bot without those features still receives
//! (`inline_query`, `chosen_inline_result`, `chat_join_request`, `message_reaction_count`,
//! `business_message`, `deleted_business_messages`, `purchased_paid_media`), and a mention
//! whose entity offset counts UTF-16 units after emoji (surrogate pairs, a flag, a skin
//! tone). Fed to the real runner in-process on the loopback fake. Nothing asserts a
//! duration: each waits for the bot to confirm the updates, then reads what was sent.

use super::wire_round8::settle;
use super::wire_round20::{batch, command, person, with_runner};
use bot_core::{Lang, Localizer, Msg};
use gpuscout_testkit::fake_telegram::{BOT_USERNAME, FakeTelegram, strip_html};
use serde_json::{Value, json};

const DATE: i64 = 1_764_900_000;
const GROUP: i64 = -1_001_200_000_021;

fn group() -> Value {
    json!({"id": GROUP, "type": "supergroup", "title": "GPU lab 21"})
}

fn private(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "P"})
}

fn zh_person(id: i64) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "小王", "language_code": "zh-hans"})
}

/// A plain text message (no command), with `entities` as Telegram would mark them.
fn text_message(chat: Value, id: i64, from: Value, text: &str, entities: Value) -> Value {
    json!({"message": {"message_id": id, "date": DATE, "chat": chat, "from": from,
        "text": text, "entities": entities}})
}

fn texts_to(fake: &FakeTelegram, chat: i64) -> Vec<String> {
    fake.sent_to(chat)
        .iter()
        .map(|s| strip_html(&s.html))
        .collect()
}

/// Cases 13 and 14: a member's `/gpu 4090` and another's Chinese question by mention are
/// deleted before the bot answers (Telegram still delivers the update). Telegram refuses a
/// send quoting a deleted message unless the quote allows sending without it; each answer
/// must still arrive in the group, once, without the quote.
#[test]
fn a_question_deleted_before_its_answer_is_answered_without_the_quote() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let mention = format!("@{BOT_USERNAME} 4090 现在多少钱");
        fake.delete_user_message(GROUP, 2101);
        fake.delete_user_message(GROUP, 2102);
        let last = batch(
            &fake,
            vec![
                command(group(), 2101, person(21_001), None, "/gpu 4090"),
                text_message(
                    group(),
                    2102,
                    zh_person(21_002),
                    &mention,
                    json!([{"type": "mention", "offset": 0,
                        "length": BOT_USERNAME.encode_utf16().count() + 1}]),
                ),
            ],
        );
        fake.wait_until(
            std::time::Duration::from_secs(30),
            "two answers in the group",
            |v| (v.sent_to(GROUP).len() >= 2).then_some(()),
        );
        settle(&fake, last);
        let sent = fake.sent_to(GROUP);
        let refused = fake
            .calls_of("sendMessage")
            .iter()
            .filter(|c| c.status == 400)
            .count();
        assert_eq!(sent.len(), 2, "{sent:?} ({refused} refused)");
        assert!(sent.iter().all(|s| s.reply_to.is_none()), "{sent:?}");
        let all = texts_to(&fake, GROUP).join("\n");
        assert!(all.contains("4090"), "{all}");
    });
}

/// Case 15: Bot API 9.3 topics in a private chat with the bot: a question in a topic
/// (`message_thread_id` + `is_topic_message`) is answered in that topic.
#[test]
fn a_question_in_a_topic_of_a_private_chat_is_answered_in_that_topic() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 21_015;
        let mut update = command(private(me), 2150, person(me), None, "/gpu 4090");
        update["message"]["message_thread_id"] = json!(77);
        update["message"]["is_topic_message"] = json!(true);
        let last = batch(&fake, vec![update]);
        fake.wait_for_messages(me, 1);
        settle(&fake, last);
        let calls = fake.calls_of("sendMessage");
        assert!(!calls.is_empty());
        for c in &calls {
            assert_eq!(
                c.params["message_thread_id"].as_i64(),
                Some(77),
                "{:?}",
                c.params
            );
        }
    });
}

/// Cases 16 and 17: Bot API 9.0–9.4 message content a person or Telegram sends into a
/// private chat or a group (a gift and a unique gift, a paid-message price change, a
/// checklist and tasks marked done, a direct-message price change, a suggested post
/// approved, the chat owner leaving, a topic created in a private chat) is passed over:
/// no answer, no "only text is read" hint (none is a photo or file), and a question right
/// after each, in the same update batch, is answered once.
#[test]
fn bot_api_9_message_content_is_passed_over_and_the_next_question_answered() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 21_016;
        let user = person(me);
        let contents: Vec<(&str, Value)> = vec![
            (
                "gift",
                json!({"gift": {"id": "g1", "sticker": {"file_id": "s", "file_unique_id": "su",
                "type": "regular", "width": 512, "height": 512, "is_animated": false,
                "is_video": false}, "star_count": 50}, "owned_gift_id": "og1"}),
            ),
            (
                "unique_gift",
                json!({"gift": {"base_name": "Cap", "name": "Cap-7", "number": 7,
                "model": {"name": "m", "sticker": {"file_id": "s", "file_unique_id": "su",
                "type": "regular", "width": 512, "height": 512, "is_animated": false,
                "is_video": false}, "rarity_per_mille": 10}}, "origin": "upgrade"}),
            ),
            (
                "paid_message_price_changed",
                json!({"paid_message_star_count": 10}),
            ),
            (
                "checklist",
                json!({"title": "Rent a GPU", "tasks": [
                {"id": 1, "text": "/gpu h100"}, {"id": 2, "text": "compare prices"}]}),
            ),
            (
                "checklist_tasks_done",
                json!({"marked_as_done_task_ids": [1]}),
            ),
            (
                "direct_message_price_changed",
                json!({"are_direct_messages_enabled": true,
                "direct_message_star_count": 5}),
            ),
            ("suggested_post_approved", json!({"send_date": DATE + 3600})),
            ("chat_owner_left", json!({})),
            (
                "forum_topic_created",
                json!({"name": "GPUs", "icon_color": 7322096}),
            ),
        ];
        let mut updates = Vec::new();
        let mut id = 2160;
        for (field, value) in &contents {
            for chat in [private(me), group()] {
                id += 1;
                let mut m = json!({"message_id": id, "date": DATE, "chat": chat, "from": user});
                m[*field] = value.clone();
                updates.push(json!({ "message": m }));
            }
        }
        id += 1;
        updates.push(command(private(me), id, user.clone(), None, "/gpu 4090"));
        id += 1;
        updates.push(command(group(), id, user.clone(), None, "/gpu h100"));
        let last = batch(&fake, updates);
        settle(&fake, last);
        let mine = texts_to(&fake, me);
        assert_eq!(mine.len(), 1, "{mine:?}");
        assert!(mine[0].contains("4090"), "{mine:?}");
        let theirs = fake.sent_to(GROUP);
        assert_eq!(theirs.len(), 1, "{theirs:?}");
        assert_eq!(theirs[0].reply_to, Some(id));
    });
}

/// Case 18: a text question carrying fields new in 9.0–9.2 (`paid_star_count`,
/// `reply_to_checklist_task_id` with its `reply_to_message` checklist, `is_paid_post`,
/// `suggested_post_info`, `effect_id`) is read like any other: answered once.
#[test]
fn a_question_carrying_new_fields_is_answered_like_any_other() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 21_018;
        let mut update = command(private(me), 2180, person(me), None, "/gpu 4090");
        let m = &mut update["message"];
        m["paid_star_count"] = json!(10);
        m["effect_id"] = json!("5104841245755180586");
        m["is_paid_post"] = json!(false);
        m["reply_to_checklist_task_id"] = json!(2);
        m["reply_to_message"] = json!({"message_id": 2170, "date": DATE, "chat": private(me),
            "from": person(me), "checklist": {"title": "Rent", "tasks": [{"id": 2, "text": "x"}]}});
        m["suggested_post_info"] = json!({"state": "pending",
            "price": {"currency": "XTR", "amount": 100}});
        let last = batch(&fake, vec![update]);
        fake.wait_for_messages(me, 1);
        settle(&fake, last);
        let mine = texts_to(&fake, me);
        assert_eq!(mine.len(), 1, "{mine:?}");
        assert!(mine[0].contains("4090"), "{mine:?}");
    });
}

/// Case 19: update kinds a bot receives without using their features (an inline query
/// when inline mode is on, a chosen inline result, a join request, anonymous reaction
/// counts, a business message and its deletion, a paid-media purchase) in one batch with a
/// question: none is answered with a message, the offset goes past all of them, and the
/// question is answered once.
#[test]
fn update_kinds_we_do_not_use_pass_in_one_batch_without_a_stall() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 21_019;
        let user = person(me);
        let updates = vec![
            json!({"chosen_inline_result": {"result_id": "r1", "from": user, "query": "4090"}}),
            json!({"chat_join_request": {"chat": group(), "from": user, "user_chat_id": me,
                "date": DATE, "bio": "ML student"}}),
            json!({"message_reaction_count": {"chat": group(), "message_id": 5, "date": DATE,
                "reactions": [{"type": {"type": "emoji", "emoji": "👍"}, "total_count": 3}]}}),
            json!({"business_message": {"message_id": 9, "date": DATE, "chat": private(me),
                "from": user, "text": "/gpu a100", "business_connection_id": "bc1"}}),
            json!({"deleted_business_messages": {"business_connection_id": "bc1",
                "chat": private(me), "message_ids": [9]}}),
            json!({"purchased_paid_media": {"from": user, "paid_media_payload": "p"}}),
            command(private(me), 2190, user.clone(), None, "/gpu 4090"),
        ];
        let last = batch(&fake, updates);
        settle(&fake, last);
        let mine = texts_to(&fake, me);
        assert_eq!(mine.len(), 1, "{mine:?}");
        assert!(
            mine[0].contains("4090") && !mine[0].contains("A100"),
            "{mine:?}"
        );
        assert!(fake.sent_to(GROUP).is_empty());
        assert!(fake.confirmed_offset() > last);
    });
}

/// Cases 20 and 21: a mention of the bot after emoji in a group. Telegram counts entity
/// offsets in UTF-16 units: 🇨🇳 is 4, 🔥 2, 👍🏽 4 (a skin tone is a second pair). The question
/// is read (answered once, quoting it) in English and Chinese, the mention wherever it is.
#[test]
fn a_mention_after_emoji_is_found_whatever_its_utf16_offset() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let name_len = BOT_USERNAME.encode_utf16().count() + 1;
        let asks = [
            (
                2200,
                person(21_020),
                format!("🇨🇳🔥 @{BOT_USERNAME} how much is a 4090 now?"),
            ),
            (
                2201,
                zh_person(21_021),
                format!("👍🏽 4090 现在多少钱 @{BOT_USERNAME} 🙏"),
            ),
        ];
        let updates: Vec<Value> = asks
            .iter()
            .map(|(id, from, text)| {
                let at = text.find('@').unwrap();
                let offset = text[..at].encode_utf16().count();
                text_message(
                    group(),
                    *id,
                    from.clone(),
                    text,
                    json!([{"type": "mention", "offset": offset, "length": name_len}]),
                )
            })
            .collect();
        let last = batch(&fake, updates);
        settle(&fake, last);
        let sent = fake.sent_to(GROUP);
        for (id, _, text) in &asks {
            let answers: Vec<_> = sent.iter().filter(|s| s.reply_to == Some(*id)).collect();
            assert_eq!(answers.len(), 1, "{text}: {sent:?}");
            assert!(
                strip_html(&answers[0].html).contains("4090"),
                "{text}: {answers:?}"
            );
        }
    });
}

/// Case 22 (written with the fix): a person's twelve edits of an earlier message (an
/// `edited_message` each, which the bot does not read) ahead of their next question in one
/// batch: the question is answered, and no flood notice is sent (they asked once). Ten
/// questions in one batch are still cut at the bound, with the notice.
#[test]
fn edits_ahead_of_a_question_are_no_flood_and_questions_still_are() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let me = 21_022;
        let mut updates: Vec<Value> = (0..12)
            .map(|n| {
                json!({"edited_message": {"message_id": 2220, "date": DATE, "edit_date": DATE + n,
                    "chat": private(me), "from": person(me), "text": format!("draft {n}")}})
            })
            .collect();
        updates.push(command(private(me), 2221, person(me), None, "/gpu 4090"));
        let last = batch(&fake, updates);
        settle(&fake, last);
        let mine = texts_to(&fake, me);
        assert_eq!(mine.len(), 1, "{mine:?}");
        assert!(mine[0].contains("4090"), "{mine:?}");

        let other = 21_023;
        let questions: Vec<Value> = (0..12)
            .map(|n| command(private(other), 2230 + n, person(other), None, "/gpu 4090"))
            .collect();
        let last = batch(&fake, questions);
        settle(&fake, last);
        let theirs = texts_to(&fake, other);
        assert!(theirs.len() < 12, "{}", theirs.len());
        let notice = Localizer::get().format(Lang::En, &Msg::new("telegram-flood-skipped"));
        assert!(theirs.contains(&notice), "{theirs:?}");
    });
}
