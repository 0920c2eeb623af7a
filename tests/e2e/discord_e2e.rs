//! The Discord frontend end to end: the real `gpuscout serve` with a loopback fake of
//! Discord's REST API, and interactions signed with a key made for the test and POSTed to the
//! bot's endpoint the way Discord does; or, through a loopback fake of the gateway, the same
//! interactions and plain messages (DMs, mentions) over a WebSocket.

use gpuscout_testkit::fake_discord::{
    self, APPLICATION_ID, CHANNEL_ID, Call, FakeDiscord, GUILD_ID, Interactions,
};
use gpuscout_testkit::fake_discord_gateway::{self as gw, BOT_USER_ID, DM_CHANNEL_ID, FakeGateway};
use gpuscout_testkit::serve::Serve;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const ALICE: &str = "400000000000000001";
const BOB: &str = "400000000000000002";
const CAROL: &str = "400000000000000003";

struct Bot {
    serve: Serve,
    fake: FakeDiscord,
    discord: Interactions,
    gateway: Option<FakeGateway>,
    _dir: tempfile::TempDir,
}

/// Starts `serve` with Discord on (registering to the test guild), interactions at the HTTP
/// endpoint only, and waits for its HTTP server.
fn start(defer_after_ms: u64) -> Bot {
    start_with(defer_after_ms, Gateway::Off)
}

enum Gateway {
    Off,
    /// On, and the fake REST API hands out the fake gateway's URL.
    On,
    /// On, but `GET /gateway/bot` fails until the test says otherwise.
    Unreachable,
    /// On, and the first IDENTIFY is closed with this code.
    RefusingFirst(u16),
    /// On, sending every payload zlib-compressed and asking for a heartbeat every 300 ms.
    Compressed,
}

fn start_with(defer_after_ms: u64, gateway: Gateway) -> Bot {
    start_with_env(defer_after_ms, gateway, &[])
}

fn start_with_env(defer_after_ms: u64, gateway: Gateway, extra: &[(&'static str, String)]) -> Bot {
    let fake = FakeDiscord::start();
    let fake_gateway = match gateway {
        Gateway::Off => None,
        Gateway::On => {
            let g = FakeGateway::start();
            fake.use_gateway(&g.url());
            Some(g)
        }
        Gateway::Unreachable => Some(FakeGateway::start()),
        Gateway::Compressed => {
            let g = FakeGateway::start();
            g.compress(true);
            g.set_heartbeat_interval(Duration::from_millis(300));
            fake.use_gateway(&g.url());
            Some(g)
        }
        Gateway::RefusingFirst(code) => {
            let g = FakeGateway::start();
            g.refuse_next_identify(code);
            fake.use_gateway(&g.url());
            Some(g)
        }
    };
    let gateway_var = if fake_gateway.is_some() { "on" } else { "off" };
    let dir = tempfile::tempdir().unwrap();
    // The key is generated before the bot starts; the address is filled in once it listens.
    let key_holder = Interactions::new("127.0.0.1:1".parse().unwrap());
    let serve = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .discord(&fake, &key_holder.public_key_hex())
        .env("DISCORD_DEFER_AFTER_MS", defer_after_ms.to_string())
        .env("DISCORD_GATEWAY", gateway_var)
        .envs(extra)
        .start(dir.path());
    let addr: SocketAddr = serve.http_addr(Duration::from_secs(30));
    let discord = key_holder.at(addr);
    Bot {
        serve,
        fake,
        discord,
        gateway: fake_gateway,
        _dir: dir,
    }
}

/// Everything an embed shows, as text: titles, descriptions, fields ("name: value").
fn description(body: &Value) -> String {
    let mut out = Vec::new();
    for e in body["embeds"].as_array().into_iter().flatten() {
        out.extend(e["title"].as_str().map(str::to_string));
        out.extend(e["description"].as_str().map(str::to_string));
        for f in e["fields"].as_array().into_iter().flatten() {
            out.push(format!(
                "{}: {}",
                f["name"].as_str().unwrap_or(""),
                f["value"].as_str().unwrap_or("")
            ));
        }
    }
    out.join("\n")
}

fn is_original_edit(c: &Call) -> bool {
    c.method == "PATCH" && c.path.ends_with("/messages/@original")
}

/// What a press left on its message when it is edited in place: inline (type 7), or, when the
/// machine is slow past the defer budget, acknowledged (type 6) and then edited through the
/// original message, which Discord shows the same way.
fn in_place(fake: &FakeDiscord, token: &str, answer: &Value) -> Value {
    match answer["type"].as_u64() {
        Some(7) => answer["data"].clone(),
        Some(6) => {
            let path = format!("/{token}/messages/@original");
            fake.wait_for_call(|c| c.method == "PATCH" && c.path.ends_with(&path))
                .body
        }
        _ => panic!("edited in place: {answer:?}"),
    }
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
    // Native: the estimate's title heads the embed, the memory split is fields, and the
    // colour is the verdict (qwen2.5-7b in int4 fits one 4090: green).
    let embeds = fit.body["data"]["embeds"].as_array().unwrap();
    assert!(
        embeds[0]["title"].as_str().unwrap().contains("qwen2.5"),
        "{embeds:?}"
    );
    assert!(embeds.iter().all(|e| e["color"] == 0x57F287), "{embeds:?}");
    // A phone's first message is the verdict; the memory split is behind "Details", which
    // edits the message in place into the whole answer.
    assert!(text.contains("Fits on 1"), "{text}");
    assert!(!text.contains("Weights: "), "{text}");
    let (details, _, _) = choices(&fit.body["data"])
        .into_iter()
        .find(|(_, _, label)| label == "Details")
        .expect("a Details button");
    let press = bot.discord.press(&details, &[], ALICE, ALICE, false);
    let whole = bot.discord.post(&press);
    let whole = in_place(&bot.fake, press["token"].as_str().unwrap(), &whole.body);
    let text = description(&whole);
    assert!(
        text.contains("Weights: ") && text.contains("KV cache: "),
        "{text}"
    );
    let too_big = bot.discord.post(&bot.discord.command(
        "fit",
        &[
            ("model", json!("qwen2.5-72b")),
            ("quant", json!("bf16")),
            ("gpu", json!("RTX 4090")),
        ],
        ALICE,
        "en-US",
    ));
    let embeds = too_big.body["data"]["embeds"].as_array().unwrap();
    assert!(embeds.iter().all(|e| e["color"] == 0xED4245), "{embeds:?}");

    // /cost: the bill's lines are fields.
    let cost = bot.discord.post(&bot.discord.command(
        "cost",
        &[
            ("platform", json!("runpod")),
            ("gpu", json!("4090")),
            ("duration", json!("40m")),
        ],
        ALICE,
        "en-US",
    ));
    let fields: Vec<String> = cost.body["data"]["embeds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e["fields"].as_array().cloned().unwrap_or_default())
        .map(|f| f["name"].as_str().unwrap().to_string())
        .collect();
    assert!(
        fields.contains(&"Total".to_string()) && fields.contains(&"Compute".to_string()),
        "{fields:?} in {:?}",
        cost.body
    );

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
        let press = d.press(&id, &values, ALICE, ALICE, true);
        let pressed = d.post(&press);
        assert_eq!(pressed.status, 200, "{:?}", pressed.body);
        body = in_place(&bot.fake, press["token"].as_str().unwrap(), &pressed.body);
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

/// Issue 23 item 2: a stop finishes the interactions it took. Discord never delivers an
/// interaction again, so a deferred answer still to come at the stop is sent during the
/// drain (its token takes it for 15 minutes), before the process exits.
#[test]
fn discord_a_stop_right_after_deferring_still_sends_the_answer() {
    // Every answer is deferred; the edit comes after the response is delivered.
    let bot = start(0);
    let d = &bot.discord;
    let deferred = d.post(&d.command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US"));
    assert_eq!(deferred.body, json!({"type": 5}));
    assert!(
        !bot.fake.calls().iter().any(is_original_edit),
        "the edit has not come yet"
    );
    let Bot { serve, fake, .. } = bot;
    let (status, stderr) = serve.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
    let edits: Vec<Call> = fake.calls().into_iter().filter(is_original_edit).collect();
    assert_eq!(edits.len(), 1, "{stderr}");
    assert!(
        description(&edits[0].body).contains("H100"),
        "{:?}",
        edits[0].body
    );
}

/// The other side of the drain: an answer Discord will not take by the stop deadline is given
/// up then (the stop stays bounded) and is not kept to be sent after a restart, when its
/// interaction token would be stale or the asker long gone.
#[test]
fn discord_an_answer_not_sent_by_the_stop_deadline_is_given_up_not_kept() {
    let stop_deadline = [("GPUSCOUT_STOP_DEADLINE", "2".to_string())];
    let bot = start_with_env(0, Gateway::Off, &stop_deadline);
    let d = &bot.discord;
    // Once the commands are registered, Discord's REST API fails every call (cut
    // connections and 5xx, retried).
    bot.fake.wait_for_call(|c| c.method == "PUT" && !c.failed);
    bot.fake.fail_every(1);
    let deferred = d.post(&d.command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US"));
    assert_eq!(deferred.body, json!({"type": 5}));
    let key = d.public_key_hex();
    let Bot {
        serve, fake, _dir, ..
    } = bot;
    let asked = Instant::now();
    let (status, stderr) = serve.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
    assert!(asked.elapsed() < Duration::from_secs(5), "{stderr}");
    assert!(stderr.contains("given up"), "{stderr}");
    let sent = |fake: &FakeDiscord| {
        fake.calls()
            .iter()
            .filter(|c| is_original_edit(c) && !c.failed)
            .count()
    };
    assert_eq!(sent(&fake), 0);
    // Discord is back and the bot restarts on the same store: the old answer stays unsent.
    fake.fail_every(0);
    let serve = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .discord(&fake, &key)
        .env("DISCORD_DEFER_AFTER_MS", "0")
        .env("DISCORD_GATEWAY", "off")
        .start(_dir.path());
    serve.http_addr(Duration::from_secs(30));
    fake.wait_for_call(|c| c.method == "PUT" && !c.failed);
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(sent(&fake), 0, "nothing is kept for after a restart");
    let (status, stderr) = serve.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
}

/// The gateway's side of the drain: an interaction and a DM taken over the gateway before a
/// stop are answered during the drain, though the shard is being shut down beside it. Each
/// answer meets three 500s first, so both are still in hand when the stop arrives.
#[test]
fn discord_gateway_a_stop_right_after_deferring_still_sends_the_answer() {
    let bot = start_with(0, Gateway::On);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    let dm_path = format!("/channels/{DM_CHANNEL_ID}/messages");
    for path in ["/messages/@original", dm_path.as_str()] {
        for _ in 0..3 {
            bot.fake.fail_next(
                path,
                fake_discord::Failure {
                    status: 500,
                    body: json!({"message": "500: Internal Server Error", "code": 0}),
                },
            );
        }
    }
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "600000000000000077",
            "cheapest h100?",
            ALICE,
            DM_CHANNEL_ID,
            false,
            &[],
            None,
        ),
    );
    let dm_posts = |fake: &FakeDiscord| {
        fake.calls()
            .into_iter()
            .filter(|c| c.method == "POST" && c.path == dm_path)
            .collect::<Vec<_>>()
    };
    bot.fake
        .wait_for_call(|c| c.method == "POST" && c.path == dm_path);
    let i = bot
        .discord
        .command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US");
    g.dispatch("INTERACTION_CREATE", i.clone());
    let callback = format!(
        "/interactions/{}/{}/callback",
        i["id"].as_str().unwrap(),
        i["token"].as_str().unwrap()
    );
    let deferred = bot.fake.wait_for_call(|c| c.path == callback);
    assert_eq!(deferred.body["type"], 5, "{:?}", deferred.body);
    let Bot { serve, fake, .. } = bot;
    let (status, stderr) = serve.stop_within(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
    assert!(
        stderr.contains("answering 2 interaction(s) or message(s) in hand"),
        "both answers were still to come at the stop: {stderr}"
    );
    assert!(!stderr.contains("given up"), "{stderr}");
    let edits: Vec<Call> = fake.calls().into_iter().filter(is_original_edit).collect();
    assert_eq!(edits.len(), 4, "three 500s, then the answer: {stderr}");
    assert!(
        description(&edits[3].body).contains("H100"),
        "{:?}",
        edits[3].body
    );
    let posts = dm_posts(&fake);
    assert_eq!(posts.len(), 4, "three 500s, then the answer: {stderr}");
    assert!(
        description(&posts[3].body).contains("H100"),
        "{:?}",
        posts[3].body
    );
}

/// An interaction taken over the gateway that Discord does not take by the stop deadline is
/// given up then, and nothing of it is sent afterwards, even when Discord comes back during
/// the exit (a retry in transit is dropped with it, not let through late).
#[test]
fn discord_gateway_an_answer_given_up_at_the_stop_is_never_sent_late() {
    let stop_deadline = [("GPUSCOUT_STOP_DEADLINE", "2".to_string())];
    let bot = start_with_env(0, Gateway::On, &stop_deadline);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    bot.fake.wait_for_call(|c| c.method == "PUT" && !c.failed);
    // Every REST call fails (cut connections and 5xx, retried) until the give-up.
    bot.fake.fail_every(1);
    let i = bot
        .discord
        .command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US");
    g.dispatch("INTERACTION_CREATE", i.clone());
    let callback = format!(
        "/interactions/{}/{}/callback",
        i["id"].as_str().unwrap(),
        i["token"].as_str().unwrap()
    );
    bot.fake.wait_for_call(|c| c.path == callback);
    let Bot {
        serve, fake, _dir, ..
    } = bot;
    let term = std::process::Command::new("kill")
        .arg("-TERM")
        .arg(serve.pid().to_string())
        .status()
        .unwrap();
    assert!(term.success());
    let asked = Instant::now();
    while !serve.stderr().contains("given up") {
        assert!(
            asked.elapsed() < Duration::from_secs(10),
            "{}",
            serve.stderr()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // Discord is back the moment the bot gives up.
    fake.fail_every(0);
    let (status, stderr) = serve.wait(Duration::from_secs(15));
    assert!(status.success(), "{stderr}");
    assert!(asked.elapsed() < Duration::from_secs(5), "{stderr}");
    let sent: Vec<Call> = fake
        .calls()
        .into_iter()
        .filter(|c| !c.failed && (c.path == callback || is_original_edit(c)))
        .collect();
    assert!(sent.is_empty(), "sent after giving up: {sent:#?}\n{stderr}");
    assert!(
        fake.calls().iter().any(|c| c.path == callback && c.failed),
        "the callback was tried during the drain"
    );
}

/// The first message the bot posted to `channel` quoting message `quoting` (`None`: quoting
/// nothing).
fn posted(bot: &Bot, channel: u64, quoting: Option<&str>) -> Call {
    let path = format!("/channels/{channel}/messages");
    bot.fake.wait_for_call(|c| {
        c.method == "POST"
            && c.path == path
            && c.body["message_reference"]["message_id"].as_str() == quoting
    })
}

#[test]
fn discord_gateway_feeds_the_same_handler_and_answers_dms_and_mentions_only() {
    let bot = start_with(2000, Gateway::On);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    let identify = &g.identifies()[0];
    assert_eq!(
        identify["token"]
            .as_str()
            .unwrap()
            .trim_start_matches("Bot "),
        fake_discord::TOKEN
    );
    let intents = identify["intents"].as_u64().unwrap();
    assert_ne!(intents & (1 << 9), 0, "guild messages");
    assert_ne!(intents & (1 << 12), 0, "direct messages");
    assert_eq!(
        intents & (1 << 15),
        0,
        "message content is privileged: not asked for"
    );

    // A slash command over the gateway: the same answer as at the endpoint, POSTed to the
    // interaction's callback (no bot token needed there).
    let i = bot
        .discord
        .command("gpu", &[("gpu", json!("4090"))], BOB, "zh-CN");
    g.dispatch("INTERACTION_CREATE", i.clone());
    let callback = format!(
        "/interactions/{}/{}/callback",
        i["id"].as_str().unwrap(),
        i["token"].as_str().unwrap()
    );
    let cb = bot
        .fake
        .wait_for_call(|c| c.method == "POST" && c.path == callback);
    assert_eq!(cb.body["type"], 4, "{:?}", cb.body);
    assert!(
        description(&cb.body["data"]).contains("显存"),
        "{:?}",
        cb.body
    );
    assert_eq!(cb.body["data"]["allowed_mentions"]["parse"], json!([]));

    // /pick over the gateway, then its first button: edited in place through the callback.
    let pick = bot.discord.command("pick", &[], ALICE, "en-US");
    g.dispatch("INTERACTION_CREATE", pick.clone());
    let path = format!(
        "/interactions/{}/{}/callback",
        pick["id"].as_str().unwrap(),
        pick["token"].as_str().unwrap()
    );
    let started = bot.fake.wait_for_call(|c| c.path == path);
    assert_eq!(
        started.body["data"]["flags"], 64,
        "only the starter sees /pick"
    );
    let (id, value, _) = choices(&started.body["data"])[0].clone();
    let values: Vec<&str> = value.iter().map(String::as_str).collect();
    let press = bot.discord.press(&id, &values, ALICE, ALICE, true);
    g.dispatch("INTERACTION_CREATE", press.clone());
    let path = format!(
        "/interactions/{}/{}/callback",
        press["id"].as_str().unwrap(),
        press["token"].as_str().unwrap()
    );
    let pressed = bot.fake.wait_for_call(|c| c.path == path);
    assert!(
        [6, 7].contains(&pressed.body["type"].as_u64().unwrap()),
        "{:?}",
        pressed.body
    );
    // Someone else's press over the gateway: refused, only they see it.
    let stranger = bot.discord.press(&id, &values, ALICE, BOB, true);
    g.dispatch("INTERACTION_CREATE", stranger.clone());
    let path = format!(
        "/interactions/{}/{}/callback",
        stranger["id"].as_str().unwrap(),
        stranger["token"].as_str().unwrap()
    );
    let refused = bot.fake.wait_for_call(|c| c.path == path);
    assert_eq!(refused.body["data"]["flags"], 64);

    // A DM: every plain question is answered, read by bot-core's understanding layer.
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "600000000000000001",
            "4090能跑qwen2.5-32b吗",
            ALICE,
            DM_CHANNEL_ID,
            false,
            &[],
            None,
        ),
    );
    let dm = posted(&bot, DM_CHANNEL_ID, None);
    let text = description(&dm.body);
    assert!(text.contains("我理解为"), "{text}");
    assert!(text.contains("/fit"), "{text}");
    assert_eq!(dm.body["allowed_mentions"]["parse"], json!([]));
    assert_eq!(
        dm.authorization.as_deref(),
        Some(&*format!("Bot {}", fake_discord::TOKEN))
    );

    // A guild channel: chatter not addressed to the bot is left alone...
    let me = BOT_USER_ID.to_string();
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "600000000000000002",
            "cheapest A100?",
            BOB,
            CHANNEL_ID,
            true,
            &[],
            None,
        ),
    );
    // ...a mention is answered, quoting the question, and its @everyone pings nobody...
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "600000000000000003",
            &format!("<@{me}> cheapest A100? @everyone"),
            // Not Alice: her /pick in this channel would read this as its next answer.
            CAROL,
            CHANNEL_ID,
            true,
            &[me.as_str()],
            None,
        ),
    );
    let answer = posted(&bot, CHANNEL_ID, Some("600000000000000003"));
    let text = description(&answer.body);
    assert!(text.contains("I read this as"), "{text}");
    assert!(!text.contains("<@"), "{text}");
    assert_eq!(answer.body["allowed_mentions"]["parse"], json!([]));
    // ...and so is a reply to one of the bot's messages, without a mention.
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "600000000000000004",
            "can a 4090 run qwen2.5-7b int4?",
            BOB,
            CHANNEL_ID,
            true,
            &[],
            Some(("600000000000000099", me.as_str())),
        ),
    );
    posted(&bot, CHANNEL_ID, Some("600000000000000004"));
    // /pick typed as a mention: the question comes back as a reply with buttons, and the
    // buttons belong to whoever asked (the author of the quoted message).
    let asked = gw::message(
        "600000000000000007",
        &format!("<@{me}> /pick"),
        CAROL,
        CHANNEL_ID,
        true,
        &[me.as_str()],
        None,
    );
    g.dispatch("MESSAGE_CREATE", asked.clone());
    let question = posted(&bot, CHANNEL_ID, Some("600000000000000007"));
    let (id, value, _) = choices(&question.body)[0].clone();
    let values: Vec<&str> = value.iter().map(String::as_str).collect();
    let on_answer = |user: &str| {
        let mut press = bot.discord.press(&id, &values, CAROL, user, false);
        let m = press["message"].as_object_mut().unwrap();
        m.remove("interaction_metadata");
        m.insert("type".into(), json!(19));
        m.insert("referenced_message".into(), asked.clone());
        press
    };
    let stranger = on_answer(BOB);
    g.dispatch("INTERACTION_CREATE", stranger.clone());
    let refused = bot.fake.wait_for_call(|c| {
        c.path
            == format!(
                "/interactions/{}/{}/callback",
                stranger["id"].as_str().unwrap(),
                stranger["token"].as_str().unwrap()
            )
    });
    assert_eq!(refused.body["type"], 4);
    assert_eq!(refused.body["data"]["flags"], 64, "{:?}", refused.body);
    let own = on_answer(CAROL);
    g.dispatch("INTERACTION_CREATE", own.clone());
    let pressed = bot.fake.wait_for_call(|c| {
        c.path
            == format!(
                "/interactions/{}/{}/callback",
                own["id"].as_str().unwrap(),
                own["token"].as_str().unwrap()
            )
    });
    let edited = in_place(&bot.fake, own["token"].as_str().unwrap(), &pressed.body);
    assert!(!description(&edited).is_empty(), "{edited:?}");
    // A typed command in a DM works too. By the time it is answered, the unaddressed guild
    // message (sent before everything after it) has had its chance, and was left alone.
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "600000000000000006",
            "/gpu h100",
            ALICE,
            DM_CHANNEL_ID,
            false,
            &[],
            None,
        ),
    );
    bot.fake.wait_for_call(|c| {
        c.method == "POST"
            && c.path == format!("/channels/{DM_CHANNEL_ID}/messages")
            && description(&c.body).contains("H100")
    });
    let quoted: Vec<String> = bot
        .fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{CHANNEL_ID}/messages"))
        .filter_map(|c| {
            c.body["message_reference"]["message_id"]
                .as_str()
                .map(str::to_string)
        })
        .collect();
    assert!(
        !quoted.contains(&"600000000000000002".to_string()),
        "{quoted:?}"
    );
    assert_nobody_can_be_pinged(&bot.fake);
    // The stop reaches the gateway too: the shard is shut down and serve exits cleanly.
    let stopping = Instant::now();
    let (status, out) = bot.serve.stop();
    assert!(status.success(), "{out}");
    assert!(stopping.elapsed() < Duration::from_secs(10), "{out}");
    assert!(out.contains("discord: gateway connected as"), "{out}");
    assert!(!out.contains(fake_discord::TOKEN), "{out}");
}

#[test]
fn discord_gateway_that_cannot_connect_retries_and_the_endpoint_keeps_answering() {
    let bot = start_with(2000, Gateway::Unreachable);
    // The first lookup fails (404)...
    bot.fake
        .wait_for_call(|c| c.method == "GET" && c.path == "/gateway/bot");
    // ...and meanwhile the endpoint answers.
    let ping = json!({"id": "1", "type": 1, "application_id": APPLICATION_ID.to_string(), "token": "t", "version": 1});
    let a = bot.discord.post(&ping);
    assert_eq!((a.status, &a.body), (200, &json!({"type": 1})));
    let en =
        bot.discord.post(
            &bot.discord
                .command("gpu", &[("gpu", json!("4090"))], ALICE, "en-US"),
        );
    assert!(description(&en.body["data"]).contains("RTX 4090"));
    // Once Discord is back, the retry (with backoff) connects.
    let g = bot.gateway.as_ref().unwrap();
    bot.fake.use_gateway(&g.url());
    g.wait_for_session();
    let lookups = bot
        .fake
        .calls()
        .iter()
        .filter(|c| c.path == "/gateway/bot")
        .count();
    assert!(lookups >= 2, "retried: {lookups}");
    let (status, out) = bot.serve.stop();
    assert!(status.success(), "{out}");
    assert!(out.contains("reconnecting in"), "{out}");
    assert!(!out.contains(fake_discord::TOKEN), "{out}");
}

/// Every message the bot sent, whichever way (channel posts, edits, follow-ups, the edited
/// original, gateway callbacks), allows no mention at all.
fn assert_nobody_can_be_pinged(fake: &FakeDiscord) {
    let mut bodies = 0;
    for c in fake.calls() {
        let body = if c.path.ends_with("/callback") {
            &c.body["data"]
        } else if c.path.contains("/messages") || c.path.starts_with("/webhooks/") {
            &c.body
        } else {
            continue;
        };
        if body.get("embeds").is_none() && body.get("content").is_none() {
            continue;
        }
        bodies += 1;
        assert_eq!(
            body["allowed_mentions"]["parse"],
            json!([]),
            "{} {}: {body}",
            c.method,
            c.path
        );
    }
    assert!(bodies > 0, "no message was sent at all");
}

#[test]
fn discord_deferred_pick_arrives_as_edits_and_follow_ups_to_the_trial_plan() {
    // Every answer counts as slow: each step is deferred, then edited in (and followed up).
    let bot = start(0);
    let d = &bot.discord;
    let token = |i: &Value| i["token"].as_str().unwrap().to_string();
    // The deferred answer to interaction `i`: its edited original, then its follow-ups.
    let answer_to = |i: &Value| -> Vec<Value> {
        let t = token(i);
        let edit = bot.fake.wait_for_call(|c| {
            c.method == "PATCH"
                && c.path == format!("/webhooks/{APPLICATION_ID}/{t}/messages/@original")
        });
        let mut bodies = vec![edit.body];
        // Follow-ups come after the edit; the last body carries the buttons.
        let deadline = Instant::now() + Duration::from_secs(20);
        while choices(bodies.last().unwrap()).is_empty()
            && !description(bodies.last().unwrap()).contains("A small trial before you spend more")
        {
            bodies = std::iter::once(bodies[0].clone())
                .chain(
                    bot.fake
                        .calls()
                        .into_iter()
                        .filter(|c| {
                            c.method == "POST"
                                && c.path == format!("/webhooks/{APPLICATION_ID}/{t}")
                        })
                        .map(|c| c.body),
                )
                .collect();
            assert!(
                Instant::now() < deadline,
                "no follow-up with choices for {t}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        bodies
    };
    let pick = d.command("pick", &[], ALICE, "en-US");
    let a = d.post(&pick);
    assert_eq!(a.body, json!({"type": 5, "data": {"flags": 64}}));
    let first = answer_to(&pick);
    assert!(!choices(first.last().unwrap()).is_empty());
    // `/back` at the first step answers twice ("already at the first step", then the question
    // again): the edited original, and a follow-up that carries the buttons.
    let back = d.command("back", &[], ALICE, "en-US");
    assert_eq!(
        d.post(&back).body,
        json!({"type": 5, "data": {"flags": 64}})
    );
    let mut bodies = answer_to(&back);
    assert_eq!(bodies.len(), 2, "{bodies:?}");
    assert_eq!(bodies[1]["flags"], 64, "the follow-up is ephemeral too");
    let mut follow_ups = 1;
    for _step in 0..20 {
        let last = bodies.last().unwrap().clone();
        if description(&last).contains("A small trial before you spend more") {
            break;
        }
        follow_ups += bodies.len() - 1;
        let options = choices(&last);
        let (id, value, _) = options
            .iter()
            .find(|(_, _, label)| label == "Done" || label == "Trial plan")
            .unwrap_or(&options[0])
            .clone();
        let values: Vec<&str> = value.iter().map(String::as_str).collect();
        let press = d.press(&id, &values, ALICE, ALICE, true);
        let a = d.post(&press);
        assert_eq!(
            a.body,
            json!({"type": 6}),
            "a press is deferred as an update"
        );
        bodies = answer_to(&press);
        for b in &bodies[1..] {
            assert_eq!(
                b["flags"], 64,
                "follow-ups of an ephemeral dialogue stay ephemeral"
            );
        }
        assert!(bodies[0].get("flags").is_none(), "an edit carries no flags");
    }
    assert!(
        description(bodies.last().unwrap()).contains("A small trial before you spend more"),
        "{:?}",
        bodies
    );
    assert!(follow_ups > 0, "some answer had more than one reply");
    assert_nobody_can_be_pinged(&bot.fake);
}

#[test]
fn discord_gateway_refused_at_identify_backs_off_and_connects_again() {
    // Discord closes the first session: "disallowed intents" (as if the portal had them off).
    let bot = start_with(2000, Gateway::RefusingFirst(4014));
    let g = bot.gateway.as_ref().unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while g.identifies().len() < 2 {
        assert!(
            Instant::now() < deadline,
            "never identified again:\n{}",
            bot.serve.output()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    g.wait_for_session();
    // The new session works: a DM is answered.
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "600000000000000011",
            "/gpu 4090",
            ALICE,
            DM_CHANNEL_ID,
            false,
            &[],
            None,
        ),
    );
    let dm = posted(&bot, DM_CHANNEL_ID, None);
    assert!(description(&dm.body).contains("RTX 4090"));
    let (status, out) = bot.serve.stop();
    assert!(status.success(), "{out}");
    assert!(out.contains("the connection failed"), "{out}");
    assert!(out.contains("reconnecting in 1s"), "{out}");
    assert!(!out.contains(fake_discord::TOKEN), "{out}");
}

#[test]
fn discord_gateway_heartbeats_its_sequence_and_resumes_after_a_dropped_connection() {
    // serenity asks for payload compression (`compress: true` in IDENTIFY; it has no
    // zlib-stream transport); this gateway compresses every payload, READY included.
    let bot = start_with(2000, Gateway::Compressed);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    assert_eq!(g.identifies()[0]["compress"], true);
    let dm = |id: &str, text: &str| gw::message(id, text, ALICE, DM_CHANNEL_ID, false, &[], None);
    let first = g.dispatch("MESSAGE_CREATE", dm("600000000000000021", "/gpu 4090"));
    let answer = posted(&bot, DM_CHANNEL_ID, None);
    assert!(description(&answer.body).contains("RTX 4090"));
    // Heartbeats carry the last sequence number the bot saw.
    g.wait_until("a heartbeat with the message's sequence", |g| {
        g.heartbeats().contains(&Some(first))
    });

    // The network drops the connection (no close frame). A message comes while it is down.
    g.drop_connections();
    let path = format!("/channels/{DM_CHANNEL_ID}/messages");
    let missed = g.dispatch("MESSAGE_CREATE", dm("600000000000000022", "/gpu h100"));
    g.wait_until("a RESUME", |g| !g.resumes().is_empty());
    let resume = &g.resumes()[0];
    assert_eq!(resume["session_id"], "fake-session");
    assert_eq!(resume["seq"].as_u64(), Some(first), "{resume}");
    assert_eq!(
        resume["token"].as_str().unwrap().trim_start_matches("Bot "),
        fake_discord::TOKEN
    );
    // The missed message is replayed after the RESUME and answered, once.
    let h100 = bot.fake.wait_for_call(|c| {
        c.method == "POST" && c.path == path && description(&c.body).contains("H100")
    });
    assert!(h100.at > answer.at);
    assert_eq!(g.identifies().len(), 1, "resumed, not identified again");
    // The resumed session keeps heartbeating from where it is.
    g.wait_until("a heartbeat after the resume", |g| {
        g.heartbeats().iter().any(|s| s.is_some_and(|s| s > missed))
    });
    let after = g.dispatch("MESSAGE_CREATE", dm("600000000000000023", "/gpu a100"));
    bot.fake.wait_for_call(|c| {
        c.method == "POST" && c.path == path && description(&c.body).contains("A100")
    });
    assert!(after > missed);
    let h100_posts = bot
        .fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == path && description(&c.body).contains("H100"))
        .count();
    assert_eq!(h100_posts, 1, "the replayed message was answered once");
    let (status, out) = bot.serve.stop();
    assert!(status.success(), "{out}");
    assert!(!out.contains(fake_discord::TOKEN), "{out}");
}

/// The gateway's own requests (Discord's Gateway documentation): op 7 RECONNECT (reconnect
/// and RESUME the same session, nothing missed), op 9 INVALID_SESSION with `d: true` (the
/// session can be resumed) and with `d: false` (it cannot: IDENTIFY again). After each the
/// bot still answers, and a message sent while it was away from a resumable session is
/// replayed and answered once.
#[test]
fn discord_gateway_reconnect_and_invalid_session_requests_are_followed() {
    let bot = start_with(2000, Gateway::On);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    let path = format!("/channels/{DM_CHANNEL_ID}/messages");
    let dm = |id: &str, text: &str| gw::message(id, text, ALICE, DM_CHANNEL_ID, false, &[], None);
    let answered = |word: &str| {
        bot.fake.wait_for_call(|c| {
            c.method == "POST" && c.path == path && description(&c.body).contains(word)
        })
    };
    g.dispatch("MESSAGE_CREATE", dm("600000000000000031", "/gpu 4090"));
    answered("RTX 4090");

    // RECONNECT: the bot closes and RESUMEs; a message dispatched meanwhile is replayed.
    g.send_op(7, Value::Null);
    g.dispatch("MESSAGE_CREATE", dm("600000000000000032", "/gpu h100"));
    g.wait_until("a RESUME after RECONNECT", |g| !g.resumes().is_empty());
    answered("H100");
    assert_eq!(g.identifies().len(), 1, "resumed, not identified again");

    // INVALID_SESSION, resumable: RESUME again.
    let resumes = g.resumes().len();
    g.send_op(9, json!(true));
    g.wait_until("a RESUME after a resumable INVALID_SESSION", |g| {
        g.resumes().len() > resumes || g.identifies().len() > 1
    });
    g.wait_until("a live session", |g| {
        g.resumes().len() > resumes || g.identifies().len() > 1
    });
    g.dispatch("MESSAGE_CREATE", dm("600000000000000033", "/gpu a100"));
    answered("A100");

    // INVALID_SESSION, not resumable: a fresh IDENTIFY, and answers go on.
    let identifies = g.identifies().len();
    g.send_op(9, json!(false));
    g.wait_until("a fresh IDENTIFY", |g| g.identifies().len() > identifies);
    g.wait_for_session();
    std::thread::sleep(Duration::from_millis(300));
    g.dispatch("MESSAGE_CREATE", dm("600000000000000034", "/gpu l40s"));
    answered("L40S");
    let h100_posts = bot
        .fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == path && description(&c.body).contains("H100"))
        .count();
    assert_eq!(h100_posts, 1, "the replayed message was answered once");
    let (status, out) = bot.serve.stop();
    assert!(status.success(), "{out}");
}

/// A callback Discord took while its answer was lost in transit comes back, when sent again,
/// as 400 "Interaction has already been acknowledged" (code 40060): the interaction is
/// acknowledged all the same, so the deferred answer still replaces "thinking…".
#[test]
fn discord_gateway_an_already_acknowledged_callback_still_gets_its_deferred_answer() {
    let bot = start_with(0, Gateway::On);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    bot.fake.wait_for_call(|c| c.method == "PUT" && !c.failed);
    let i = bot
        .discord
        .command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US");
    let callback = format!(
        "/interactions/{}/{}/callback",
        i["id"].as_str().unwrap(),
        i["token"].as_str().unwrap()
    );
    bot.fake.fail_next(
        &callback,
        fake_discord::Failure {
            status: 400,
            body: json!({"message": "Interaction has already been acknowledged.", "code": 40060}),
        },
    );
    g.dispatch("INTERACTION_CREATE", i.clone());
    let token = i["token"].as_str().unwrap().to_string();
    let edit = bot
        .fake
        .wait_for_call(|c| is_original_edit(c) && c.path.contains(&token) && !c.failed);
    assert!(description(&edit.body).contains("H100"), "{:?}", edit.body);
}

/// Gateway dispatches this build does not know, or cannot read, are passed over: an event
/// type added after it, a message without its author; a message of a type number added after
/// this build, with fields it never heard of, is read like any other. The session stays up (no new IDENTIFY) and the next DM is answered.
#[test]
fn discord_gateway_events_it_cannot_read_are_passed_over_and_the_session_stays_up() {
    let bot = start_with(2000, Gateway::On);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    g.dispatch(
        "GUILD_SOUNDBOARD_SOUNDS_UPDATE_FROM_THE_FUTURE",
        json!({"guild_id": GUILD_ID.to_string(), "sounds": [{"id": 1}]}),
    );
    let mut newer = gw::message(
        "600000000000000101",
        "/gpu 4090",
        ALICE,
        DM_CHANNEL_ID,
        false,
        &[],
        None,
    );
    newer["type"] = json!(63);
    newer["some_field_from_2027"] = json!({"nested": [1, 2, 3]});
    g.dispatch("MESSAGE_CREATE", newer);
    let mut no_author = gw::message(
        "600000000000000102",
        "cheapest h100?",
        ALICE,
        DM_CHANNEL_ID,
        false,
        &[],
        None,
    );
    no_author.as_object_mut().unwrap().remove("author");
    g.dispatch("MESSAGE_CREATE", no_author);
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "600000000000000103",
            "4090能跑qwen2.5-7b吗",
            ALICE,
            DM_CHANNEL_ID,
            false,
            &[],
            None,
        ),
    );
    let path = format!("/channels/{DM_CHANNEL_ID}/messages");
    // Discord's Markdown escaping: `qwen2.5\-7b`.
    bot.fake.wait_for_call(|c| {
        c.method == "POST" && c.path == path && description(&c.body).contains("qwen2.5\\-7b")
    });
    // The message of a newer type is read like any other.
    bot.fake.wait_for_call(|c| {
        c.method == "POST" && c.path == path && description(&c.body).contains("GeForce RTX 4090")
    });
    assert_eq!(
        g.identifies().len(),
        1,
        "the session was never started again"
    );
}

/// A deferred answer whose message is gone by the time it is ready (the "thinking…" message
/// dismissed, or deleted: 404 "Unknown Message", code 10008) arrives as a follow-up instead.
#[test]
fn discord_a_deferred_answer_whose_message_is_gone_arrives_as_a_follow_up() {
    let bot = start(0);
    let d = &bot.discord;
    bot.fake.fail_next(
        "/messages/@original",
        fake_discord::Failure {
            status: 404,
            body: json!({"message": "Unknown Message", "code": 10008}),
        },
    );
    let i = d.command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US");
    let a = d.post(&i);
    assert_eq!(a.body, json!({"type": 5}));
    let token = i["token"].as_str().unwrap().to_string();
    let follow_up = format!("/webhooks/{APPLICATION_ID}/{token}");
    let posted = bot
        .fake
        .wait_for_call(|c| c.method == "POST" && c.path == follow_up);
    assert!(
        description(&posted.body).contains("H100"),
        "{:?}",
        posted.body
    );
}

/// Interactions serenity 0.12 cannot read (it drops the frame with a warning): a slash command
/// and a role select whose `resolved` role has no `colors`, and an interaction type newer
/// than this build. Each is answered
/// from its own JSON through the gateway tap, never left to "The application did not
/// respond"; the session stays up and the next dispatch is answered as usual.
#[test]
fn discord_gateway_interactions_serenity_cannot_read_are_still_answered() {
    let bot = start_with(2000, Gateway::On);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    let callback_of = |i: &Value| {
        let path = format!(
            "/interactions/{}/{}/callback",
            i["id"].as_str().unwrap(),
            i["token"].as_str().unwrap()
        );
        bot.fake
            .wait_for_call(|c| c.method == "POST" && c.path == path)
    };
    // (serenity refusing these very shapes: discord's `wire_gateway::serenity_refuses_*`.)
    let cmd = gw::unreadable_command(&bot.discord, ALICE);
    g.dispatch("INTERACTION_CREATE", cmd.clone());
    let cb = callback_of(&cmd);
    assert_eq!(cb.body["type"], 4, "{:?}", cb.body);
    assert!(
        cb.body["data"].to_string().contains("RTX 4090"),
        "{:?}",
        cb.body
    );

    let press = gw::unreadable_press(&bot.discord, ALICE);
    g.dispatch("INTERACTION_CREATE", press.clone());
    let cb = callback_of(&press);
    assert!(
        cb.body["type"] == 4 || cb.body["type"] == 7 || cb.body["type"] == 6,
        "{:?}",
        cb.body
    );

    // A type from after this build, in Chinese: told so, in Chinese.
    let mut newer = bot
        .discord
        .command("gpu", &[("gpu", json!("h100"))], BOB, "zh-CN");
    newer["type"] = json!(42);
    g.dispatch("INTERACTION_CREATE", newer.clone());
    let cb = callback_of(&newer);
    assert_eq!(cb.body["type"], 4, "{:?}", cb.body);
    let said = cb.body["data"].to_string();
    assert!(said.contains("没能读懂"), "{said}");

    // The session is the same one, and it still answers.
    let next = bot
        .discord
        .command("gpu", &[("gpu", json!("h100"))], ALICE, "en-US");
    g.dispatch("INTERACTION_CREATE", next.clone());
    assert_eq!(callback_of(&next).body["type"], 4);
    assert_eq!(
        g.identifies().len(),
        1,
        "the session was never started again"
    );
}

/// Messages serenity 0.12 cannot read (it drops the frame): a message snapshot is documented
/// as a *partial* message ("minimal subset of fields"), and serenity requires its `mentions`,
/// `embeds` and `attachments`. A DM that forwards such a message, and a mention in a channel
/// replying to such a forward, are read from their JSON by the gateway tap and answered with
/// the shared handler; one not addressed to us still is not, and the session stays up.
#[test]
fn discord_gateway_messages_serenity_cannot_read_are_still_answered_when_for_us() {
    let bot = start_with(2000, Gateway::On);
    let g = bot.gateway.as_ref().unwrap();
    g.wait_for_session();
    let me = BOT_USER_ID.to_string();
    let partial = json!([{"message": {"type": 0, "content": "/gpu h100",
        "timestamp": "2026-12-01T09:00:00.000000+00:00", "edited_timestamp": null, "flags": 0}}]);
    let mut dm = gw::message(
        "600000000000000201",
        "",
        ALICE,
        DM_CHANNEL_ID,
        false,
        &[],
        None,
    );
    dm["message_reference"] = json!({"type": 1, "message_id": "590000000000000001",
        "channel_id": "590000000000000002"});
    dm["message_snapshots"] = partial.clone();
    g.dispatch("MESSAGE_CREATE", dm);
    let path = format!("/channels/{DM_CHANNEL_ID}/messages");
    bot.fake.wait_for_call(|c| {
        c.method == "POST" && c.path == path && description(&c.body).contains("H100")
    });

    // In a channel: not for us (no mention) is left alone; a mention replying to a forward
    // is answered, quoting it.
    let mut forward = gw::message("600000000000000202", "", BOB, CHANNEL_ID, true, &[], None);
    forward["message_reference"] = json!({"type": 1, "message_id": "590000000000000003",
        "channel_id": "590000000000000004", "guild_id": GUILD_ID.to_string()});
    forward["message_snapshots"] = partial;
    g.dispatch("MESSAGE_CREATE", forward.clone());
    let mut asked = gw::message(
        "600000000000000203",
        &format!("<@{me}> 4090能跑qwen2.5-7b吗"),
        CAROL,
        CHANNEL_ID,
        true,
        &[me.as_str()],
        None,
    );
    asked["type"] = json!(19);
    asked["message_reference"] = json!({"type": 0, "message_id": "600000000000000202",
        "channel_id": CHANNEL_ID.to_string(), "guild_id": GUILD_ID.to_string()});
    asked["referenced_message"] = forward;
    g.dispatch("MESSAGE_CREATE", asked);
    let answer = posted(&bot, CHANNEL_ID, Some("600000000000000203"));
    assert!(
        description(&answer.body).contains("qwen2.5\\-7b"),
        "{:?}",
        answer.body
    );
    let channel_posts = bot
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{CHANNEL_ID}/messages"))
        .count();
    assert_eq!(channel_posts, 1, "only the mention is answered");
    assert_eq!(
        g.identifies().len(),
        1,
        "the session was never started again"
    );
}
