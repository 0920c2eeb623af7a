//! Discord interactions written apart from the code, in the shapes of Discord's developer
//! documentation ("Receiving and Responding": the interaction object, application command
//! data with its options, message components, autocomplete, modal submit), signed and POSTed
//! to the real `gpuscout serve`: a DM (`user`, no `member`, no guild), a guild member, the
//! person's `locale` before the server's `guild_locale`, a whole number written as a float,
//! options nested under a subcommand, missing optional options, modal submits and types this
//! build does not know. Each gets a response Discord accepts, in the asker's language.

use gpuscout_testkit::fake_discord::shown;
use gpuscout_testkit::fake_discord::{APPLICATION_ID, FakeDiscord, Interactions};
use gpuscout_testkit::serve::Serve;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;

const MEI: &str = "410000000000000001";
const DM_CHANNEL: &str = "310000000000000009";

struct Bot {
    _serve: Serve,
    _fake: FakeDiscord,
    discord: Interactions,
    _dir: tempfile::TempDir,
}

fn start() -> Bot {
    let fake = FakeDiscord::start();
    let dir = tempfile::tempdir().unwrap();
    let key_holder = Interactions::new("127.0.0.1:1".parse().unwrap());
    let serve = Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .discord(&fake, &key_holder.public_key_hex())
        .env("DISCORD_DEFER_AFTER_MS", "2500")
        .env("DISCORD_GATEWAY", "off")
        .start(dir.path());
    let addr: SocketAddr = serve.http_addr(Duration::from_secs(30));
    Bot {
        _serve: serve,
        _fake: fake,
        discord: key_holder.at(addr),
        _dir: dir,
    }
}

fn user(id: &str) -> Value {
    json!({"id": id, "username": "mei", "discriminator": "0", "global_name": "Mei",
           "avatar": null, "public_flags": 0})
}

/// An interaction in a DM: `user` at the top, no `member`, no `guild_id` (context 1).
fn in_dm(id: u64, kind: u64, locale: Option<&str>, data: Value) -> Value {
    let mut i = json!({
        "id": id.to_string(), "application_id": APPLICATION_ID.to_string(), "type": kind,
        "token": format!("dm-token-{id}"), "version": 1, "data": data,
        "channel_id": DM_CHANNEL, "channel": {"id": DM_CHANNEL, "type": 1,
            "recipients": [user(MEI)], "flags": 0},
        "user": user(MEI), "app_permissions": "559623605571137", "entitlements": [],
        "authorizing_integration_owners": {"1": MEI}, "context": 1,
        "attachment_size_limit": 10485760,
    });
    if let Some(l) = locale {
        i["locale"] = json!(l);
    }
    i
}

/// The same in a guild channel: `member.user`, `guild_locale`.
fn in_guild(id: u64, kind: u64, locale: Option<&str>, guild_locale: &str, data: Value) -> Value {
    let mut i = in_dm(id, kind, locale, data);
    let o = i.as_object_mut().unwrap();
    o.remove("user");
    o.insert("guild_id".into(), json!("200000000000000002"));
    o.insert("channel_id".into(), json!("300000000000000003"));
    o.insert(
        "channel".into(),
        json!({"id": "300000000000000003", "type": 0, "name": "gpu"}),
    );
    o.insert(
        "member".into(),
        json!({"user": user(MEI), "roles": [], "permissions": "0",
        "joined_at": "2026-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
        "flags": 0}),
    );
    o.insert("guild_locale".into(), json!(guild_locale));
    o.insert("context".into(), json!(0));
    i
}

fn command(name: &str, options: Value) -> Value {
    json!({"id": "1", "name": name, "type": 1, "options": options})
}

fn has_han(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn dms_guilds_and_locales_are_read_as_discord_sends_them() {
    let bot = start();
    let gpu = || command("gpu", json!([{"name": "gpu", "type": 3, "value": "4090"}]));
    // A DM: the user is at the top level; the answer is in their locale.
    let a = bot.discord.post(&in_dm(600001, 2, Some("zh-CN"), gpu()));
    assert_eq!(
        (a.status, a.body["type"].as_u64()),
        (200, Some(4)),
        "{:?}",
        a.body
    );
    let text = shown(&a.body["data"]);
    assert!(text.contains("4090") && has_han(&text), "{text}");
    // A guild: the person's locale wins over the server's.
    let a = bot
        .discord
        .post(&in_guild(600002, 2, Some("en-GB"), "zh-CN", gpu()));
    let text = shown(&a.body["data"]);
    assert!(text.contains("4090") && !has_han(&text), "{text}");
    // Without a locale of the person's own, the server's is what Discord tells us.
    let a = bot.discord.post(&in_guild(600003, 2, None, "zh-CN", gpu()));
    let text = shown(&a.body["data"]);
    assert!(has_han(&text), "{text}");
}

#[test]
fn options_as_floats_nested_or_missing_give_the_same_answer_as_typed() {
    let bot = start();
    let fit = |id: u64, options: Value| {
        let a = bot
            .discord
            .post(&in_dm(id, 2, Some("en-US"), command("fit", options)));
        assert_eq!(
            (a.status, a.body["type"].as_u64()),
            (200, Some(4)),
            "{:?}",
            a.body
        );
        shown(&a.body["data"])
    };
    let base = json!([
        {"name": "model", "type": 3, "value": "qwen2.5-7b"},
        {"name": "gpu", "type": 3, "value": "RTX 4090"},
    ]);
    let mut as_int = base.clone();
    as_int
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "cards", "type": 4, "value": 2}));
    let mut as_float = base.clone();
    as_float
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "cards", "type": 10, "value": 2.0}));
    let int_answer = fit(600101, as_int);
    assert_eq!(fit(600102, as_float), int_answer);
    // The same options under a subcommand (a registration from another build).
    let nested = json!([{"name": "run", "type": 1, "options": base}]);
    let no_cards = fit(600103, base.clone());
    assert_eq!(fit(600104, nested), no_cards);
    // Optional options left out: still an answer, never an empty or failed response.
    let only_model = fit(
        600105,
        json!([{"name": "model", "type": 3, "value": "qwen2.5-7b"}]),
    );
    assert!(!only_model.trim().is_empty());
    let none = fit(600106, json!([]));
    assert!(!none.trim().is_empty());
}

#[test]
fn modal_submits_components_autocomplete_and_unknown_types_get_a_response() {
    let bot = start();
    // A modal submit: we open none, so it is an old form; told so in the user's language.
    let modal = json!({"custom_id": "v1|feedback", "components": [{"type": 1, "components": [
        {"type": 4, "custom_id": "text", "value": "hello"}]}]});
    let a = bot.discord.post(&in_dm(600201, 5, Some("zh-CN"), modal));
    assert_eq!(
        (a.status, a.body["type"].as_u64()),
        (200, Some(4)),
        "{:?}",
        a.body
    );
    assert!(has_han(&shown(&a.body["data"])), "{:?}", a.body);
    // A button from an older build, pressed in a DM (no member; the message is ours).
    let mut press = in_dm(
        600202,
        3,
        Some("en-US"),
        json!({"custom_id": "v9|gone", "component_type": 2}),
    );
    press["message"] = json!({"id": "800000000000000077", "channel_id": DM_CHANNEL,
        "author": user(&APPLICATION_ID.to_string()), "content": "", "flags": 0,
        "interaction_metadata": {"id": "1", "type": 2, "user": user(MEI)}});
    let a = bot.discord.post(&press);
    assert_eq!(
        (a.status, a.body["type"].as_u64()),
        (200, Some(4)),
        "{:?}",
        a.body
    );
    // Autocomplete: the focused option's partial text; a focused integer option sends a
    // number or a partial string, and must not fail either.
    let ac = |id: u64, options: Value| {
        let a = bot
            .discord
            .post(&in_dm(id, 4, Some("en-US"), command("fit", options)));
        assert_eq!(
            (a.status, a.body["type"].as_u64()),
            (200, Some(8)),
            "{:?}",
            a.body
        );
        a.body["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let choices = ac(
        600203,
        json!([{"name": "gpu", "type": 3, "value": "409", "focused": true}]),
    );
    assert!(
        choices
            .iter()
            .any(|c| c["name"].as_str().unwrap_or("").contains("4090")),
        "{choices:?}"
    );
    assert!(choices.len() <= 25);
    // The same under a subcommand.
    let nested = ac(
        600206,
        json!([{"name": "run", "type": 1, "options": [
            {"name": "gpu", "type": 3, "value": "409", "focused": true}]}]),
    );
    assert_eq!(nested, choices);
    ac(
        600204,
        json!([{"name": "cards", "type": 4, "value": 2, "focused": true}]),
    );
    ac(
        600205,
        json!([{"name": "cards", "type": 4, "value": "", "focused": true}]),
    );
}

/// Shapes from the interaction object's documentation this build registers none of: options
/// under a subcommand group (group → subcommand → options), user / channel / role /
/// mentionable / attachment options with their `resolved` data, a non-empty `entitlements`
/// list, a group DM (`context` 2, channel type 3) and a server that installed nothing (the app
/// installed to the user only: `authorizing_integration_owners` without "0"). Each gets the
/// answer the typed options give, in the asker's language (any `zh-*` locale is Chinese).
#[test]
fn nested_groups_resolved_options_group_dms_and_user_installs_are_answered_alike() {
    let bot = start();
    let base = json!([
        {"name": "model", "type": 3, "value": "qwen2.5-7b"},
        {"name": "gpu", "type": 3, "value": "RTX 4090"},
    ]);
    let fit = |i: Value| {
        let a = bot.discord.post(&i);
        assert_eq!(
            (a.status, a.body["type"].as_u64()),
            (200, Some(4)),
            "{:?}",
            a.body
        );
        shown(&a.body["data"])
    };
    let plain = fit(in_dm(
        600301,
        2,
        Some("en-US"),
        command("fit", base.clone()),
    ));
    let grouped = json!([{"name": "gpus", "type": 2, "options": [
        {"name": "run", "type": 1, "options": base}]}]);
    assert_eq!(
        fit(in_dm(600302, 2, Some("en-US"), command("fit", grouped))),
        plain
    );
    let mut extra = base.as_array().unwrap().clone();
    extra.extend([
        json!({"name": "who", "type": 6, "value": MEI}),
        json!({"name": "where", "type": 7, "value": "300000000000000003"}),
        json!({"name": "role", "type": 8, "value": "500000000000000005"}),
        json!({"name": "ping", "type": 9, "value": "500000000000000005"}),
        json!({"name": "config", "type": 11, "value": "1100000000000000011"}),
        json!({"name": "fast", "type": 5, "value": true}),
    ]);
    let mut data = command("fit", Value::Array(extra));
    data["resolved"] = json!({
        "users": {MEI: user(MEI)},
        "roles": {"500000000000000005": {"id": "500000000000000005", "name": "renters",
            "color": 0, "hoist": false, "position": 1, "permissions": "0", "managed": false,
            "mentionable": true}},
        "attachments": {"1100000000000000011": {"id": "1100000000000000011",
            "filename": "config.json", "size": 1234, "url": "https://cdn.discordapp.com/x",
            "proxy_url": "https://media.discordapp.net/x", "content_type": "application/json"}},
    });
    let mut with_entitlements = in_dm(600303, 2, Some("en-US"), data);
    with_entitlements["entitlements"] = json!([{"id": "120000000000000001",
        "sku_id": "130000000000000001", "application_id": APPLICATION_ID.to_string(),
        "user_id": MEI, "type": 8, "deleted": false, "starts_at": null, "ends_at": null,
        "consumed": false}]);
    assert_eq!(fit(with_entitlements), plain);

    // A group DM: no guild, no member, a channel of type 3 with its recipients.
    let mut group_dm = in_dm(600304, 2, Some("zh-TW"), command("fit", base.clone()));
    group_dm["context"] = json!(2);
    group_dm["channel_id"] = json!("320000000000000003");
    group_dm["channel"] = json!({"id": "320000000000000003", "type": 3, "name": null,
        "recipients": [user(MEI), user("410000000000000002")], "owner_id": MEI, "flags": 0});
    let text = fit(group_dm);
    assert!(has_han(&text), "zh-TW reads Chinese: {text}");
    // A server channel where only the user installed the app (no bot member there).
    let mut user_install = in_guild(600305, 2, Some("ja"), "zh-CN", command("fit", base));
    user_install["authorizing_integration_owners"] = json!({"1": MEI});
    user_install["app_permissions"] = json!("1126997346978880");
    let text = fit(user_install);
    assert!(!text.trim().is_empty());
}

/// `/subscribe` where the bot could never post an alert is refused at once, in the asker's
/// language, instead of being turned off silently at the first alert: a group DM, a server
/// that installed nothing (the app installed to the person), a channel where the bot lacks
/// Send Messages. In a DM with the bot, and a server channel it may post in, it is set.
#[test]
fn an_alert_that_could_never_arrive_is_refused_where_it_is_asked() {
    let bot = start();
    let sub = || {
        command(
            "subscribe",
            json!([{"name": "gpu", "type": 3, "value": "h100"}]),
        )
    };
    let said = |i: Value| {
        let a = bot.discord.post(&i);
        assert_eq!(
            (a.status, a.body["type"].as_u64()),
            (200, Some(4)),
            "{:?}",
            a.body
        );
        shown(&a.body["data"])
    };
    let mut group_dm = in_dm(600401, 2, Some("zh-CN"), sub());
    group_dm["context"] = json!(2);
    group_dm["channel_id"] = json!("320000000000000004");
    group_dm["channel"] = json!({"id": "320000000000000004", "type": 3,
        "recipients": [user(MEI), user("410000000000000002")]});
    let text = said(group_dm);
    assert!(has_han(&text) && text.contains("私信"), "{text}");
    let admin = |i: &mut Value| i["member"]["permissions"] = json!("16");
    let mut user_install = in_guild(600402, 2, Some("en-US"), "en-US", sub());
    admin(&mut user_install);
    user_install["authorizing_integration_owners"] = json!({"1": MEI});
    let text = said(user_install);
    assert!(text.contains("can't post here"), "{text}");
    let mut muted = in_guild(600403, 2, Some("en-US"), "en-US", sub());
    admin(&mut muted);
    muted["authorizing_integration_owners"] = json!({"0": "200000000000000002"});
    muted["app_permissions"] = json!((559623605571137_u64 & !(1 << 11)).to_string());
    assert!(said(muted).contains("can't post here"));
    // Where it can post: set.
    let mut ok = in_guild(600404, 2, Some("en-US"), "en-US", sub());
    admin(&mut ok);
    ok["authorizing_integration_owners"] = json!({"0": "200000000000000002", "1": MEI});
    assert!(said(ok).contains("Alert set"));
    assert!(said(in_dm(600405, 2, Some("en-US"), sub())).contains("Alert set"));
}

/// Shapes from Discord's documentation of 2024–2026, written apart from the code: entitlements
/// as the monetization docs list them (a test entitlement without dates, a consumable one with
/// `consumed`), an app installed to both the server and the user
/// (`authorizing_integration_owners` with "0" and "1"), a user and a message context-menu
/// command (`data.type` 2 and 3, with `target_id` and `resolved.messages` holding a forward's
/// `message_snapshots` and a poll) and a primary entry point command (`data.type` 4) this build
/// registers none of, a modal submit in the components v2 shape (a Label, type 18, around a
/// text input), a press on a message sent with `IS_COMPONENTS_V2` (a container, type 17), and
/// interaction types after 5. Each gets one response Discord accepts, in the asker's language;
/// none is an HTTP error or silence.
#[test]
fn monetization_user_installs_context_menus_and_components_v2_get_a_response() {
    let bot = start();
    let gpu = || command("gpu", json!([{"name": "gpu", "type": 3, "value": "4090"}]));
    let answered = |i: &Value| {
        let a = bot.discord.post(i);
        assert_eq!(a.status, 200, "{i}: {:?}", a.body);
        assert!(
            matches!(a.body["type"].as_u64(), Some(4 | 5 | 7)),
            "{i}: {:?}",
            a.body
        );
        shown(&a.body["data"])
    };
    // Entitlements (monetization docs): a test one has no dates; `consumed` on a consumable.
    let mut i = in_guild(600301, 2, Some("en-US"), "en-US", gpu());
    i["entitlements"] = json!([
        {"id": "1019653849998299136", "sku_id": "1019475255913222144",
         "application_id": APPLICATION_ID.to_string(), "user_id": MEI, "type": 4,
         "deleted": false, "starts_at": null, "ends_at": null, "guild_id": null},
        {"id": "1019653849998299137", "sku_id": "1019475255913222145",
         "application_id": APPLICATION_ID.to_string(), "user_id": MEI, "type": 3,
         "deleted": false, "consumed": false}]);
    // Installed both to the server and to the user.
    i["authorizing_integration_owners"] = json!({"0": "200000000000000002", "1": MEI});
    let said = answered(&i);
    assert!(said.contains("4090"), "{said}");

    // A user command and a message command (context menus) we register none of: told so in
    // the user's language, never an HTTP error.
    let user_cmd = json!({"id": "2", "name": "Price check", "type": 2, "target_id": MEI,
        "resolved": {"users": {MEI: user(MEI)}}});
    let said = answered(&in_dm(600302, 2, Some("zh-CN"), user_cmd));
    assert!(has_han(&said), "{said}");
    let snapshot_msg = json!({"id": "800000000000000099", "channel_id": DM_CHANNEL,
        "author": user(MEI), "content": "", "timestamp": "2026-12-01T10:00:00.000000+00:00",
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
        "flags": 16384, "message_reference": {"type": 1, "channel_id": "1", "message_id": "2"},
        "message_snapshots": [{"message": {"content": "/gpu 4090", "type": 0,
            "timestamp": "2026-12-01T09:00:00.000000+00:00", "edited_timestamp": null,
            "flags": 0, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
            "components": []}}],
        "poll": {"question": {"text": "H100 or A100?"},
            "answers": [{"answer_id": 1, "poll_media": {"text": "H100"}}],
            "expiry": "2026-12-02T10:00:00.000000+00:00", "allow_multiselect": false,
            "layout_type": 1}});
    let msg_cmd = json!({"id": "3", "name": "Ask GPU Scout", "type": 3,
        "target_id": "800000000000000099",
        "resolved": {"messages": {"800000000000000099": snapshot_msg}}});
    answered(&in_dm(600303, 2, Some("en-US"), msg_cmd));
    let entry = json!({"id": "4", "name": "launch", "type": 4});
    answered(&in_guild(600304, 2, Some("en-US"), "en-US", entry));

    // A modal submit in the components v2 shape: a Label (18) around a text input, and a
    // text display (10). We open no modals: an outdated form, said in Chinese.
    let modal = json!({"custom_id": "v1|ask", "components": [
        {"type": 18, "id": 1, "component": {"type": 4, "id": 2, "custom_id": "q", "value": "4090"}},
        {"type": 10, "id": 3}]});
    let said = answered(&in_dm(600305, 5, Some("zh-CN"), modal));
    assert!(has_han(&said), "{said}");

    // A press on a components v2 message (flag 1 << 15: a container, no content or embeds).
    let mut press = in_dm(
        600306,
        3,
        Some("en-US"),
        json!({"custom_id": "v9|old", "component_type": 2, "id": 4}),
    );
    press["message"] = json!({"id": "800000000000000078", "channel_id": DM_CHANNEL,
        "author": user(&APPLICATION_ID.to_string()), "content": "", "flags": 32768,
        "components": [{"type": 17, "id": 1, "accent_color": 703487, "components": [
            {"type": 10, "id": 2, "content": "H100 from $2.20"},
            {"type": 1, "id": 3, "components": [
                {"type": 2, "id": 4, "style": 1, "label": "More", "custom_id": "v9|old"}]}]}],
        "interaction_metadata": {"id": "1", "type": 2, "user": user(MEI)}});
    answered(&press);

    // Types after 5 (none documented yet): a response that says it was not understood.
    for (id, kind, locale) in [(600307, 6, "en-US"), (600308, 42, "zh-CN")] {
        let said = answered(&in_dm(id, kind, Some(locale), gpu()));
        assert!(!said.trim().is_empty());
        assert_eq!(has_han(&said), locale == "zh-CN", "{said}");
    }
}

/// `in_guild`, moved into a thread of channel 300000000000000003: `channel` is the thread
/// (type 11 public, 12 private) with its `parent_id` and `thread_metadata`, as Discord sends it;
/// `forum` makes the parent a forum channel (a forum post is a public thread with tags).
fn in_thread(
    id: u64,
    kind: u64,
    data: Value,
    thread: &str,
    channel_type: u64,
    forum: bool,
) -> Value {
    let mut i = in_guild(id, kind, Some("en-US"), "en-US", data);
    i["channel_id"] = json!(thread);
    i["channel"] = json!({"id": thread, "type": channel_type, "guild_id": "200000000000000002",
        "parent_id": "300000000000000003", "name": "h100 restock", "owner_id": MEI,
        "message_count": 3, "member_count": 2, "rate_limit_per_user": 0, "flags": 0,
        "thread_metadata": {"archived": false, "auto_archive_duration": 1440,
            "archive_timestamp": "2026-12-01T10:00:00.000000+00:00", "locked": false,
            "create_timestamp": "2026-12-01T09:00:00.000000+00:00"},
        "total_message_sent": 3});
    if forum {
        i["channel"]["applied_tags"] = json!(["1200000000000000001"]);
        i["channel"]["flags"] = json!(2);
    }
    i
}

/// Threads and forum posts (channel types 11 and 12, a forum parent), a component pressed
/// in a thread, a guild id and permissions written as JSON numbers, and `/subscribe` in a
/// thread: allowed with Send Messages in Threads, refused with only Send Messages (which
/// does not let the bot post in a thread, so no alert could ever arrive).
#[test]
fn threads_forum_posts_and_numeric_ids_are_answered_and_subscribing_checks_thread_rights() {
    let bot = start();
    let gpu = || command("gpu", json!([{"name": "gpu", "type": 3, "value": "h100"}]));
    for (id, thread, kind, forum) in [
        (600401, "330000000000000001", 11, false),
        (600402, "330000000000000002", 12, false),
        (600403, "330000000000000003", 11, true),
    ] {
        let a = bot
            .discord
            .post(&in_thread(id, 2, gpu(), thread, kind, forum));
        assert_eq!(
            (a.status, a.body["type"].as_u64()),
            (200, Some(4)),
            "{:?}",
            a.body
        );
        assert!(shown(&a.body["data"]).contains("H100"), "{:?}", a.body);
    }
    // Ids as numbers (what a library that re-serializes writes).
    let mut numeric = in_thread(600404, 2, gpu(), "330000000000000004", 11, false);
    numeric["guild_id"] = json!(200000000000000002_u64);
    numeric["channel_id"] = json!(330000000000000004_u64);
    numeric["member"]["permissions"] = json!(16);
    let a = bot.discord.post(&numeric);
    assert_eq!(
        (a.status, a.body["type"].as_u64()),
        (200, Some(4)),
        "{:?}",
        a.body
    );
    // A button under our message in a thread (an old one: told so, never a silent failure).
    let mut press = in_thread(
        600405,
        3,
        json!({"custom_id": "v9|gone", "component_type": 2}),
        "330000000000000001",
        11,
        false,
    );
    press["message"] = json!({"id": "800000000000000078", "channel_id": "330000000000000001",
        "author": user(&APPLICATION_ID.to_string()), "content": "", "flags": 0,
        "interaction_metadata": {"id": "1", "type": 2, "user": user(MEI)}});
    let a = bot.discord.post(&press);
    assert_eq!(a.status, 200, "{:?}", a.body);
    assert!(
        matches!(a.body["type"].as_u64(), Some(4 | 6 | 7)),
        "{:?}",
        a.body
    );

    // /subscribe in a thread by a member who may manage channels.
    const VIEW: u64 = 1 << 10;
    let subscribe = |id: u64, app: u64| {
        let mut i = in_thread(
            id,
            2,
            command(
                "subscribe",
                json!([{"name": "gpu", "type": 3, "value": "h100"}]),
            ),
            "330000000000000005",
            11,
            false,
        );
        i["member"]["permissions"] = json!("16");
        i["app_permissions"] = json!(app.to_string());
        // Installed to the server (not only to the person).
        i["authorizing_integration_owners"] = json!({"0": "200000000000000002", "1": MEI});
        let a = bot.discord.post(&i);
        assert_eq!(a.status, 200, "{:?}", a.body);
        shown(&a.body["data"])
    };
    let refused = subscribe(600406, VIEW | (1 << 11));
    assert!(!refused.contains("Alert set"), "{refused}");
    let set = subscribe(600407, VIEW | (1 << 38));
    assert!(set.contains("Alert set"), "{set}");
}
