//! QA round 26 (wire26): Discord shapes written from the developer documentation before any
//! was run. A forwarded message (`message_reference.type` 1, FORWARD) carries no words of its
//! own: the forwarded message is in `message_snapshots`, "a minimal subset of fields" (no
//! author, no id). In a server channel, a forward shows the channel someone else's words; a
//! mention of the bot inside the snapshot addressed another channel, not us (the rule the
//! Telegram frontend follows for a forward in a group, round 26). Over the gateway, the
//! documented partial snapshot is read by our own reader (serenity cannot read it, round 9).
//! Fed to the real frontend on the loopback fakes; nothing asserts a duration.

use super::wire_round22::dm_sentinel;
use super::wire_round24::posts_outside_dm;
use super::wire_round28::Session;
use gpuscout_testkit::fake_discord_gateway as gw;
use serde_json::json;

const NIA: &str = "410000000000002601";

/// Cases 13–14, in a guild channel over the gateway. 13: Nia forwards a message whose
/// snapshot (the documented partial message) reads `<@us> 4090 price?` and names us in its
/// `mentions`: nothing is said in the channel. 14: the same forward whose snapshot is a
/// `/gpu h100` line: nothing said either.
#[test]
fn a_forward_into_a_server_channel_addresses_no_one_there() {
    let session = Session::start();
    let (fake, g) = (&session.fake, &session.g);
    let bot = gw::BOT_USER_ID.to_string();
    let ch = gw::GUILD_CHANNEL_ID;
    for (id, words) in [
        ("620000000000002601", format!("<@{bot}> 4090 price?")),
        ("620000000000002602", "/gpu h100".to_string()),
    ] {
        let mut m = gw::message(id, "", NIA, ch, true, &[], None);
        m["message_reference"] = json!({"type": 1, "message_id": "620000000000002690",
            "channel_id": "600000000000002690", "guild_id": "700000000000002690"});
        m["message_snapshots"] = json!([{"message": {"type": 0, "content": words,
            "timestamp": "2026-12-01T09:00:00.000000+00:00",
            "mentions": [{"id": bot, "username": "scout", "discriminator": "0", "bot": true}]}}]);
        g.dispatch("MESSAGE_CREATE", m);
    }
    dm_sentinel(fake, g, "620000000000002603", NIA);
    let posted = posts_outside_dm(fake);
    assert!(posted.is_empty(), "cases 13–14: {posted:#?}");
    session.stop();
}
