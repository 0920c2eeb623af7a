//! QA round 21 (wire21): application commands of kinds the bot never registered, written
//! from Discord's documentation before any was run. An APPLICATION_COMMAND interaction
//! (type 2) carries `data.type`: 1 CHAT_INPUT (a slash command), 2 USER and 3 MESSAGE (the
//! right-click "Apps" menu, with `target_id` and `resolved`), 4 PRIMARY_ENTRY_POINT (an
//! Activity's launch command). Names are unique per type only, so a USER command named
//! `fit` or a MESSAGE command named `gpu` (left by an older build, or made in the developer
//! portal) shares a name with our slash commands. Expected: the person is told, privately,
//! that the bot could not read it (never a public "missing argument" reply, never a bare
//! `/gpu` run on nothing); a slash command with `data.type` 1, or without the field, runs
//! as always. Signed and POSTed to the real endpoint in-process with REST against the fake.

use super::wire_round8::{MEI, answered, gpu, in_channel, start, user};
use bot_core::{Lang, Localizer, Msg};
use gpuscout_testkit::fake_discord::shown;
use serde_json::{Value, json};

const CHANNEL: &str = "300000000000002101";

fn text_channel() -> Value {
    json!({"id": CHANNEL, "type": 0, "name": "gpus", "guild_id": super::wire_round8::GUILD})
}

fn ephemeral(body: &Value) -> bool {
    body["data"]["flags"].as_u64().unwrap_or(0) & 64 == 64
}

fn unreadable(lang: Lang) -> String {
    Localizer::get().format(lang, &Msg::new("discord-unreadable"))
}

/// A context-menu or entry-point command of `kind` named `name`, aimed at `target` (a user
/// or message id), with the `resolved` object Discord sends for it.
fn other_kind(id: u64, kind: u64, name: &str, target: Option<&str>, resolved: Value) -> Value {
    let mut i = in_channel(id, text_channel(), name, Value::Null);
    let data = i["data"].as_object_mut().unwrap();
    data.remove("options");
    data.insert("type".into(), json!(kind));
    if let Some(t) = target {
        data.insert("target_id".into(), json!(t));
        data.insert("resolved".into(), resolved);
    }
    i
}

/// Cases 23–25: a MESSAGE command named `gpu` on a message asking about a 4090, a USER
/// command named `fit` on a member, an entry-point command `launch`: each answered at once
/// (type 4) with the "could not read" line, ephemeral, in the person's language; nothing
/// posted in the channel.
#[test]
fn context_menu_and_entry_point_commands_we_never_registered_are_told_privately() {
    let e = start(2500);
    let message = json!({"messages": {"510000000000000001": {
        "id": "510000000000000001", "channel_id": CHANNEL, "type": 0,
        "content": "how much is a 4090 now?", "author": user("410000000000000009"),
        "timestamp": "2026-12-04T10:00:00.000000+00:00", "edited_timestamp": null,
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": [], "embeds": [], "pinned": false}}});
    let member = json!({"users": {"410000000000000009": user("410000000000000009")},
        "members": {"410000000000000009": {"roles": [], "joined_at":
            "2026-01-01T00:00:00.000000+00:00", "permissions": "0"}}});
    let cases = [
        (
            "case 23, MESSAGE `gpu`",
            other_kind(921_023, 3, "gpu", Some("510000000000000001"), message),
            Lang::En,
        ),
        (
            "case 24, USER `fit`",
            other_kind(921_024, 2, "fit", Some("410000000000000009"), member),
            Lang::En,
        ),
        (
            "case 25, PRIMARY_ENTRY_POINT `launch` (zh-CN)",
            {
                let mut i = other_kind(921_025, 4, "launch", None, Value::Null);
                i["locale"] = json!("zh-CN");
                i
            },
            Lang::Zh,
        ),
    ];
    // Every case is tried before any assert, so one run shows them all.
    let mut wrong = Vec::new();
    for (label, i, lang) in cases {
        let a = e.discord.post(&i);
        let told = (a.status, a.body["type"].as_u64()) == (200, Some(4))
            && ephemeral(&a.body)
            // Markdown escapes (`that\\:`) aside, the line itself.
            && shown(&a.body["data"]).replace('\\', "") == unreadable(lang);
        if !told {
            wrong.push(format!("{label}: {} {}", a.status, a.body));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let posted: Vec<_> = e
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path.contains(CHANNEL))
        .collect();
    assert!(posted.is_empty(), "{posted:?}");
}

/// Case 26 (the control, written with the cases): a slash command with `data.type` 1, and
/// one from a payload without `data.type` (older libraries and relays drop it), run as
/// ever: the 4090's answer, public.
#[test]
fn a_slash_command_with_or_without_its_data_type_runs_as_ever() {
    let e = start(2500);
    let mut typed = in_channel(921_026, text_channel(), "gpu", gpu("4090"));
    typed["member"]["user"] = user(MEI);
    assert!(answered(&e, &typed).contains("4090"));
    let mut untyped = in_channel(921_027, text_channel(), "gpu", gpu("4090"));
    untyped["data"].as_object_mut().unwrap().remove("type");
    let a = e.discord.post(&untyped);
    assert!(!ephemeral(&a.body), "{:?}", a.body);
    assert!(shown(&a.body["data"]).contains("4090"), "{:?}", a.body);
}

/// Case 27: a deferred press (`DISCORD_DEFER_AFTER_MS=0`: acknowledged, the answer to come
/// by an edit of `@original`) whose message a moderator deletes meanwhile: the edit draws
/// 404 10008 Unknown Message, and the answer still arrives, once, as a follow-up on the same
/// token; the edit is not tried again (it can never succeed).
#[test]
fn a_deferred_press_whose_message_was_deleted_is_answered_by_a_follow_up() {
    use gpuscout_testkit::fake_discord::Failure;
    let e = start(0);
    let token = "ptok-21-27";
    e.fake.fail_next(
        &format!("{token}/messages/@original"),
        Failure {
            status: 404,
            body: json!({"message": "Unknown Message", "code": 10008}),
        },
    );
    let mut i = e.discord.press("v1|run:/gpu h100", &[], MEI, MEI, false);
    i["token"] = json!(token);
    let a = e.discord.post(&i);
    assert_eq!(a.status, 200, "{}", a.body);
    let follow_up = |c: &gpuscout_testkit::fake_discord::Call| {
        c.method == "POST" && c.path.ends_with(token) && shown(&c.body).contains("H100")
    };
    e.fake.wait_for_call(follow_up);
    let on_token: Vec<_> = e
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.path.contains(token))
        .collect();
    let edits = on_token.iter().filter(|c| c.method == "PATCH").count();
    let answers = on_token.iter().filter(|c| follow_up(c)).count();
    assert_eq!(
        (edits, answers),
        (1, 1),
        "{:?}",
        on_token
            .iter()
            .map(|c| (&c.method, &c.path))
            .collect::<Vec<_>>()
    );
}
