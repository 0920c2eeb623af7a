//! QA round 25 (wire25): Telegram shapes written from the Bot API's pages before any was run.
//! Entities: a `mention` is what Telegram marks so; the words of a `code` or `pre` span and a
//! `text_link`'s words are no mention (Telegram marks nothing inside them, and a `text_link`
//! whose words are `@us` points wherever its `url` says), also when the message holds an
//! entity newer than teloxide (read again with only the fields used). A press on a button of
//! an answer whose question is gone: the owner is unknown, so a press that acts for the
//! presser (a command line) answers the presser and leaves the message, someone else's
//! answer, as it was. `CallbackQuery`: `data` is optional (a game's button carries
//! `game_short_name` instead), and every press must be answered (`answerCallbackQuery`).
//! `editMessageText` on a message with no text (a photo: the chart) is refused with "there
//! is no text in the message to edit". Fed to the real runner in-process on the loopback
//! fake; nothing asserts a duration.

use super::wire_round8::settle;
use super::wire_round20::{batch, command, with_runner};
use super::wire_round24::{person, units, us};
use gpuscout_testkit::fake_telegram::{BOT_USERNAME, Failure, FakeTelegram, strip_html};
use serde_json::{Value, json};

const DATE: i64 = 1_765_100_000;
const GROUP: i64 = -1_001_200_000_025;

fn group() -> Value {
    json!({"id": GROUP, "type": "supergroup", "title": "GPU lab 25"})
}

/// The entity of `kind` over the first `part` of `text` (UTF-16 offsets), with `more` fields.
fn over(text: &str, part: &str, kind: &str, more: Value) -> Value {
    let byte = text.find(part).unwrap();
    let mut e = json!({"type": kind, "offset": units(&text[..byte]), "length": units(part)});
    if let (Some(e), Some(m)) = (e.as_object_mut(), more.as_object()) {
        e.extend(m.clone());
    }
    e
}

fn group_text(id: i64, from: Value, text: &str, entities: Vec<Value>) -> Value {
    json!({"message": {"message_id": id, "date": DATE, "chat": group(), "from": from,
        "text": text, "entities": entities}})
}

/// A message in the group answered after the ones under test, so they have all been read.
fn sentinel(fake: &FakeTelegram, id: i64) -> i64 {
    batch(
        fake,
        vec![command(
            group(),
            id,
            person(25_099, "Sam"),
            None,
            "/gpu a100",
        )],
    )
}

/// Cases 1–5, in a group with privacy mode off (every message comes to the bot). 1: `@us`
/// shown as code (`code` entity over it) in a sentence about the bot; 2: a `pre` block that
/// starts with `@us 4090`; 3: a `text_link` whose words are `@us` and whose `url` is a web
/// page: none is a mention, none is answered. 4: the same code span in a message that also
/// carries a `date_time` entity (newer than teloxide: read with only the fields used): not
/// answered either. 5: a real `mention` beside a code span is answered, quoting it.
#[test]
fn mentions_inside_code_pre_or_a_text_link_are_no_mentions() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let at = format!("@{BOT_USERNAME}");
        let code = format!("type {at} h100 in a group to ask it");
        let pre = format!("{at} 4090\n(that is how the bot reads it)");
        let link = format!("docs: {at} explained");
        let newer = format!("see {at} h100 on 2026-12-01");
        let real = format!("{at} which is cheaper, `{at} 4090` or a100?");
        let updates = vec![
            group_text(
                2501,
                person(25_001, "Ann"),
                &code,
                vec![over(&code, &format!("{at} h100"), "code", json!({}))],
            ),
            group_text(
                2502,
                person(25_002, "Bo"),
                &pre,
                vec![over(&pre, &pre, "pre", json!({"language": "text"}))],
            ),
            group_text(
                2503,
                person(25_003, "Cy"),
                &link,
                vec![over(
                    &link,
                    &at,
                    "text_link",
                    json!({"url": "https://example.com/gpu-scout"}),
                )],
            ),
            group_text(
                2504,
                person(25_004, "Di"),
                &newer,
                vec![
                    over(&newer, &format!("{at} h100"), "code", json!({})),
                    over(
                        &newer,
                        "2026-12-01",
                        "date_time",
                        json!({"unix_time": 1_796_083_200}),
                    ),
                ],
            ),
            group_text(
                2505,
                person(25_005, "Ed"),
                &real,
                vec![
                    json!({"type": "mention", "offset": 0, "length": units(&at)}),
                    over(&real, &format!("{at} 4090"), "code", json!({})),
                ],
            ),
        ];
        batch(&fake, updates);
        let last = sentinel(&fake, 2506);
        fake.wait_for_messages(GROUP, 2);
        settle(&fake, last);
        let sent = fake.sent_to(GROUP);
        let to: Vec<Option<i64>> = sent.iter().map(|s| s.reply_to).collect();
        for (case, id) in [(1, 2501), (2, 2502), (3, 2503), (4, 2504)] {
            assert!(!to.contains(&Some(id)), "case {case}: answered: {to:?}");
        }
        assert!(to.contains(&Some(2505)), "case 5: {to:?}");
    });
}

/// A press by `from` on the bot's message `carrier` in the group, quoting nothing (the
/// question it answered was deleted).
fn press_on(id: &str, from: Value, carrier: i64, text: &str, data: &str) -> Value {
    json!({"callback_query": {"id": id, "from": from, "chat_instance": "-2525",
        "data": data, "message": {"message_id": carrier, "date": DATE, "chat": group(),
            "from": us(), "text": text}}})
}

/// Cases 6–8. Alice asked `/gpu 4090` and deleted her question; the bot's answer now quotes
/// nothing. Bob presses a command line on it (`/gpu h100`): the owner is unknown and the
/// line acts for whoever presses. 6: Alice's answer is left as it was (no edit); 7: Bob is
/// answered (the H100) in a message of its own; 8: his spinner is answered once.
#[test]
fn a_command_line_pressed_on_an_answer_whose_question_is_gone_leaves_the_answer() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let alice = person(25_011, "Alice");
        batch(
            &fake,
            vec![command(group(), 2511, alice, None, "/gpu 4090")],
        );
        let first = fake.wait_for_messages(GROUP, 1);
        let (carrier, before) = (first[0].message_id, first[0].html.clone());
        let last = batch(
            &fake,
            vec![press_on(
                "cq-25-bob",
                person(25_012, "Bob"),
                carrier,
                &strip_html(&before),
                "v1|run:/gpu h100",
            )],
        );
        fake.wait_for_messages(GROUP, 2);
        settle(&fake, last);
        let now = fake.sent_to(GROUP);
        assert_eq!(
            (now[0].html.as_str(), now[0].edits),
            (before.as_str(), 0),
            "case 6"
        );
        let said: Vec<String> = now.iter().skip(1).map(|s| strip_html(&s.html)).collect();
        assert!(said.iter().any(|s| s.contains("H100")), "case 7: {said:#?}");
        let spins = fake
            .calls_of("answerCallbackQuery")
            .into_iter()
            .filter(|c| c.params["callback_query_id"] == "cq-25-bob")
            .count();
        assert_eq!(spins, 1, "case 8");
    });
}

/// Cases 9–10. 9: a press with no `data` (a game's button: `game_short_name`) is answered
/// (the spinner stops) and nothing is sent. 10: a press whose edit Telegram refuses with
/// "there is no text in the message to edit" (the carrier is a photo) still answers, as a
/// message of its own.
#[test]
fn a_press_without_data_or_on_a_message_without_text_is_still_answered() {
    let fake = FakeTelegram::start();
    with_runner(&fake, None, || {
        let pid = 25_021_i64;
        let private = json!({"id": pid, "type": "private", "first_name": "Gus"});
        let game = json!({"callback_query": {"id": "cq-25-game", "from": person(pid, "Gus"),
            "chat_instance": "-2526", "game_short_name": "gpu_race",
            "message": {"message_id": 1, "date": DATE, "chat": private.clone(), "from": us(),
                "text": "play"}}});
        let last = batch(&fake, vec![game]);
        settle(&fake, last);
        let spins = fake
            .calls_of("answerCallbackQuery")
            .into_iter()
            .filter(|c| c.params["callback_query_id"] == "cq-25-game")
            .count();
        assert_eq!(spins, 1, "case 9");
        assert!(fake.sent_to(pid).is_empty(), "case 9");
        let ask = json!({"message": {"message_id": 2, "date": DATE, "chat": private.clone(),
            "from": person(pid, "Gus"), "text": "/gpu 4090"}});
        batch(&fake, vec![ask]);
        let first = fake.wait_for_messages(pid, 1);
        fake.fail_next(
            "editMessageText",
            Failure::Status(
                400,
                "Bad Request: there is no text in the message to edit".into(),
            ),
        );
        let press = json!({"callback_query": {"id": "cq-25-photo", "from": person(pid, "Gus"),
            "chat_instance": "-2527", "data": "v1|run:/gpu h100",
            "message": {"message_id": first[0].message_id, "date": DATE, "chat": private,
                "from": us(), "photo": [{"file_id": "p1", "file_unique_id": "u1",
                "width": 800, "height": 400}], "caption": "price trend"}}});
        let last = batch(&fake, vec![press]);
        settle(&fake, last);
        let said: Vec<String> = fake
            .sent_to(pid)
            .iter()
            .map(|s| strip_html(&s.html))
            .collect();
        assert!(
            said.iter().any(|s| s.contains("H100")),
            "case 10: {said:#?}"
        );
    });
}
