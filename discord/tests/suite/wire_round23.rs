//! QA round 23 (wire23): Discord gateway shapes written from Discord's pages before any was
//! run: a guild going unavailable in an outage (GUILD_CREATE / GUILD_DELETE with
//! `unavailable: true`, which Discord says is no removal) after its roles were learned; a
//! reply (type 19) whose `referenced_message` is `null` (Discord: the quoted message was
//! deleted); a message sent `@silent` (flag SUPPRESS_NOTIFICATIONS, 1 << 12). Fed to the real
//! gateway in-process on the loopback fakes; nothing asserts a duration.

use super::rest::Running;
use super::wire_round12::{posts_to, start};
use gpuscout_testkit::fake_discord::{self, FakeDiscord};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::json;
use std::time::Duration;

const OUR_ROLE: &str = "520000000000000231";
const AUTHOR: &str = "410000000000000231";

fn our_role() -> serde_json::Value {
    json!({"id": OUR_ROLE, "name": "GPU Scout", "color": 0, "colors": {"primary_color": 0,
        "secondary_color": null, "tertiary_color": null}, "hoist": false, "icon": null,
        "unicode_emoji": null, "position": 1, "permissions": "2048", "managed": true,
        "mentionable": false, "flags": 0, "tags": {"bot_id": gw::BOT_USER_ID.to_string()}})
}

/// Waits until `n` posts reached the guild channel (or 20 s), then gives them.
fn posts(fake: &FakeDiscord, n: usize) -> Vec<String> {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let p = posts_to(fake, gw::GUILD_CHANNEL_ID);
        if p.len() >= n || std::time::Instant::now() > deadline {
            return p;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Case 27: the guild's roles are learned (our managed role), then the guild goes
/// unavailable in an outage (GUILD_DELETE and GUILD_CREATE with `unavailable: true`, no
/// roles) and comes back: a mention of our role is still a mention of us.
#[test]
fn a_guild_outage_forgets_nothing() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = start(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let guild = fake_discord::GUILD_ID.to_string();
    g.dispatch(
        "GUILD_CREATE",
        json!({"id": guild, "name": "Lab", "unavailable": false, "roles": [our_role()],
            "channels": [], "members": [], "threads": [], "member_count": 3}),
    );
    g.dispatch("GUILD_DELETE", json!({"id": guild, "unavailable": true}));
    g.dispatch("GUILD_CREATE", json!({"id": guild, "unavailable": true}));
    std::thread::sleep(Duration::from_millis(300));
    let mut m = gw::message(
        "610000000000002301",
        &format!("<@&{OUR_ROLE}> /gpu h100"),
        AUTHOR,
        gw::GUILD_CHANNEL_ID,
        true,
        &[],
        None,
    );
    m["mention_roles"] = json!([OUR_ROLE]);
    g.dispatch("MESSAGE_CREATE", m);
    let got = posts(&fake, 1);
    assert_eq!(got.len(), 1, "case 27: {got:?}");
    assert!(
        got[0].to_lowercase().contains("h100"),
        "case 27: {}",
        got[0]
    );
    running.stop().unwrap();
}

/// Cases 28–29. 28: a reply to a message since deleted (`type` 19, `message_reference`
/// kept, `referenced_message: null`) that mentions us is answered; 29: a message sent
/// `@silent` (`flags: 4096`) that mentions us is answered like any other.
#[test]
fn a_reply_to_a_deleted_message_and_a_silent_message_are_answered() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = start(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    std::thread::sleep(Duration::from_millis(300));
    let bot = gw::BOT_USER_ID.to_string();
    let mut reply = gw::message(
        "610000000000002802",
        &format!("<@{bot}> /gpu a100"),
        AUTHOR,
        gw::GUILD_CHANNEL_ID,
        true,
        &[bot.as_str()],
        Some(("610000000000002801", AUTHOR)),
    );
    reply["referenced_message"] = serde_json::Value::Null;
    g.dispatch("MESSAGE_CREATE", reply);
    let got = posts(&fake, 1);
    assert_eq!(got.len(), 1, "case 28: {got:?}");
    assert!(
        got[0].to_lowercase().contains("a100"),
        "case 28: {}",
        got[0]
    );
    let mut silent = gw::message(
        "610000000000002901",
        &format!("<@{bot}> /gpu l40s"),
        AUTHOR,
        gw::GUILD_CHANNEL_ID,
        true,
        &[bot.as_str()],
        None,
    );
    silent["flags"] = json!(4096);
    g.dispatch("MESSAGE_CREATE", silent);
    let got = posts(&fake, 2);
    assert_eq!(got.len(), 2, "case 29: {got:?}");
    assert!(
        got[1].to_lowercase().contains("l40s"),
        "case 29: {}",
        got[1]
    );
    running.stop().unwrap();
}
