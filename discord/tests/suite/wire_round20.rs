//! QA round 20 (wire20): no single user can stall the bot, as Discord sees it. Written from
//! Discord's interaction documentation (every interaction gets one response within 3 s:
//! type 4 CHANNEL_MESSAGE_WITH_SOURCE, 5 deferred, 6 DEFERRED_UPDATE_MESSAGE, 7
//! UPDATE_MESSAGE; flag 64 EPHEMERAL, seen by the invoking user only) and the bot's stated
//! per-user limit (one localized line a window, the rest of a flood refused) before any was
//! run, signed and POSTed to the real endpoint in-process with REST against the fake.
//! Expectations written first: a person past their limit is told, ephemerally (the channel
//! is not flooded on their behalf, not even with "…"); a press past it never replaces the
//! message it was pressed on; another member in the same channel is answered as usual.

use super::wire_round8::{Endpoint, in_channel, start_with, user};
use bot_core::ratelimit::{Limit, RateLimit};
use bot_core::{Lang, Localizer, Msg};
use gpuscout_testkit::fake_discord::shown;
use serde_json::{Value, json};
use std::time::Duration;

const CHANNEL: &str = "300000000000002001";
const FLOODER: &str = "410000000000002001";
const OTHER: &str = "410000000000002002";

/// The endpoint as `wire_round8::start` builds it, with a per-user limit of one expensive
/// command an hour.
fn start(defer_after_ms: u64) -> Endpoint {
    start_with(defer_after_ms, |core| {
        core.rate_limit = Some(RateLimit::new(Limit {
            burst: 1,
            per: Duration::from_secs(3600),
        }));
    })
}

fn text_channel() -> Value {
    json!({"id": CHANNEL, "type": 0, "name": "gpus", "guild_id": super::wire_round8::GUILD})
}

/// `/fit model:qwen2.5-7b` (an expensive command, answered publicly) by `who` in `locale`.
fn fit(id: u64, who: &str, locale: &str) -> Value {
    let mut i = in_channel(
        id,
        text_channel(),
        "fit",
        json!([{"name": "model", "type": 3, "value": "qwen2.5-7b"}]),
    );
    i["member"]["user"] = user(who);
    i["locale"] = json!(locale);
    i
}

fn ephemeral(body: &Value) -> bool {
    body["data"]["flags"].as_u64().unwrap_or(0) & 64 == 64
}

fn limited_words(lang: Lang) -> String {
    // The line's words before its number of seconds.
    let line = Localizer::get().format(lang, &Msg::new("rate-limited").arg("seconds", 7u32));
    line.split('7').next().unwrap().trim().to_string()
}

/// Cases 14–16 and 18. A member sends `/fit` three times (limit: one an hour), then another
/// member sends `/fit`. 14: the first is answered publicly as ever; 15: the second gets the
/// limit's line, ephemeral; 16: the third (the silent rest of a flood on a chat platform)
/// still gets a response Discord takes, ephemeral, with words in it (never a public "…");
/// 18: the other member's `/fit` is answered publicly, unlimited.
#[test]
fn a_member_past_their_limit_is_told_privately_and_the_channel_is_not_flooded() {
    let e = start(2500);
    let first = e.discord.post(&fit(2_001, FLOODER, "en-US"));
    assert_eq!(
        first.body["type"].as_u64(),
        Some(4),
        "case 14: {}",
        first.body
    );
    assert!(!ephemeral(&first.body), "case 14: {}", first.body);
    assert!(
        shown(&first.body["data"]).contains("qwen2.5"),
        "case 14: {}",
        first.body
    );

    let second = e.discord.post(&fit(2_002, FLOODER, "en-US"));
    assert_eq!(
        second.body["type"].as_u64(),
        Some(4),
        "case 15: {}",
        second.body
    );
    assert!(
        shown(&second.body["data"]).contains(&limited_words(Lang::En)),
        "case 15: {}",
        second.body
    );
    assert!(ephemeral(&second.body), "case 15: public: {}", second.body);

    let third = e.discord.post(&fit(2_003, FLOODER, "en-US"));
    assert_eq!(
        third.body["type"].as_u64(),
        Some(4),
        "case 16: {}",
        third.body
    );
    let said = shown(&third.body["data"]);
    assert!(
        ephemeral(&third.body) && said.trim().chars().count() > 10,
        "case 16: {}",
        third.body
    );

    let other = e.discord.post(&fit(2_004, OTHER, "en-US"));
    assert_eq!(
        other.body["type"].as_u64(),
        Some(4),
        "case 18: {}",
        other.body
    );
    assert!(
        !ephemeral(&other.body) && shown(&other.body["data"]).contains("qwen2.5"),
        "case 18: {}",
        other.body
    );
}

/// Case 19. The same flood from a member whose Discord speaks Chinese: the silent rest is
/// told in Chinese, with no English words.
#[test]
fn the_rest_of_a_flood_is_told_in_the_members_language() {
    let e = start(2500);
    for id in [2_011, 2_012] {
        e.discord.post(&fit(id, FLOODER, "zh-CN"));
    }
    let third = e.discord.post(&fit(2_013, FLOODER, "zh-CN"));
    let said = shown(&third.body["data"]);
    // Command names (`/help`) are the only Latin words a Chinese answer may carry.
    let words: String = said
        .split(|c: char| c.is_whitespace() || "、，。（）".contains(c))
        .filter(|w| !w.starts_with('/'))
        .collect();
    assert!(
        ephemeral(&third.body)
            && said.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
            && !words.chars().any(|c| c.is_ascii_alphabetic()),
        "case 19: {said:?}"
    );
}

/// Cases 17 and 20. Presses past the limit (the first press spends it). 17: a refused press
/// (with the line, then silent) is never answered by UPDATE_MESSAGE (7), which would put the
/// refusal, or "…", in place of the message and its buttons; the line comes ephemeral (4 +
/// 64) or the press is only acknowledged (6). 20: with every answer deferred
/// (`DISCORD_DEFER_AFTER_MS=0`), a refused press acknowledged by 6 edits nothing: no PATCH of
/// `@original` carries the refusal.
#[test]
fn a_press_past_the_limit_never_replaces_the_message_it_was_pressed_on() {
    for (case, defer_ms) in [("17", 2500), ("20", 0)] {
        let e = start(defer_ms);
        let press = |n: usize| {
            let mut i = e
                .discord
                .press("v1|run:/gpu h100", &[], FLOODER, FLOODER, false);
            i["token"] = json!(format!("ptok-{case}-{n}"));
            e.discord.post(&i)
        };
        let spent = press(0);
        assert_eq!(spent.status, 200, "case {case}: {}", spent.body);
        for n in 1..=2 {
            let a = press(n);
            let kind = a.body["type"].as_u64();
            let ok = kind == Some(6) || (kind == Some(4) && ephemeral(&a.body));
            assert!(ok, "case {case}, press {n}: {}", a.body);
        }
        std::thread::sleep(Duration::from_millis(600));
        let limited = limited_words(Lang::En);
        let edits: Vec<String> = e
            .fake
            .calls()
            .iter()
            .filter(|c| {
                c.method == "PATCH"
                    && c.path.contains("/messages/@original")
                    && !c.path.contains(&format!("ptok-{case}-0"))
            })
            .map(|c| shown(&c.body))
            .collect();
        assert!(
            edits
                .iter()
                .all(|s| !s.contains(&limited) && s.trim() != "…"),
            "case {case}: {edits:?}"
        );
    }
}
