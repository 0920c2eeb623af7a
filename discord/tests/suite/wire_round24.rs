//! QA round 24 (wire24): Discord shapes written from the developer documentation before any
//! was run. Message types: a THREAD_STARTER_MESSAGE (21), the first message of a thread
//! opened from a message ("never content, embeds or attachments", only `message_reference`
//! and `referenced_message`, the message the thread was opened from); a THREAD_CREATED
//! (18) in the parent channel; a reply that is only a sticker with its ping on (the reply's
//! ping puts the replied-to author in `mentions`); a DM that is only a sticker or a voice
//! message (an attachment with `flags` IS_VOICE_MESSAGE, 1 << 13); a mention in a voice
//! channel's text chat and as a forum post's starter message (its id is the thread's).
//! Components: a press on the bot's answer to a typed question whose `referenced_message`
//! is `null` (the docs: the quoted message was deleted) or absent ("the backend did not
//! attempt to fetch it": unknown). REST: 50035 Invalid Form Body with its nested `errors`
//! (`{"embeds": {"0": {"description": {"_errors": [{code, message}]}}}}`). Fed to the real
//! frontend on the loopback fakes; nothing asserts a duration.

use super::rest::{Running, rest, rt};
use super::wire_round8::{ADMIN, start as endpoint};
use super::wire_round12::{posts_to, start as with_gateway};
use super::wire_round22::dm_sentinel;
use gpuscout_frontend::SendError;
use gpuscout_testkit::fake_discord::{self, CHANNEL_ID, Failure, FakeDiscord};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::{Value, json};

const MEI: &str = "410000000000002401";
const OURS: &str = "620000000000002400";

/// Every message posted anywhere but the DM (where the sentinel is answered; rounds 24, 25).
pub(super) fn posts_outside_dm(fake: &FakeDiscord) -> Vec<String> {
    let dm = format!("/channels/{}/messages", gw::DM_CHANNEL_ID);
    fake.calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages") && c.path != dm)
        .map(|c| format!("{}: {}", c.path, fake_discord::shown(&c.body)))
        .collect()
}

/// Cases 10–13, over the gateway. 10: Mei opens a thread on the bot's answer; Discord posts
/// its THREAD_STARTER_MESSAGE (type 21) in the thread, from her, with no content and the
/// bot's answer as `referenced_message`: no reply of hers, nothing is said. 11: the
/// THREAD_CREATED (type 18) notice in the channel: nothing. 12: she replies to the bot's
/// answer with only a sticker, the reply's ping on (the bot in `mentions`): a reaction,
/// nothing said (never the help list). 13: a DM that is only a sticker: nothing.
#[test]
fn thread_notices_and_stickers_aimed_at_our_answer_say_nothing() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let bot = gw::BOT_USER_ID.to_string();
    let ch = gw::GUILD_CHANNEL_ID;
    let thread: u64 = 620_000_000_000_002_410;
    let mut starter = gw::message(
        "620000000000002411",
        "",
        MEI,
        thread,
        true,
        &[],
        Some((OURS, &bot)),
    );
    starter["type"] = json!(21);
    starter["message_reference"] = json!({"type": 0, "message_id": OURS,
        "channel_id": ch.to_string(), "guild_id": fake_discord::GUILD_ID.to_string()});
    starter["referenced_message"]["channel_id"] = json!(ch.to_string());
    starter["referenced_message"]["content"] = json!("**RTX 4090** …");
    g.dispatch("MESSAGE_CREATE", starter);
    let mut created = gw::message("620000000000002412", "4090 talk", MEI, ch, true, &[], None);
    created["type"] = json!(18);
    created["message_reference"] = json!({"type": 0, "channel_id": thread.to_string(),
        "guild_id": fake_discord::GUILD_ID.to_string()});
    g.dispatch("MESSAGE_CREATE", created);
    let sticker = json!([{"id": "750000000000002401", "name": "thumbs", "format_type": 1}]);
    let mut reply = gw::message(
        "620000000000002413",
        "",
        MEI,
        ch,
        true,
        &[&bot],
        Some((OURS, &bot)),
    );
    reply["sticker_items"] = sticker.clone();
    g.dispatch("MESSAGE_CREATE", reply);
    let mut dm = gw::message(
        "620000000000002414",
        "",
        MEI,
        gw::DM_CHANNEL_ID,
        false,
        &[],
        None,
    );
    dm["sticker_items"] = sticker;
    g.dispatch("MESSAGE_CREATE", dm);
    dm_sentinel(&fake, &g, "620000000000002415", MEI);
    let posted = posts_outside_dm(&fake);
    assert!(
        posted.iter().all(|p| !p.contains(&thread.to_string())),
        "case 10: {posted:#?}"
    );
    assert!(posted.is_empty(), "cases 11–12: {posted:#?}");
    let dm_posts = posts_to(&fake, gw::DM_CHANNEL_ID);
    assert_eq!(dm_posts.len(), 1, "case 13: {dm_posts:#?}");
    running.stop().unwrap();
}

/// Cases 14–16. 14: a DM voice message (an attachment flagged IS_VOICE_MESSAGE, the message
/// flagged too) gets the one "only text is read" hint. 15: a mention in a voice channel's
/// text chat is answered in that channel, quoting it. 16: a forum post whose starter
/// message mentions the bot (the message's id is the thread's) is answered in the post.
#[test]
fn a_voice_message_a_voice_channels_chat_and_a_forum_post_are_each_answered_in_place() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let bot = gw::BOT_USER_ID.to_string();
    // A DM of its own: the hint is once a minute per DM, process-wide, and other tests
    // send files to the shared one.
    let dm: u64 = 310_000_000_000_002_420;
    let mut voice_note = gw::message("620000000000002420", "", MEI, dm, false, &[], None);
    voice_note["flags"] = json!(8192);
    voice_note["attachments"] = json!([{"id": "1100000000000002420",
        "filename": "voice-message.ogg", "size": 20480, "url": "https://cdn.discordapp.com/v",
        "proxy_url": "https://media.discordapp.net/v", "content_type": "audio/ogg",
        "duration_secs": 3.2, "waveform": "AAAAAAAAAAAA", "flags": 8192}]);
    g.dispatch("MESSAGE_CREATE", voice_note);
    fake.wait_for_call(|_| !posts_to(&fake, dm).is_empty());
    let hint = posts_to(&fake, dm);
    assert!(
        hint.len() == 1 && hint[0].contains("only read text"),
        "case 14: {hint:#?}"
    );
    let voice: u64 = 330_000_000_000_002_421;
    let at = format!("<@{bot}> /gpu h100");
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message("620000000000002421", &at, MEI, voice, true, &[&bot], None),
    );
    fake.wait_for_call(|_| !posts_to(&fake, voice).is_empty());
    let answer = fake
        .calls()
        .into_iter()
        .find(|c| c.method == "POST" && c.path == format!("/channels/{voice}/messages"))
        .unwrap();
    assert!(
        fake_discord::shown(&answer.body).contains("H100")
            && answer.body["message_reference"]["message_id"] == "620000000000002421",
        "case 15: {}",
        answer.body
    );
    let post: u64 = 620_000_000_000_002_422;
    let at = format!("<@{bot}> /gpu l40s");
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(&post.to_string(), &at, MEI, post, true, &[&bot], None),
    );
    fake.wait_for_call(|_| !posts_to(&fake, post).is_empty());
    let answered = posts_to(&fake, post);
    assert!(answered[0].contains("L40S"), "case 16: {answered:#?}");
    running.stop().unwrap();
}

/// Someone pressing `custom_id` on the bot's public answer to a typed question (a reply,
/// type 19, no `interaction_metadata`) whose quoted question is `referenced` (`None`: the
/// field left out).
fn press_on_answer(
    e: &super::wire_round8::Endpoint,
    custom_id: &str,
    user: &str,
    referenced: Option<Value>,
) -> Value {
    let mut i = e.discord.press(custom_id, &[], user, user, false);
    i["member"]["permissions"] = json!(ADMIN);
    let m = i["message"].as_object_mut().unwrap();
    m.remove("interaction_metadata");
    m.insert("type".into(), json!(19));
    m.insert(
        "message_reference".into(),
        json!({"type": 0, "message_id": "620000000000002430",
            "channel_id": CHANNEL_ID.to_string(), "guild_id": fake_discord::GUILD_ID.to_string()}),
    );
    if let Some(r) = referenced {
        m.insert("referenced_message".into(), r);
    }
    let a = e.discord.post(&i);
    assert_eq!(a.status, 200, "{:?}", a.body);
    a.body
}

fn told_alone(body: &Value) -> bool {
    body["type"].as_u64() == Some(4) && body["data"]["flags"].as_u64() == Some(64)
}

/// Cases 17–19. Alice has a `/pick` under way in the channel; the bot's answer to a typed
/// `@bot /pick` carries its first step, and the question it quotes is gone. 17: Bob (no
/// `/pick` of his) presses a step while `referenced_message` is `null` (deleted): told
/// alone (ephemeral), Alice's message never updated. 18: the same with `referenced_message`
/// left out (not fetched: unknown). 19: Alice presses it: her `/pick` moves on, the message
/// updated.
#[test]
fn a_press_on_an_answer_whose_question_is_gone_is_the_pressers_only_with_a_pick_of_theirs() {
    let e = endpoint(2500);
    let (alice, bob) = ("410000000000002431", "410000000000002432");
    let pick = e.discord.command("pick", &[], alice, "en-US");
    let a = e.discord.post(&pick);
    assert_eq!(a.status, 200, "{:?}", a.body);
    let body = press_on_answer(&e, "v1|t:tune", bob, Some(Value::Null));
    assert!(told_alone(&body), "case 17: {body}");
    let body = press_on_answer(&e, "v1|t:tune", bob, None);
    assert!(told_alone(&body), "case 18: {body}");
    let body = press_on_answer(&e, "v1|t:tune", alice, Some(Value::Null));
    assert_eq!(body["type"].as_u64(), Some(7), "case 19: {body}");
}

fn invalid_form_body(errors: Option<Value>) -> Failure {
    let mut body = json!({"message": "Invalid Form Body", "code": 50035});
    if let Some(e) = errors {
        body["errors"] = e;
    }
    Failure { status: 400, body }
}

fn refused_post(fake: &FakeDiscord) -> SendError {
    let sender = rest(fake, fake_discord::TOKEN);
    rt().block_on(sender.post_message(CHANNEL_ID, &json!({"content": "x"}), None))
        .unwrap_err()
}

/// Cases 20–22: Discord refuses a message with 50035 Invalid Form Body. 20: one nested
/// error: the failure names where (`embeds.0.description`) and why (Discord's message), and
/// its code is still read as 50035. 21: two errors (the content and a button's `custom_id`
/// deep in the components): both named. 22: no `errors` at all: as before, the code read.
#[test]
fn an_invalid_form_body_is_reported_with_the_fields_discord_named() {
    let fake = FakeDiscord::start();
    let max = |m: &str| json!({"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": m}]});
    fake.fail_next(
        "/messages",
        invalid_form_body(Some(json!({"embeds": {"0": {"description":
            max("Must be 4096 or fewer in length.")}}}))),
    );
    let e = refused_post(&fake);
    let text = e.to_string();
    assert!(
        text.contains("embeds.0.description") && text.contains("Must be 4096 or fewer"),
        "case 20: {text}"
    );
    assert_eq!(
        gpuscout_discord::rest::error_code(&e),
        Some(50035),
        "case 20: {text}"
    );
    fake.fail_next(
        "/messages",
        invalid_form_body(Some(json!({
            "content": max("Must be 2000 or fewer in length."),
            "components": {"0": {"components": {"1": {"custom_id":
                max("Must be 100 or fewer in length.")}}}}}))),
    );
    let text = refused_post(&fake).to_string();
    assert!(
        text.contains("content: Must be 2000")
            && text.contains("components.0.components.1.custom_id: Must be 100"),
        "case 21: {text}"
    );
    fake.fail_next("/messages", invalid_form_body(None));
    let e = refused_post(&fake);
    assert!(e.to_string().contains("Invalid Form Body"), "case 22: {e}");
    assert_eq!(
        gpuscout_discord::rest::error_code(&e),
        Some(50035),
        "case 22"
    );
}
