//! QA round 16 (wire16): REST answers and gateway events written from Discord's developer
//! documentation (JSON error codes, rate limits, message references, interactions) before
//! they were run. A reply (`message_reference`) needs Read Message History: without it the
//! post is refused with 160002, while a plain message would go. A locked archived thread
//! refuses posts with 50083 until a moderator reopens it. Slowmode answers 429 with 20016 and
//! its own `retry_after`. A callback for an interaction Discord no longer knows (its 3 s
//! passed while the gateway event travelled) is 404 10062: the token takes nothing more.
//! In a guild, the bot reads only messages addressed to it: another bot's `/ban` is not.

use super::rest::{Running, rest, rt};
use super::wire_round12::{posts_to, start as with_gateway};
use bot_core::{Lang, Msg, Reply};
use gpuscout_frontend::{Address, SendError, Sender};
use gpuscout_testkit::fake_discord::{self, CHANNEL_ID, Failure, FakeDiscord};
use gpuscout_testkit::fake_discord_gateway::{self as gw, FakeGateway};
use serde_json::json;
use std::time::{Duration, Instant};

const PERSON: &str = "410000000000001601";

/// Waits until `pred` holds for the fake's calls (up to 15 s), then a little for strays.
fn wait_calls(fake: &FakeDiscord, what: &str, pred: impl Fn(&FakeDiscord) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !pred(fake) {
        assert!(Instant::now() < deadline, "{what} never happened");
        std::thread::sleep(Duration::from_millis(30));
    }
    std::thread::sleep(Duration::from_millis(400));
}

fn posts_in(fake: &FakeDiscord, channel: u64) -> Vec<fake_discord::Call> {
    fake.calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{channel}/messages"))
        .collect()
}

/// Cases 1–2 over the gateway: a mention answered as a reply, refused with 160002 (no Read
/// Message History), arrives as a plain message; another bot's `/ban` in the channel, not
/// addressed to us, gets nothing.
#[test]
fn a_reply_refused_for_want_of_read_history_arrives_as_a_plain_message() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let channel = gw::GUILD_CHANNEL_ID;
    let bot = gw::BOT_USER_ID.to_string();
    // 2 first: nothing is posted for it.
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "610000000000001601",
            "/ban @spammer",
            PERSON,
            channel,
            true,
            &[],
            None,
        ),
    );
    fake.fail_next(
        &format!("/channels/{channel}/messages"),
        Failure {
            status: 403,
            body: json!({"message": "Cannot reply without permission to read message history",
                "code": 160002}),
        },
    );
    g.dispatch(
        "MESSAGE_CREATE",
        gw::message(
            "610000000000001602",
            &format!("<@{bot}> /gpu 4090"),
            PERSON,
            channel,
            true,
            &[&bot],
            None,
        ),
    );
    wait_calls(&fake, "the answer posted again", |f| {
        posts_in(f, channel).len() >= 2
    });
    let posts = posts_in(&fake, channel);
    // The refused reply, then the same answer as a plain message.
    assert_eq!(posts.len(), 2, "{:#?}", posts_to(&fake, channel));
    assert!(posts[0].body.get("message_reference").is_some());
    assert!(
        fake_discord::shown(&posts[1].body).contains("4090"),
        "{:?}",
        posts[1].body
    );
    assert!(posts[1].body.get("message_reference").is_none());
    assert!(
        posts
            .iter()
            .all(|c| !fake_discord::shown(&c.body).contains("/ban")),
        "{:#?}",
        posts_to(&fake, channel)
    );
    running.stop().unwrap();
}

/// Cases 3–4 through the REST sender an alert uses: a locked archived thread (50083) is a
/// place the bot cannot post until someone reopens it (the alerts pause there, as for 50013),
/// not a failure to retry a day long; slowmode's 429 (20016) is waited out on that channel
/// only and the alert sent once.
#[test]
fn a_locked_thread_pauses_and_slowmode_is_waited_out_on_its_channel_only() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let reply = Reply::text(Msg::new("help-intro"));
    let thread = "300000000000001603";
    fake.fail_next(
        &format!("/channels/{thread}/messages"),
        Failure {
            status: 400,
            body: json!({"message": "Thread is locked", "code": 50083}),
        },
    );
    let got = rt().block_on(sender.send(&Address::chat(thread), Lang::En, &reply));
    assert!(matches!(got, Err(SendError::ChatGone(_))), "3: {got:?}");

    let slow = "300000000000001604";
    fake.fail_next(
        &format!("/channels/{slow}/messages"),
        Failure::with_headers(
            429,
            json!({"message": "You are being rate limited.", "retry_after": 0.3,
                "global": false, "code": 20016}),
            &[("X-RateLimit-Scope", "user")],
        ),
    );
    let started = Instant::now();
    rt().block_on(async {
        sender
            .send(&Address::chat(slow), Lang::En, &reply)
            .await
            .unwrap();
    });
    assert!(started.elapsed() >= Duration::from_millis(300));
    let slow_posts = posts_in(&fake, slow.parse().unwrap());
    assert_eq!(slow_posts.len(), 2, "4: refused once, then sent once");
    // Another channel is not held by that channel's slowmode.
    let started = Instant::now();
    rt().block_on(sender.send(&Address::chat(CHANNEL_ID.to_string()), Lang::En, &reply))
        .unwrap();
    assert!(started.elapsed() < Duration::from_millis(250));
}

/// Cases 5–6 over the gateway: a public command whose callback Discord answers 404 10062
/// (Unknown interaction: its 3 s passed in transit) still gets its answer, in the channel
/// with the bot token; an ephemeral one (`/pick`) is never posted for everyone.
#[test]
fn an_interaction_discord_no_longer_knows_still_gets_a_public_answer_in_its_channel() {
    let fake = FakeDiscord::start();
    let g = FakeGateway::start();
    let (discord, _dir) = with_gateway(&fake, &g);
    let running = Running::start(discord);
    g.wait_for_session();
    let maker = fake_discord::Interactions::new("127.0.0.1:1".parse().unwrap());
    let unknown = || Failure {
        status: 404,
        body: json!({"message": "Unknown interaction", "code": 10062}),
    };
    let gone = || Failure {
        status: 404,
        body: json!({"message": "Unknown Webhook", "code": 10015}),
    };
    for (name, options) in [
        ("gpu", vec![("gpu", json!("h100"))]),
        ("pick", Vec::<(&str, serde_json::Value)>::new()),
    ] {
        let i = maker.command(name, &options, PERSON, "en-US");
        let token = i["token"].as_str().unwrap().to_string();
        fake.fail_next(
            &format!(
                "/interactions/{}/{token}/callback",
                i["id"].as_str().unwrap()
            ),
            unknown(),
        );
        // Were the answer deferred, its edit and follow-ups find the token unknown too.
        fake.fail_next(&format!("{token}/messages/@original"), gone());
        fake.fail_next(
            &format!("/webhooks/{}/{token}", fake_discord::APPLICATION_ID),
            gone(),
        );
        g.dispatch("INTERACTION_CREATE", i);
        let callback_tried = |f: &FakeDiscord| {
            f.calls()
                .iter()
                .any(|c| c.path.contains(&token) && c.path.ends_with("/callback"))
        };
        wait_calls(&fake, "the callback", callback_tried);
        std::thread::sleep(Duration::from_millis(600));
    }
    let posts = posts_to(&fake, CHANNEL_ID);
    assert_eq!(posts.len(), 1, "{posts:#?}");
    assert!(posts[0].contains("H100"), "5: {posts:#?}");
    running.stop().unwrap();
}
