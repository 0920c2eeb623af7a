//! QA round 14 (wire12): interactions, REST answers and gateway frames written from Discord's
//! developer documentation before they were run, for what rounds 8–13 left out: slash-command
//! options of the wrong type, null or missing (an answer, never silence, and never an alert
//! set without the ceiling asked for); a 429 whose `retry_after` is a fraction of a second,
//! and a global one longer than a minute (the hold is kept for every bot-token route, and
//! nothing is sent into it); a long user text echoed back within the message limits, its
//! Markdown shown as typed (the fake now refuses what Discord refuses: 2,000 characters of
//! content, an embed's 4,096, 6,000 over a message's embeds…); ephemeral answers staying
//! ephemeral when deferred; a dispatch missed while the gateway was down, replayed on RESUME
//! and answered once, then INVALID_SESSION and a fresh IDENTIFY; and round 13's leftover:
//! autocomplete in the person's `/lang` when they set one, the interaction's `locale` else.

use super::rest::{Running, rest, rt};
use super::wire_round8::{ADMIN, GUILD, MEI, answered, gpu, in_channel, start as endpoint};
use super::wire_round12::{cjk, posts_to, start as with_gateway};
use bot_core::{Lang, Msg, Reply};
use gpuscout_frontend::{Address, SendError, Sender};
use gpuscout_testkit::fake_discord::{self, Failure, FakeDiscord, refusal};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn text_channel(id: &str) -> Value {
    json!({"id": id, "type": 0, "name": "gpu-talk", "guild_id": GUILD, "topic": null,
        "nsfw": false})
}

const CHANNEL: &str = "300000000000001401";

#[test]
fn options_of_the_wrong_type_null_or_missing_get_an_answer_and_never_an_alert_without_its_ceiling()
{
    let e = endpoint(2500);
    let c = || text_channel(CHANNEL);
    // A STRING option sent as an INTEGER (an older client, a re-serializing proxy).
    let a = answered(
        &e,
        &in_channel(
            1_401,
            c(),
            "gpu",
            json!([{"name": "gpu", "type": 4, "value": 4090}]),
        ),
    );
    assert!(a.contains("4090"), "{a}");
    // null, an object, and no options at all: the command's usage, in words.
    for (n, options) in [
        (
            1_402_u64,
            json!([{"name": "gpu", "type": 3, "value": null}]),
        ),
        (
            1_403,
            json!([{"name": "gpu", "type": 3, "value": {"x": 1}}]),
        ),
        (1_404, Value::Null),
    ] {
        let mut i = in_channel(n, c(), "gpu", options.clone());
        if options.is_null() {
            i["data"].as_object_mut().unwrap().remove("options");
        }
        let a = answered(&e, &i);
        assert!(a.chars().count() > 10, "{options}: {a}");
        assert!(a.contains("/gpu"), "{options}: {a}");
    }
    // `max_price` that is no number, or below zero: refused, never an alert at any price.
    for (n, price) in [
        (1_405_u64, json!("cheap")),
        (1_406, json!(-2.5)),
        (1_407, json!(true)),
    ] {
        let i = in_channel(
            n,
            c(),
            "subscribe",
            json!([{"name": "gpu", "type": 3, "value": "h100"},
                   {"name": "max_price", "type": 10, "value": price}]),
        );
        let a = answered(&e, &i);
        assert!(!a.is_empty(), "{price}");
    }
    let subs = answered(&e, &in_channel(1_408, c(), "subs", json!([])));
    assert!(!subs.contains("#1"), "an alert was set: {subs}");
}

#[test]
fn a_429_of_a_fraction_of_a_second_is_waited_and_a_global_one_past_a_minute_is_kept_for_every_route()
 {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let runtime = rt();
    let reply = Reply::text(Msg::new("help-intro"));
    let (one, two) = ("300000000000001411", "300000000000001412");
    // 1. 0.35 s on the route: waited, sent once more, delivered.
    fake.fail_next(
        &format!("/channels/{one}/messages"),
        Failure::rate_limited(0.35, false),
    );
    let started = Instant::now();
    runtime
        .block_on(sender.send(&Address::chat(one.to_string()), Lang::En, &reply))
        .unwrap();
    assert!(started.elapsed() >= Duration::from_millis(340));
    assert_eq!(posts_to(&fake, one.parse().unwrap()).len(), 2);
    // 2. A global 429 of 75.5 s: handed back to the caller at once, and the next request
    // with the bot token, to another channel, is not sent into the hold.
    fake.fail_next(
        &format!("/channels/{one}/messages"),
        Failure::rate_limited(75.5, true),
    );
    let started = Instant::now();
    let got = runtime.block_on(sender.send(&Address::chat(one.to_string()), Lang::En, &reply));
    assert!(
        matches!(got, Err(SendError::RetryAfter(d)) if d >= Duration::from_secs(75)),
        "{got:?}"
    );
    let before = fake.calls().len();
    let got = runtime.block_on(async {
        tokio::time::timeout(
            Duration::from_secs(5),
            sender.send(&Address::chat(two.to_string()), Lang::En, &reply),
        )
        .await
    });
    assert!(started.elapsed() < Duration::from_secs(6));
    assert!(
        matches!(got, Ok(Err(SendError::RetryAfter(_)))),
        "the second channel: {got:?}"
    );
    assert_eq!(
        fake.calls().len(),
        before,
        "a request went out during a global hold"
    );
}

#[test]
fn a_long_text_echoed_back_stays_within_discords_limits_and_its_markdown_shows_as_typed() {
    let e = endpoint(2500);
    let typed = format!(
        "**{}** `tick` @everyone ||x|| {}",
        "9".repeat(40),
        "ab_".repeat(1200)
    );
    let i = in_channel(
        1_421,
        text_channel(CHANNEL),
        "gpu",
        json!([{"name": "gpu", "type": 3, "value": typed}]),
    );
    let a = e.discord.post(&i);
    assert_eq!(a.status, 200);
    assert_eq!(refusal(&a.body["data"]), None, "{}", a.body);
    let shown = fake_discord::shown(&a.body["data"]);
    assert!(!shown.contains("**9999"), "Markdown not escaped: {shown}");
    assert!(
        !shown.contains("@everyone")
            || shown.contains("@\u{200b}everyone")
            || shown.contains("\\@everyone"),
        "{shown}"
    );
    // Every follow-up the answer took, if any, within the limits too.
    std::thread::sleep(Duration::from_millis(500));
    for c in e.fake.calls() {
        assert_eq!(refusal(&c.body), None, "{} {}", c.method, c.path);
    }
}

#[test]
fn ephemeral_answers_stay_ephemeral_when_deferred_and_public_ones_stay_public() {
    let quick = endpoint(2500);
    let a = quick.discord.post(&in_channel(
        1_431,
        text_channel(CHANNEL),
        "lang",
        json!([{"name": "language", "type": 3, "value": "en"}]),
    ));
    assert_eq!(a.body["type"].as_u64(), Some(4), "{}", a.body);
    assert_eq!(
        a.body["data"]["flags"].as_u64().unwrap_or(0) & 64,
        64,
        "{}",
        a.body
    );
    let slow = endpoint(0);
    let a = slow
        .discord
        .post(&in_channel(1_432, text_channel(CHANNEL), "pick", json!([])));
    assert_eq!(a.body["type"].as_u64(), Some(5), "{}", a.body);
    assert_eq!(
        a.body["data"]["flags"].as_u64().unwrap_or(0) & 64,
        64,
        "{}",
        a.body
    );
    let a = slow.discord.post(&in_channel(
        1_433,
        text_channel(CHANNEL),
        "gpu",
        gpu("4090"),
    ));
    assert_eq!(a.body["type"].as_u64(), Some(5), "{}", a.body);
    assert_eq!(
        a.body["data"]["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "{}",
        a.body
    );
    // The deferred answers arrive as edits of @original (no flags: an edit cannot change
    // them) and any follow-up of the ephemeral one is ephemeral too.
    let edit = slow
        .fake
        .wait_for_call(|c| c.method == "PATCH" && c.path.contains("tok-1432"));
    assert!(edit.body.get("flags").is_none(), "{:?}", edit.body);
    std::thread::sleep(Duration::from_millis(500));
    for c in slow.fake.calls() {
        if c.method == "POST" && c.path.contains("tok-1432") {
            assert_eq!(
                c.body["flags"].as_u64().unwrap_or(0) & 64,
                64,
                "{:?}",
                c.body
            );
        }
    }
}

#[test]
fn a_message_missed_while_the_gateway_was_down_is_answered_once_and_a_new_session_follows_invalid_session()
 {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let dm: u64 = 300_000_000_000_001_441;
    let asked = |id: &str, text: &str| gw::message(id, text, MEI, dm, false, &[], None);
    // 1. Down: a question dispatched while no session is open is replayed by the RESUME.
    g.drop_connections();
    g.dispatch("MESSAGE_CREATE", asked("610000000000001441", "/gpu 4090"));
    g.wait_until("a RESUME", |g| !g.resumes().is_empty());
    fake.wait_for_call(|c| c.path == format!("/channels/{dm}/messages"));
    // 2. The session invalidated: a fresh IDENTIFY, and the next question answered.
    let identified = g.identifies().len();
    g.send_op(9, json!(false));
    g.wait_until("a second IDENTIFY", |g| g.identifies().len() > identified);
    g.wait_for_session();
    std::thread::sleep(Duration::from_millis(300));
    g.dispatch("MESSAGE_CREATE", asked("610000000000001442", "/gpu h100"));
    let deadline = Instant::now() + Duration::from_secs(20);
    while posts_to(&fake, dm).len() < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(800));
    let posts = posts_to(&fake, dm);
    assert_eq!(posts.len(), 2, "{posts:#?}");
    assert!(
        posts[0].contains("4090") && posts[1].contains("H100"),
        "{posts:#?}"
    );
    running.stop().unwrap();
}

#[test]
fn autocomplete_follows_the_persons_lang_when_set_and_the_interactions_locale_otherwise() {
    let e = endpoint(2500);
    let ac = |id: u64, user: &str, locale: &str, typed: &str| -> Vec<String> {
        let mut i = in_channel(
            id,
            text_channel(CHANNEL),
            "stock",
            json!([{"name": "gpu", "type": 3, "value": "4090"},
                   {"name": "platform", "type": 3, "value": typed, "focused": true}]),
        );
        i["type"] = json!(4);
        i["locale"] = json!(locale);
        i["member"]["user"]["id"] = json!(user);
        let a = e.discord.post(&i);
        assert_eq!(a.body["type"].as_u64(), Some(8), "{}", a.body);
        a.body["data"]["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| c["name"].as_str().unwrap_or("").to_string())
            .collect()
    };
    // Mei's client is English; she chose Chinese with /lang.
    let mut set = in_channel(
        1_451,
        text_channel(CHANNEL),
        "lang",
        json!([{"name": "language", "type": 3, "value": "zh"}]),
    );
    set["member"]["permissions"] = json!(ADMIN);
    let said = answered(&e, &set);
    assert!(cjk(&said), "{said}");
    let mei = ac(1_452, MEI, "en-US", "gpushare");
    assert!(mei.iter().any(|n| n.contains("恒源云")), "{mei:?}");
    // Someone who never chose: their client's language, either way.
    let other = "410000000000001453";
    let en = ac(1_453, other, "en-US", "gpushare");
    assert!(en.iter().any(|n| n == "GPUShare"), "{en:?}");
    let zh = ac(1_454, other, "zh-CN", "gpushare");
    assert!(zh.iter().any(|n| n.contains("恒源云")), "{zh:?}");
}
