//! QA round 9 (wire7): Bot API shapes written from core.telegram.org/bots/api (Message,
//! CallbackQuery, MessageReactionCountUpdated, BusinessMessagesDeleted, ChosenInlineResult,
//! `getUpdates` refusals) as a tester who wants to break the runner would send them: an edit of
//! a command never seen, a bare command in a channel, an anonymous administrator and a foreign
//! channel speaking in a group with an admin command, commands and plain replies to another
//! bot, callback data from another build or at Telegram's 64-byte edge, invisible and
//! right-to-left characters, the bot's name in another case, 429 on a press's edit and on its
//! callback answer, and the token revoked while polling (401: the runner stops, saying so,
//! without the token). Fed to the real runner in-process against the loopback fake.

use super::wire_round8::{settle, words};
use super::wire_shapes::with_runner;
use crate::telegram_sender::{config, runtime};
use bot_core::{Catalog, Store};
use gpuscout_telegram::Telegram;
use gpuscout_testkit::fake_telegram::{
    BOT_ID, BOT_USERNAME, Chat, Failure, FakeTelegram, TOKEN, strip_html,
};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

const DATE: i64 = 1_764_900_000;
/// Telegram's `GroupAnonymousBot`: the `from` of an anonymous administrator's message.
const ANONYMOUS_ADMIN: i64 = 1_087_968_824;

fn person(id: i64) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Lin", "language_code": "en"})
}

fn dm(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "Lin"})
}

fn supergroup(id: i64) -> Value {
    json!({"id": id, "type": "supergroup", "title": "GPU lab"})
}

fn entities(text: &str) -> Value {
    match text.strip_prefix('/') {
        Some(_) => {
            let len = text.split(' ').next().unwrap().encode_utf16().count();
            json!([{"type": "bot_command", "offset": 0, "length": len}])
        }
        None => json!([]),
    }
}

fn said(chat: Value, from: Value, id: i64, text: &str) -> Value {
    json!({"message": {"message_id": id, "date": DATE, "chat": chat, "from": from,
        "text": text, "entities": entities(text)}})
}

#[test]
fn edits_channels_anonymous_admins_and_foreign_channels_are_read_for_who_speaks() {
    let fake = FakeTelegram::start();
    let sg = Chat::Supergroup {
        id: -1_009_100_000_001,
        title: "GPU lab".into(),
    };
    let boss = 9101;
    fake.set_admins(&sg, &[boss]);
    with_runner(&fake, || {
        // An edit of a command the bot never saw as a message: edits are not answered.
        let editor = 9102;
        let mut edited = said(dm(editor), person(editor), 1, "/gpu 4090")["message"].clone();
        edited["edit_date"] = json!(DATE + 30);
        fake.push(json!({ "edited_message": edited }));
        // A bare command posted in a channel the bot administers: answered there, once.
        let channel = -1_009_100_000_002_i64;
        fake.push(json!({"channel_post": {"message_id": 2, "date": DATE,
            "chat": {"id": channel, "type": "channel", "title": "GPU deals"},
            "sender_chat": {"id": channel, "type": "channel", "title": "GPU deals"},
            "text": "/gpu h100", "entities": entities("/gpu h100")}}));
        // An anonymous administrator: `from` is GroupAnonymousBot, `sender_chat` the group.
        let anon = json!({"id": ANONYMOUS_ADMIN, "is_bot": true, "first_name": "Group",
            "username": "GroupAnonymousBot"});
        let mut m = said(supergroup(sg.id()), anon.clone(), 3, "/subscribe h100");
        m["message"]["sender_chat"] = supergroup(sg.id());
        m["message"]["author_signature"] = json!("Boss");
        fake.push(m);
        let first = fake.wait_for_messages(sg.id(), 1);
        assert!(
            strip_html(&first[0].html).contains("Alert set"),
            "anonymous admin: {}",
            first[0].html
        );
        // Anyone may post as a public channel of their own in a group: not the group's admin.
        let mut m = said(supergroup(sg.id()), anon, 4, "/subscribe a100");
        m["from"] = json!({"id": 136817688, "is_bot": true, "first_name": "Channel",
            "username": "Channel_Bot"});
        m["message"]["from"] = m["from"].take();
        m["message"]["sender_chat"] = json!({"id": -1_009_100_000_099_i64, "type": "channel",
            "title": "Someone's channel", "username": "someones"});
        let last = fake.push(m);
        let second = fake.wait_for_messages(sg.id(), 2);
        let refused = strip_html(&second[1].html);
        assert!(!refused.contains("Alert set"), "foreign channel: {refused}");
        assert!(fake.wait_for_messages(channel, 1)[0].html.contains("H100"));
        settle(&fake, last);
        assert!(fake.sent_to(editor).is_empty(), "{}", words(&fake, editor));
        assert_eq!(fake.sent_to(channel).len(), 1, "{}", words(&fake, channel));
    });
}

#[test]
fn commands_and_replies_around_another_bot_and_the_bots_name_in_any_case() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let g = -1_009_200_000_001_i64;
        let other_bot = json!({"id": 555, "is_bot": true, "first_name": "Other",
            "username": "OtherHelperBot"});
        let theirs = json!({"message_id": 50, "date": DATE - 60, "chat": supergroup(g),
            "from": other_bot, "text": "I am another bot"});
        // A bare command in reply to another bot's message: a command for every bot.
        let mut m = said(supergroup(g), person(9201), 51, "/gpu 4090");
        m["message"]["reply_to_message"] = theirs.clone();
        fake.push(m);
        let got = fake.wait_for_messages(g, 1);
        assert!(got[0].html.contains("4090"), "{}", got[0].html);
        // Plain words in reply to another bot: not for us.
        let mut m = said(supergroup(g), person(9202), 52, "what about the 3090?");
        m["message"]["reply_to_message"] = theirs;
        fake.push(m);
        // Our name in capitals after the command, and a mention in lower case.
        let upper = format!("/gpu@{} h100", BOT_USERNAME.to_uppercase());
        fake.push(said(supergroup(g), person(9203), 53, &upper));
        let g2 = -1_009_200_000_002_i64;
        let mention = format!("@{} gpu a100", BOT_USERNAME.to_lowercase());
        let mut m = said(supergroup(g2), person(9204), 54, &mention);
        m["message"]["entities"] = json!([{"type": "mention", "offset": 0,
            "length": BOT_USERNAME.len() + 1}]);
        fake.push(m);
        // A command addressed to us in reply to our own message: answered once, not twice.
        let ours = got[0].message_id;
        let text = format!("/gpu@{BOT_USERNAME} l40s");
        let mut m = said(supergroup(g), person(9205), 55, &text);
        m["message"]["reply_to_message"] = json!({"message_id": ours, "date": DATE,
            "chat": supergroup(g), "from": {"id": BOT_ID, "is_bot": true,
            "first_name": "GPU Scout", "username": BOT_USERNAME}, "text": "RTX 4090"});
        let last = fake.push(m);
        let all = fake.wait_for_messages(g, 3);
        // Two members' questions run side by side (round 20): each answer is found by the
        // question it quotes, not by its place.
        let answer_to = |m: i64| {
            all.iter()
                .find(|s| s.reply_to == Some(m))
                .map(|s| strip_html(&s.html))
                .unwrap_or_default()
        };
        assert!(answer_to(53).contains("H100"), "{}", answer_to(53));
        assert!(answer_to(55).contains("L40S"), "{}", answer_to(55));
        assert!(fake.wait_for_messages(g2, 1)[0].html.contains("A100"));
        settle(&fake, last);
        assert_eq!(fake.sent_to(g).len(), 3, "{}", words(&fake, g));
        assert!(!words(&fake, g).contains("3090"), "{}", words(&fake, g));
    });
}

#[test]
fn kinds_we_do_not_read_pass_over_and_odd_presses_get_their_spinner_stopped() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let quiet = 9301;
        fake.push(
            json!({"message_reaction_count": {"chat": supergroup(-1_009_300_000_001),
            "message_id": 4, "date": DATE,
            "reactions": [{"type": {"type": "emoji", "emoji": "👍"}, "total_count": 3}]}}),
        );
        fake.push(
            json!({"deleted_business_messages": {"business_connection_id": "bc1",
            "chat": dm(quiet), "message_ids": [1, 2, 3]}}),
        );
        fake.push(
            json!({"chosen_inline_result": {"result_id": "r1", "from": person(quiet),
            "query": "/gpu 4090"}}),
        );
        // Presses: a choice id of another build's codec, data at Telegram's 64-byte edge,
        // replacement characters where bytes were not UTF-8.
        let chat = 9302;
        fake.push(said(dm(chat), person(chat), 1, "/gpu 4090"));
        let shown = fake.wait_for_messages(chat, 1);
        let edge = format!("v1|g:{}", "x".repeat(64 - 5));
        assert_eq!(edge.len(), 64);
        let datas = ["v2|t:tune", edge.as_str(), "v1|\u{FFFD}\u{FFFD}g:rtx-4090"];
        for (n, data) in datas.iter().enumerate() {
            fake.push(json!({"callback_query": {"id": format!("odd{n}"),
                "from": person(chat), "chat_instance": "-9301", "data": data,
                "message": {"message_id": shown[0].message_id, "date": DATE,
                    "chat": dm(chat), "text": "RTX 4090",
                    "from": {"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout"}}}}));
        }
        for n in 0..datas.len() {
            let id = format!("odd{n}");
            fake.wait_for_call("answerCallbackQuery", |c| {
                c.params["callback_query_id"] == id
            });
        }
        let last = fake.push(said(dm(chat), person(chat), 2, "/gpu h100"));
        fake.wait_until(Duration::from_secs(20), "the next question", |v| {
            v.sent_to(chat)
                .iter()
                .any(|s| s.html.contains("H100"))
                .then_some(())
        });
        settle(&fake, last);
        assert!(fake.sent_to(quiet).is_empty(), "{}", words(&fake, quiet));
    });
}

#[test]
fn invisible_and_right_to_left_characters_do_not_hide_the_card() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        fake.push(said(dm(9401), person(9401), 1, "/gpu 40\u{200B}90"));
        fake.push(said(dm(9402), person(9402), 2, "/gpu \u{200F}h100\u{200E}"));
        fake.push(said(dm(9403), person(9403), 3, "/gpu\u{2060} a100"));
        // A person with no username, no language and a right-to-left override in the name.
        let nameless = json!({"id": 9404, "is_bot": false, "first_name": "\u{202E}نور\u{202C}"});
        let last = fake.push(json!({"message": {"message_id": 4, "date": DATE,
            "chat": {"id": 9404, "type": "private", "first_name": "\u{202E}نور"},
            "from": nameless, "text": "/gpu l4", "entities": entities("/gpu l4")}}));
        for (chat, card) in [(9401, "4090"), (9402, "H100"), (9403, "A100"), (9404, "L4")] {
            let got = fake.wait_for_messages(chat, 1);
            assert!(
                strip_html(&got[0].html).contains(card),
                "{chat}: {}",
                got[0].html
            );
        }
        settle(&fake, last);
    });
}

/// Presses `/pick`'s first button in `chat` and returns the message pressed.
pub(super) fn press_first(fake: &FakeTelegram, chat: i64, query: &str) -> (i64, String) {
    fake.push(said(dm(chat), person(chat), 1, "/pick"));
    let first = fake.wait_for_messages(chat, 1);
    let (_, data) = first[0].buttons[0].clone();
    fake.push(json!({"callback_query": {"id": query, "from": person(chat),
        "message": {"message_id": first[0].message_id, "date": DATE, "chat": dm(chat),
            "from": {"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout"},
            "text": "Step 1"},
        "chat_instance": "-9501", "data": data}}));
    (first[0].message_id, first[0].html.clone())
}

#[test]
fn a_429_on_a_presss_edit_or_its_callback_answer_is_waited_out_and_the_answer_shows() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        fake.fail_next("editMessageText", Failure::RetryAfter(1));
        let chat = 9501;
        let started = Instant::now();
        let (_, step_one) = press_first(&fake, chat, "ra1");
        fake.wait_until(Duration::from_secs(20), "the edit after its 429", |v| {
            let shown = v.sent_to(chat);
            (shown.len() >= 2 || shown[0].html != step_one).then_some(())
        });
        let edits = fake.calls_of("editMessageText");
        assert!(edits.len() >= 2, "refused once, then sent: {}", edits.len());
        assert!(edits[1].at - edits[0].at >= Duration::from_millis(900));
        assert!(started.elapsed() < Duration::from_secs(15));

        fake.fail_next("answerCallbackQuery", Failure::RetryAfter(1));
        let chat = 9502;
        let (_, step_one) = press_first(&fake, chat, "ra2");
        fake.wait_until(Duration::from_secs(20), "the press answered", |v| {
            let shown = v.sent_to(chat);
            (shown.len() >= 2 || shown[0].html != step_one).then_some(())
        });
    });
}

#[test]
fn a_token_revoked_while_polling_stops_the_runner_cleanly_without_the_token() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store,
    ));
    let rt = runtime();
    let stop = CancellationToken::new();
    let telegram = Telegram::new(config(&fake)).unwrap();
    let running = rt.spawn({
        let stop = stop.clone();
        async move { telegram.run(core, stop).await }
    });
    fake.wait_for_polling(1);
    let chat = 9601;
    fake.push(said(dm(chat), person(chat), 1, "/gpu 4090"));
    fake.wait_for_messages(chat, 1);
    // The token is revoked in @BotFather: every call now answers 401.
    fake.fail_always(
        "getUpdates",
        Some(Failure::Status(401, "Unauthorized".into())),
    );
    let before = fake.count_of("getUpdates");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !running.is_finished() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    let polls = fake.count_of("getUpdates") - before;
    stop.cancel();
    let result = rt.block_on(running).unwrap();
    let e = result.expect_err("a revoked token ends the runner with an error");
    let shown = format!("{e} {e:?}");
    let secret = TOKEN.split(':').next_back().unwrap();
    assert!(!shown.contains(secret), "{shown}");
    assert!(
        shown.contains("401") || shown.to_lowercase().contains("token"),
        "{shown}"
    );
    assert!(polls <= 5, "{polls} polls after the token was refused");
}

#[test]
fn a_command_whose_words_follow_a_line_break_or_a_tab_and_odd_senders_are_read() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        // Phones put the argument on the next line as often as after a space.
        fake.push(said(dm(9701), person(9701), 1, "/gpu\n4090"));
        fake.push(said(dm(9702), person(9702), 2, "/gpu\t a100"));
        let g = -1_009_700_000_001_i64;
        let text = format!("/gpu@{BOT_USERNAME}\nh100");
        fake.push(said(supergroup(g), person(9703), 3, &text));
        // A chat type newer than the code, and a group message with no `from` at all.
        fake.push(json!({"message": {"message_id": 4, "date": DATE,
            "chat": {"id": 9704, "type": "future_kind", "title": "?"},
            "from": person(9704), "text": "/gpu l4", "entities": entities("/gpu l4")}}));
        let g2 = -1_009_700_000_002_i64;
        fake.push(json!({"message": {"message_id": 5, "date": DATE,
            "chat": supergroup(g2), "text": "/gpu l4", "entities": entities("/gpu l4")}}));
        // A text of nothing but slashes, as long as Telegram allows.
        fake.push(said(dm(9705), person(9705), 6, &"/".repeat(4096)));
        let last = fake.push(said(dm(9706), person(9706), 7, "/gpu l40s"));
        for (chat, card) in [(9701, "4090"), (9702, "A100"), (g, "H100"), (9706, "L40S")] {
            let got = fake.wait_for_messages(chat, 1);
            assert!(
                strip_html(&got[0].html).contains(card),
                "{chat}: {}",
                got[0].html
            );
        }
        settle(&fake, last);
        for chat in [9701, 9702, g, 9705, 9706] {
            assert!(
                fake.sent_to(chat).len() <= 1,
                "{chat}: {}",
                words(&fake, chat)
            );
        }
    });
}

#[test]
fn control_characters_and_an_empty_command_are_answered_or_passed_over_without_a_stall() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        fake.push(said(dm(9801), person(9801), 1, "/gpu \u{0}4090\u{7}"));
        fake.push(said(dm(9802), person(9802), 2, "/"));
        fake.push(said(
            dm(9803),
            person(9803),
            3,
            &format!("/@{BOT_USERNAME}"),
        ));
        let last = fake.push(said(dm(9804), person(9804), 4, "/gpu\u{85}h100"));
        let got = fake.wait_for_messages(9801, 1);
        assert!(strip_html(&got[0].html).contains("4090"), "{}", got[0].html);
        assert!(!got[0].html.contains('\u{0}'), "a NUL sent back");
        let got = fake.wait_for_messages(9804, 1);
        assert!(!got[0].html.is_empty());
        settle(&fake, last);
        for chat in [9802, 9803] {
            assert!(fake.sent_to(chat).len() <= 1, "{}", words(&fake, chat));
        }
    });
}
