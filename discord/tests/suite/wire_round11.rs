//! QA round 11 (wire9): interactions, REST answers and gateway closes written from Discord's
//! developer documentation (application command option types 3–11 with `resolved`, values
//! sent as strings or numbers, autocomplete (type 4) with no or a numeric focused option,
//! modal submits (type 5) in the newer label layout, public and private threads (channel types
//! 11 and 12), `app_permissions` without Send Messages, 429s with `X-RateLimit-Global` and
//! `X-RateLimit-Scope: shared`, a revoked bot token: 401 on registration, close code 4004 at
//! IDENTIFY), signed and POSTed to the real endpoint in-process with REST against the fake.

use super::rest::{Running, rest, rt};
use super::wire_round8::{APP_PERMS, Endpoint, GUILD, MEI, answered, gpu, in_channel, start, user};
use super::wire_round12::cjk;
use bot_core::{Catalog, Lang, Msg, Reply, Store};
use gpuscout_discord::{Config, Discord};
use gpuscout_frontend::{Address, Sender};
use gpuscout_testkit::fake_discord::{self, APPLICATION_ID, Failure, FakeDiscord, shown};
use gpuscout_testkit::fake_discord_gateway::FakeGateway;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

fn text_channel() -> Value {
    json!({"id": "300000000000000111", "type": 0, "name": "gpu", "guild_id": GUILD})
}

/// A response Discord takes for an interaction of this kind, its type among `allowed`.
fn accepted(e: &Endpoint, i: &Value, allowed: &[u64]) -> Value {
    let a = e.discord.post(i);
    assert_eq!(a.status, 200, "{:?}", a.body);
    let t = a.body["type"].as_u64().unwrap_or(0);
    assert!(allowed.contains(&t), "type {t}: {:?}", a.body);
    a.body
}

#[test]
fn integer_and_number_options_sent_as_strings_or_numbers_read_as_their_value() {
    let e = start(2500);
    // `cards` is an INTEGER option (type 4); a client or an older registration may send "2".
    for (n, cards) in [json!("2"), json!(2), json!(2.0)].into_iter().enumerate() {
        let text = answered(
            &e,
            &in_channel(
                911_000 + n as u64,
                text_channel(),
                "fit",
                json!([{"name": "model", "type": 3, "value": "qwen2.5-72b"},
                       {"name": "quant", "type": 3, "value": "int4"},
                       {"name": "gpu", "type": 3, "value": "4090"},
                       {"name": "cards", "type": 4, "value": cards}]),
            ),
        );
        let text = text.replace(['\u{2068}', '\u{2069}'], "");
        assert!(
            text.contains("on 2 × GeForce RTX 4090"),
            "cards {cards}: {text}"
        );
    }
    // `max_price` registered as text, sent by an older registration as a NUMBER (type 10).
    for (n, (gpu, price)) in [("h100", json!(2.5)), ("a100", json!("2.5"))]
        .into_iter()
        .enumerate()
    {
        let text = answered(
            &e,
            &in_channel(
                911_010 + n as u64,
                text_channel(),
                "subscribe",
                json!([{"name": "gpu", "type": 3, "value": gpu},
                       {"name": "max_price", "type": 10, "value": price}]),
            ),
        );
        let text = text.replace(['\u{2068}', '\u{2069}'], "");
        assert!(text.contains("Alert set"), "{price}: {text}");
        assert!(text.contains("2.5"), "{price}: {text}");
    }
}

#[test]
fn boolean_user_channel_role_mentionable_and_attachment_options_never_break_an_answer() {
    let e = start(2500);
    let mut i = in_channel(
        912_001,
        text_channel(),
        "gpu",
        json!([{"name": "gpu", "type": 3, "value": "4090"},
               {"name": "public", "type": 5, "value": true},
               {"name": "private", "type": 5, "value": "false"},
               {"name": "who", "type": 6, "value": "410000000000000002"},
               {"name": "where", "type": 7, "value": "300000000000000111"},
               {"name": "role", "type": 8, "value": "500000000000000001"},
               {"name": "any", "type": 9, "value": "410000000000000002"},
               {"name": "file", "type": 11, "value": "700000000000000001"}]),
    );
    i["data"]["resolved"] = json!({
        "users": {"410000000000000002": user("410000000000000002")},
        "channels": {"300000000000000111": {"id": "300000000000000111", "type": 0,
            "name": "gpu", "permissions": "0"}},
        "roles": {"500000000000000001": {"id": "500000000000000001", "name": "ops",
            "color": 0, "colors": {"primary_color": 0, "secondary_color": null,
            "tertiary_color": null}, "hoist": false, "position": 1, "permissions": "0",
            "managed": false, "mentionable": true, "flags": 0}},
        "attachments": {"700000000000000001": {"id": "700000000000000001",
            "filename": "nvidia-smi.txt", "size": 2048, "url": "https://cdn.discordapp.com/x",
            "proxy_url": "https://media.discordapp.net/x", "content_type": "text/plain"}},
    });
    let text = answered(&e, &i);
    assert!(text.contains("RTX 4090"), "{text}");
    // The options of types this command never declared are no words of the answer.
    assert!(
        !text.contains("nvidia-smi") && !text.contains("500000000000000001"),
        "{text}"
    );
}

#[test]
fn autocomplete_with_no_focused_option_or_a_numeric_value_gets_choices_discord_accepts() {
    let e = start(2500);
    let ac = |id: u64, name: &str, options: Value| {
        let mut i = in_channel(id, text_channel(), name, options);
        i["type"] = json!(4);
        let body = accepted(&e, &i, &[8]);
        let choices = body["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(choices.len() <= 25, "{choices:?}");
        for c in &choices {
            let n = c["name"].as_str().unwrap_or("");
            assert!((1..=100).contains(&n.chars().count()), "{c}");
        }
        choices
    };
    // No option says `focused` (a client bug, or a command whose options were all cleared).
    ac(913_001, "gpu", gpu("40"));
    // No options at all.
    let mut i = in_channel(913_002, text_channel(), "stock", json!(null));
    i["type"] = json!(4);
    i["data"].as_object_mut().unwrap().remove("options");
    accepted(&e, &i, &[8]);
    // A string option focused with a number (older clients sent what was typed as typed).
    ac(
        913_003,
        "gpu",
        json!([{"name": "gpu", "type": 3, "value": 4090, "focused": true}]),
    );
    // A NUMBER option focused, empty so far.
    ac(
        913_004,
        "subscribe",
        json!([{"name": "gpu", "type": 3, "value": "h100"},
               {"name": "max_price", "type": 10, "value": "", "focused": true}]),
    );
}

#[test]
fn modal_submits_in_the_label_layout_get_the_outdated_form_notice_in_the_persons_language() {
    let e = start(2500);
    for (n, locale) in ["en-US", "zh-CN"].into_iter().enumerate() {
        let mut i = in_channel(914_000 + n as u64, text_channel(), "gpu", json!([]));
        i["type"] = json!(5);
        i["locale"] = json!(locale);
        // The newer layout: a Label (type 18) holding the text input, not an action row.
        i["data"] = json!({"custom_id": "v9|feedback", "components": [
            {"type": 18, "id": 1, "component": {"type": 4, "id": 2, "custom_id": "note",
                "value": "H100 价格不对"}},
            {"type": 10, "id": 3, "content": "Thanks"}]});
        let body = accepted(&e, &i, &[4]);
        let said = shown(&body["data"]);
        assert_eq!(
            body["data"]["flags"].as_u64().map(|f| f & 64),
            Some(64),
            "{body}"
        );
        if locale == "zh-CN" {
            assert!(cjk(&said), "{said}");
        } else {
            assert!(said.contains("older version"), "{said}");
        }
    }
}

#[test]
fn commands_in_public_and_private_threads_are_answered_and_alerts_follow_thread_rights() {
    let e = start(2500);
    let thread = |kind: u64, id: &str| {
        json!({"id": id, "type": kind, "name": "h100 watch", "guild_id": GUILD,
               "parent_id": "300000000000000111", "owner_id": MEI, "member_count": 2,
               "message_count": 4, "thread_metadata": {"archived": false,
               "auto_archive_duration": 1440, "archive_timestamp": "2026-01-01T00:00:00.000000+00:00",
               "locked": false, "invitable": true}, "flags": 0})
    };
    for (n, kind) in [11u64, 12].into_iter().enumerate() {
        let ch = thread(kind, &format!("30000000000000012{n}"));
        let text = answered(
            &e,
            &in_channel(915_000 + n as u64, ch.clone(), "gpu", gpu("a100")),
        );
        assert!(text.contains("A100"), "thread {kind}: {text}");
        // In a thread the bot posts with Send Messages in Threads, which it has here.
        let mut i = in_channel(915_010 + n as u64, ch, "subscribe", gpu("h100"));
        let perms = (1u64 << 10) | (1 << 38);
        i["app_permissions"] = json!(perms.to_string());
        let text = answered(&e, &i);
        assert!(text.contains("Alert set"), "thread {kind}: {text}");
    }
    // The same rights in a plain text channel: no Send Messages, so no alert could arrive.
    let mut i = in_channel(915_020, text_channel(), "subscribe", gpu("h100"));
    i["app_permissions"] = json!(((1u64 << 10) | (1 << 38)).to_string());
    let text = answered(&e, &i);
    assert!(
        !text.contains("Alert set") && text.contains("can't post"),
        "{text}"
    );
}

#[test]
fn a_server_without_the_bots_permissions_gets_a_localized_hint_never_an_alert_that_cannot_arrive() {
    let e = start(2500);
    for (n, (locale, perms)) in [("en-US", "0"), ("zh-CN", "1024"), ("en-GB", "2048")]
        .into_iter()
        .enumerate()
    {
        let mut i = in_channel(916_000 + n as u64, text_channel(), "subscribe", gpu("h100"));
        i["app_permissions"] = json!(perms);
        i["locale"] = json!(locale);
        let text = answered(&e, &i);
        assert!(!text.contains("Alert set"), "{perms}: {text}");
        if locale == "zh-CN" {
            assert!(cjk(&text), "{text}");
        } else {
            assert!(text.contains("can't post"), "{text}");
        }
    }
    // A member without Manage Channels: refused in their language, whatever the bot may do.
    let mut i = in_channel(916_010, text_channel(), "subscribe", gpu("h100"));
    i["member"]["permissions"] = json!("1024");
    i["locale"] = json!("zh-CN");
    let text = answered(&e, &i);
    assert!(cjk(&text) && !text.contains("Alert set"), "{text}");
    let _ = APP_PERMS;
}

#[test]
fn a_429_flagged_global_by_header_or_shared_by_scope_is_waited_and_sent_once() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let to = Address::chat(fake_discord::CHANNEL_ID.to_string());
    let reply = Reply::text(Msg::new("help-intro"));
    // The body says not global; the header says it is (Discord sets both; trust either).
    fake.fail_next(
        "/messages",
        Failure::with_headers(
            429,
            json!({"message": "You are being rate limited.", "retry_after": 0.6, "global": false}),
            &[
                ("X-RateLimit-Global", "true"),
                ("X-RateLimit-Scope", "global"),
                ("Retry-After", "1"),
            ],
        ),
    );
    let started = Instant::now();
    let other = Address::chat("300000000000000222".to_string());
    let (first, second) = rt().block_on(async {
        let a = async {
            sender.send(&to, Lang::En, &reply).await.unwrap();
            started.elapsed()
        };
        let b = async {
            tokio::time::sleep(Duration::from_millis(150)).await;
            sender.send(&other, Lang::En, &reply).await.unwrap();
            started.elapsed()
        };
        tokio::join!(a, b)
    });
    assert!(first >= Duration::from_millis(550), "{first:?}");
    // Global: the other channel's message waited too.
    assert!(second >= Duration::from_millis(550), "{second:?}");
    let posts = |ch: &str| {
        fake.calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path.ends_with(&format!("/channels/{ch}/messages")))
            .count()
    };
    // The refused try and the one sent; the other channel's once.
    assert_eq!(posts(&fake_discord::CHANNEL_ID.to_string()), 2);
    assert_eq!(posts("300000000000000222"), 1);
    // A shared resource's limit (`X-RateLimit-Scope: shared`) holds that route only.
    fake.fail_next(
        "/messages",
        Failure::with_headers(
            429,
            json!({"message": "You are being rate limited.", "retry_after": 0.5, "global": false}),
            &[
                ("X-RateLimit-Scope", "shared"),
                ("X-RateLimit-Bucket", "abcd1234"),
            ],
        ),
    );
    let started = Instant::now();
    rt().block_on(sender.send(&to, Lang::En, &reply)).unwrap();
    assert!(
        started.elapsed() >= Duration::from_millis(450),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(posts(&fake_discord::CHANNEL_ID.to_string()), 4);
}

fn discord_with(
    fake: &FakeDiscord,
    token: &str,
    gateway: Option<&FakeGateway>,
) -> (Discord, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store,
    ));
    if let Some(g) = gateway {
        fake.use_gateway(&g.url());
    }
    let vars = [
        ("DISCORD_BOT_TOKEN", token.to_string()),
        ("DISCORD_APPLICATION_ID", APPLICATION_ID.to_string()),
        ("DISCORD_API_URL", fake.api_url()),
        (
            "DISCORD_PUBLIC_KEY",
            fake_discord::Interactions::new("127.0.0.1:1".parse().unwrap()).public_key_hex(),
        ),
        (
            "DISCORD_GATEWAY",
            if gateway.is_some() { "on" } else { "off" }.to_string(),
        ),
    ];
    let config = Config::from_vars(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone()))
        .unwrap()
        .unwrap();
    (Discord::new(config, core).unwrap(), dir)
}

/// Runs the frontend until it ends on its own (or 20 s), returning what it ended with.
fn run_until_it_ends(discord: Discord) -> (Option<Result<(), String>>, Duration) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let stop = CancellationToken::new();
    let started = Instant::now();
    let ended = runtime.block_on(async {
        tokio::time::timeout(Duration::from_secs(20), discord.run(stop.clone()))
            .await
            .ok()
            .map(|r| r.map_err(|e| e.to_string()))
    });
    stop.cancel();
    (ended, started.elapsed())
}

#[test]
fn a_revoked_token_refused_with_401_at_start_stops_the_frontend_without_showing_it() {
    let fake = FakeDiscord::start();
    let revoked = "MTAwMDAwMDAwMDAwMDAwMDAx.revoked.token-that-discord-refuses";
    let (discord, _dir) = discord_with(&fake, revoked, None);
    let (ended, took) = run_until_it_ends(discord);
    let Some(Err(why)) = ended else {
        panic!("still retrying after {took:?}: {ended:?}");
    };
    assert!(
        why.contains("DISCORD_BOT_TOKEN") && why.contains("rejected"),
        "{why}"
    );
    assert!(
        !why.contains(revoked) && !why.contains("revoked.token"),
        "{why}"
    );
    // Asked once, not in a loop of backoffs.
    let puts = fake.calls().iter().filter(|c| c.method == "PUT").count();
    assert!(puts <= 2, "{puts} registrations");
}

#[test]
fn the_gateway_closing_with_4004_stops_the_frontend_but_4014_is_retried() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    g.refuse_next_identify(4004);
    let (discord, _dir) = discord_with(&fake, fake_discord::TOKEN, Some(&g));
    let (ended, took) = run_until_it_ends(discord);
    let Some(Err(why)) = ended else {
        panic!("still retrying after {took:?}: {ended:?}");
    };
    assert!(why.contains("rejected the bot token"), "{why}");
    assert!(!why.contains(fake_discord::TOKEN), "{why}");
    assert_eq!(g.identifies().len(), 1, "identified again after 4004");
    // 4014 (disallowed intents) is the portal's setting, not the token: retried, not fatal.
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    g.refuse_next_identify(4014);
    let (discord, _dir) = discord_with(&fake, fake_discord::TOKEN, Some(&g));
    let running = Running::start(discord);
    g.wait_until("a second IDENTIFY", |g| g.identifies().len() >= 2);
    let ended = running.stop();
    assert!(ended.is_ok(), "{:?}", ended.err().map(|e| e.to_string()));
}

/// A mention in a channel where the bot may not post: the answer is refused 403 50013
/// (Missing Permissions). The person is told why in a DM, in their language, once, and the
/// channel is not asked again and again.
#[test]
fn a_mention_where_the_bot_may_not_post_gets_a_localized_hint_in_a_dm_once() {
    use gpuscout_testkit::fake_discord_gateway as gw;
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = discord_with(&fake, fake_discord::TOKEN, Some(&g));
    let running = Running::start(discord);
    g.wait_for_session();
    let channel = gw::GUILD_CHANNEL_ID;
    let bot = gw::BOT_USER_ID.to_string();
    let missing = || Failure {
        status: 403,
        body: json!({"message": "Missing Permissions", "code": 50013}),
    };
    let author = "410000000000000077";
    for (n, content) in [
        format!("<@{bot}> 4090 多少钱"),
        format!("<@{bot}> h100 价格"),
    ]
    .iter()
    .enumerate()
    {
        fake.fail_next(&format!("/channels/{channel}/messages"), missing());
        g.dispatch(
            "MESSAGE_CREATE",
            gw::message(
                &format!("60000000000000{n}101"),
                content,
                author,
                channel,
                true,
                &[&bot],
                None,
            ),
        );
        fake.wait_for_call(|c| c.method == "POST" && c.path == "/users/@me/channels");
        std::thread::sleep(Duration::from_millis(800));
    }
    let calls = fake.calls();
    let dm_posts: Vec<_> = calls
        .iter()
        .filter(|c| {
            c.method == "POST"
                && c.path.ends_with("/messages")
                && !c.path.contains(&format!("/channels/{channel}/"))
        })
        .collect();
    // Told once for the channel, however often they ask there meanwhile.
    assert_eq!(dm_posts.len(), 1, "{dm_posts:#?}");
    let said = fake_discord::shown(&dm_posts[0].body);
    assert!(cjk(&said), "not in the person's language: {said}");
    // The refused channel was asked once per question, no retry loop.
    let in_channel = calls
        .iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{channel}/messages"))
        .count();
    assert!(
        in_channel <= 2,
        "{in_channel} posts to a channel that refuses them"
    );
    running.stop().unwrap();
}
