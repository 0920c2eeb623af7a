//! QA round 13 (wire11): Bot API shapes written from core.telegram.org/bots/api before they
//! were run, for what rounds 8–12 left out: the bot removed from a group and added back
//! (`my_chat_member`: `left`/`kicked`, then `member`; the group's alerts stop, are kept and
//! come back, its admin told once); a command addressed to another bot (`/fit@OtherBot`) as a
//! reply to our own message and in a forum topic (not ours: silent), and our answer in a
//! topic (`message_thread_id` on every part); a press whose `answerCallbackQuery` is refused
//! as too old ("query is too old and response timeout expired or query ID is invalid", what
//! Telegram answers for a query past its time) still shows its answer; a 429 `retry_after`
//! and a `migrate_to_chat_id` refusal in the middle of a long answer (every part arrives
//! once, in order, at the right chat); and the bot muted in a group ("not enough rights to
//! send text messages"): the asker is told privately, once, in their language, when
//! Telegram lets the bot write to them.

use super::telegram_sender::{config, runtime};
use super::wire_round8::{settle, words};
use super::wire_round9::press_first;
use super::wire_shapes::{with_core, with_runner};
use gpuscout_telegram::Telegram;
use gpuscout_testkit::fake_telegram::{
    BOT_ID, BOT_USERNAME, Call, Chat, Failure, FakeTelegram, strip_html,
};
use serde_json::{Value, json};

pub(super) const DATE: i64 = 1_765_300_000;

pub(super) fn person(id: i64, lang: &str) -> Value {
    json!({"id": id, "is_bot": false, "first_name": "Wen", "language_code": lang})
}

pub(super) fn group(id: i64) -> Value {
    json!({"id": id, "type": "group", "title": "Lab"})
}

/// A message from `from` in `chat` whose text starts with a command (its entity marked).
pub(super) fn said(chat: Value, from: Value, id: i64, text: &str) -> Value {
    let len = text.split(' ').next().unwrap().encode_utf16().count();
    json!({"message": {"message_id": id, "date": DATE, "chat": chat, "from": from,
        "text": text, "entities": [{"type": "bot_command", "offset": 0, "length": len}]}})
}

/// Whether a call was for `chat` (teloxide writes the id as a number or a string).
pub(super) fn to_chat(c: &Call, chat: i64) -> bool {
    let id = &c.params["chat_id"];
    id.as_i64().or_else(|| id.as_str()?.parse().ok()) == Some(chat)
}

fn us() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "GPU Scout", "username": BOT_USERNAME})
}

/// `my_chat_member` for the bot itself in `chat`: `old` → `new` (Bot API statuses; a banned
/// member, `kicked`, always carries `until_date`).
fn membership(chat: &Value, from: &Value, old: &str, new: &str) -> Value {
    let status = |s: &str| {
        let mut m = json!({"user": us(), "status": s});
        if s == "kicked" {
            m["until_date"] = json!(0);
        }
        m
    };
    json!({"my_chat_member": {"chat": chat, "from": from, "date": DATE,
        "old_chat_member": status(old), "new_chat_member": status(new)}})
}

#[test]
fn a_bot_removed_from_a_group_keeps_its_alerts_paused_tells_once_and_resumes_when_back() {
    let fake = FakeTelegram::start();
    let (gid, boss) = (-5_130_001_i64, 5_130_002_i64);
    fake.set_admins(
        &Chat::Group {
            id: gid,
            title: "Lab".into(),
        },
        &[boss],
    );
    with_core(&fake, |core| {
        let (g, b) = (group(gid), person(boss, "en"));
        fake.push(said(g.clone(), b.clone(), 1, "/subscribe h100"));
        fake.push(said(g.clone(), b.clone(), 2, "/subscribe 4090"));
        fake.wait_for_messages(gid, 2);
        // 1. Removed, then banned on top: the alerts stop at once.
        fake.push(membership(&g, &b, "member", "left"));
        let last = fake.push(membership(&g, &b, "left", "kicked"));
        settle(&fake, last);
        let queued = bot_core::alerts::outbox::pending(&core.store, 100).unwrap();
        let told: Vec<_> = queued
            .iter()
            .filter(|q| q.chat == boss.to_string())
            .collect();
        // 2. Whoever set them is told once, not once per update.
        assert_eq!(told.len(), 1, "{queued:#?}");
        assert!(
            queued.iter().all(|q| q.chat != gid.to_string()),
            "an alert still queued for the group: {queued:#?}"
        );
        // 3. Added back (unbanned and invited): its alerts are there again.
        fake.push(membership(&g, &b, "kicked", "left"));
        fake.push(membership(&g, &b, "left", "member"));
        fake.push(said(g.clone(), b.clone(), 3, "/subs"));
        let got = fake.wait_for_messages(gid, 3);
        let listed = strip_html(&got[2].html);
        assert!(
            listed.contains("#1") && listed.contains("#2") && listed.contains("H100"),
            "{listed}"
        );
    });
}

#[test]
fn commands_for_another_bot_are_silent_even_replying_to_us_and_topic_answers_stay_in_the_topic() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let gid = -5_130_101_i64;
        let kai = person(5_130_102, "en");
        // Our answer in the group, which Kai then replies to.
        fake.push(said(
            group(gid),
            kai.clone(),
            1,
            &format!("/gpu@{BOT_USERNAME} 4090"),
        ));
        let ours = fake.wait_for_messages(gid, 1);
        // 1. `/fit@OtherBot …` replying to our message: for the other bot.
        let mut reply = said(
            group(gid),
            kai.clone(),
            2,
            "/fit@OtherGpuBot qwen2.5-7b 4090",
        );
        reply["message"]["reply_to_message"] = json!({"message_id": ours[0].message_id,
            "date": DATE, "chat": group(gid), "from": us(), "text": "RTX 4090"});
        fake.push(reply);
        // 2. The same in a forum topic, and 3. our own command there: answered in the topic.
        let forum = -1_005_130_103_i64;
        let topic_chat =
            json!({"id": forum, "type": "supergroup", "title": "GPU club", "is_forum": true});
        let mut other = said(
            topic_chat.clone(),
            kai.clone(),
            10,
            "/fit@OtherGpuBot qwen2.5-7b",
        );
        other["message"]["message_thread_id"] = json!(77);
        other["message"]["is_topic_message"] = json!(true);
        fake.push(other);
        let mut ours_in_topic = said(
            topic_chat,
            kai.clone(),
            11,
            &format!("/compare@{BOT_USERNAME} h100 3h"),
        );
        ours_in_topic["message"]["message_thread_id"] = json!(77);
        ours_in_topic["message"]["is_topic_message"] = json!(true);
        let last = fake.push(ours_in_topic);
        settle(&fake, last);
        assert_eq!(fake.sent_to(gid).len(), 1, "{}", words(&fake, gid));
        let in_forum: Vec<Value> = fake
            .calls_of("sendMessage")
            .into_iter()
            .filter(|c| to_chat(c, forum))
            .map(|c| c.params)
            .collect();
        assert!(
            !in_forum.is_empty(),
            "our command in the topic was not answered"
        );
        assert!(
            in_forum.iter().all(|p| p["message_thread_id"] == 77),
            "{in_forum:#?}"
        );
        let text = words(&fake, forum);
        assert!(text.to_lowercase().contains("h100"), "{text}");
        assert!(!text.to_lowercase().contains("qwen"), "{text}");
    });
}

#[test]
fn a_press_whose_callback_answer_is_refused_as_too_old_still_shows_its_answer() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let chat = 5_130_201_i64;
        fake.fail_next(
            "answerCallbackQuery",
            Failure::Status(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid"
                    .into(),
            ),
        );
        let (message, before) = press_first(&fake, chat, "cq-old-13");
        let shown = fake.wait_until(
            std::time::Duration::from_secs(20),
            "the press's answer",
            |v| {
                v.sent_to(chat)
                    .into_iter()
                    .find(|s| s.message_id != message || s.html != before)
            },
        );
        assert!(!strip_html(&shown.html).is_empty());
        // Refused for good: asked once, never again and again.
        std::thread::sleep(std::time::Duration::from_millis(500));
        let asked = fake
            .calls_of("answerCallbackQuery")
            .iter()
            .filter(|c| c.params["callback_query_id"] == "cq-old-13")
            .count();
        assert_eq!(asked, 1);
    });
}

/// A text of three messages' worth (Telegram's 4096 per message), each line numbered.
fn long_text() -> String {
    (1..=300)
        .map(|i| format!("line {i:03} {}", "x".repeat(30)))
        .collect::<Vec<_>>()
        .join("\n")
}

fn lines_in_order(fake: &FakeTelegram, chat: i64) -> Vec<u32> {
    fake.sent_to(chat)
        .iter()
        .flat_map(|s| {
            strip_html(&s.html)
                .lines()
                .filter_map(|l| l.strip_prefix("line ")?.get(..3)?.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

#[test]
fn a_429_or_a_migration_in_the_middle_of_a_long_answer_delivers_every_part_once_in_order() {
    let fake = FakeTelegram::start();
    let tg = Telegram::new(config(&fake)).unwrap();
    let sender = tg.sender();
    let rt = runtime();
    // 1. The second of three parts refused with 429 retry_after 1.
    let chat = 5_130_301_i64;
    fake.fail_every("sendMessage", 2, vec![Failure::RetryAfter(1)]);
    rt.block_on(sender.send_text(chat, &long_text())).unwrap();
    fake.fail_every("sendMessage", 0, vec![]);
    let want: Vec<u32> = (1..=300).collect();
    assert_eq!(lines_in_order(&fake, chat), want);
    assert!(fake.sent_to(chat).len() >= 3);
    // 2. The group upgraded to a supergroup as the first part goes: every part at the new id.
    let (old, new) = (-5_130_302_i64, -1_005_130_302_i64);
    fake.fail_next("sendMessage", Failure::Migrated(new));
    let _ = rt.block_on(sender.send_text(old, &long_text()));
    assert!(fake.sent_to(old).is_empty());
    assert_eq!(lines_in_order(&fake, new), want);
}

#[test]
fn muted_in_a_group_the_asker_is_told_privately_once_in_their_language() {
    let fake = FakeTelegram::start();
    with_runner(&fake, || {
        let gid = -5_130_401_i64;
        let (mei, kai) = (5_130_402_i64, 5_130_403_i64);
        let muted = Failure::Status(
            400,
            "Bad Request: not enough rights to send text messages to the chat".into(),
        );
        fake.fail_chat(gid, Some(muted));
        // Kai never started the bot: Telegram refuses the private message.
        fake.fail_chat(
            kai,
            Some(Failure::Status(
                403,
                "Forbidden: bot can't initiate conversation with a user".into(),
            )),
        );
        fake.push(said(group(gid), person(mei, "zh-hans"), 1, "/gpu 4090"));
        fake.push(said(group(gid), person(mei, "zh-hans"), 2, "/gpu h100"));
        let last = fake.push(said(group(gid), person(kai, "en"), 3, "/gpu a100"));
        settle(&fake, last);
        std::thread::sleep(std::time::Duration::from_millis(800));
        let told = fake.sent_to(mei);
        assert_eq!(told.len(), 1, "{}", words(&fake, mei));
        let text = strip_html(&told[0].html);
        assert!(
            text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{text}"
        );
        assert!(
            text.contains("Lab") || text.contains(&gid.to_string()),
            "{text}"
        );
        let to_kai = fake
            .calls_of("sendMessage")
            .iter()
            .filter(|c| to_chat(c, kai))
            .count();
        assert!(to_kai <= 1, "asked {to_kai} times");
    });
}
