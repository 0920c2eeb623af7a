//! QA round 8 (wire6): interactions written from Discord's developer documentation (channel
//! types 2, 5, 10, 11 under a media channel (16), 13; permissions as the documented bit flags;
//! autocomplete's focused option; the deferred response and its `@original` edit, then a
//! follow-up when the original is gone), signed and POSTed to the real endpoint in-process
//! (`Discord::routes` on loopback) with REST against the fake. Each gets one response Discord
//! accepts, and an answer that Discord refuses once (a 502 page, a 500, a 429 with
//! `retry_after` as a float, 10008 on the edit then a 503 on the follow-up) still arrives once.

use bot_core::{Catalog, Store};
use gpuscout_discord::{Config, Discord};
use gpuscout_testkit::fake_discord::shown;
use gpuscout_testkit::fake_discord::{self, APPLICATION_ID, Failure, FakeDiscord, Interactions};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(super) const MEI: &str = "410000000000000001";
pub(super) const GUILD: &str = "200000000000000002";
/// VIEW_CHANNEL | SEND_MESSAGES | SEND_MESSAGES_IN_THREADS | EMBED_LINKS | ATTACH_FILES.
pub(super) const APP_PERMS: u64 = (1 << 10) | (1 << 11) | (1 << 38) | (1 << 14) | (1 << 15);
/// MANAGE_CHANNELS.
pub(super) const ADMIN: &str = "16";

pub(super) struct Endpoint {
    pub(super) fake: FakeDiscord,
    pub(super) discord: Interactions,
    pub(super) rt: tokio::runtime::Runtime,
    pub(super) _dir: tempfile::TempDir,
}

pub(super) fn start(defer_after_ms: u64) -> Endpoint {
    start_with(defer_after_ms, |_| {})
}

/// [`start`] with the bot set up by `setup` first (a per-user limit, for one).
pub(super) fn start_with(defer_after_ms: u64, setup: impl FnOnce(&mut bot_core::Bot)) -> Endpoint {
    let fake = FakeDiscord::start();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let mut core = bot_core::Bot::new(Arc::new(Catalog::load(None).unwrap()), store);
    setup(&mut core);
    let core = Arc::new(core);
    let keys = Interactions::new("127.0.0.1:1".parse().unwrap());
    let vars = [
        ("DISCORD_BOT_TOKEN", fake_discord::TOKEN.to_string()),
        ("DISCORD_APPLICATION_ID", APPLICATION_ID.to_string()),
        ("DISCORD_PUBLIC_KEY", keys.public_key_hex()),
        ("DISCORD_API_URL", fake.api_url()),
        ("DISCORD_GATEWAY", "off".to_string()),
        ("DISCORD_DEFER_AFTER_MS", defer_after_ms.to_string()),
    ];
    let config = Config::from_vars(|k| {
        vars.iter()
            .find(|(name, _)| *name == k)
            .map(|(_, v)| v.clone())
    })
    .unwrap()
    .unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let discord = Discord::new(config, core).unwrap();
    let addr: SocketAddr = rt.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = discord.routes();
        tokio::spawn(async move { axum::serve(listener, app).await });
        addr
    });
    Endpoint {
        fake,
        discord: keys.at(addr),
        rt,
        _dir: dir,
    }
}

pub(super) fn user(id: &str) -> Value {
    json!({"id": id, "username": "mei", "discriminator": "0", "global_name": "Mei",
           "avatar": null, "public_flags": 0})
}

/// An application command in a guild channel of `channel` (its type and fields), sent by an
/// administrator (Manage Channels) of a server that installed the app.
pub(super) fn in_channel(id: u64, channel: Value, name: &str, options: Value) -> Value {
    json!({
        "id": id.to_string(), "application_id": APPLICATION_ID.to_string(), "type": 2,
        "token": format!("tok-{id}"), "version": 1,
        "data": {"id": "1", "name": name, "type": 1, "options": options},
        "guild_id": GUILD, "channel_id": channel["id"], "channel": channel,
        "member": {"user": user(MEI), "roles": [], "permissions": ADMIN,
            "joined_at": "2026-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
            "flags": 0},
        "locale": "en-US", "guild_locale": "en-US",
        "app_permissions": APP_PERMS.to_string(), "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD}, "context": 0,
        "attachment_size_limit": 10485760,
    })
}

pub(super) fn gpu(value: &str) -> Value {
    json!([{"name": "gpu", "type": 3, "value": value}])
}

pub(super) fn answered(e: &Endpoint, i: &Value) -> String {
    let a = e.discord.post(i);
    assert_eq!(
        (a.status, a.body["type"].as_u64()),
        (200, Some(4)),
        "{:?}",
        a.body
    );
    shown(&a.body["data"])
}

#[test]
fn voice_stage_announcement_and_media_thread_channels_are_answered_and_can_hold_alerts() {
    let e = start(2500);
    let voice = json!({"id": "300000000000000021", "type": 2, "name": "Lounge",
        "guild_id": GUILD, "bitrate": 64000, "user_limit": 0, "rtc_region": null,
        "nsfw": false, "permissions": APP_PERMS.to_string()});
    let stage = json!({"id": "300000000000000022", "type": 13, "name": "Town hall",
        "guild_id": GUILD, "bitrate": 64000, "rtc_region": null});
    let news = json!({"id": "300000000000000023", "type": 5, "name": "gpu-alerts",
        "guild_id": GUILD, "topic": null, "nsfw": false, "last_message_id": null});
    let news_thread = json!({"id": "300000000000000024", "type": 10, "name": "about H100",
        "guild_id": GUILD, "parent_id": "300000000000000023",
        "thread_metadata": {"archived": false, "auto_archive_duration": 1440, "locked": false,
            "archive_timestamp": "2026-11-30T00:00:00.000000+00:00"}});
    // A post in a media channel (type 16) is a public thread (11) whose parent is it.
    let media_post = json!({"id": "300000000000000025", "type": 11, "name": "renders",
        "guild_id": GUILD, "parent_id": "300000000000000026", "applied_tags": [],
        "thread_metadata": {"archived": false, "auto_archive_duration": 4320, "locked": false,
            "archive_timestamp": "2026-11-30T00:00:00.000000+00:00"},
        "flags": 0, "total_message_sent": 3});
    for (n, channel) in [&voice, &stage, &news, &news_thread, &media_post]
        .into_iter()
        .enumerate()
    {
        let text = answered(
            &e,
            &in_channel(700_100 + n as u64, channel.clone(), "gpu", gpu("4090")),
        );
        assert!(
            text.contains("4090"),
            "channel type {}: {text}",
            channel["type"]
        );
    }
    // Alerts can be set where the app may post: the announcement channel and the media post.
    let sub = json!([{"name": "gpu", "type": 3, "value": "h100"}]);
    for (n, channel) in [&news, &media_post].into_iter().enumerate() {
        let text = answered(
            &e,
            &in_channel(
                700_200 + n as u64,
                channel.clone(),
                "subscribe",
                sub.clone(),
            ),
        );
        assert!(
            text.contains("Alert set"),
            "channel type {}: {text}",
            channel["type"]
        );
    }
}

#[test]
fn autocomplete_with_a_long_cjk_or_emoji_focused_value_gets_choices_discord_accepts() {
    let e = start(2500);
    let ac = |id: u64, value: &str| {
        let mut i = in_channel(
            id,
            json!({"id": "300000000000000003", "type": 0, "name": "gpu", "guild_id": GUILD}),
            "gpu",
            json!([{"name": "gpu", "type": 3, "value": value, "focused": true}]),
        );
        i["type"] = json!(4);
        let a = e.discord.post(&i);
        assert_eq!(
            (a.status, a.body["type"].as_u64()),
            (200, Some(8)),
            "{value}: {:?}",
            a.body
        );
        let choices = a.body["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(choices.len() <= 25, "{choices:?}");
        for c in &choices {
            let name = c["name"].as_str().unwrap();
            let val = c["value"].as_str().unwrap();
            assert!((1..=100).contains(&name.chars().count()), "{c}");
            assert!((1..=100).contains(&val.chars().count()), "{c}");
        }
        choices
    };
    ac(700_301, &"显卡".repeat(60));
    ac(700_302, "\u{1F525}4090\u{200B}");
    ac(700_303, "");
    let h = ac(700_304, "ＲＴＸ ４０９");
    assert!(
        h.is_empty()
            || h.iter()
                .any(|c| c["name"].as_str().unwrap().contains("4090")),
        "{h:?}"
    );
}

/// The requests on `token` (the interaction's webhook) whose body shows `what`, refused ones
/// included (the fake records a call before it answers).
fn showing(e: &Endpoint, method: &str, token: &str, what: &str) -> Vec<fake_discord::Call> {
    e.fake
        .calls()
        .into_iter()
        .filter(|c| c.method == method && c.path.contains(token) && shown(&c.body).contains(what))
        .collect()
}

/// Waits until `what` was sent on `token` twice (refused once, then delivered), then checks it
/// was not sent a third time.
fn refused_then_delivered(
    e: &Endpoint,
    method: &str,
    token: &str,
    what: &str,
) -> Vec<fake_discord::Call> {
    let deadline = Instant::now() + Duration::from_secs(40);
    while showing(e, method, token, what).len() < 2 {
        assert!(
            Instant::now() < deadline,
            "{what} on {token}: {:#?}",
            e.fake
                .calls()
                .iter()
                .filter(|c| c.path.contains(token))
                .map(|c| (&c.method, &c.path))
                .collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(500));
    let got = showing(e, method, token, what);
    assert_eq!(got.len(), 2, "{token}: sent {} times", got.len());
    got
}

#[test]
fn a_deferred_answer_refused_once_by_discord_still_arrives_once() {
    let e = start(0);
    let channel = json!({"id": "300000000000000003", "type": 0, "name": "gpu", "guild_id": GUILD});
    let cases: [(u64, Failure); 3] = [
        (
            700_401,
            Failure::html(502, "<html><body>502 Bad Gateway</body></html>", 0),
        ),
        (
            700_402,
            Failure {
                status: 500,
                body: json!({"message": "500: Internal Server Error", "code": 0}),
            },
        ),
        (700_403, Failure::rate_limited(0.25, false)),
    ];
    for (id, failure) in cases {
        let token = format!("tok-{id}");
        e.fake
            .fail_next(&format!("{token}/messages/@original"), failure);
        let a = e
            .discord
            .post(&in_channel(id, channel.clone(), "gpu", gpu("4090")));
        assert_eq!(
            (a.status, a.body["type"].as_u64()),
            (200, Some(5)),
            "{:?}",
            a.body
        );
        let got = refused_then_delivered(&e, "PATCH", &token, "4090");
        if id == 700_403 {
            assert!(got[1].at - got[0].at >= Duration::from_millis(250), "{id}");
        }
    }
    // The original is gone (10008): the answer goes as a follow-up, which a 503 refuses once.
    let id = 700_404;
    let token = format!("tok-{id}");
    e.fake.fail_next(
        &format!("{token}/messages/@original"),
        Failure {
            status: 404,
            body: json!({"message": "Unknown Message", "code": 10008}),
        },
    );
    e.fake.fail_next(
        &format!("/webhooks/{APPLICATION_ID}/{token}"),
        Failure {
            status: 503,
            body: json!({"message": "upstream connect error", "code": 0}),
        },
    );
    e.discord.post(&in_channel(id, channel, "gpu", gpu("h100")));
    refused_then_delivered(&e, "POST", &token, "H100");
    drop(e.rt);
}

#[test]
fn a_six_thousand_character_option_is_answered_inline_and_quoted_short() {
    let e = start(2500);
    let channel = json!({"id": "300000000000000003", "type": 0, "name": "gpu", "guild_id": GUILD});
    // Discord's longest string option: 6,000 characters.
    let paste = "算力 GPU ".repeat(1000);
    let head: String = paste.chars().take(200).collect();
    for (n, (name, option)) in [("gpu", "gpu"), ("stock", "gpu"), ("subscribe", "gpu")]
        .into_iter()
        .enumerate()
    {
        let i = in_channel(
            700_500 + n as u64,
            channel.clone(),
            name,
            json!([{"name": option, "type": 3, "value": paste}]),
        );
        let started = Instant::now();
        let text = answered(&e, &i);
        assert!(
            started.elapsed() < Duration::from_millis(2500),
            "/{name}: deferred"
        );
        assert!(!text.contains(&head), "/{name}: the paste came back whole");
        assert!(
            text.chars().count() < 2000,
            "/{name}: {} chars",
            text.chars().count()
        );
    }
}

#[test]
fn missing_access_and_closed_dms_are_a_place_the_bot_cannot_post() {
    use bot_core::{Lang, Msg, Reply};
    use gpuscout_frontend::{Address, SendError, Sender};
    let fake = FakeDiscord::start();
    let rest = super::rest::rest(&fake, fake_discord::TOKEN);
    let rt = super::rest::rt();
    // (status, Discord's code and message): the bot lost View Channel; a person's DMs closed.
    for (status, code, message) in [
        (403, 50001, "Missing Access"),
        (403, 50007, "Cannot send messages to this user"),
    ] {
        fake.fail_next(
            "/messages",
            Failure {
                status,
                body: json!({"message": message, "code": code}),
            },
        );
        let r = rt.block_on(rest.send(
            &Address::chat(fake_discord::CHANNEL_ID.to_string()),
            Lang::En,
            &Reply::text(Msg::new("help-intro")),
        ));
        assert!(matches!(r, Err(SendError::ChatGone(_))), "{code}: {r:?}");
    }
}
