//! QA round 9 (wire7): interactions and REST answers written from Discord's developer
//! documentation (interaction types 1–4, autocomplete of integer options and inside a
//! subcommand, select menus' `values`, permissions as a "string serialized bitset", locales,
//! option types, webhook token errors) as a tester who wants to break the endpoint would send
//! them, signed and POSTed to the real endpoint in-process (`Discord::routes` on loopback)
//! with REST against the fake. Each gets one response Discord accepts; admin commands follow
//! the member's permission bits; a follow-up whose token Discord no longer takes and an
//! alert to a channel that answers 404 are each asked once, never in a loop.

use super::wire_round8::{ADMIN, Endpoint, GUILD, answered, gpu, in_channel, start};
use gpuscout_testkit::fake_discord::{self, APPLICATION_ID, Failure, FakeDiscord, shown};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn channel() -> Value {
    json!({"id": "300000000000000091", "type": 0, "name": "gpu", "guild_id": GUILD})
}

/// The response's type, checked to be one Discord takes for an interaction of `kind`.
fn accepted(e: &Endpoint, i: &Value, allowed: &[u64]) -> Value {
    let a = e.discord.post(i);
    assert_eq!(a.status, 200, "{:?}", a.body);
    let t = a.body["type"].as_u64().unwrap_or(0);
    assert!(allowed.contains(&t), "type {t}: {:?}", a.body);
    a.body
}

fn cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
}

#[test]
fn autocomplete_of_integer_options_unknown_commands_and_subcommands_gets_choices() {
    let e = start(2500);
    let ac = |id: u64, name: &str, options: Value| {
        let mut i = in_channel(id, channel(), name, options);
        i["type"] = json!(4);
        let body = accepted(&e, &i, &[8]);
        body["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    // An integer option focused while typed: choices, if any, carry integers.
    let got = ac(
        901_001,
        "fit",
        json!([{"name": "model", "type": 3, "value": "qwen2.5-7b"},
               {"name": "ctx", "type": 4, "value": "32", "focused": true}]),
    );
    assert!(got.len() <= 25);
    // A command this build does not have (registered by an older one).
    let got = ac(
        901_002,
        "gpu-old",
        json!([{"name": "gpu", "type": 3, "value": "40", "focused": true}]),
    );
    assert!(got.len() <= 25);
    // The focused option inside a subcommand.
    let got = ac(
        901_003,
        "gpu",
        json!([{"name": "show", "type": 1, "options": [
            {"name": "gpu", "type": 3, "value": "h10", "focused": true}]}]),
    );
    assert!(got.len() <= 25);
    for c in &got {
        assert!(c["value"].is_string(), "{c}");
    }
}

#[test]
fn presses_with_foreign_empty_or_odd_data_get_a_response_discord_takes() {
    let e = start(2500);
    let keys = &e.discord;
    let owner = super::wire_round8::MEI;
    let cases: [(&str, &[&str]); 4] = [
        ("v9|next-build:x", &["v9|next-build:y"]),
        ("v1|sel", &[]),
        (
            "\u{1F680}显卡"
                .repeat(20)
                .as_str()
                .chars()
                .take(100)
                .collect::<String>()
                .leak(),
            &[],
        ),
        (
            "v1|g:rtx-4090",
            &["v1|g:rtx-4090", "v1|g:h100-sxm", "not-a-choice"],
        ),
    ];
    for (custom_id, values) in cases {
        let mut i = keys.press(custom_id, values, owner, owner, false);
        i["guild_id"] = json!(GUILD);
        accepted(&e, &i, &[4, 5, 6, 7]);
    }
}

fn subscribe_as(e: &Endpoint, id: u64, permissions: Option<Value>) -> String {
    let mut i = in_channel(id, channel(), "subscribe", gpu("h100"));
    match permissions {
        Some(p) => i["member"]["permissions"] = p,
        None => {
            i["member"].as_object_mut().unwrap().remove("permissions");
        }
    }
    answered(e, &i)
}

#[test]
fn admin_commands_follow_the_members_permission_bits() {
    let e = start(2500);
    // Send Messages and Read History only: no Manage Channels.
    let plain = subscribe_as(
        &e,
        902_001,
        Some(json!(((1u64 << 11) | (1 << 16)).to_string())),
    );
    assert!(!plain.contains("Alert set"), "no Manage Channels: {plain}");
    // No permissions field at all: nobody we know to be an admin.
    let none = subscribe_as(&e, 902_002, None);
    assert!(!none.contains("Alert set"), "no permissions: {none}");
    // Administrator (bit 3) alone.
    let admin = subscribe_as(&e, 902_003, Some(json!("8")));
    assert!(admin.contains("Alert set"), "administrator: {admin}");
    // Manage Channels beside a bit past 64 (the bitset is a string for growth).
    let wide = subscribe_as(&e, 902_004, Some(json!(((1u128 << 70) | 16).to_string())));
    assert!(
        wide.contains("Alert set") || wide.contains("already"),
        "bits past 64: {wide}"
    );
    assert_eq!(ADMIN, "16");
}

#[test]
fn locales_and_options_of_the_wrong_type_are_read_for_what_they_say() {
    let e = start(2500);
    let with_locale = |id: u64, locale: &str, guild: &str| {
        let mut i = in_channel(id, channel(), "gpu", gpu("4090"));
        i["locale"] = json!(locale);
        i["guild_locale"] = json!(guild);
        answered(&e, &i)
    };
    let tw = with_locale(903_001, "zh-TW", "en-US");
    assert!(cjk(&tw), "zh-TW reads Chinese: {tw}");
    let pt = with_locale(903_002, "pt-BR", "zh-CN");
    assert!(
        !cjk(&pt) && pt.contains("4090"),
        "pt-BR reads English: {pt}"
    );
    let gb = with_locale(903_003, "en-GB", "zh-CN");
    assert!(!cjk(&gb), "en-GB reads English: {gb}");

    // The card sent as an integer option, a null value, an option we never declared.
    let int = answered(
        &e,
        &in_channel(
            903_004,
            channel(),
            "gpu",
            json!([{"name": "gpu", "type": 4, "value": 4090}]),
        ),
    );
    assert!(int.contains("4090"), "{int}");
    let null = answered(
        &e,
        &in_channel(
            903_005,
            channel(),
            "gpu",
            json!([{"name": "gpu", "type": 3, "value": null}]),
        ),
    );
    assert!(!null.is_empty());
    let extra = answered(
        &e,
        &in_channel(
            903_006,
            channel(),
            "gpu",
            json!([{"name": "gpu", "type": 3, "value": "h100"},
                   {"name": "verbose", "type": 5, "value": true}]),
        ),
    );
    assert!(extra.contains("H100"), "{extra}");
    // A PING with every field an interaction may carry is still a PING.
    let mut ping = in_channel(903_007, channel(), "gpu", gpu("4090"));
    ping["type"] = json!(1);
    accepted(&e, &ping, &[1]);
}

#[test]
fn a_follow_up_whose_token_discord_no_longer_takes_is_asked_once() {
    let e = start(0);
    let id = 904_001_u64;
    let token = format!("tok-{id}");
    // Fifteen minutes passed: the interaction's token is no longer valid.
    let expired = Failure {
        status: 401,
        body: json!({"message": "Invalid Webhook Token", "code": 50027}),
    };
    e.fake
        .fail_next(&format!("{token}/messages/@original"), expired.clone());
    e.fake
        .fail_next(&format!("/webhooks/{APPLICATION_ID}/{token}"), expired);
    let a = e
        .discord
        .post(&in_channel(id, channel(), "gpu", gpu("4090")));
    assert_eq!(a.body["type"].as_u64(), Some(5), "{:?}", a.body);
    std::thread::sleep(Duration::from_secs(4));
    let on_token: Vec<_> = e
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.path.contains(&token) && c.method != "GET")
        .map(|c| {
            (
                c.method,
                c.path,
                shown(&c.body).chars().take(40).collect::<String>(),
            )
        })
        .collect();
    assert!(
        !on_token.is_empty() && on_token.len() <= 2,
        "asked {} times: {on_token:#?}",
        on_token.len()
    );
}

#[test]
fn an_alert_to_a_channel_answering_404_is_asked_once_and_reported() {
    use bot_core::{Lang, Msg, Reply};
    use gpuscout_frontend::{Address, SendError, Sender};
    let fake = FakeDiscord::start();
    let rest = super::rest::rest(&fake, fake_discord::TOKEN);
    let rt = super::rest::rt();
    // Deleted mid-fan-out: Discord's Unknown Channel, and a bare 404 with no code.
    let cases = [
        (json!({"message": "Unknown Channel", "code": 10003}), true),
        (json!({"message": "404: Not Found", "code": 0}), false),
    ];
    for (body, gone) in cases {
        let before = fake.calls().len();
        fake.fail_next(
            "/messages",
            Failure {
                status: 404,
                body: body.clone(),
            },
        );
        let started = Instant::now();
        let r = rt.block_on(rest.send(
            &Address::chat(fake_discord::CHANNEL_ID.to_string()),
            Lang::En,
            &Reply::text(Msg::new("help-intro")),
        ));
        assert!(r.is_err(), "{body}: {r:?}");
        if gone {
            assert!(matches!(r, Err(SendError::ChatGone(_))), "{body}: {r:?}");
        }
        assert_eq!(
            fake.calls().len() - before,
            1,
            "{body}: asked more than once"
        );
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}

#[test]
fn prices_of_every_type_and_size_in_an_alert_are_read_or_refused_in_words() {
    let e = start(2500);
    let sub = |id: u64, price: Value| {
        let i = in_channel(
            id,
            channel(),
            "subscribe",
            json!([{"name": "gpu", "type": 3, "value": "a100"}, price]),
        );
        answered(&e, &i)
    };
    // A number option as a string, and as Discord's double.
    let s = sub(
        905_001,
        json!({"name": "max_price", "type": 3, "value": "2.5"}),
    );
    assert!(s.contains("Alert set") && s.contains("2.5"), "{s}");
    let s = sub(
        905_002,
        json!({"name": "max_price", "type": 10, "value": 1e308}),
    );
    assert!(!s.is_empty() && !s.contains("1e308"), "{s}");
    let s = sub(
        905_003,
        json!({"name": "max_price", "type": 10, "value": -1}),
    );
    assert!(!s.contains("Alert set"), "a negative ceiling: {s}");
    // Autocomplete whose focused string option arrives as a number.
    let mut i = in_channel(
        905_004,
        channel(),
        "gpu",
        json!([{"name": "gpu", "type": 3, "value": 4090, "focused": true}]),
    );
    i["type"] = json!(4);
    accepted(&e, &i, &[8]);
}

#[test]
fn interactions_missing_what_they_should_carry_still_get_a_response_discord_takes() {
    let e = start(2500);
    let base = || in_channel(906_000, channel(), "gpu", gpu("4090"));
    // An option whose value is an object or a list.
    for (n, value) in [json!({"a": 1}), json!([4090, "h100"])]
        .into_iter()
        .enumerate()
    {
        let mut i = base();
        i["id"] = json!((906_001 + n as u64).to_string());
        i["data"]["options"] = json!([{"name": "gpu", "type": 3, "value": value}]);
        accepted(&e, &i, &[4, 5]);
    }
    // No locale anywhere: English.
    let mut i = base();
    i["id"] = json!("906003");
    i.as_object_mut().unwrap().remove("locale");
    i.as_object_mut().unwrap().remove("guild_locale");
    let body = accepted(&e, &i, &[4]);
    let text = shown(&body["data"]);
    assert!(text.contains("4090") && !cjk(&text), "{text}");
    // A command without `data`, a press without `message`, an id sent as a number.
    let mut i = base();
    i["id"] = json!("906004");
    i.as_object_mut().unwrap().remove("data");
    accepted(&e, &i, &[4]);
    let owner = super::wire_round8::MEI;
    let mut i = e.discord.press("v1|g:rtx-4090", &[], owner, owner, false);
    i.as_object_mut().unwrap().remove("message");
    accepted(&e, &i, &[4, 5, 6, 7]);
    let mut i = base();
    i["id"] = json!(906_006_u64);
    accepted(&e, &i, &[4, 5]);
}
