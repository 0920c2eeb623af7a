//! The REST sender against the loopback fake: paced through 429s (per route and global),
//! a deleted channel is "gone", and the token never appears in an error.

use bot_core::{Lang, Msg, Reply};
use gpuscout_discord::{Config, Rest};
use gpuscout_frontend::{Address, SendError, Sender};
use gpuscout_testkit::fake_discord::{self, CHANNEL_ID, Failure, FakeDiscord};
use std::time::{Duration, Instant};

/// The REST sender with `token`, pointed at `fake`.
pub(super) fn rest(fake: &FakeDiscord, token: &str) -> Rest {
    let config = Config::from_vars(|k| {
        Some(match k {
            "DISCORD_BOT_TOKEN" => token.to_string(),
            "DISCORD_APPLICATION_ID" => fake_discord::APPLICATION_ID.to_string(),
            "DISCORD_PUBLIC_KEY" => "ab".repeat(32),
            "DISCORD_API_URL" => fake.api_url(),
            _ => return None,
        })
    })
    .unwrap()
    .unwrap();
    Rest::new(&config).unwrap()
}

/// A current-thread runtime for one test's sends.
pub(super) fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A `Discord` frontend running (gateway and all) on a runtime of its own, until stopped.
pub(super) struct Running {
    runtime: tokio::runtime::Runtime,
    stop: tokio_util::sync::CancellationToken,
    task: tokio::task::JoinHandle<Result<(), gpuscout_discord::ConfigError>>,
}

impl Running {
    pub(super) fn start(discord: gpuscout_discord::Discord) -> Running {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let stop = tokio_util::sync::CancellationToken::new();
        let task = runtime.spawn(discord.run(stop.clone()));
        Running {
            runtime,
            stop,
            task,
        }
    }

    /// Stops the frontend and waits for it: what its `run` ended with.
    pub(super) fn stop(self) -> Result<(), gpuscout_discord::ConfigError> {
        self.stop.cancel();
        self.runtime.block_on(self.task).unwrap()
    }
}

#[test]
fn an_alert_waits_out_a_429_and_arrives_once() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let to = Address::chat(CHANNEL_ID.to_string());
    let reply = Reply::text(Msg::new("help-intro"));
    fake.fail_next("/messages", Failure::rate_limited(0.4, false));
    let started = Instant::now();
    rt().block_on(sender.send(&to, Lang::En, &reply)).unwrap();
    assert!(
        started.elapsed() >= Duration::from_millis(400),
        "{:?}",
        started.elapsed()
    );
    let posts: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{CHANNEL_ID}/messages"))
        .collect();
    assert_eq!(posts.len(), 2, "one refused, one delivered");
    assert!(posts[1].at - posts[0].at >= Duration::from_millis(400));
    assert_eq!(
        posts[1].body["allowed_mentions"]["parse"],
        serde_json::json!([])
    );
    assert!(posts[1].body.get("flags").is_none());

    // A global limit holds every route.
    fake.fail_next("/messages", Failure::rate_limited(0.3, true));
    let started = Instant::now();
    rt().block_on(async {
        sender.send(&to, Lang::En, &reply).await.unwrap();
        sender.typing(&CHANNEL_ID.to_string()).await.unwrap();
    });
    assert!(started.elapsed() >= Duration::from_millis(300));
}

#[test]
fn a_cloudflare_429_page_holds_every_route_for_its_retry_after() {
    // Cloudflare in front of Discord answers an address it limits with an HTML page and a
    // `Retry-After` header, not Discord's JSON: no route may go before it has passed.
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let to = Address::chat(CHANNEL_ID.to_string());
    let reply = Reply::text(Msg::new("help-intro"));
    fake.fail_next(
        "/messages",
        Failure::html(429, "<html><body>error code: 1015</body></html>", 1),
    );
    rt().block_on(async {
        let typing = async {
            tokio::time::sleep(Duration::from_millis(150)).await;
            sender.typing(&CHANNEL_ID.to_string()).await.unwrap();
        };
        let (sent, ()) = tokio::join!(sender.send(&to, Lang::En, &reply), typing);
        sent.unwrap();
    });
    let calls = fake.calls();
    let refused = calls
        .iter()
        .find(|c| c.path.ends_with("/messages"))
        .unwrap()
        .at;
    let typing = calls
        .iter()
        .find(|c| c.path.ends_with("/typing"))
        .expect("typing was sent")
        .at;
    assert!(
        typing - refused >= Duration::from_millis(950),
        "typing went {:?} after the 429",
        typing - refused
    );
    let posts = calls
        .iter()
        .filter(|c| c.path.ends_with("/messages"))
        .count();
    assert_eq!(posts, 2, "one refused, one delivered");
}

#[test]
fn a_deleted_channel_is_gone_and_errors_never_show_the_token() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    fake.fail_next("/messages", Failure::unknown_channel());
    let e = rt()
        .block_on(sender.send(
            &Address::chat(CHANNEL_ID.to_string()),
            Lang::En,
            &Reply::text(Msg::new("help-intro")),
        ))
        .unwrap_err();
    assert!(matches!(e, SendError::ChatGone(_)), "{e:?}");
    // A wrong token is refused; the error names the route, not the token.
    let wrong = rest(&fake, "wrong.sekrit-token");
    let e = rt()
        .block_on(wrong.typing(&CHANNEL_ID.to_string()))
        .unwrap_err();
    let text = format!("{e} {e:?}");
    assert!(matches!(e, SendError::Failed(_)), "{text}");
    assert!(!text.contains("sekrit"), "{text}");
    // An unreachable API: the error has no URL with secrets in it either.
    let dead = {
        let config = Config::from_vars(|k| {
            Some(match k {
                "DISCORD_BOT_TOKEN" => "t.sekrit".to_string(),
                "DISCORD_APPLICATION_ID" => "1".to_string(),
                "DISCORD_PUBLIC_KEY" => "ab".repeat(32),
                "DISCORD_API_URL" => "http://127.0.0.1:9/api/v10".to_string(),
                _ => return None,
            })
        })
        .unwrap()
        .unwrap();
        // One retry shows the retried path without waiting out the ~30 s default.
        Rest::new(&config).unwrap().with_transient_retries(1)
    };
    let token = gpuscout_discord::config::Secret::new("interaction-sekrit");
    let e = rt()
        .block_on(dead.follow_up(&token, &serde_json::json!({"content": "x"})))
        .unwrap_err();
    assert!(!format!("{e} {e:?}").contains("sekrit"), "{e:?}");
}

#[test]
fn a_fan_out_to_many_channels_keeps_under_the_global_limit() {
    // Each channel is its own route, so only the client's global pacer spaces these out (the
    // alert dispatcher adds no pacing): 100 posts at 40/s take at least two windows.
    let fake = FakeDiscord::start();
    let sender = std::sync::Arc::new(rest(&fake, fake_discord::TOKEN));
    let reply = Reply::text(Msg::new("help-intro"));
    let started = Instant::now();
    rt().block_on(async {
        let mut tasks = tokio::task::JoinSet::new();
        for i in 0..100u64 {
            let (sender, reply) = (sender.clone(), reply.clone());
            tasks.spawn(async move {
                let to = Address::chat((CHANNEL_ID + 1 + i).to_string());
                sender.send(&to, Lang::En, &reply).await
            });
        }
        while let Some(r) = tasks.join_next().await {
            r.unwrap().unwrap();
        }
    });
    assert!(
        started.elapsed() >= Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let times: Vec<Instant> = fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .map(|c| c.at)
        .collect();
    assert_eq!(times.len(), 100);
    // We keep to 40/s; arrival times carry the loopback round trip's jitter, and Discord's
    // own limit is 50.
    let n = gpuscout_testkit::timing::most_within(&times, Duration::from_secs(1));
    assert!(n <= 50, "{n} posts within one second");
}

/// Issue 29.1: every third request is cut or answered 500/502 before Discord acts on it; every
/// message still arrives, once, and in order per channel.
#[test]
fn messages_through_cut_connections_and_server_errors_all_arrive_once() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    fake.fail_every(3);
    let channels: Vec<u64> = (1..=10).map(|c| CHANNEL_ID + c).collect();
    rt().block_on(async {
        for n in 0..3 {
            for &c in &channels {
                let reply =
                    Reply::text(Msg::new("error-gpu-not-found").arg("query", format!("q{c}n{n}")));
                sender
                    .send(&Address::chat(c.to_string()), Lang::En, &reply)
                    .await
                    .unwrap();
            }
        }
    });
    let calls = fake.calls();
    let failed = calls.iter().filter(|c| c.failed).count();
    assert!(failed >= 10, "{failed} failures injected");
    let mut lost = 0;
    for &c in &channels {
        let delivered: Vec<String> = calls
            .iter()
            .filter(|k| !k.failed && k.path == format!("/channels/{c}/messages"))
            .map(|k| k.body.to_string())
            .collect();
        for n in 0..3 {
            let mark = format!("q{c}n{n}");
            let copies = delivered.iter().filter(|b| b.contains(&mark)).count();
            lost += usize::from(copies == 0);
            assert_eq!(copies, 1, "{mark} delivered once");
        }
    }
    println!("discord messages lost under the dropping fake: {lost} of 30 ({failed} failed calls)");
}

/// An alert's idempotency, as the dispatcher hands it over (no marks: Discord needs none).
struct Key(&'static str);

impl gpuscout_frontend::Once for Key {
    fn key(&self) -> &str {
        self.0
    }
    fn intend(&self) -> gpuscout_frontend::SendFuture<'_> {
        Box::pin(async { panic!("Discord sends need no mark on disk") })
    }
    fn withdraw(&self) -> gpuscout_frontend::SendFuture<'_> {
        Box::pin(async { Ok(()) })
    }
}

/// Issue 23.4 on Discord: an alert goes out with a nonce derived from its key and
/// `enforce_nonce`, so the same alert sent again (after a kill cut it) creates no second
/// message; another alert gets another nonce.
#[test]
fn an_alert_sent_again_under_its_nonce_creates_one_message() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN).for_alerts();
    assert!(sender.resend_is_safe());
    let to = Address::chat(CHANNEL_ID.to_string());
    let reply = Reply::text(Msg::new("help-intro"));
    let runtime = rt();
    let first = Key("discord:300000000000000003:4:1");
    runtime
        .block_on(sender.send_once(&to, Lang::En, &reply, &first))
        .unwrap();
    runtime
        .block_on(sender.send_once(&to, Lang::En, &reply, &first))
        .unwrap();
    runtime
        .block_on(sender.send_once(
            &to,
            Lang::En,
            &reply,
            &Key("discord:300000000000000003:4:2"),
        ))
        .unwrap();
    let posts: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .collect();
    assert_eq!(posts.len(), 3);
    let nonce = |i: usize| posts[i].body["nonce"].as_str().unwrap().to_string();
    assert_eq!(nonce(0), nonce(1));
    assert_ne!(nonce(0), nonce(2));
    assert!(nonce(0).len() <= 25, "Discord's limit: {}", nonce(0));
    assert_eq!(posts[0].body["enforce_nonce"], true);
    let created: Vec<bool> = posts.iter().map(|c| !c.repeat).collect();
    assert_eq!(created, [true, false, true], "the repeat created nothing");
    // A reply is no alert: no nonce.
    runtime
        .block_on(sender.send(&to, Lang::En, &reply))
        .unwrap();
    let last = fake.calls().into_iter().last().unwrap();
    assert!(last.body.get("nonce").is_none());
}

/// The testkit's reading of pacing, which the test above relies on (it was testkit's only unit
/// test; here it needs no test binary of its own: testkit has `test = false`).
#[test]
fn most_within_counts_the_busiest_window() {
    use gpuscout_testkit::timing::most_within;
    let t0 = Instant::now();
    let at = |ms: u64| t0 + Duration::from_millis(ms);
    let times = [at(900), at(0), at(100), at(1000), at(1050), at(2500)];
    // [100, 1100) holds 100, 900, 1000, 1050; [0, 1000) only three.
    assert_eq!(most_within(&times, Duration::from_secs(1)), 4);
    assert_eq!(most_within(&times, Duration::from_millis(1)), 1);
    assert_eq!(most_within(&[], Duration::from_secs(1)), 0);
}

#[test]
fn a_global_429_holds_the_bots_requests_but_not_an_interactions_answer() {
    // Discord: "Interaction endpoints are not bound to the bot's Global Rate Limit." An alert
    // fan-out that meets a global 429 must not make a slash command miss its 3 s: its callback
    // and its deferred edit go at once, while the bot's own messages wait. Cloudflare's page
    // (no Discord JSON) is the address refused: then everything waits, callbacks too.
    use gpuscout_discord::config::Secret;
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let to = Address::chat(CHANNEL_ID.to_string());
    let reply = Reply::text(Msg::new("help-intro"));
    let token = Secret::new("itoken-1");
    let answer = serde_json::json!({"type": 5});
    for (failure, callbacks_wait) in [
        (Failure::rate_limited(1.0, true), false),
        (
            Failure::html(429, "<html><body>error code: 1015</body></html>", 1),
            true,
        ),
    ] {
        fake.fail_next("/messages", failure);
        let started = Instant::now();
        let (callback_at, sent_at) = rt().block_on(async {
            let interaction = async {
                tokio::time::sleep(Duration::from_millis(150)).await;
                sender
                    .interaction_callback("77", &token, &answer)
                    .await
                    .unwrap();
                sender
                    .edit_original(&token, &serde_json::json!({"content": "ok"}))
                    .await
                    .unwrap();
                started.elapsed()
            };
            let alert = async {
                sender.send(&to, Lang::En, &reply).await.unwrap();
                started.elapsed()
            };
            tokio::join!(interaction, alert)
        });
        assert!(sent_at >= Duration::from_millis(950), "{sent_at:?}");
        if callbacks_wait {
            assert!(callback_at >= Duration::from_millis(950), "{callback_at:?}");
        } else {
            assert!(callback_at < Duration::from_millis(700), "{callback_at:?}");
        }
    }
}

#[test]
fn a_refusals_discord_code_is_read_back_and_a_failure_in_transit_has_none() {
    use gpuscout_discord::rest::error_code;
    let failed = |t: &str| SendError::Failed(t.to_string());
    assert_eq!(
        error_code(&failed(
            "PATCH /webhooks/1/<interaction>/messages/@original answered 404 Not Found: Unknown Message (code 10008)"
        )),
        Some(10008)
    );
    assert_eq!(
        error_code(&SendError::ChatGone(
            "POST /channels/9/messages answered 403 Forbidden: Missing Access (code 50001)".into()
        )),
        Some(50001)
    );
    for none in [
        "answered 502 Bad Gateway",
        "POST /x answered 500: 500: Internal Server Error (code 0)",
        "connection reset (code abc)",
    ] {
        assert_eq!(error_code(&failed(none)), None, "{none}");
    }
    assert_eq!(
        error_code(&SendError::RetryAfter(Duration::from_secs(1))),
        None
    );
}

/// 50013 Missing Permissions (no Send Messages, Embed Links or Attach Files in the channel):
/// nothing sent there succeeds until an admin changes the channel, so it is `ChatGone` (the
/// dispatcher stops that channel's alerts once and drops what was queued for it) and never
/// retried; another refusal (a body Discord rejects) stays an ordinary failure.
#[test]
fn a_channel_the_bot_may_not_post_in_is_gone_once_and_not_retried() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    fake.fail_next(
        "/messages",
        Failure {
            status: 403,
            body: serde_json::json!({"message": "Missing Permissions", "code": 50013}),
        },
    );
    let to = Address::chat(CHANNEL_ID.to_string());
    let e = rt()
        .block_on(sender.send(&to, Lang::En, &Reply::text(Msg::new("help-intro"))))
        .unwrap_err();
    assert!(matches!(e, SendError::ChatGone(_)), "{e:?}");
    assert_eq!(gpuscout_discord::rest::error_code(&e), Some(50013));
    fake.fail_next(
        "/messages",
        Failure {
            status: 400,
            body: serde_json::json!({"message": "Invalid Form Body", "code": 50035,
                "errors": {"content": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH"}]}}}),
        },
    );
    let e = rt()
        .block_on(sender.send(&to, Lang::En, &Reply::text(Msg::new("help-intro"))))
        .unwrap_err();
    assert!(matches!(e, SendError::Failed(_)), "{e:?}");
    let posts = fake
        .calls()
        .iter()
        .filter(|c| c.path.ends_with("/messages"))
        .count();
    assert_eq!(posts, 2, "each refusal was one request, none retried");
}

/// Discord limits an interaction's callback and its webhook (follow-ups, edits) per
/// interaction (the token is the route's major parameter; `X-RateLimit-Bucket` differs per
/// token). One interaction's 429, even one with `X-RateLimit-Scope: shared`, or its emptied
/// bucket (`X-RateLimit-Remaining: 0`) holds that interaction's next request only: another
/// user's answer goes at once, and the held one goes after the wait it was told.
#[test]
fn one_interactions_limit_does_not_hold_another_interactions_answer() {
    use gpuscout_discord::config::Secret;
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let (busy, other) = (Secret::new("itoken-busy"), Secret::new("itoken-other"));
    fake.fail_next(
        "/itoken-busy",
        Failure::with_headers(
            429,
            serde_json::json!({"message": "You are being rate limited.", "retry_after": 1.0, "global": false}),
            &[
                ("x-ratelimit-scope", "shared"),
                ("x-ratelimit-bucket", "41f9cd5d28af77da04563bcb1d67fdfd"),
                ("x-ratelimit-limit", "5"),
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset-after", "1.000"),
                ("retry-after", "1"),
            ],
        ),
    );
    let body = serde_json::json!({"content": "H100 $2.49/h"});
    let started = Instant::now();
    let (busy_at, other_at) = rt().block_on(async {
        let first = async {
            sender.follow_up(&busy, &body).await.unwrap();
            started.elapsed()
        };
        let second = async {
            tokio::time::sleep(Duration::from_millis(150)).await;
            sender.follow_up(&other, &body).await.unwrap();
            sender.edit_original(&other, &body).await.unwrap();
            started.elapsed()
        };
        tokio::join!(first, second)
    });
    assert!(busy_at >= Duration::from_millis(950), "{busy_at:?}");
    assert!(other_at < Duration::from_millis(700), "{other_at:?}");
    // The bucket's name never holds the token: errors and logs name the route only.
    let calls = fake.calls();
    assert_eq!(
        calls
            .iter()
            .filter(|c| c.path.contains("itoken-busy"))
            .count(),
        2,
        "refused once, then sent"
    );
}

/// A notice to whoever set an alert goes to their DM with the bot (`dm:<user id>`, bot-core's
/// private chat of a Discord user): the DM channel is opened once (`POST /users/@me/channels`
/// with `recipient_id`) and the message posted there; the next notice reuses it.
#[test]
fn a_notice_to_a_person_opens_their_dm_once_and_posts_there() {
    let fake = FakeDiscord::start();
    let sender = rest(&fake, fake_discord::TOKEN);
    let to = Address::chat(format!(
        "{}410000000000000001",
        gpuscout_discord::rest::DM_PREFIX
    ));
    rt().block_on(async {
        for _ in 0..2 {
            sender
                .send(&to, Lang::En, &Reply::text(Msg::new("help-intro")))
                .await
                .unwrap();
        }
    });
    let calls = fake.calls();
    let opened: Vec<_> = calls
        .iter()
        .filter(|c| c.method == "POST" && c.path == "/users/@me/channels")
        .collect();
    assert_eq!(opened.len(), 1, "{calls:?}");
    assert_eq!(opened[0].body["recipient_id"], "410000000000000001");
    let posts: Vec<_> = calls
        .iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        .collect();
    assert_eq!(posts.len(), 2);
    assert!(posts.iter().all(|c| c.path == posts[0].path));
    assert!(
        !posts[0].path.contains("410000000000000001"),
        "{}",
        posts[0].path
    );
}
