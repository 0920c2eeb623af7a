//! QA round 13 (wire11): interactions and gateway messages written from Discord's developer
//! documentation (receiving and responding to interactions, the message object's
//! `message_reference`, threads as channels of their own, JSON error codes) before they were
//! run: an interaction delivered twice (the same `id` and `token`, as a retry of the
//! endpoint's POST or a gateway replay brings it) is answered once and sets one alert; a DM,
//! which carries no `locale`, is answered in the language the person's interactions carried;
//! a reply to our message inside a thread is answered in that thread, quoting it.

use super::rest::Running;
use super::wire_round8::{GUILD, answered, gpu, in_channel, start as endpoint};
use super::wire_round12::{cjk, posts_to, start as with_gateway};
use gpuscout_testkit::fake_discord::{self, FakeDiscord};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::json;
use std::time::Duration;

#[test]
fn an_interaction_delivered_twice_is_answered_once_and_sets_one_alert() {
    let e = endpoint(2500);
    let channel = json!({"id": "300000000000001301", "type": 0, "name": "gpu-alerts",
        "guild_id": GUILD, "topic": null, "nsfw": false});
    let set = in_channel(1_301, channel.clone(), "subscribe", gpu("h100"));
    let first = answered(&e, &set);
    assert!(first.contains("H100"), "{first}");
    // The same interaction again: a response Discord takes, and no second alert.
    let again = e.discord.post(&set);
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert!(
        matches!(again.body["type"].as_u64(), Some(4..=7)),
        "{:?}",
        again.body
    );
    assert!(
        !fake_discord::shown(&again.body["data"]).contains("#2"),
        "{:?}",
        again.body
    );
    let subs = answered(&e, &in_channel(1_302, channel, "subs", json!([])));
    assert!(subs.contains("#1") && !subs.contains("#2"), "{subs}");
}

#[test]
fn a_dm_is_answered_in_the_language_the_persons_interactions_carried_and_threads_keep_replies() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let person = "410000000000001311";
    // 1. A slash command from a Chinese client in a server.
    let maker = fake_discord::Interactions::new("127.0.0.1:1".parse().unwrap());
    let i = maker.command("gpu", &[("gpu", json!("4090"))], person, "zh-CN");
    g.dispatch("INTERACTION_CREATE", i.clone());
    let callback = format!(
        "/interactions/{}/{}/callback",
        i["id"].as_str().unwrap(),
        i["token"].as_str().unwrap()
    );
    fake.wait_for_call(|c| c.path == callback);
    // 2. Then a DM with only a file, and 3. a question in the DM: no locale on either.
    // A DM channel of this test's own: the "only text is read" hint goes once a minute per
    // DM in the whole process, and round 12's test hints in `gw::DM_CHANNEL_ID`.
    let dm: u64 = 300_000_000_000_001_309;
    let mut file = gw::message("610000000000001312", "", person, dm, false, &[], None);
    file["attachments"] = json!([{"id": "700000000000001312", "filename": "smi.png",
        "size": 2048, "url": "https://cdn.discordapp.com/a.png",
        "proxy_url": "https://media.discordapp.net/a.png", "content_type": "image/png"}]);
    g.dispatch("MESSAGE_CREATE", file);
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "610000000000001313",
            "/gpu h100",
            person,
            dm,
            false,
            &[],
            None,
        ),
    );
    // 4. In a thread of the server (a channel of its own), a reply to our message there.
    let thread: u64 = 300_000_000_000_001_314;
    let ours = "610000000000001314";
    let bot = gw::BOT_USER_ID.to_string();
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "610000000000001315",
            "what about the h100?",
            person,
            thread,
            true,
            &[],
            Some((ours, &bot)),
        ),
    );
    fake.wait_for_call(|c| c.method == "POST" && c.path == format!("/channels/{thread}/messages"));
    std::thread::sleep(Duration::from_millis(1500));
    let in_dm = posts_to(&fake, dm);
    assert_eq!(in_dm.len(), 2, "{in_dm:#?}");
    assert!(in_dm.iter().all(|m| cjk(m)), "{in_dm:#?}");
    let in_thread: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{thread}/messages"))
        .collect();
    assert_eq!(in_thread.len(), 1);
    assert_eq!(
        in_thread[0].body["message_reference"]["message_id"], "610000000000001315",
        "{:?}",
        in_thread[0].body
    );
    running.stop().unwrap();
}
