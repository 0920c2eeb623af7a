//! QA round 18 (wire18), written before they were run. Round 17's leftover as Discord sees it:
//! the packer no longer keeps a fence's room on a plain line, so a description may now be
//! filled to Discord's 4096 characters; every body must still be within every embed limit.
//! Then interactions no round covered in this shape: an interaction type Discord may add
//! (an unknown number), `/subscribe` in a DM (a person's own chat: no Manage Channels there
//! to ask for), `/gpu` in a group DM of a user-installed app, autocomplete in a DM.

use super::wire_round8::{Endpoint, GUILD, answered, gpu, in_channel, start, user};
use bot_core::reply::Part;
use bot_core::{Lang, Reply};
use gpuscout_discord::render;
use gpuscout_frontend::pack::chars;
use serde_json::{Value, json};

fn descriptions(bodies: &[Value]) -> Vec<String> {
    bodies
        .iter()
        .flat_map(|b| b["embeds"].as_array().unwrap().iter())
        .map(|e| e["description"].as_str().unwrap_or("").to_string())
        .collect()
}

/// Every body within Discord's embed limits (a description 4096, 6000 over a message's
/// embeds, ten embeds).
fn within_limits(bodies: &[Value]) {
    for b in bodies {
        let es = b["embeds"].as_array().unwrap();
        assert!(es.len() <= 10);
        let total: usize = es
            .iter()
            .map(|e| {
                let d = e["description"].as_str().map_or(0, chars);
                assert!(d <= 4096, "a description of {d}");
                d + e["title"].as_str().map_or(0, chars)
            })
            .sum();
        assert!(total <= 6000, "{total} over a message");
    }
}

fn raw(text: &str) -> Vec<Value> {
    let mut reply = Reply::default();
    reply.parts.push(Part::Raw(text.to_string()));
    render::render(Lang::En, &reply, false)
}

/// Cases 1–3: one plain line of 4096 letters is one description, whole; 4097 are two, each
/// within 4096, nothing lost; 2048 `*` (each escaped to `\*`, 4096 characters) stay within
/// every limit with all 2048 kept. Three 4000-character lines keep each message within 6000.
#[test]
fn plain_lines_filling_a_description_stay_within_every_embed_limit() {
    let one = raw(&"a".repeat(4096));
    within_limits(&one);
    let d = descriptions(&one);
    assert_eq!(d.iter().filter(|d| !d.is_empty()).count(), 1, "case 1");
    assert_eq!(d.concat().matches('a').count(), 4096, "case 1");
    let over = raw(&format!("{}b", "a".repeat(4096)));
    within_limits(&over);
    let d = descriptions(&over);
    assert_eq!(d.iter().filter(|d| !d.is_empty()).count(), 2, "case 2");
    assert_eq!(d.concat().matches('a').count(), 4096, "case 2");
    let stars = raw(&"*".repeat(2048));
    within_limits(&stars);
    assert_eq!(
        descriptions(&stars).concat().matches('*').count(),
        2048,
        "case 3"
    );
    let three = raw(&["x".repeat(4000), "y".repeat(4000), "z".repeat(4000)].join("\n"));
    within_limits(&three);
    assert_eq!(
        descriptions(&three).concat().matches('z').count(),
        4000,
        "case 3"
    );
}

const PERSON: &str = "410000000000001801";

/// A command in the person's DM with the bot (context 1: BOT_DM; no guild, no member: the
/// person is the top-level `user`).
fn in_dm(id: u64, name: &str, options: Value) -> Value {
    let mut i = in_channel(
        id,
        json!({"id": "310000000000001801", "type": 1, "flags": 0}),
        name,
        options,
    );
    let o = i.as_object_mut().unwrap();
    o.remove("guild_id");
    o.remove("member");
    o.remove("guild_locale");
    o.insert("user".into(), user(PERSON));
    o.insert("context".into(), json!(1));
    o.insert(
        "authorizing_integration_owners".into(),
        json!({"0": GUILD, "1": PERSON}),
    );
    i
}

/// Case 4: an interaction type Discord has not documented yet (99): a response Discord
/// accepts or a clear 4xx, never a 5xx or no answer.
#[test]
fn an_interaction_type_we_do_not_know_gets_no_server_error() {
    let e = start(2500);
    let mut i = in_channel(
        918_001,
        json!({"id": "300000000000001801", "type": 0, "name": "gpu", "guild_id": GUILD}),
        "gpu",
        gpu("h100"),
    );
    i["type"] = json!(99);
    let a = e.discord.post(&i);
    assert!(a.status < 500, "case 4: {} {:?}", a.status, a.body);
}

/// Cases 5–6: in a DM, `/gpu h100` is answered, and `/subscribe h100` sets the alert (a DM
/// is the person's own chat: no permission bits to ask for there).
#[test]
fn in_a_dm_a_question_is_answered_and_an_alert_is_set() {
    let e = start(2500);
    let said = answered(&e, &in_dm(918_010, "gpu", gpu("h100")));
    assert!(said.contains("H100"), "case 5: {said}");
    let said = answered(&e, &in_dm(918_011, "subscribe", gpu("h100")));
    assert!(said.contains("Alert set"), "case 6: {said}");
}

/// Case 7: a group DM with the app user-installed (context 2, channel type 3, the app
/// authorized by the user only): `/gpu a100` answered.
#[test]
fn in_a_group_dm_of_a_user_installed_app_a_question_is_answered() {
    let e: Endpoint = start(2500);
    let mut i = in_dm(918_020, "gpu", gpu("a100"));
    i["channel"] = json!({"id": "320000000000001801", "type": 3, "name": null,
        "recipients": [user(PERSON), user("410000000000001802")], "flags": 0});
    i["channel_id"] = json!("320000000000001801");
    i["context"] = json!(2);
    i["authorizing_integration_owners"] = json!({"1": PERSON});
    let said = answered(&e, &i);
    assert!(said.contains("A100"), "case 7: {said}");
}

/// Case 8: autocomplete (type 4) in a DM for a card typed `h1`: choices (at most 25), each a
/// name and a value Discord takes (1–100 characters).
#[test]
fn autocomplete_in_a_dm_offers_choices_discord_takes() {
    let e = start(2500);
    let mut i = in_dm(
        918_030,
        "gpu",
        json!([{"name": "gpu", "type": 3, "value": "h1", "focused": true}]),
    );
    i["type"] = json!(4);
    let a = e.discord.post(&i);
    assert_eq!(
        (a.status, a.body["type"].as_u64()),
        (200, Some(8)),
        "{:?}",
        a.body
    );
    let choices = a.body["data"]["choices"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        !choices.is_empty() && choices.len() <= 25,
        "case 8: {:?}",
        a.body
    );
    for c in &choices {
        let n = c["name"].as_str().map_or(0, chars);
        assert!((1..=100).contains(&n), "{c}");
        assert!(c["value"].is_string(), "{c}");
    }
}

/// Cases 9–10 (DM, ids an older version wrote): a button press (type 3) and a modal submit
/// (type 5) in a DM — no guild, the person top-level — whose `custom_id`s carry a version
/// this build never wrote (`v0|…`): each gets a response Discord takes (4–7 for a press,
/// 4/5/6 for a modal), never an error status.
#[test]
fn presses_and_modal_submits_with_an_older_custom_id_in_a_dm_get_a_response() {
    let e = start(2500);
    let strip_guild = |i: &mut Value| {
        let o = i.as_object_mut().unwrap();
        o.remove("guild_id");
        o.remove("member");
        o.remove("guild_locale");
        o.insert("user".into(), user(PERSON));
        o.insert("context".into(), json!(1));
        o.insert(
            "channel".into(),
            json!({"id": "310000000000001801", "type": 1}),
        );
        o.insert("channel_id".into(), json!("310000000000001801"));
    };
    let mut press = e.discord.press("v0|g:h100-sxm", &[], PERSON, PERSON, false);
    strip_guild(&mut press);
    let a = e.discord.post(&press);
    let t = a.body["type"].as_u64().unwrap_or(0);
    assert!(
        a.status == 200 && (4..=7).contains(&t),
        "case 9: {} {:?}",
        a.status,
        a.body
    );
    let mut modal = in_dm(918_040, "gpu", json!([]));
    modal["type"] = json!(5);
    modal["data"] = json!({"custom_id": "v0|feedback", "components": [{"type": 1,
        "components": [{"type": 4, "custom_id": "text", "value": "the old form"}]}]});
    strip_guild(&mut modal);
    let a = e.discord.post(&modal);
    let t = a.body["type"].as_u64().unwrap_or(0);
    assert!(
        a.status == 200 && [4, 5, 6].contains(&t),
        "case 10: {} {:?}",
        a.status,
        a.body
    );
}
