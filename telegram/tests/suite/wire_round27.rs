//! QA round 27 (wire27): Telegram shapes written from the Bot API's pages before any was run.
//! `MessageOrigin`: `channel` (a post of a channel: its `chat` and `message_id`) and `chat`
//! (sent on behalf of a chat: a group's anonymous administrator, `sender_chat`). A forward
//! into a private chat is the forwarder's question (round 26), but one of the bot's own
//! posts in a channel it posts in, forwarded back, holds our words and asks nothing, while
//! that channel's own command post, forwarded, is a question. `ChatMemberAdministrator`'s
//! `can_post_messages` ("can post messages in the channel"; channels only): an administrator
//! without it may not post there, so a press of theirs under a channel answer must not post
//! or edit for them; one with it acts for the channel. HTML mode (`parse_mode: HTML`): every
//! `<`, `>` and `&` of user text in an answer is escaped, in a channel's answers too (the
//! fake refuses an unescaped one with 400 "can't parse entities"). Fed to the real runner
//! in-process on the loopback fake; nothing asserts a duration.

use super::wire_round8::settle;
use super::wire_round20::{batch, command};
use super::wire_round24::person;
use gpuscout_testkit::fake_telegram::{Chat, FakeTelegram, Person, strip_html};
use serde_json::{Value, json};
use std::time::Duration;

const DATE: i64 = 1_765_300_000;

fn private(id: i64) -> Value {
    json!({"id": id, "type": "private", "first_name": "P"})
}

fn channel(id: i64, title: &str) -> (Chat, Value) {
    (
        Chat::Channel {
            id,
            title: title.into(),
        },
        json!({"id": id, "type": "channel", "title": title}),
    )
}

/// A message forwarded into `pid`'s private chat, first written by `origin`.
fn forwarded(pid: i64, id: i64, origin: Value, text: &str, entities: Value) -> Value {
    json!({"message": {"message_id": id, "date": DATE, "chat": private(pid),
        "from": person(pid, "F"), "forward_origin": origin, "text": text,
        "entities": entities}})
}

fn said(fake: &FakeTelegram, chat: i64) -> Vec<String> {
    fake.sent_to(chat)
        .iter()
        .map(|s| strip_html(&s.html))
        .collect()
}

/// Cases 1–3, in private chats. The bot answers `/gpu 4090` and `/gpu h100` posted in a
/// channel. 1: Pia forwards the bot's 4090 answer (origin `channel`, its `message_id`): no
/// answer; her own `/gpu a100` after it is answered once. 2: Quin forwards the channel's own
/// `/gpu h100` post: answered to him (the H100). 3: Rae forwards a group's anonymous
/// administrator's `/gpu h100` (origin `chat`): answered to her.
#[test]
fn a_forward_from_a_channel_or_a_chat_in_a_private_chat() {
    let fake = FakeTelegram::start();
    super::wire_shapes::with_runner(&fake, || {
        let (ch, ch_json) = channel(-1_001_300_000_027, "GPU deals 27");
        fake.channel_post(&ch, "/gpu 4090");
        let ours = fake.wait_for_messages(ch.id(), 1)[0].clone();
        let post = fake.channel_post(&ch, "/gpu h100");
        fake.wait_for_messages(ch.id(), 2);
        let post_id = fake.message_of(post).expect("the channel's post");

        let (pia, quin, rae) = (27_001_i64, 27_002_i64, 27_003_i64);
        let cmd = json!([{"type": "bot_command", "offset": 0, "length": 4}]);
        batch(
            &fake,
            vec![
                forwarded(
                    pia,
                    1,
                    json!({"type": "channel", "chat": ch_json, "message_id": ours.message_id,
                        "date": DATE - 60}),
                    &strip_html(&ours.html),
                    json!([]),
                ),
                forwarded(
                    quin,
                    1,
                    json!({"type": "channel", "chat": ch_json, "message_id": post_id,
                        "date": DATE - 60}),
                    "/gpu h100",
                    cmd.clone(),
                ),
                forwarded(
                    rae,
                    1,
                    json!({"type": "chat", "date": DATE - 60, "author_signature": "Admin",
                        "sender_chat": {"id": -1_001_200_000_027_i64, "type": "supergroup",
                            "title": "GPU lab 27"}}),
                    "/gpu h100",
                    cmd,
                ),
            ],
        );
        let last = batch(
            &fake,
            vec![command(
                private(pia),
                2,
                person(pia, "Pia"),
                None,
                "/gpu a100",
            )],
        );
        fake.wait_for_messages(pia, 1);
        settle(&fake, last);
        let to_pia = said(&fake, pia);
        assert_eq!(to_pia.len(), 1, "case 1: {to_pia:#?}");
        assert!(to_pia[0].contains("A100"), "case 1: {to_pia:#?}");
        let to_quin = said(&fake, quin);
        assert!(
            to_quin.len() == 1 && to_quin[0].contains("H100"),
            "case 2: {to_quin:#?}"
        );
        let to_rae = said(&fake, rae);
        assert!(
            to_rae.len() == 1 && to_rae[0].contains("H100"),
            "case 3: {to_rae:#?}"
        );
    });
}

/// A channel administrator (`ChatMemberAdministrator`) with `can_post_messages` as given.
fn channel_admin(can_post: bool) -> Value {
    json!({"status": "administrator", "can_be_edited": false, "is_anonymous": false,
        "can_manage_chat": true, "can_delete_messages": true, "can_manage_video_chats": false,
        "can_restrict_members": true, "can_promote_members": false, "can_change_info": true,
        "can_invite_users": true, "can_post_stories": false, "can_edit_stories": false,
        "can_delete_stories": false, "can_post_messages": can_post,
        "can_edit_messages": true})
}

/// Cases 4–5, in a channel whose answer to `/gpu 4090` carries command lines. 4: Vic, an
/// administrator without `can_post_messages`, presses `/gpu h100`: nothing is posted or
/// edited in the channel and his spinner is told why. 5: Wes, one with it, presses the same:
/// the channel gets the H100 (a new post or the answer edited).
#[test]
fn a_channel_admin_without_the_right_to_post_presses_as_a_reader() {
    let fake = FakeTelegram::start();
    super::wire_shapes::with_runner(&fake, || {
        let (ch, _) = channel(-1_001_300_000_127, "GPU deals 27b");
        let (vic, wes) = (
            Person::new(27_011, "Vic", Some("en")),
            Person::new(27_012, "Wes", Some("en")),
        );
        fake.set_member(&ch, vic.id, channel_admin(false));
        fake.set_member(&ch, wes.id, channel_admin(true));
        fake.channel_post(&ch, "/gpu 4090");
        let answer = fake.wait_for_messages(ch.id(), 1)[0].clone();

        let q = fake.press(&ch, &vic, answer.message_id, "v1|run:/gpu h100");
        fake.wait_for_call("answerCallbackQuery", |c| {
            c.params["callback_query_id"] == q
        });
        let last = fake.channel_post(&ch, "weekly digest follows");
        settle(&fake, last);
        let now = fake.sent_to(ch.id());
        assert!(
            now.len() == 1 && now[0].edits == 0,
            "case 4: {:#?}",
            now.iter().map(|s| (&s.html, s.edits)).collect::<Vec<_>>()
        );
        let told = fake
            .calls_of("answerCallbackQuery")
            .into_iter()
            .find(|c| c.params["callback_query_id"] == q)
            .and_then(|c| c.params["text"].as_str().map(str::to_string));
        assert!(
            told.is_some_and(|t| !t.is_empty()),
            "case 4: the spinner is told"
        );

        fake.press(&ch, &wes, answer.message_id, "v1|run:/gpu h100");
        let h100 = fake.wait_until(Duration::from_secs(20), "the H100 in the channel", |v| {
            v.sent_to(ch.id())
                .iter()
                .map(|s| strip_html(&s.html))
                .find(|t| t.contains("H100"))
        });
        assert!(h100.contains("H100"), "case 5");
    });
}

/// Cases 6–8: a channel posts commands whose arguments hold `<`, `>` and `&` (6: `/gpu`,
/// 7: `/fit`, 8: `/subscribe`). Each is answered in the channel in HTML that Telegram
/// accepts: no send is refused for its entities, and nothing falls back to plain text.
#[test]
fn a_channels_markup_characters_are_escaped_in_every_answer_kind() {
    let fake = FakeTelegram::start();
    super::wire_shapes::with_runner(&fake, || {
        let (ch, _) = channel(-1_001_300_000_227, "GPU deals 27c");
        let posts = [
            (6, "/gpu <b>rtx&4090</b>"),
            (7, "/fit <i>llama</i> & int4 ctx=<8k>"),
            (8, "/subscribe <u>h100</u> max_price:<2&"),
        ];
        for (n, (case, text)) in posts.iter().enumerate() {
            fake.channel_post(&ch, text);
            let sent = fake.wait_for_messages(ch.id(), n + 1);
            let refused: Vec<Value> = fake
                .calls()
                .iter()
                .filter(|c| c.status == 400)
                .map(|c| c.params.clone())
                .collect();
            assert!(refused.is_empty(), "case {case}: refused: {refused:#?}");
            assert_eq!(
                sent[n].parse_mode.as_deref(),
                Some("HTML"),
                "case {case}: {}",
                sent[n].html
            );
        }
    });
}
