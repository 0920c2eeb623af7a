//! The Discord frontend end to end: the real `gpuscout serve` with a loopback fake of
//! Discord's REST API, and interactions signed with a key made for the test and POSTed to the
//! bot's endpoint the way Discord does.

use gpuscout_testkit::fake_discord::{
    self, APPLICATION_ID, Call, FakeDiscord, GUILD_ID, Interactions,
};
use gpuscout_testkit::serve::Serve;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const ALICE: &str = "400000000000000001";
const BOB: &str = "400000000000000002";

struct Bot {
    serve: Serve,
    fake: FakeDiscord,
    discord: Interactions,
    _dir: tempfile::TempDir,
}

/// Starts `serve` with Discord on (registering to the test guild) and waits for its HTTP server.
fn start(defer_after_ms: u64) -> Bot {
    let fake = FakeDiscord::start();
    let dir = tempfile::tempdir().unwrap();
    // The key is generated before the bot starts; the address is filled in once it listens.
    let key_holder = Interactions::new("127.0.0.1:1".parse().unwrap());
    let serve = Serve::start(
        env!("CARGO_BIN_EXE_gpuscout"),
        dir.path(),
        &[
            ("DISCORD_BOT_TOKEN", fake_discord::TOKEN.to_string()),
            ("DISCORD_APPLICATION_ID", APPLICATION_ID.to_string()),
            ("DISCORD_PUBLIC_KEY", key_holder.public_key_hex()),
            ("DISCORD_API_URL", fake.api_url()),
            ("DISCORD_GUILD_ID", GUILD_ID.to_string()),
            ("DISCORD_DEFER_AFTER_MS", defer_after_ms.to_string()),
            ("GPUSCOUT_HTTP_ADDR", "127.0.0.1:0".to_string()),
        ],
    );
    let addr: SocketAddr = serve.http_addr(Duration::from_secs(30));
    let discord = key_holder.at(addr);
    Bot {
        serve,
        fake,
        discord,
        _dir: dir,
    }
}

fn description(body: &Value) -> String {
    body["embeds"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["description"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_original_edit(c: &Call) -> bool {
    c.method == "PATCH" && c.path.ends_with("/messages/@original")
}

#[test]
fn discord_pings_are_ponged_commands_registered_and_unsigned_or_stale_requests_refused() {
    let bot = start(2000);
    let ping = json!({"id": "1", "type": 1, "application_id": APPLICATION_ID.to_string(), "token": "t", "version": 1});
    let a = bot.discord.post(&ping);
    assert_eq!((a.status, &a.body), (200, &json!({"type": 1})));

    // Forged: signed by someone else's key.
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let forged = bot
        .discord
        .post_signed(&ping, &now.to_string(), &Interactions::stranger_key());
    assert_eq!(forged.status, 401);
    // Missing header.
    let missing = bot.discord.post_raw(
        &ping.to_string(),
        &[("X-Signature-Timestamp", &now.to_string())],
    );
    assert_eq!(missing.status, 401);
    let unsigned = bot.discord.post_raw(&ping.to_string(), &[]);
    assert_eq!(unsigned.status, 401);
    // Correctly signed, but ten minutes old: a replay.
    let stale = bot
        .discord
        .post_signed(&ping, &(now - 600).to_string(), bot.discord.key());
    assert_eq!(stale.status, 401);

    // One bulk overwrite of every command, to the test guild, with the bot token.
    let put = bot.fake.wait_for_call(|c| c.method == "PUT");
    assert_eq!(
        put.path,
        format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands")
    );
    assert_eq!(
        put.authorization.as_deref(),
        Some(&*format!("Bot {}", fake_discord::TOKEN))
    );
    let names: Vec<&str> = put
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"gpu") && names.contains(&"pick"),
        "{names:?}"
    );
    assert_eq!(put.body[0]["name_localizations"]["zh-CN"], "开始");

    let (status, body) = fake_discord::http_request(bot.discord.addr(), "GET", "/healthz", &[], "");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#""status":"ok""#), "{body}");
    assert!(body.contains(r#""discord":"running""#), "{body}");
    let (_, out) = bot.serve.stop();
    assert!(!out.contains(fake_discord::TOKEN), "{out}");
}

#[test]
fn discord_gpu_4090_answers_in_the_users_language_and_never_pings() {
    let bot = start(2000);
    let en =
        bot.discord.post(
            &bot.discord
                .command("gpu", &[("gpu", json!("4090"))], ALICE, "en-US"),
        );
    assert_eq!(en.status, 200, "{:?}", en.body);
    assert_eq!(en.body["type"], 4);
    let text = description(&en.body["data"]);
    assert!(text.contains("RTX 4090") && text.contains("VRAM"), "{text}");
    assert_eq!(en.body["data"]["allowed_mentions"]["parse"], json!([]));

    let zh = bot.discord.post(
        &bot.discord
            .command("gpu", &[("gpu", json!("4090"))], BOB, "zh-CN"),
    );
    let text = description(&zh.body["data"]);
    assert!(text.contains("显存"), "{text}");

    // A user-typed @everyone is shown, escaped, and pings nobody.
    let evil = bot.discord.post(&bot.discord.command(
        "gpu",
        &[("gpu", json!("@everyone <@&123>"))],
        ALICE,
        "en-US",
    ));
    let data = &evil.body["data"];
    let text = description(data);
    assert!(
        !text.contains("@everyone") && text.contains("@\u{200B}everyone"),
        "{text}"
    );
    assert!(!text.contains("<@&"), "{text}");
    assert_eq!(data["allowed_mentions"]["parse"], json!([]));

    // /fit: bot-core's answer, same grammar.
    let fit = bot.discord.post(&bot.discord.command(
        "fit",
        &[
            ("model", json!("qwen2.5-7b")),
            ("quant", json!("int4")),
            ("gpu", json!("RTX 4090")),
        ],
        ALICE,
        "en-US",
    ));
    let text = description(&fit.body["data"]);
    assert!(text.contains("GiB"), "{text}");

    // Autocomplete offers catalog names.
    let mut ac = bot
        .discord
        .command("cost", &[("gpu", json!("409"))], ALICE, "en-US");
    ac["type"] = json!(4);
    ac["data"]["options"][0]["focused"] = json!(true);
    let ac = bot.discord.post(&ac);
    assert_eq!(ac.body["type"], 8);
    let names: Vec<&str> = ac.body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(names.iter().any(|n| n.contains("4090")), "{names:?}");
}

/// The components of the last message body, as (custom_id or menu value, label).
fn choices(body: &Value) -> Vec<(String, Option<String>, String)> {
    let mut out = Vec::new();
    for row in body["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            match c["type"].as_u64() {
                Some(2) => out.push((
                    c["custom_id"].as_str().unwrap().to_string(),
                    None,
                    c["label"].as_str().unwrap().to_string(),
                )),
                Some(3) => {
                    for o in c["options"].as_array().unwrap() {
                        out.push((
                            c["custom_id"].as_str().unwrap().to_string(),
                            Some(o["value"].as_str().unwrap().to_string()),
                            o["label"].as_str().unwrap().to_string(),
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn discord_pick_walks_its_buttons_to_the_trial_plan_and_strangers_are_refused() {
    let bot = start(2000);
    let d = &bot.discord;
    let start = d.post(&d.command("pick", &[], ALICE, "en-US"));
    assert_eq!(start.body["type"], 4);
    assert_eq!(
        start.body["data"]["flags"], 64,
        "only the starter sees /pick"
    );
    let mut body = start.body["data"].clone();

    // Bob presses Alice's button: a polite refusal only he sees, nothing changes.
    let (id, value, _) = choices(&body)[0].clone();
    let values: Vec<&str> = value.iter().map(String::as_str).collect();
    let refused = d.post(&d.press(&id, &values, ALICE, BOB, true));
    assert_eq!(refused.body["type"], 4);
    assert_eq!(refused.body["data"]["flags"], 64);
    assert!(
        refused.body["data"]["content"]
            .as_str()
            .unwrap()
            .contains("someone else")
    );

    let mut seen_follow_ups = 0;
    for _step in 0..20 {
        if description(&body).contains("A small trial before you spend more") {
            break;
        }
        let options = choices(&body);
        assert!(
            !options.is_empty(),
            "no choices on:\n{}",
            description(&body)
        );
        let (id, value, _) = options
            .iter()
            .find(|(_, _, label)| label == "Done" || label == "Trial plan")
            .unwrap_or(&options[0])
            .clone();
        let values: Vec<&str> = value.iter().map(String::as_str).collect();
        let pressed = d.post(&d.press(&id, &values, ALICE, ALICE, true));
        assert_eq!(pressed.status, 200, "{:?}", pressed.body);
        assert_eq!(
            pressed.body["type"], 7,
            "edited in place: {:?}",
            pressed.body
        );
        body = pressed.body["data"].clone();
        // An answer of several replies: the first replaces the message, the rest arrive as
        // follow-ups (ephemeral too), and the buttons are on the last one.
        if choices(&body).is_empty() {
            let deadline = Instant::now() + Duration::from_secs(20);
            loop {
                let follow_ups: Vec<Call> = bot
                    .fake
                    .calls()
                    .into_iter()
                    .filter(|c| c.method == "POST" && c.path.starts_with("/webhooks/"))
                    .collect();
                if follow_ups.len() > seen_follow_ups
                    && let Some(last) = follow_ups.last()
                    && !choices(&last.body).is_empty()
                {
                    assert_eq!(last.body["flags"], 64);
                    body = last.body.clone();
                    seen_follow_ups = follow_ups.len();
                    break;
                }
                assert!(Instant::now() < deadline, "no follow-up with choices");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
    assert!(
        description(&body).contains("A small trial before you spend more"),
        "{}",
        description(&body)
    );
}

#[test]
fn discord_slow_answers_are_deferred_then_edited_in() {
    // Every answer counts as slow here.
    let bot = start(0);
    let d = &bot.discord;
    let a = d.post(&d.command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US"));
    assert_eq!(a.body, json!({"type": 5}));
    let edit = bot.fake.wait_for_call(is_original_edit);
    assert!(
        edit.path
            .starts_with(&format!("/webhooks/{APPLICATION_ID}/itok-")),
        "{}",
        edit.path
    );
    assert!(
        edit.authorization.is_none(),
        "interaction webhooks need no bot token"
    );
    assert!(description(&edit.body).contains("H100"), "{:?}", edit.body);
    assert_eq!(edit.body["allowed_mentions"]["parse"], json!([]));

    let p = d.post(&d.command("pick", &[], ALICE, "en-US"));
    assert_eq!(p.body, json!({"type": 5, "data": {"flags": 64}}));
}
