//! QA round 15 (wire15): interactions, REST answers and gateway frames written from Discord's
//! developer documentation before they were run. An interaction's token takes messages for
//! 15 minutes: after that its webhook answers 401 with 50027 (Invalid Webhook Token), and a
//! gone interaction 404 with 10015 (Unknown Webhook); a public answer then goes to the
//! channel with the bot token, an ephemeral one is never posted for everyone. Buttons are
//! checked per button: one that changes the channel (an alert) is also its managers'.
//! The gateway's HEARTBEAT with no ACK is a zombied connection: the docs say to close it
//! and reconnect (resume). The gateway may ask for a heartbeat (op 1): send one at once.

use super::rest::Running;
use super::wire_round8::{ADMIN, GUILD, MEI, gpu, in_channel, start as endpoint};
use super::wire_round12::{posts_to, start as with_gateway};
use gpuscout_testkit::fake_discord::{self, CHANNEL_ID, Failure, FakeDiscord};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const CHANNEL: &str = "300000000000001501";

fn text_channel(id: &str) -> Value {
    json!({"id": id, "type": 0, "name": "gpu-talk", "guild_id": GUILD, "topic": null,
        "nsfw": false})
}

fn invalid_token() -> Failure {
    Failure {
        status: 401,
        body: json!({"message": "Invalid Webhook Token", "code": 50027}),
    }
}

fn unknown_webhook() -> Failure {
    Failure {
        status: 404,
        body: json!({"message": "Unknown Webhook", "code": 10015}),
    }
}

/// What the bot posted with its own token in `channel` (not through an interaction).
fn channel_posts(fake: &FakeDiscord, channel: &str) -> Vec<String> {
    posts_to(fake, channel.parse().unwrap())
}

/// Waits until `pred` holds for the fake's calls (up to 15 s), then a little more for stray
/// calls to land.
fn wait_calls(fake: &FakeDiscord, what: &str, pred: impl Fn(&FakeDiscord) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !pred(fake) {
        assert!(Instant::now() < deadline, "{what} never happened");
        std::thread::sleep(Duration::from_millis(30));
    }
    std::thread::sleep(Duration::from_millis(400));
}

#[test]
fn a_deferred_public_answer_whose_token_expired_or_is_unknown_is_posted_in_the_channel() {
    let e = endpoint(0);
    for (id, failure) in [(1_501_u64, invalid_token()), (1_502, unknown_webhook())] {
        e.fake
            .fail_next(&format!("tok-{id}/messages/@original"), failure);
        let a = e
            .discord
            .post(&in_channel(id, text_channel(CHANNEL), "gpu", gpu("4090")));
        assert_eq!(a.body["type"].as_u64(), Some(5), "{}", a.body);
    }
    wait_calls(&e.fake, "two channel posts", |f| {
        channel_posts(f, CHANNEL).len() >= 2
    });
    let posts = channel_posts(&e.fake, CHANNEL);
    assert_eq!(posts.len(), 2, "{posts:#?}");
    assert!(posts.iter().all(|p| p.contains("4090")), "{posts:#?}");
    // The posts carry no ephemeral flag (a channel message has none to carry).
    for c in e.fake.calls() {
        if c.method == "POST" && c.path.starts_with("/channels/") {
            assert_eq!(
                c.body["flags"].as_u64().unwrap_or(0) & 64,
                0,
                "{:?}",
                c.body
            );
        }
    }
}

#[test]
fn an_ephemeral_answer_whose_token_is_gone_is_never_posted_for_everyone() {
    let e = endpoint(0);
    for (id, failure) in [(1_511_u64, invalid_token()), (1_512, unknown_webhook())] {
        e.fake
            .fail_next(&format!("tok-{id}/messages/@original"), failure);
        // `/pick` is answered ephemerally (deferred with flag 64).
        let a = e
            .discord
            .post(&in_channel(id, text_channel(CHANNEL), "pick", json!([])));
        assert_eq!(a.body["type"].as_u64(), Some(5), "{}", a.body);
        assert_eq!(a.body["data"]["flags"].as_u64(), Some(64), "{}", a.body);
    }
    wait_calls(&e.fake, "both edits tried", |f| {
        f.calls()
            .iter()
            .filter(|c| c.method == "PATCH" && c.path.contains("/messages/@original"))
            .count()
            >= 2
    });
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(channel_posts(&e.fake, CHANNEL), Vec::<String>::new());
    // Nor retried through the token that refused it.
    let posts_via_token = e
        .fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path.contains("/webhooks/"))
        .count();
    assert_eq!(posts_via_token, 0);
}

#[test]
fn a_press_whose_deferred_edit_finds_the_token_expired_is_answered_in_the_channel() {
    let e = endpoint(0);
    let mut press = e.discord.press("v1|run:/gpu h100", &[], MEI, MEI, false);
    press["token"] = json!("ptok-1521");
    e.fake
        .fail_next("ptok-1521/messages/@original", invalid_token());
    let a = e.discord.post(&press);
    assert_eq!(a.body["type"].as_u64(), Some(6), "{}", a.body);
    let channel = CHANNEL_ID.to_string();
    wait_calls(&e.fake, "a channel post", |f| {
        !channel_posts(f, &channel).is_empty()
    });
    let posts = channel_posts(&e.fake, &channel);
    assert_eq!(posts.len(), 1, "{posts:#?}");
    assert!(posts[0].contains("H100"), "{posts:#?}");
}

/// `user` pressing `custom_id` on the answer to `owner`'s command, with these member
/// permissions (16: Manage Channels; 1024: View Channel only).
fn press_as(
    e: &super::wire_round8::Endpoint,
    custom_id: &str,
    owner: &str,
    user: &str,
    perms: &str,
) -> Value {
    let mut i = e.discord.press(custom_id, &[], owner, user, false);
    i["member"]["permissions"] = json!(perms);
    let a = e.discord.post(&i);
    assert_eq!(a.status, 200, "{:?}", a.body);
    a.body
}

fn not_yours(body: &Value) -> bool {
    body["type"].as_u64() == Some(4)
        && body["data"]["flags"].as_u64() == Some(64)
        && fake_discord::shown(&body["data"]).contains("someone else")
}

#[test]
fn a_button_that_changes_the_channel_is_its_managers_and_every_other_button_the_askers() {
    let e = endpoint(2500);
    let (alice, bob, carol) = (
        "410000000000001531",
        "410000000000001532",
        "410000000000001533",
    );
    // 1. Bob manages the channel: Alice's "alert me" sets the channel's alert.
    let body = press_as(&e, "v1|a:rtx-4090", alice, bob, ADMIN);
    let shown = fake_discord::shown(&body["data"]);
    assert!(!not_yours(&body), "{body}");
    assert!(shown.contains("Alert set"), "{shown}");
    // 2. Carol does not: the same button is not hers.
    assert!(not_yours(&press_as(
        &e,
        "v1|a:rtx-4090",
        alice,
        carol,
        "1024"
    )));
    // 3. An admin-only line (`/unsubscribe`) is the managers' too; 4. a line anyone may run
    // and 5. a /pick step stay Alice's, even for Bob.
    let body = press_as(&e, "v1|run:/unsubscribe 1", alice, bob, ADMIN);
    assert!(!not_yours(&body), "{body}");
    assert!(not_yours(&press_as(
        &e,
        "v1|run:/gpu 4090",
        alice,
        bob,
        ADMIN
    )));
    assert!(not_yours(&press_as(&e, "v1|t:tune", alice, bob, ADMIN)));
    // 6. Alice herself, with no right to manage the channel: bot-core refuses her the alert.
    let body = press_as(&e, "v1|a:rtx-5090", alice, alice, "1024");
    let shown = fake_discord::shown(&body["data"]);
    assert!(!not_yours(&body) && !shown.contains("Alert set"), "{shown}");
}

#[test]
fn a_heartbeat_never_acknowledged_leads_to_a_new_connection_and_the_next_message_is_answered() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    g.set_heartbeat_interval(Duration::from_millis(400));
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    g.wait_until("a heartbeat ACKed", |g| !g.heartbeats().is_empty());
    let before = g.connections();
    // Zombied: heartbeats arrive, no ACK comes back.
    g.withhold_acks(true);
    g.wait_until("a new connection", |g| g.connections() > before);
    g.withhold_acks(false);
    g.wait_for_session();
    std::thread::sleep(Duration::from_millis(300));
    let dm: u64 = 300_000_000_000_001_541;
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message("610000000000001541", "/gpu 4090", MEI, dm, false, &[], None),
    );
    fake.wait_for_call(|c| c.path == format!("/channels/{dm}/messages"));
    running.stop().unwrap();
}

#[test]
fn a_heartbeat_asked_for_by_the_gateway_is_sent_at_once() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    std::thread::sleep(Duration::from_millis(300));
    let before = g.heartbeats().len();
    g.send_op(1, Value::Null);
    let asked = Instant::now();
    g.wait_until("a heartbeat after op 1", |g| g.heartbeats().len() > before);
    // HELLO asked for one every 41.25 s: this one came because it was asked for.
    assert!(asked.elapsed() < Duration::from_secs(5));
    running.stop().unwrap();
}

#[test]
fn messages_from_bots_and_webhooks_are_not_questions() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let dm: u64 = 300_000_000_000_001_551;
    let bot_id = gw::BOT_USER_ID.to_string();
    // Another bot in a DM, and a webhook's post mentioning us in a guild channel.
    let mut from_bot = gw::message(
        "610000000000001551",
        "/gpu 4090",
        "410000000000001552",
        dm,
        false,
        &[],
        None,
    );
    from_bot["author"]["bot"] = json!(true);
    g.dispatch("MESSAGE_CREATE", from_bot);
    let guild_channel = gw::GUILD_CHANNEL_ID;
    let mut hook = gw::message(
        "610000000000001553",
        &format!("<@{bot_id}> /gpu h100"),
        "410000000000001554",
        guild_channel,
        true,
        &[&bot_id],
        None,
    );
    hook["webhook_id"] = json!("410000000000001554");
    hook["author"]["bot"] = json!(true);
    if let Some(o) = hook.as_object_mut() {
        o.remove("member");
    }
    g.dispatch("MESSAGE_CREATE", hook);
    // A person after them: answered, so the two were read and passed over.
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message("610000000000001555", "/gpu a100", MEI, dm, false, &[], None),
    );
    fake.wait_for_call(|c| c.path == format!("/channels/{dm}/messages"));
    std::thread::sleep(Duration::from_millis(800));
    let posts = posts_to(&fake, dm);
    assert_eq!(posts.len(), 1, "{posts:#?}");
    assert!(posts[0].contains("A100"), "{posts:#?}");
    assert_eq!(posts_to(&fake, guild_channel), Vec::<String>::new());
    running.stop().unwrap();
}
