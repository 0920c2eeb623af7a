//! QA round 26 (wire26): Telegram shapes written from the Bot API's pages before any was run.
//! `forward_origin`: a forwarded message's words were written by someone else (its origin),
//! and the forwarder (`from`) is the one who sent it to this chat. In a private chat, a person
//! forwarding a question to the bot asks it (answered to the forwarder, in their language);
//! our own answer forwarded back asks nothing. In a group, a forward shows the group someone
//! else's words: its `/command` or `@us` addressed another chat, not us (Discord's rule for
//! a forward in a server, rounds 9–10), also when the message holds a field newer than
//! teloxide (read again with only the fields used). Channels: a post has no `from`, and a
//! press under one has `from` = the presser, a reader unless they are one of its
//! administrators (`getChatMember`): a reader's press makes the bot post nothing in the
//! channel; an administrator's press acts as the channel (whose `/pick` it is).
//! `answerCallbackQuery` answered 429 `retry_after`: the spinner is no reason to hold the
//! press's answer. `is_from_offline` (a scheduled message) is the person's own. A press in a
//! forum topic whose owner is unknown answers in the topic (`message_thread_id`). Fed to the
//! real runner in-process on the loopback fake; nothing asserts a duration.

use super::wire_round8::settle;
use super::wire_round20::{batch, command, with_runner};
use super::wire_round24::{person, units, us};
use gpuscout_testkit::fake_telegram::{
    BOT_USERNAME, Chat, Failure, FakeTelegram, Person, strip_html,
};
use serde_json::{Value, json};
use std::time::Duration;

const DATE: i64 = 1_765_200_000;
const GROUP: i64 = -1_001_200_000_026;

fn group() -> Value {
    json!({"id": GROUP, "type": "supergroup", "title": "GPU lab 26"})
}

fn private(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "P"})
}

/// A message forwarded into `chat` by `from`, first written by `origin` (a `MessageOrigin`).
fn forwarded(
    chat: Value,
    id: i64,
    from: Value,
    origin: Value,
    text: &str,
    entities: Value,
) -> Value {
    json!({"message": {"message_id": id, "date": DATE, "chat": chat, "from": from,
        "forward_origin": origin, "text": text, "entities": entities}})
}

fn asked(fake: &FakeTelegram, qid: &str) -> usize {
    fake.calls_of("answerCallbackQuery")
        .into_iter()
        .filter(|c| c.params["callback_query_id"] == qid)
        .count()
}

/// Cases 1–2, in private chats. 1: Bob (zh) forwards Alice's question (`forward_origin`
/// user Alice, en) to the bot: answered once, to Bob, in Chinese. 2: Cleo forwards the bot's
/// own answer back (`forward_origin` user = us): nothing is answered (our words ask
/// nothing); her next question is.
#[test]
fn a_question_forwarded_to_the_bot_is_the_forwarders_and_our_own_words_ask_nothing() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let bob = 26_001_i64;
        let alice = json!({"id": 26_002, "is_bot": false, "first_name": "Alice",
            "language_code": "en"});
        let from_bob = json!({"id": bob, "is_bot": false, "first_name": "Bob",
            "language_code": "zh-hans"});
        let origin = json!({"type": "user", "sender_user": alice, "date": DATE - 600});
        let last = batch(
            &fake,
            vec![forwarded(
                private(bob),
                1,
                from_bob,
                origin,
                "H100 多少钱一小时",
                json!([]),
            )],
        );
        let sent = fake.wait_for_messages(bob, 1);
        settle(&fake, last);
        let said: Vec<String> = fake
            .sent_to(bob)
            .iter()
            .map(|s| strip_html(&s.html))
            .collect();
        assert_eq!(said.len(), 1, "case 1: {said:#?}");
        let zh = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
        assert!(zh(&strip_html(&sent[0].html)), "case 1: {said:#?}");

        let cleo = 26_003_i64;
        batch(
            &fake,
            vec![command(
                private(cleo),
                1,
                person(cleo, "Cleo"),
                None,
                "/gpu 4090",
            )],
        );
        let ours = strip_html(&fake.wait_for_messages(cleo, 1)[0].html);
        let origin = json!({"type": "user", "sender_user": us(), "date": DATE});
        batch(
            &fake,
            vec![forwarded(
                private(cleo),
                2,
                person(cleo, "Cleo"),
                origin,
                &ours,
                json!([]),
            )],
        );
        let last = batch(
            &fake,
            vec![command(
                private(cleo),
                3,
                person(cleo, "Cleo"),
                None,
                "/gpu a100",
            )],
        );
        fake.wait_for_messages(cleo, 2);
        settle(&fake, last);
        let said: Vec<String> = fake
            .sent_to(cleo)
            .iter()
            .map(|s| strip_html(&s.html))
            .collect();
        assert_eq!(said.len(), 2, "case 2: {said:#?}");
        assert!(said[1].contains("A100"), "case 2: {said:#?}");
    });
}

/// Cases 3–5, in a supergroup. 3: a forward of someone's `/gpu h100` (a `bot_command`
/// entity, origin a hidden user); 4: a forward of Carol's `@us 4090 price?` (a `mention`
/// entity); 5: the same with a `date_time` entity (newer than teloxide: read with only the
/// fields used): none is answered. A member's own question after them is.
#[test]
fn a_forward_in_a_group_addresses_no_one_here() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let at = format!("@{BOT_USERNAME}");
        let carol = json!({"type": "user", "date": DATE - 60,
            "sender_user": {"id": 26_013, "is_bot": false, "first_name": "Carol"}});
        let hidden = json!({"type": "hidden_user", "sender_user_name": "Dan", "date": DATE - 60});
        let mention = format!("{at} 4090 price?");
        let newer = format!("{at} h100 on 2026-12-01");
        let date_at = newer.find("2026").unwrap();
        let updates = vec![
            forwarded(
                group(),
                2601,
                person(26_011, "Ann"),
                hidden,
                "/gpu h100",
                json!([{"type": "bot_command", "offset": 0, "length": 4}]),
            ),
            forwarded(
                group(),
                2602,
                person(26_012, "Bo"),
                carol.clone(),
                &mention,
                json!([{"type": "mention", "offset": 0, "length": units(&at)}]),
            ),
            forwarded(
                group(),
                2603,
                person(26_012, "Bo"),
                carol,
                &newer,
                json!([{"type": "mention", "offset": 0, "length": units(&at)},
                    {"type": "date_time", "offset": units(&newer[..date_at]), "length": 10,
                        "unix_time": 1_796_083_200}]),
            ),
        ];
        batch(&fake, updates);
        let last = batch(
            &fake,
            vec![command(
                group(),
                2604,
                person(26_014, "Sam"),
                None,
                "/gpu a100",
            )],
        );
        fake.wait_for_messages(GROUP, 1);
        settle(&fake, last);
        let to: Vec<Option<i64>> = fake.sent_to(GROUP).iter().map(|s| s.reply_to).collect();
        for (case, id) in [(3, 2601), (4, 2602), (5, 2603)] {
            assert!(!to.contains(&Some(id)), "case {case}: answered: {to:?}");
        }
        assert!(
            to.contains(&Some(2604)),
            "the member's own question: {to:?}"
        );
    });
}

fn channel() -> Chat {
    Chat::Channel {
        id: -1_001_300_000_026,
        title: "GPU deals 26".into(),
    }
}

/// Cases 6–8, in a channel where the bot is an administrator and Ada (26_021) is one too;
/// Rex (26_022) is a reader. The channel posted `/gpu 4090` and `/pick`. 6: Rex's press of a
/// command line under the channel's answer posts nothing in the channel, and his spinner is
/// told why (a text). 7: Rex's press of a `/pick` step leaves the step as it was. 8: Ada's
/// press of the same step moves the channel's `/pick` on (the step message is edited).
#[test]
fn a_readers_press_in_a_channel_posts_nothing_and_an_admins_acts_for_the_channel() {
    let fake = FakeTelegram::start();
    // As `serve` wires it: the admin check asks Telegram (`getChatMember`).
    super::wire_shapes::with_runner(&fake, || {
        let ch = channel();
        let (ada, rex) = (
            Person::new(26_021, "Ada", Some("en")),
            Person::new(26_022, "Rex", Some("en")),
        );
        fake.set_admins(&ch, &[ada.id]);
        fake.channel_post(&ch, "/gpu 4090");
        let answer = fake.wait_for_messages(ch.id(), 1)[0].clone();
        fake.channel_post(&ch, "/pick");
        let step = fake.wait_for_messages(ch.id(), 2)[1].clone();
        let data = step
            .buttons
            .first()
            .map(|b| b.1.clone())
            .expect("a /pick step");

        let q = fake.press(&ch, &rex, answer.message_id, "v1|run:/gpu h100");
        fake.wait_for_call("answerCallbackQuery", |c| {
            c.params["callback_query_id"] == q
        });
        let q2 = fake.press(&ch, &rex, step.message_id, &data);
        fake.wait_for_call("answerCallbackQuery", |c| {
            c.params["callback_query_id"] == q2
        });
        let last = fake.channel_post(&ch, "weekly digest follows");
        settle(&fake, last);
        let now = fake.sent_to(ch.id());
        assert_eq!(
            now.len(),
            2,
            "case 6: {:#?}",
            now.iter().map(|s| &s.html).collect::<Vec<_>>()
        );
        let told = fake
            .calls_of("answerCallbackQuery")
            .into_iter()
            .find(|c| c.params["callback_query_id"] == q)
            .map(|c| c.params["text"].as_str().unwrap_or("").to_string());
        assert!(
            told.is_some_and(|t| !t.is_empty()),
            "case 6: the spinner is told"
        );
        assert_eq!(
            (now[1].html.as_str(), now[1].edits),
            (step.html.as_str(), 0),
            "case 7"
        );

        fake.press(&ch, &ada, step.message_id, &data);
        let moved = fake.wait_until(Duration::from_secs(20), "the step edited", |v| {
            let s = v.sent_to(ch.id());
            s.iter()
                .find(|m| m.message_id == step.message_id && m.edits > 0)
                .map(|m| m.html.clone())
        });
        assert_ne!(moved, step.html, "case 8");
    });
}

/// A press in private chat `pid` on the bot's message `carrier`.
fn private_press(id: &str, pid: i64, carrier: i64, data: &str) -> Value {
    json!({"callback_query": {"id": id, "from": person(pid, "Gus"), "chat_instance": "-2626",
        "data": data, "message": {"message_id": carrier, "date": DATE, "chat": private(pid),
            "from": us(), "text": "RTX 4090"}}})
}

/// The index in the call log of the first call of `method` after `from` matching `pred`.
fn first_after(
    fake: &FakeTelegram,
    from: usize,
    method: &str,
    pred: impl Fn(&Value) -> bool,
) -> Option<usize> {
    fake.calls()
        .iter()
        .enumerate()
        .skip(from)
        .find(|(_, c)| c.method == method && pred(&c.params))
        .map(|(i, _)| i)
}

/// Cases 9–10: `answerCallbackQuery` answered 429 (`retry_after`). 9: with `retry_after` 3,
/// the press's answer (the H100, edited in) comes before the spinner is asked again, if it
/// is; 10: with `retry_after` 60 (past a query's life), the answer still comes and the
/// spinner is not asked again.
#[test]
fn a_429_on_the_spinner_holds_up_no_answer() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        for (case, pid, after) in [(9, 26_031_i64, 3_u64), (10, 26_032, 60)] {
            batch(
                &fake,
                vec![command(
                    private(pid),
                    1,
                    person(pid, "Gus"),
                    None,
                    "/gpu 4090",
                )],
            );
            let carrier = fake.wait_for_messages(pid, 1)[0].message_id;
            let from = fake.calls().len();
            fake.fail_next("answerCallbackQuery", Failure::RetryAfter(after));
            let qid = format!("cq-26-{case}");
            batch(
                &fake,
                vec![private_press(&qid, pid, carrier, "v1|run:/gpu h100")],
            );
            fake.wait_until(Duration::from_secs(20), "the H100 answer", |v| {
                v.sent_to(pid)
                    .iter()
                    .any(|s| strip_html(&s.html).contains("H100"))
                    .then_some(())
            });
            let answered = first_after(&fake, from, "editMessageText", |_| true)
                .or_else(|| first_after(&fake, from, "sendMessage", |p| p["chat_id"] == pid));
            let second_spin = first_after(&fake, from, "answerCallbackQuery", |p| {
                p["callback_query_id"] == qid.as_str()
            })
            .and_then(|first| {
                first_after(&fake, first + 1, "answerCallbackQuery", |p| {
                    p["callback_query_id"] == qid.as_str()
                })
            });
            if case == 9 {
                assert!(
                    second_spin.is_none_or(|s| answered.is_some_and(|a| a < s)),
                    "case 9: answer at {answered:?}, second spinner at {second_spin:?}"
                );
            } else {
                assert_eq!(asked(&fake, &qid), 1, "case 10");
            }
        }
    });
}

/// Case 11: a scheduled message (`is_from_offline`, sent by Telegram at the time the person
/// chose) is the person's own question: answered.
#[test]
fn a_scheduled_question_is_answered() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let pid = 26_041_i64;
        let mut m = command(private(pid), 1, person(pid, "Ola"), None, "/gpu h100");
        m["message"]["is_from_offline"] = json!(true);
        batch(&fake, vec![m]);
        let sent = fake.wait_for_messages(pid, 1);
        assert!(strip_html(&sent[0].html).contains("H100"), "case 11");
    });
}

/// Case 12: in a forum, Alice asked `/gpu 4090` in topic 77 and deleted her question; Bob
/// presses a command line on the answer (which now "replies" to the topic's root). The owner
/// is unknown, so Bob's answer is a message of its own, and it goes in topic 77
/// (`message_thread_id`), not in General.
#[test]
fn a_press_answered_apart_in_a_forum_topic_stays_in_the_topic() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let forum = json!({"id": GROUP - 1, "type": "supergroup", "title": "GPU forum 26",
            "is_forum": true});
        let mut ask = command(
            forum.clone(),
            2611,
            person(26_051, "Alice"),
            None,
            "/gpu 4090",
        );
        ask["message"]["message_thread_id"] = json!(77);
        ask["message"]["is_topic_message"] = json!(true);
        batch(&fake, vec![ask]);
        let first = fake.wait_for_messages(GROUP - 1, 1)[0].clone();
        let root = json!({"message_id": 77, "date": DATE - 3600, "chat": forum.clone(),
            "from": person(26_050, "Opener"), "message_thread_id": 77,
            "forum_topic_created": {"name": "rent", "icon_color": 7_322_096}});
        let press = json!({"callback_query": {"id": "cq-26-topic", "from": person(26_052, "Bob"),
            "chat_instance": "-2627", "data": "v1|run:/gpu h100",
            "message": {"message_id": first.message_id, "date": DATE, "chat": forum,
                "from": us(), "text": strip_html(&first.html), "message_thread_id": 77,
                "is_topic_message": true, "reply_to_message": root}}});
        let last = batch(&fake, vec![press]);
        fake.wait_for_messages(GROUP - 1, 2);
        settle(&fake, last);
        let sends = fake.calls_of("sendMessage");
        let h100 = sends
            .iter()
            .find(|c| {
                c.params["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("H100"))
            })
            .expect("case 12: Bob's answer");
        assert_eq!(
            h100.params["message_thread_id"], 77,
            "case 12: {}",
            h100.params
        );
    });
}
