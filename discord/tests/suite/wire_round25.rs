//! QA round 25 (wire25): Discord shapes written from the developer documentation before any
//! was run. Components: a press on the bot's answer to a typed question whose
//! `referenced_message` is `null` (deleted) on a command line (`run:`), which acts for
//! whoever presses: Discord's UPDATE_MESSAGE (7) would put the presser's answer over someone
//! else's; CHANNEL_MESSAGE (4) answers in a message of its own. Messages: a reply to the
//! bot's answer with its ping on (the bot in `mentions`) and no content, only an image
//! attachment or only a `poll`; a message of type CHAT_INPUT_COMMAND (20), which an app's
//! slash command response is, naming the bot. REST: 40005 "Request entity too large" (HTTP
//! 413) on a message with a file. Fed to the real frontend on the loopback fakes; nothing
//! asserts a duration.

use super::rest::{Running, rest, rt};
use super::wire_round8::{ADMIN, start as endpoint};
use super::wire_round12::start as with_gateway;
use super::wire_round22::dm_sentinel;
use super::wire_round24::posts_outside_dm;
use bot_core::{Msg, Reply};
use gpuscout_frontend::{Address, Sender};
use gpuscout_testkit::fake_discord::{self, CHANNEL_ID, Failure, FakeDiscord};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::{Value, json};

const MEI: &str = "410000000000002501";
const OURS: &str = "620000000000002500";

/// Cases 1–3, over the gateway, in a guild channel. 1: Mei replies to the bot's answer with
/// only an image, the reply's ping on: no words, nothing said (never the help list). 2: she
/// replies the same way with only a poll: nothing said. 3: a CHAT_INPUT_COMMAND message
/// (type 20, another app's slash command answer) whose content names the bot: no one's
/// question, nothing said.
#[test]
fn a_reply_of_only_an_image_or_a_poll_and_a_commands_message_say_nothing() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let bot = gw::BOT_USER_ID.to_string();
    let ch = gw::GUILD_CHANNEL_ID;
    let mut image = gw::message(
        "620000000000002511",
        "",
        MEI,
        ch,
        true,
        &[&bot],
        Some((OURS, &bot)),
    );
    image["attachments"] = json!([{"id": "630000000000002511", "filename": "nvidia-smi.png",
        "size": 48_213, "url": "https://cdn.discordapp.com/attachments/1/2/nvidia-smi.png",
        "proxy_url": "https://media.discordapp.net/attachments/1/2/nvidia-smi.png",
        "content_type": "image/png", "width": 900, "height": 400}]);
    g.dispatch("MESSAGE_CREATE", image);
    let mut poll = gw::message(
        "620000000000002512",
        "",
        MEI,
        ch,
        true,
        &[&bot],
        Some((OURS, &bot)),
    );
    poll["poll"] = json!({"question": {"text": "Which card?"},
        "answers": [{"answer_id": 1, "poll_media": {"text": "4090"}},
                    {"answer_id": 2, "poll_media": {"text": "A100"}}],
        "expiry": "2026-12-02T10:00:00.000000+00:00", "allow_multiselect": false,
        "layout_type": 1});
    g.dispatch("MESSAGE_CREATE", poll);
    let mut command = gw::message(
        "620000000000002513",
        &format!("<@{bot}> h100 is up on the board"),
        "410000000000002599",
        ch,
        true,
        &[&bot],
        None,
    );
    command["type"] = json!(20);
    command["interaction_metadata"] = json!({"id": "640000000000002513", "type": 2,
        "user": {"id": MEI, "username": "mei", "discriminator": "0", "global_name": "Mei"},
        "authorizing_integration_owners": {"0": fake_discord::GUILD_ID.to_string()}});
    g.dispatch("MESSAGE_CREATE", command);
    dm_sentinel(&fake, &g, "620000000000002514", MEI);
    let posted = posts_outside_dm(&fake);
    assert!(posted.is_empty(), "cases 1–3: {posted:#?}");
    running.stop().unwrap();
}

/// A press by `user` on the bot's answer to a typed question (a channel message of type 19,
/// no `interaction_metadata`) whose quoted question is deleted (`referenced_message` null).
fn press_on_answer(e: &super::wire_round8::Endpoint, custom_id: &str, user: &str) -> Value {
    let mut i = e.discord.press(custom_id, &[], user, user, false);
    i["member"]["permissions"] = json!(ADMIN);
    let m = i["message"].as_object_mut().unwrap();
    m.remove("interaction_metadata");
    m.insert("type".into(), json!(19));
    m.insert(
        "message_reference".into(),
        json!({"type": 0, "message_id": "620000000000002530",
            "channel_id": CHANNEL_ID.to_string(), "guild_id": fake_discord::GUILD_ID.to_string()}),
    );
    m.insert("referenced_message".into(), Value::Null);
    let a = e.discord.post(&i);
    assert_eq!(a.status, 200, "{:?}", a.body);
    a.body
}

/// Cases 4–5. Bob presses a command line (`/gpu h100`) on an answer whose question is gone.
/// 4: the press is answered with a message of its own (4, or 5 deferred), never an update of
/// the pressed answer (7, or 6 deferred); 5: it is no notice for him alone: he asked for a
/// card's answer and gets it (not ephemeral).
#[test]
fn a_command_line_pressed_on_an_answer_whose_question_is_gone_is_a_message_of_its_own() {
    let e = endpoint(2500);
    let bob = "410000000000002532";
    let body = press_on_answer(&e, "v1|run:/gpu h100", bob);
    let kind = body["type"].as_u64();
    assert!(matches!(kind, Some(4 | 5)), "case 4: {body}");
    assert_eq!(
        body["data"]["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "case 5: {body}"
    );
}

/// Case 6: a chart's message refused with 413 / 40005 "Request entity too large" (the file
/// past the channel's upload limit): the answer's words still reach the channel, without
/// the file.
#[test]
fn a_chart_too_large_to_upload_still_sends_the_words() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    fake.fail_next(
        "/messages",
        Failure {
            status: 413,
            body: json!({"message": "Request entity too large", "code": 40005}),
        },
    );
    let mut reply = Reply::text(Msg::new("trend-title").arg("gpu", "H100"));
    reply.image = Some(Box::new(bot_core::reply::Image {
        png: vec![0x89, b'P', b'N', b'G', 13, 10, 26, 10, 0, 0, 0, 0],
        caption: Msg::new("trend-title").arg("gpu", "H100"),
    }));
    let to = Address::chat(CHANNEL_ID.to_string());
    let sent = rt().block_on(sender.send(&to, bot_core::Lang::En, &reply));
    let posts: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .collect();
    let delivered = posts.iter().skip(1).any(|c| c.files.is_empty());
    assert!(
        sent.is_ok() && delivered,
        "case 6: {sent:?}, {} posts",
        posts.len()
    );
}
