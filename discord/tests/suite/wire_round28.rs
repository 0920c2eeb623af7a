//! QA round 28 (wire28): Discord shapes written from the developer documentation before any
//! was run. Message: `allowed_mentions` (with `parse: []` and no `users`/`roles` list nothing a
//! user typed pings anyone; a reply pings its author only with `replied_user: true`) on every
//! send path: an interaction answered at once, a deferred `@original` edit, a gateway reply, an
//! alert to a channel and to a person's DM, and an answer the channel takes when the token no
//! longer does. Discord Markdown: masked links `[text](url)`, `**`, `__`, `~~`, `||`, code,
//! `>` quotes, `#` headings and `<t:…>`/`<#…>` tags in user text shown as typed. Rate Limits:
//! `X-RateLimit-Bucket` is the limit's identity: routes answering the same bucket share its
//! `Remaining`/`Reset-After` and its 429 for the same major parameter (a channel), while
//! another channel's requests are their own limit. Interactions: a press on an old message
//! whose state is gone (a `/pick` step with no dialogue, its select menu, a Details key no
//! longer kept) answered with words; a deferred answer whose token Discord no longer knows
//! (404 10015 Unknown Webhook, past its 15 minutes) asked once, no retry loop. Gateway: a
//! message in a forum post (not its starter) and a DM from someone the bot shares no guild
//! with. Fed to the real frontend on the loopback fakes.

use super::rest::{Running, rest, rt};
use super::wire_round8::{Endpoint, gpu, in_channel, start as endpoint};
use super::wire_round12::{posts_to, start as with_gateway};
use bot_core::{Msg, Reply};
use gpuscout_discord::Discord;
use gpuscout_frontend::{Address, Sender};
use gpuscout_testkit::fake_discord::{self, CHANNEL_ID, Failure, FakeDiscord, shown};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::{Value, json};
use std::time::Duration;

const MEI: &str = "410000000000002801";
const ROLE: &str = "520000000000002801";
const OTHER: &str = "410000000000002899";

/// A gateway session of the real frontend on the fakes, up and identified (the set-up rounds
/// 22–26 repeat); `stop` ends it.
pub(super) struct Session {
    pub(super) fake: FakeDiscord,
    pub(super) g: FakeGateway,
    running: Running,
    _dir: tempfile::TempDir,
}

impl Session {
    pub(super) fn start() -> Session {
        let fake = FakeDiscord::start();
        let g = FakeGateway::start();
        let (discord, dir): (Discord, _) = with_gateway(&fake, &g);
        let running = Running::start(discord);
        g.wait_for_session();
        Session {
            fake,
            g,
            running,
            _dir: dir,
        }
    }

    pub(super) fn stop(self) {
        self.running.stop().unwrap();
    }
}

/// User text that would ping everyone, a role and two people if it were sent as typed.
fn pings() -> String {
    format!("@everyone @here <@&{ROLE}> <@{OTHER}> <@!{OTHER}>")
}

/// Why `body` (a message Discord would take) could ping someone: `allowed_mentions` missing,
/// parsing any kind, listing users or roles, or pinging the replied-to author.
fn pings_someone(body: &Value) -> Option<String> {
    let am = &body["allowed_mentions"];
    if !am.is_object() {
        return Some(format!("no allowed_mentions: {body}"));
    }
    let listed = |k: &str| am[k].as_array().is_some_and(|a| !a.is_empty());
    if listed("parse") || listed("users") || listed("roles") || am["replied_user"] == json!(true) {
        return Some(format!("allowed_mentions {am}"));
    }
    None
}

/// Every message-writing call's body so far (posts, edits, follow-ups), with its path.
fn message_bodies(fake: &FakeDiscord) -> Vec<(String, Value)> {
    fake.calls()
        .into_iter()
        .filter(|c| {
            (c.method == "POST" || c.method == "PATCH")
                && (c.path.contains("/messages") || c.path.starts_with("/webhooks/"))
        })
        .map(|c| (format!("{} {}", c.method, c.path), c.body))
        .collect()
}

/// Cases 1–2, on the interactions endpoint. 1: `/gpu` whose option is `@everyone @here`, a
/// role and a person (`<@id>`, `<@!id>`), answered at once: the answer echoes the text but
/// pings no one. 2: the same answered late (deferred), through the `@original` edit.
#[test]
fn an_interactions_answer_pings_no_one_at_once_or_deferred() {
    let e = endpoint(2500);
    let a = e
        .discord
        .post(&in_channel(928_001, chan(), "gpu", gpu(&pings())));
    assert_eq!(a.body["type"], json!(4), "case 1: {:?}", a.body);
    let data = &a.body["data"];
    assert_eq!(pings_someone(data), None, "case 1");
    assert!(
        shown(data).contains(OTHER),
        "case 1, the text echoed: {}",
        shown(data)
    );
    let e = endpoint(0);
    let a = e
        .discord
        .post(&in_channel(928_002, chan(), "gpu", gpu(&pings())));
    assert_eq!(a.body["type"], json!(5), "case 2: {:?}", a.body);
    let edit = e
        .fake
        .wait_for_call(|c| c.path.ends_with("/messages/@original"));
    assert_eq!(pings_someone(&edit.body), None, "case 2");
    assert!(
        shown(&edit.body).contains(OTHER),
        "case 2: {}",
        shown(&edit.body)
    );
}

fn chan() -> Value {
    json!({"id": CHANNEL_ID.to_string(), "type": 0, "name": "gpu-talk",
        "guild_id": super::wire_round8::GUILD, "topic": null, "nsfw": false})
}

/// Cases 3–5. 3: over the gateway, Mei mentions the bot in a guild channel with the pings in
/// her question: the reply (quoting her) pings no one, not even her. 4–5: an alert whose
/// words carry the same text, posted to a channel and to a person's DM (`dm:<id>`): neither
/// pings anyone.
#[test]
fn a_gateway_reply_and_alerts_ping_no_one() {
    let s = Session::start();
    let bot = gw::BOT_USER_ID.to_string();
    let ch = gw::GUILD_CHANNEL_ID;
    let words = format!("<@{bot}> /gpu {}", pings());
    s.g.dispatch(
        "MESSAGE_CREATE",
        gw::message("620000000000002801", &words, MEI, ch, true, &[&bot], None),
    );
    s.fake
        .wait_for_call(|c| c.path == format!("/channels/{ch}/messages"));
    let bodies = message_bodies(&s.fake);
    assert!(!bodies.is_empty());
    for (path, body) in &bodies {
        assert_eq!(pings_someone(body), None, "case 3: {path}");
    }
    s.stop();

    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let reply = Reply::text(Msg::new("error-gpu-not-found").arg("query", pings()));
    for to in [
        Address::chat(CHANNEL_ID.to_string()),
        Address::chat(format!("dm:{MEI}")),
    ] {
        rt().block_on(sender.send(&to, bot_core::Lang::En, &reply))
            .unwrap();
    }
    let bodies = message_bodies(&fake);
    assert_eq!(bodies.len(), 2, "cases 4–5: {bodies:#?}");
    for (path, body) in &bodies {
        assert_eq!(pings_someone(body), None, "cases 4–5: {path}");
        assert!(shown(body).contains(OTHER), "cases 4–5: {}", shown(body));
    }
}

/// `text` as Discord shows it: its backslash escapes and zero-width spaces taken out.
fn as_shown(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            '\u{200B}' => {}
            c => out.push(c),
        }
    }
    out
}

/// Whether `mark` stands in `raw` with its first character not escaped by a backslash.
fn unescaped(raw: &str, mark: &str) -> bool {
    raw.match_indices(mark)
        .any(|(at, _)| !raw[..at].ends_with('\\'))
}

/// Cases 6–8, answered at once on the endpoint. The option's text is echoed; as Discord
/// renders it, it reads as typed, and none of it forms Markdown. 6: a masked link
/// `[free H100](https://…)`; 7: `**bold**`, `__underline__`, `~~struck~~`, `||spoiler||`
/// and inline code; 8: a `>` quote, `#`/`-#` heading marks and `<t:…:R>`, `<#channel>` and
/// `<:emoji:id>` tags (in two questions).
#[test]
fn markdown_in_user_text_is_shown_as_typed() {
    let e = endpoint(2500);
    let cases = [
        ("case 6", "[free H100](https://evil.example/claim)"),
        (
            "case 7",
            "**bold** __under__ ~~struck~~ ||spoiler|| `rm -rf`",
        ),
        // Two questions: an echo is clipped at 60 characters (bot-core's rule).
        ("case 8", "> quote # head -# small <t:1700000000:R>"),
        ("case 8", "<#300000000000000003> <:gpu:1>"),
    ];
    for (n, (case, text)) in cases.into_iter().enumerate() {
        let i = in_channel(928_010 + n as u64, chan(), "gpu", gpu(text));
        let a = e.discord.post(&i);
        let raw = shown(&a.body["data"]);
        assert!(as_shown(&raw).contains(text), "{case}: {raw}");
        for mark in [
            "](", "**", "__", "~~", "||", "`rm", "<t:", "<#", "<:", "> quote",
        ] {
            assert!(
                !unescaped(&raw, mark),
                "{case}: {mark:?} unescaped in {raw}"
            );
        }
    }
}

/// Cases 9–11, the REST sender against the fake. 9: a post to channel A answers bucket
/// `h28` with one left; an edit in channel A answers the same bucket with none left and
/// 3 s to its reset: the next post to channel A waits the 3 s (one limit, two routes). 10:
/// channel B's post, the same bucket's route for another major parameter, goes at once. 11:
/// an edit in channel A draws a route 429 of 1.5 s naming the shared bucket: a post to
/// channel A made meanwhile waits it out.
#[test]
fn routes_that_share_a_bucket_share_its_limit_per_channel() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let (a, b) = (CHANNEL_ID, CHANNEL_ID + 1);
    let to_a = Address::chat(a.to_string());
    let to_b = Address::chat(b.to_string());
    let reply = Reply::text(Msg::new("help-intro"));
    let lang = bot_core::Lang::En;
    let ok = |left: &str, reset: &str| {
        Failure::with_headers(
            200,
            json!({"id": "900000000000002800", "channel_id": a.to_string()}),
            &[
                ("X-RateLimit-Bucket", "h28"),
                ("X-RateLimit-Limit", "5"),
                ("X-RateLimit-Remaining", left),
                ("X-RateLimit-Reset-After", reset),
            ],
        )
    };
    let rt = rt();
    fake.fail_next(&format!("/channels/{a}/messages"), ok("1", "3.000"));
    rt.block_on(sender.send(&to_a, lang, &reply)).unwrap();
    fake.fail_next(&format!("/channels/{a}/messages/"), ok("0", "3.000"));
    rt.block_on(sender.edit_or_send(&to_a, "900000000000002800", lang, &reply))
        .unwrap();
    rt.block_on(sender.send(&to_b, lang, &reply)).unwrap();
    rt.block_on(sender.send(&to_a, lang, &reply)).unwrap();
    let calls = fake.calls();
    let edit = calls.iter().find(|c| c.method == "PATCH").unwrap();
    let post = |ch: u64| {
        calls
            .iter()
            .rfind(|c| c.method == "POST" && c.path == format!("/channels/{ch}/messages"))
            .unwrap()
            .at
    };
    let to_b_after = post(b).duration_since(edit.at);
    let to_a_after = post(a).duration_since(edit.at);
    assert!(
        to_b_after < Duration::from_millis(2500),
        "case 10: {to_b_after:?}"
    );
    assert!(
        to_a_after >= Duration::from_millis(2900),
        "case 9: {to_a_after:?}"
    );

    // Case 11: a 429 on the edit names the shared bucket.
    let before = fake.calls().len();
    fake.fail_next(
        &format!("/channels/{a}/messages/"),
        Failure::with_headers(
            429,
            json!({"message": "You are being rate limited.", "retry_after": 1.5, "global": false}),
            &[("X-RateLimit-Bucket", "h28"), ("X-RateLimit-Scope", "user")],
        ),
    );
    rt.block_on(async {
        let edit = sender.edit_or_send(&to_a, "900000000000002800", lang, &reply);
        let post = async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            sender.send(&to_a, lang, &reply).await
        };
        let (e, p) = tokio::join!(edit, post);
        e.unwrap();
        p.unwrap();
    });
    let calls = &fake.calls()[before..];
    let refused = calls.iter().find(|c| c.method == "PATCH").unwrap().at;
    let posted = calls.iter().find(|c| c.method == "POST").unwrap().at;
    let waited = posted.duration_since(refused);
    assert!(waited >= Duration::from_millis(1400), "case 11: {waited:?}");
}

/// What the person was shown for `i`: the response's words, or, for a deferred one, the
/// words of the edit or follow-up that came after it.
fn answer_to(e: &Endpoint, i: &Value) -> String {
    let a = e.discord.post(i);
    assert_eq!(a.status, 200, "{:?}", a.body);
    match a.body["type"].as_u64() {
        Some(4 | 7) => shown(&a.body["data"]),
        Some(5 | 6) => {
            let token = i["token"].as_str().unwrap().to_string();
            let call = e.fake.wait_for_call(|c| c.path.contains(&token));
            shown(&call.body)
        }
        other => panic!("type {other:?}: {:?}", a.body),
    }
}

/// Cases 12–14, presses on an old message of Mei's whose state is gone (a fresh store: no
/// dialogue, no kept answers). 12: a `/pick` step's button; 13: the same step from the
/// step's select menu; 14: a Details button whose answer is no longer kept. Each is answered
/// with words within the interaction's 3 s (never left to "This interaction failed").
#[test]
fn a_press_on_an_old_message_whose_state_is_gone_is_answered() {
    let e = endpoint(2500);
    let presses = [
        (
            "case 12",
            e.discord.press("v1|t:tune", &[], MEI, MEI, false),
        ),
        (
            "case 13",
            e.discord.press("menu", &["v1|t:serve"], MEI, MEI, false),
        ),
        (
            "case 14",
            e.discord
                .press("v1|d:0123456789abcdef", &[], MEI, MEI, false),
        ),
    ];
    for (case, press) in presses {
        let words = answer_to(&e, &press);
        assert!(!words.trim().is_empty(), "{case}: nothing said");
    }
}

/// Cases 15–16, deferred answers (the endpoint always defers) whose token Discord no longer
/// knows: the `@original` edit answers 404 10015 Unknown Webhook (the interaction's 15
/// minutes are over). 15: a public `/gpu` answer goes to the channel once, the token asked
/// once, the post pinging no one. 16: an ephemeral answer (`/pick`'s) is not posted for
/// everyone, and the token is asked once.
#[test]
fn an_unknown_webhook_after_the_tokens_life_is_asked_once() {
    let e = endpoint(0);
    let gone = || Failure {
        status: 404,
        body: json!({"message": "Unknown Webhook", "code": 10015}),
    };
    e.fake.fail_next("/messages/@original", gone());
    let i = in_channel(928_015, chan(), "gpu", gpu("h100"));
    assert_eq!(e.discord.post(&i).body["type"], json!(5), "case 15");
    let ch = format!("/channels/{CHANNEL_ID}/messages");
    e.fake.wait_for_call(|c| c.path == ch);
    std::thread::sleep(Duration::from_millis(800));
    let tok = i["token"].as_str().unwrap().to_string();
    let calls = e.fake.calls();
    let asked = calls.iter().filter(|c| c.path.contains(&tok)).count();
    let posts: Vec<_> = calls.iter().filter(|c| c.path == ch).collect();
    assert_eq!((asked, posts.len()), (1, 1), "case 15");
    assert_eq!(pings_someone(&posts[0].body), None, "case 15");

    e.fake.fail_next("/messages/@original", gone());
    let i = in_channel(928_016, chan(), "pick", json!([]));
    let a = e.discord.post(&i);
    assert_eq!(a.body["type"], json!(5), "case 16: {:?}", a.body);
    let tok = i["token"].as_str().unwrap().to_string();
    e.fake.wait_for_call(|c| c.path.contains(&tok));
    std::thread::sleep(Duration::from_millis(1500));
    let calls = e.fake.calls();
    let asked = calls.iter().filter(|c| c.path.contains(&tok)).count();
    let posts = calls.iter().filter(|c| c.path == ch).count();
    assert_eq!(
        (asked, posts),
        (1, 1),
        "case 16: nothing more asked or posted"
    );
}

/// Cases 17–18, over the gateway. 17: in a forum post (a thread, type 11, whose parent is a
/// forum, type 15), Mei's later message mentioning the bot (not the post's starter) is
/// answered in the post, quoting her. 18: a DM from someone the bot shares no guild with
/// (no `guild_id`, no `member`; never in a GUILD_CREATE) is answered in that DM.
#[test]
fn a_message_in_a_forum_post_and_a_dm_from_a_stranger_are_answered() {
    let s = Session::start();
    let bot = gw::BOT_USER_ID.to_string();
    let post: u64 = 300_000_000_000_002_815;
    s.g.dispatch(
        "THREAD_CREATE",
        json!({"id": post.to_string(), "type": 11, "guild_id": fake_discord::GUILD_ID.to_string(),
            "parent_id": "300000000000002810", "owner_id": OTHER, "name": "Which card for SDXL?",
            "last_message_id": null, "message_count": 3, "member_count": 2, "rate_limit_per_user": 0,
            "thread_metadata": {"archived": false, "auto_archive_duration": 4320,
                "archive_timestamp": "2026-12-01T09:00:00.000000+00:00", "locked": false},
            "total_message_sent": 3, "applied_tags": [], "newly_created": false, "flags": 0}),
    );
    let words = format!("<@{bot}> /gpu h100");
    s.g.dispatch(
        "MESSAGE_CREATE",
        gw::message("620000000000002817", &words, MEI, post, true, &[&bot], None),
    );
    s.fake
        .wait_for_call(|c| c.path == format!("/channels/{post}/messages"));
    let call = s
        .fake
        .calls()
        .into_iter()
        .find(|c| c.path == format!("/channels/{post}/messages"))
        .unwrap();
    assert!(
        shown(&call.body).contains("H100"),
        "case 17: {}",
        shown(&call.body)
    );
    assert_eq!(
        call.body["message_reference"]["message_id"],
        json!("620000000000002817"),
        "case 17"
    );
    let stranger = "410000000000002818";
    let dm = gw::DM_CHANNEL_ID;
    s.g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "620000000000002818",
            "/gpu a100",
            stranger,
            dm,
            false,
            &[],
            None,
        ),
    );
    s.fake.wait_for_call(|_| !posts_to(&s.fake, dm).is_empty());
    let posts = posts_to(&s.fake, dm);
    assert!(posts[0].contains("A100"), "case 18: {posts:#?}");
    s.stop();
}
