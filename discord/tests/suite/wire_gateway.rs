//! Interactions in the shapes of Discord's documentation, read by serenity (the gateway's way
//! in) and written back to the endpoint's JSON: what the handler reads must survive — a DM's
//! top-level `user`, `guild_locale`, a modal submit's type, options under a subcommand, a
//! NUMBER option's float.

use gpuscout_discord::gateway::interaction_json;
use serde_json::json;
use serenity::model::application::Interaction;

fn base(kind: u8, data: serde_json::Value) -> serde_json::Value {
    json!({
        "id": "600000000000000001", "application_id": "100000000000000001", "type": kind,
        "token": "tok", "version": 1, "data": data, "channel_id": "310000000000000009",
        "channel": {"id": "310000000000000009", "type": 1, "flags": 0},
        "user": {"id": "410000000000000001", "username": "mei", "discriminator": "0",
                 "global_name": "Mei", "avatar": null},
        "app_permissions": "559623605571137", "locale": "zh-CN", "entitlements": [],
        "authorizing_integration_owners": {"1": "410000000000000001"}, "context": 1,
        "attachment_size_limit": 10485760,
    })
}

#[test]
fn a_dm_command_with_a_subcommand_and_a_float_survives_serenity() {
    let cmd = base(
        2,
        json!({"id": "1", "name": "fit", "type": 1, "options": [
            {"name": "run", "type": 1, "options": [
                {"name": "model", "type": 3, "value": "qwen2.5-7b"},
                {"name": "cards", "type": 10, "value": 2.0}]}]}),
    );
    let typed: Interaction = serde_json::from_value(cmd).expect("serenity reads a DM command");
    let back = interaction_json(&typed).unwrap();
    assert_eq!(back["type"], 2);
    assert_eq!(back["locale"], "zh-CN");
    let user = back["member"]["user"]["id"]
        .as_str()
        .or_else(|| back["user"]["id"].as_str());
    assert_eq!(user, Some("410000000000000001"), "{back}");
    let sub = &back["data"]["options"][0];
    assert_eq!(sub["name"], "run", "{back}");
    assert_eq!(sub["options"][0]["value"], "qwen2.5-7b", "{back}");
    assert_eq!(sub["options"][1]["value"].as_f64(), Some(2.0), "{back}");
}

#[test]
fn a_guild_locale_and_a_modal_submit_survive_serenity() {
    let mut cmd = base(
        2,
        json!({"id": "1", "name": "gpu", "type": 1, "options": [
        {"name": "gpu", "type": 3, "value": "4090"}]}),
    );
    cmd["guild_id"] = json!("200000000000000002");
    cmd["guild_locale"] = json!("zh-CN");
    cmd["member"] = json!({"user": cmd["user"].clone(), "roles": [], "permissions": "0",
        "joined_at": "2026-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
        "flags": 0});
    let typed: Interaction = serde_json::from_value(cmd).expect("serenity reads a guild command");
    let back = interaction_json(&typed).unwrap();
    assert_eq!(back["guild_locale"], "zh-CN", "{back}");
    let modal = base(
        5,
        json!({"custom_id": "v1|feedback", "components": [{"type": 1, "components": [
            {"type": 4, "custom_id": "text", "value": "hello"}]}]}),
    );
    let typed: Interaction = serde_json::from_value(modal).expect("serenity reads a modal submit");
    let back = interaction_json(&typed).unwrap();
    assert_eq!(back["type"], 5, "{back}");
}

/// Shapes the endpoint tests cover, read by serenity over the gateway: a group DM (`context`
/// 2, a channel of type 3 with recipients), a user-installed app in a server, options under a
/// subcommand group, attachment / user / role / mentionable options with `resolved`, a list of
/// entitlements. serenity must read each (an interaction it cannot read is never answered:
/// "The application did not respond"), and what comes back keeps every option.
#[test]
fn group_dms_user_installs_groups_and_resolved_options_survive_serenity() {
    let user2 = json!({"id": "410000000000000002", "username": "kai", "discriminator": "0",
        "global_name": null, "avatar": null});
    let options = json!([{"name": "gpus", "type": 2, "options": [
        {"name": "run", "type": 1, "options": [
            {"name": "model", "type": 3, "value": "qwen2.5-7b"},
            {"name": "who", "type": 6, "value": "410000000000000002"},
            {"name": "role", "type": 8, "value": "500000000000000005"},
            {"name": "ping", "type": 9, "value": "500000000000000005"},
            {"name": "config", "type": 11, "value": "1100000000000000011"},
            {"name": "cards", "type": 4, "value": 2}]}]}]);
    let mut cmd = base(
        2,
        json!({"id": "1", "name": "fit", "type": 1, "options": options,
            "resolved": {
                "users": {"410000000000000002": user2},
                "roles": {"500000000000000005": {"id": "500000000000000005", "name": "renters",
                    "color": 0, "hoist": false, "position": 1, "permissions": "0",
                    "managed": false, "mentionable": true, "flags": 0,
                    "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null}}},
                "attachments": {"1100000000000000011": {"id": "1100000000000000011",
                    "filename": "config.json", "size": 1234, "url": "https://cdn.discordapp.com/x",
                    "proxy_url": "https://media.discordapp.net/x", "content_type": "application/json"}}}}),
    );
    cmd["context"] = json!(2);
    cmd["channel_id"] = json!("320000000000000003");
    cmd["channel"] = json!({"id": "320000000000000003", "type": 3, "name": null,
        "recipients": [cmd["user"].clone(), user2], "owner_id": "410000000000000001", "flags": 0});
    cmd["entitlements"] = json!([{"id": "120000000000000001", "sku_id": "130000000000000001",
        "application_id": "100000000000000001", "user_id": "410000000000000001", "type": 8,
        "deleted": false, "starts_at": null, "ends_at": null, "consumed": false}]);
    let typed: Interaction =
        serde_json::from_value(cmd.clone()).expect("serenity reads a group DM command");
    let back = interaction_json(&typed).unwrap();
    assert_eq!(back["context"], 2, "{back}");
    assert_eq!(back["channel_id"], "320000000000000003", "{back}");
    let run = &back["data"]["options"][0]["options"][0];
    assert_eq!(run["name"], "run", "{back}");
    assert_eq!(run["options"][0]["value"], "qwen2.5-7b", "{back}");
    assert_eq!(run["options"][5]["value"].as_i64(), Some(2), "{back}");

    // The same in a server that installed nothing: the person's install only.
    let mut guild = cmd;
    guild["context"] = json!(0);
    guild["guild_id"] = json!("200000000000000002");
    guild["channel"] = json!({"id": "300000000000000003", "type": 0, "name": "gpu",
        "guild_id": "200000000000000002"});
    guild["channel_id"] = json!("300000000000000003");
    guild["member"] = json!({"user": guild["user"].clone(), "roles": [], "permissions": "16",
        "joined_at": "2026-01-01T00:00:00.000000+00:00", "deaf": false, "mute": false,
        "flags": 0});
    guild["authorizing_integration_owners"] = json!({"1": "410000000000000001"});
    let typed: Interaction =
        serde_json::from_value(guild).expect("serenity reads a user-installed app's command");
    let back = interaction_json(&typed).unwrap();
    assert_eq!(
        back["authorizing_integration_owners"],
        json!({"1": "410000000000000001"})
    );
    assert_eq!(back["guild_id"], "200000000000000002", "{back}");
}

/// DM messages in newer shapes (Discord's message object): a forward (`message_reference`
/// type 1 with `message_snapshots`), a reply whose original was deleted (`referenced_message`
/// null), a poll, stickers, an attachment with newer fields. serenity must read each, or a
/// question in it is never answered over the gateway.
#[test]
fn dm_messages_in_newer_shapes_survive_serenity() {
    use serenity::model::channel::Message;
    let author = json!({"id": "410000000000000001", "username": "mei", "discriminator": "0",
        "global_name": "Mei", "avatar": null, "public_flags": 0, "primary_guild": null,
        "avatar_decoration_data": null, "collectibles": null, "clan": null});
    let base = |extra: serde_json::Value| {
        let mut m = json!({"id": "700000000000000001", "channel_id": "310000000000000009",
            "author": author, "content": "/gpu 4090", "timestamp": "2026-12-02T10:00:00.000000+00:00",
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "flags": 0, "components": []});
        for (k, v) in extra.as_object().unwrap() {
            m[k] = v.clone();
        }
        m
    };
    let cases = [
        (
            "forward",
            json!({"content": "", "message_reference": {"type": 1,
            "message_id": "700000000000000000", "channel_id": "300000000000000003",
            "guild_id": "200000000000000002"},
            "message_snapshots": [{"message": {"content": "/gpu 4090", "type": 0,
                "timestamp": "2026-12-01T10:00:00.000000+00:00", "edited_timestamp": null,
                "flags": 0, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                "components": []}}]}),
        ),
        (
            "deleted reply",
            json!({"type": 19, "message_reference": {"type": 0,
            "message_id": "700000000000000000", "channel_id": "310000000000000009"},
            "referenced_message": null}),
        ),
        (
            "poll",
            json!({"poll": {"question": {"text": "H100 or A100?"},
            "answers": [{"answer_id": 1, "poll_media": {"text": "H100"}},
                        {"answer_id": 2, "poll_media": {"text": "A100"}}],
            "expiry": "2026-12-03T10:00:00.000000+00:00", "allow_multiselect": false,
            "layout_type": 1}}),
        ),
        (
            "sticker",
            json!({"sticker_items": [{"id": "750000000000000001", "name": "wave",
            "format_type": 1}]}),
        ),
        (
            "attachment",
            json!({"attachments": [{"id": "1100000000000000011",
            "filename": "nvidia-smi.png", "size": 1234, "url": "https://cdn.discordapp.com/x",
            "proxy_url": "https://media.discordapp.net/x", "content_type": "image/png",
            "width": 640, "height": 480, "placeholder": "abc", "placeholder_version": 1,
            "flags": 0, "title": "smi"}]}),
        ),
    ];
    let mut unread = Vec::new();
    for (what, extra) in cases {
        if let Err(e) = serde_json::from_value::<Message>(base(extra)) {
            unread.push(format!("{what}: {e}"));
        }
    }
    assert!(unread.is_empty(), "{unread:?}");
}

/// The shapes the e2e test `discord_gateway_interactions_serenity_cannot_read_are_still_answered`
/// sends: serenity refuses them (so over the gateway only the tap can answer them), and
/// the same JSON is what our handler reads.
#[test]
fn serenity_refuses_a_role_without_colors_in_a_command_and_a_role_select() {
    use gpuscout_testkit::fake_discord::Interactions;
    use gpuscout_testkit::fake_discord_gateway as gw;
    let d = Interactions::new("127.0.0.1:1".parse().unwrap());
    for i in [
        gw::unreadable_command(&d, "400000000000000001"),
        gw::unreadable_press(&d, "400000000000000001"),
    ] {
        assert!(
            serde_json::from_value::<Interaction>(i.clone()).is_err(),
            "{i}"
        );
    }
}
