//! QA round 10 (wire8), Discord through the whole binary: `gpuscout serve` with the fake REST
//! API, interactions signed and POSTed as Discord does, or dispatched over the fake gateway.
//! Written from Discord's docs (Receiving and Responding: the 3-second window, type 5 then
//! `PATCH /webhooks/{app}/{token}/messages/@original`, follow-ups; Gateway: op 7 RECONNECT,
//! op 9 INVALID_SESSION with `d: false`; rate limits: 429 `retry_after` in seconds; a DM
//! interaction carries `user`, not `member`), not from our code.

use gpuscout_testkit::fake_discord::{self, APPLICATION_ID, Call, FakeDiscord, Interactions};
use gpuscout_testkit::fake_discord_gateway::FakeGateway;
use gpuscout_testkit::serve::Serve;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const ALICE: &str = "400000000000000081";
const BOB: &str = "400000000000000082";

fn serve(
    fake: &FakeDiscord,
    key: &Interactions,
    dir: &std::path::Path,
    defer_ms: u64,
    gateway: bool,
) -> (Serve, SocketAddr) {
    let s = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .discord(fake, &key.public_key_hex())
        .env("DISCORD_DEFER_AFTER_MS", defer_ms.to_string())
        .env("DISCORD_GATEWAY", if gateway { "on" } else { "off" })
        .start(dir);
    let addr = s.http_addr(Duration::from_secs(30));
    (s, addr)
}

/// Every word a message body shows (content, embeds, fields, buttons).
fn shown(body: &Value) -> String {
    let mut out = Vec::new();
    for b in [body, &body["data"]] {
        out.push(fake_discord::shown(b));
        out.push(b["content"].as_str().unwrap_or("").to_string());
    }
    out.join("\n")
}

fn custom_ids(body: &Value) -> Vec<String> {
    let mut ids = Vec::new();
    for row in body["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                ids.push(id.to_string());
            }
        }
    }
    ids
}

fn original_edits(fake: &FakeDiscord, token: &str) -> Vec<Call> {
    fake.calls()
        .into_iter()
        .filter(|c| c.method == "PATCH" && c.path.contains(token) && c.path.ends_with("@original"))
        .collect()
}

/// A DM with the bot: no guild, `user` instead of `member`, channel type 1.
fn in_dm(mut i: Value, user: &str) -> Value {
    let o = i.as_object_mut().unwrap();
    o.remove("guild_id");
    o.remove("member");
    o.insert("user".into(), fake_discord::discord_user(user, false));
    o.insert(
        "channel".into(),
        json!({"id": "300000000000000099", "type": 1}),
    );
    o.insert("channel_id".into(), json!("300000000000000099"));
    o.insert("context".into(), json!(1));
    o.remove("guild_locale");
    i
}

#[test]
fn a_dm_and_a_guild_are_told_apart_and_a_deferred_answer_is_edited_in_once() {
    let fake = FakeDiscord::start();
    let key = Interactions::new("127.0.0.1:1".parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let (s, addr) = serve(&fake, &key, dir.path(), 0, false);
    let d = key.at(addr);
    // Case: past the window (defer at once): type 5, then one edit of @original with the answer.
    let i = d.command("gpu", &[("gpu", json!("4090"))], ALICE, "en-US");
    let a = d.post(&i);
    assert_eq!(a.status, 200);
    assert_eq!(a.body["type"], 5, "{:?}", a.body);
    let token = i["token"].as_str().unwrap().to_string();
    let edit = fake.wait_for_call(|c| {
        c.method == "PATCH" && c.path.contains(&token) && c.path.ends_with("@original")
    });
    assert!(
        edit.path
            .contains(&format!("/webhooks/{APPLICATION_ID}/{token}")),
        "{}",
        edit.path
    );
    assert!(shown(&edit.body).contains("4090"), "{:?}", edit.body);
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(original_edits(&fake, &token).len(), 1);
    // Case: a DM interaction (user, no member) is answered, in the user's language.
    let dm = in_dm(
        d.command("gpu", &[("gpu", json!("h100"))], BOB, "zh-CN"),
        BOB,
    );
    let a = d.post(&dm);
    assert_eq!(a.status, 200, "{:?}", a.body);
    let token = dm["token"].as_str().unwrap().to_string();
    let body = if a.body["type"] == 5 {
        fake.wait_for_call(|c| c.method == "PATCH" && c.path.contains(&token))
            .body
    } else {
        a.body["data"].clone()
    };
    assert!(shown(&body).contains("H100"), "{body:?}");
    // Case: /subscribe in a DM is the person's own (no Manage Channels to have there).
    let sub = in_dm(
        d.command("subscribe", &[("gpu", json!("h100"))], BOB, "en-US"),
        BOB,
    );
    let a = d.post(&sub);
    let token = sub["token"].as_str().unwrap().to_string();
    let body = if a.body["type"] == 5 {
        fake.wait_for_call(|c| c.method == "PATCH" && c.path.contains(&token))
            .body
    } else {
        a.body["data"].clone()
    };
    let said = shown(&body);
    assert!(!said.contains("administrators"), "{said}");
    // Case: the same in a guild without Manage Channels is refused, in English.
    let mut guild = d.command("subscribe", &[("gpu", json!("h100"))], BOB, "en-US");
    guild["member"]["permissions"] = json!("1024");
    let a = d.post(&guild);
    let token = guild["token"].as_str().unwrap().to_string();
    let body = if a.body["type"] == 5 {
        fake.wait_for_call(|c| c.method == "PATCH" && c.path.contains(&token))
            .body
    } else {
        a.body["data"].clone()
    };
    assert!(shown(&body).contains("administrators"), "{body:?}");
    let (status, out) = s.stop();
    assert!(status.success(), "{out}");
    assert!(!out.contains(fake_discord::TOKEN), "{out}");
}

#[test]
fn an_edit_whose_webhook_is_gone_is_not_retried_forever() {
    let fake = FakeDiscord::start();
    let key = Interactions::new("127.0.0.1:1".parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let (_s, addr) = serve(&fake, &key, dir.path(), 0, false);
    let d = key.at(addr);
    let i = d.command("gpu", &[("gpu", json!("a100"))], ALICE, "en-US");
    let token = i["token"].as_str().unwrap().to_string();
    // The token expired (15 minutes) or the message was deleted: 404 Unknown Webhook.
    for _ in 0..20 {
        fake.fail_next(
            &token,
            fake_discord::Failure {
                status: 404,
                body: json!({"message": "Unknown Webhook", "code": 10015}),
            },
        );
    }
    let a = d.post(&i);
    assert_eq!(a.body["type"], 5);
    std::thread::sleep(Duration::from_secs(4));
    let asked = fake
        .calls()
        .iter()
        .filter(|c| c.path.contains(&token))
        .count();
    // Case: asked a bounded number of times (the edit, perhaps one follow-up).
    assert!((1..=3).contains(&asked), "{asked} calls to a gone webhook");
    // Case: the bot still answers the next interaction.
    let next = d.command("gpu", &[("gpu", json!("4090"))], ALICE, "en-US");
    let token = next["token"].as_str().unwrap().to_string();
    d.post(&next);
    let edit = fake.wait_for_call(|c| c.method == "PATCH" && c.path.contains(&token) && !c.failed);
    assert!(shown(&edit.body).contains("4090"));
}

#[test]
fn a_button_on_a_message_from_before_a_restart_moves_its_pick_on() {
    let fake = FakeDiscord::start();
    let key = Interactions::new("127.0.0.1:1".parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let (s, addr) = serve(&fake, &key, dir.path(), 2500, false);
    let d = key.at(addr);
    let pick = d.command("pick", &[], ALICE, "en-US");
    let a = d.post(&pick);
    assert_eq!(a.body["type"], 4, "{:?}", a.body);
    let ids = custom_ids(&a.body["data"]);
    let tune = ids
        .iter()
        .find(|id| id.contains("t:tune"))
        .unwrap_or_else(|| panic!("{ids:?}"))
        .clone();
    let (status, out) = s.stop();
    assert!(status.success(), "{out}");
    // Started again on the same data: the press on the old message continues the dialogue.
    let (s, addr) = serve(&fake, &d, dir.path(), 2500, false);
    let d = d.at(addr);
    let press = d.press(&tune, &[], ALICE, ALICE, false);
    let a = d.post(&press);
    let body = match a.body["type"].as_u64() {
        Some(7) | Some(4) => a.body["data"].clone(),
        _ => {
            let token = press["token"].as_str().unwrap().to_string();
            fake.wait_for_call(|c| c.method == "PATCH" && c.path.contains(&token))
                .body
        }
    };
    // Case: step 2 of the same dialogue.
    assert!(shown(&body).contains("Step 2"), "{body:?}");
    // Case: a stranger's press on it is refused, and moves nothing.
    let stranger = d.press(&tune, &[], ALICE, BOB, false);
    let a = d.post(&stranger);
    assert_eq!(a.status, 200);
    assert_ne!(a.body["type"], 7, "{:?}", a.body);
    let (status, out) = s.stop();
    assert!(status.success(), "{out}");
}

#[test]
fn the_gateway_after_invalid_session_and_reconnect_and_a_429_on_a_callback_answers_once() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    fake.use_gateway(&g.url());
    let key = Interactions::new("127.0.0.1:1".parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let (s, addr) = serve(&fake, &key, dir.path(), 2000, true);
    let d = key.at(addr);
    g.wait_for_session();
    // INVALID_SESSION (d = false), then at once RECONNECT.
    let identifies = g.identifies().len();
    g.send_op(9, json!(false));
    g.send_op(7, Value::Null);
    g.wait_until("a fresh IDENTIFY", |g| g.identifies().len() > identifies);
    g.wait_for_session();
    std::thread::sleep(Duration::from_millis(500));
    // An interaction whose callback is rate limited for 1.2 s.
    let i = d.command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US");
    let callback = format!(
        "/interactions/{}/{}/callback",
        i["id"].as_str().unwrap(),
        i["token"].as_str().unwrap()
    );
    fake.fail_next(&callback, fake_discord::Failure::rate_limited(1.2, false));
    let sent = Instant::now();
    g.dispatch("INTERACTION_CREATE", i.clone());
    let token = i["token"].as_str().unwrap().to_string();
    // Case: answered after the wait (the callback, or the deferred edit once acknowledged).
    let answered = fake.wait_for_call(|c| {
        !c.failed
            && (c.path == callback || (c.method == "PATCH" && c.path.contains(&token)))
            && shown(&c.body).contains("H100")
    });
    assert!(answered.at >= sent, "{answered:?}");
    std::thread::sleep(Duration::from_millis(1500));
    // Case: once, the second try after the 429's retry_after.
    let tries: Vec<Call> = fake
        .calls()
        .into_iter()
        .filter(|c| c.path == callback || (c.method == "PATCH" && c.path.contains(&token)))
        .collect();
    assert_eq!(tries.len(), 2, "{tries:#?}");
    assert!(
        tries[1].at - tries[0].at >= Duration::from_millis(1100),
        "{:?}",
        tries[1].at - tries[0].at
    );
    // Case: after all that the session is one (no identify storm).
    assert!(
        g.identifies().len() <= identifies + 2,
        "{}",
        g.identifies().len()
    );
    let (status, out) = s.stop();
    assert!(status.success(), "{out}");
}

#[test]
fn over_the_gateway_a_press_on_a_message_from_before_a_restart_moves_its_pick_on() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    fake.use_gateway(&g.url());
    let key = Interactions::new("127.0.0.1:1".parse().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let (s, addr) = serve(&fake, &key, dir.path(), 2000, true);
    let d = key.at(addr);
    g.wait_for_session();
    let pick = d.command("pick", &[], ALICE, "zh-CN");
    g.dispatch("INTERACTION_CREATE", pick.clone());
    let callback = |i: &Value| {
        format!(
            "/interactions/{}/{}/callback",
            i["id"].as_str().unwrap(),
            i["token"].as_str().unwrap()
        )
    };
    let path = callback(&pick);
    let first = fake.wait_for_call(|c| c.path == path && !c.failed);
    let ids = custom_ids(&first.body["data"]);
    let tune = ids
        .iter()
        .find(|id| id.contains("t:tune"))
        .unwrap_or_else(|| panic!("{:?}", first.body))
        .clone();
    let (status, out) = s.stop();
    assert!(status.success(), "{out}");
    // Started again: a new gateway session, and the press on the old message.
    let sessions = g.identifies().len();
    let (s, _) = serve(&fake, &d, dir.path(), 2000, true);
    g.wait_until("a new session", |g| g.identifies().len() > sessions);
    g.wait_for_session();
    std::thread::sleep(Duration::from_millis(300));
    // The same person's client sends the same locale with every interaction.
    let mut press = d.press(&tune, &[], ALICE, ALICE, false);
    press["locale"] = json!("zh-CN");
    g.dispatch("INTERACTION_CREATE", press.clone());
    let path = callback(&press);
    let token = press["token"].as_str().unwrap().to_string();
    let answered = fake.wait_for_call(|c| {
        !c.failed && (c.path == path || (c.method == "PATCH" && c.path.contains(&token)))
    });
    // Case: the dialogue moved on to step 2, in the language it was started in.
    let body = if answered.body["type"] == 6 {
        fake.wait_for_call(|c| c.method == "PATCH" && c.path.contains(&token))
            .body
    } else {
        answered.body.clone()
    };
    assert!(shown(&body).contains("第 2 步"), "{body:?}");
    // Case: a stranger's press over the gateway is refused, ephemeral.
    let stranger = d.press(&tune, &[], ALICE, BOB, false);
    g.dispatch("INTERACTION_CREATE", stranger.clone());
    let path = callback(&stranger);
    let refused = fake.wait_for_call(|c| c.path == path && !c.failed);
    assert_eq!(refused.body["type"], 4, "{:?}", refused.body);
    assert_eq!(refused.body["data"]["flags"], 64, "{:?}", refused.body);
    let (status, out) = s.stop();
    assert!(status.success(), "{out}");
}
