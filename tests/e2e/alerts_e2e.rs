//! Stock alerts end to end: the real `gpuscout serve` polling a loopback fake provider
//! (`testkit::fake_providers`, RunPod's wire format) every second, with the fake Bot API and
//! the fake Discord. A channel subscribes, the provider flips stock, and the channel gets one
//! alert in its language; a group member who is not an administrator is refused; a kill -9
//! between the alert's commit and its delivery loses nothing and repeats nothing; a Discord
//! channel's alert survives a 429 with `retry_after`.

use bot_core::{Lang, Localizer, Msg};
use gpuscout_testkit::fake_discord::{self, CHANNEL_ID, FakeDiscord, Interactions};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use gpuscout_testkit::fake_telegram::{Chat, Failure, FakeTelegram, Person};
use gpuscout_testkit::serve::{Serve, Setup};
use gpuscout_testkit::timing::most_within;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn runpod(stock: &str) -> String {
    format!(
        r#"{{"data": {{"gpuTypes": [
  {{"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM", "memoryInGb": 80, "securePrice": 2.69, "communityPrice": null,
   "secureLowest": {{"stockStatus": "{stock}"}}}},
  {{"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": 24, "securePrice": 0.69, "communityPrice": null,
   "secureLowest": {{"stockStatus": "High"}}}}
]}}}}"#
    )
}

/// `serve` polling the fake RunPod four times a second, alerting after two polls of a new
/// state. The tests count polls (`wait_polls`), never seconds, so the interval only sets how
/// long they wait: at testkit's 1 s these waits were most of `alerts_e2e`'s time.
fn polling(fake: &FakeProviders) -> Setup {
    Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .provider("runpod", fake)
        .env("GPUSCOUT_POLL_INTERVAL", "0.25")
        .env("GPUSCOUT_ALERT_DEBOUNCE_POLLS", "2")
        .env("GPUSCOUT_ALERT_DEBOUNCE_SECS", "0")
        .env("GPUSCOUT_ALERT_COOLDOWN_SECS", "0")
}

fn polls(fake: &FakeProviders) -> usize {
    fake.seen()
        .iter()
        .filter(|s| s.uri.starts_with("/graphql"))
        .count()
}

/// Waits until the provider has been polled `n` more times.
fn wait_polls(fake: &FakeProviders, n: usize) {
    let start = polls(fake);
    let deadline = Instant::now() + Duration::from_secs(30);
    while polls(fake) < start + n {
        assert!(Instant::now() < deadline, "the provider was not polled");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The watcher looks at the store every 250 ms.
    std::thread::sleep(Duration::from_millis(600));
}

fn zh(id: &str) -> String {
    Localizer::get().format(Lang::Zh, &Msg::new(id))
}

fn telegram_serve(dir: &std::path::Path, tg: &FakeTelegram, p: &FakeProviders) -> Serve {
    polling(p).telegram(tg).start_polling(dir, tg)
}

fn alerts_in(tg: &FakeTelegram, chat: i64, marker: &str) -> usize {
    tg.sent_to(chat)
        .iter()
        .filter(|m| m.html.contains(marker))
        .count()
}

#[test]
fn a_channel_subscribes_the_stock_flips_and_it_hears_once_in_its_language() {
    let p = FakeProviders::start();
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let serve = telegram_serve(dir.path(), &tg, &p);

    // A group: a member is refused, an administrator may subscribe.
    let group = Chat::Supergroup {
        id: -100_500,
        title: "GPU fans".into(),
    };
    let (joe, ann) = (
        Person::new(31, "Joe", Some("en")),
        Person::new(32, "Ann", Some("en")),
    );
    tg.set_admins(&group, &[32]);
    tg.send_text(&group, &joe, "/subscribe 4090");
    let refused = &tg.wait_for_messages(group.id(), 1)[0];
    assert!(
        refused.html.contains("Only this chat's administrators"),
        "{}",
        refused.html
    );
    tg.send_text(&group, &ann, "/subscribe 4090 max=1");
    let ok = &tg.wait_for_messages(group.id(), 2)[1];
    assert!(ok.html.contains("Alert set"), "{}", ok.html);
    assert!(tg.count_of("getChatMember") >= 2);

    // A channel in Chinese.
    let channel = Chat::Channel {
        id: -100_900,
        title: "GPU 到货".into(),
    };
    tg.channel_post(&channel, "/lang zh");
    tg.wait_for_messages(channel.id(), 1);
    tg.channel_post(&channel, "/subscribe h100 runpod");
    let set = &tg.wait_for_messages(channel.id(), 2)[1];
    assert!(set.html.contains("已设置提醒"), "{}", set.html);

    // Out for a poll after subscribing (the baseline), then in stock for good.
    wait_polls(&p, 2);
    p.script("/graphql", vec![Script::ok(runpod("High"))]);
    let alert = tg.wait_until(Duration::from_secs(30), "sendMessage", |v| {
        v.sent_to(channel.id())
            .into_iter()
            .find(|m| m.html.contains("有货"))
    });
    assert!(
        alert.html.contains("H100") && alert.html.contains("RunPod"),
        "{}",
        alert.html
    );
    assert!(
        alert.html.contains("¥"),
        "the price in the channel's currency: {}",
        alert.html
    );
    assert!(!alert.html.contains("in stock on"), "{}", alert.html);
    // More polls in stock: still one alert.
    wait_polls(&p, 3);
    assert_eq!(alerts_in(&tg, channel.id(), "有货"), 1);
    // The group's 4090 was in stock all along (baseline): nothing to say.
    assert_eq!(tg.sent_to(group.id()).len(), 2);
    // Gone again: one follow-up.
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let gone = tg.wait_until(Duration::from_secs(30), "sendMessage", |v| {
        v.sent_to(channel.id())
            .into_iter()
            .find(|m| m.html.contains("又没货了"))
    });
    assert!(gone.html.contains("分钟"), "{}", gone.html);
    let (status, out) = serve.stop();
    assert!(status.success(), "{out}");
    let _ = zh("alerts-none");
}

#[test]
fn a_kill_between_commit_and_send_then_a_restart_delivers_every_alert_exactly_once() {
    let p = FakeProviders::start();
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let serve = telegram_serve(dir.path(), &tg, &p);
    let users: Vec<Person> = (0..3)
        .map(|i| Person::new(700 + i, "U", Some("en")))
        .collect();
    for u in &users {
        tg.send_text(&Chat::Private(u.clone()), u, "/subscribe h100");
        tg.wait_for_messages(u.id, 1);
    }
    wait_polls(&p, 2);
    // Sends fail from now on: the alerts are committed but cannot go out.
    tg.fail_always(
        "sendMessage",
        Some(Failure::Status(502, "Bad Gateway".into())),
    );
    p.script("/graphql", vec![Script::ok(runpod("High"))]);
    // A liveness bound, not a timing claim: a loaded 2-core box has needed more than 30 s.
    // Each alert refused four times: its send mark is withdrawn after each refusal, and the
    // kill lands while the sender waits to try again (the fourth wait is 2 s), so no send
    // is between its mark and its answer.
    tg.wait_until(Duration::from_secs(90), "sendMessage", |v| {
        let mut tried: std::collections::HashMap<i64, usize> = Default::default();
        for c in v.calls() {
            if c.method == "sendMessage"
                && c.status == 502
                && let Some(chat) = c.params["chat_id"]
                    .as_i64()
                    .or_else(|| c.params["chat_id"].as_str()?.parse().ok())
            {
                *tried.entry(chat).or_default() += 1;
            }
        }
        (tried.len() == users.len() && tried.values().all(|n| *n >= 4)).then_some(())
    });
    std::thread::sleep(Duration::from_millis(300));
    let out = serve.crash();
    assert!(out.contains("alerts: 3 queued"), "{out}");
    tg.fail_always("sendMessage", None);
    p.script("/graphql", vec![Script::ok(runpod("High"))]);
    let serve = telegram_serve(dir.path(), &tg, &p);
    for u in &users {
        let alert = tg.wait_until(Duration::from_secs(90), "sendMessage", |v| {
            v.sent_to(u.id)
                .into_iter()
                .find(|m| m.html.contains("in stock on RunPod"))
        });
        assert!(alert.html.contains("H100"));
    }
    // Polls go on after the restart; nothing is sent twice.
    wait_polls(&p, 3);
    let (status, restarted) = serve.stop();
    assert!(status.success(), "{restarted}");
    // Refused sends were withdrawn: none counted as possibly delivered.
    assert!(!restarted.contains("fate unknown"), "{restarted}");
    for u in &users {
        assert_eq!(
            alerts_in(&tg, u.id, "in stock on RunPod"),
            1,
            "user {}",
            u.id
        );
    }
}

#[test]
fn a_chat_that_blocked_the_bot_is_unsubscribed_and_not_retried() {
    let p = FakeProviders::start();
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let serve = telegram_serve(dir.path(), &tg, &p);
    let u = Person::new(801, "U", Some("en"));
    let dm = Chat::Private(u.clone());
    tg.send_text(&dm, &u, "/subscribe h100");
    tg.wait_for_messages(u.id, 1);
    wait_polls(&p, 2);
    tg.fail_always(
        "sendMessage",
        Some(Failure::Status(
            403,
            "Forbidden: bot was blocked by the user".into(),
        )),
    );
    p.script("/graphql", vec![Script::ok(runpod("High"))]);
    tg.wait_for_call("sendMessage", |c| c.status == 403);
    // Gone and back again, several times: the blocked chat is never tried again.
    for stock in ["None", "High", "None", "High"] {
        p.script("/graphql", vec![Script::ok(runpod(stock))]);
        wait_polls(&p, 2);
    }
    let tries = tg
        .calls_of("sendMessage")
        .iter()
        .filter(|c| c.status == 403)
        .count();
    assert_eq!(tries, 1);
    let (status, out) = serve.stop();
    assert!(status.success(), "{out}");
    assert!(out.contains("is gone"), "{out}");
}

#[test]
fn a_discord_channel_alert_arrives_through_a_429_and_a_deleted_channel_unsubscribes() {
    let p = FakeProviders::start();
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let fake = FakeDiscord::start();
    let dir = tempfile::tempdir().unwrap();
    let key_holder = Interactions::new("127.0.0.1:1".parse().unwrap());
    let serve = polling(&p)
        .discord(&fake, &key_holder.public_key_hex())
        .start(dir.path());
    let addr: SocketAddr = serve.http_addr(Duration::from_secs(30));
    let discord = key_holder.at(addr);
    // /subscribe is registered for Manage Channels by default.
    let put = fake.wait_for_call(|c| c.method == "PUT");
    let sub = put
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "subscribe")
        .cloned()
        .unwrap();
    assert_eq!(sub["default_member_permissions"], "16");
    let answer_text = |a: &Value| a.to_string();
    // Someone without the permission (a server can override the default) is refused on use.
    let mut plain = discord.command(
        "subscribe",
        &[("gpu", json!("h100"))],
        "400000000000000009",
        "en-US",
    );
    plain["member"]["permissions"] = json!("0");
    let refused = discord.post(&plain);
    assert!(
        answer_text(&refused.body).contains("Only this chat's administrators"),
        "{:?}",
        refused.body
    );
    let mut admin = discord.command(
        "subscribe",
        &[("gpu", json!("h100")), ("platform", json!("runpod"))],
        "400000000000000001",
        "en-US",
    );
    admin["member"]["permissions"] = json!("16");
    let ok = discord.post(&admin);
    assert!(answer_text(&ok.body).contains("Alert set"), "{:?}", ok.body);
    wait_polls(&p, 2);
    let channel_path = format!("/channels/{CHANNEL_ID}/messages");
    fake.fail_next(
        &channel_path,
        fake_discord::Failure::rate_limited(1.5, false),
    );
    p.script("/graphql", vec![Script::ok(runpod("High"))]);
    let limited = fake.wait_for_call(|c| c.method == "POST" && c.path == channel_path);
    let delivered =
        fake.wait_for_call(|c| c.method == "POST" && c.path == channel_path && c.at > limited.at);
    assert!(
        delivered.at - limited.at >= Duration::from_millis(1400),
        "{:?}",
        delivered.at - limited.at
    );
    assert!(
        delivered.body.to_string().contains("H100"),
        "{}",
        delivered.body
    );
    assert_eq!(delivered.body["allowed_mentions"]["parse"], json!([]));
    wait_polls(&p, 3);
    let posts = fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == channel_path)
        .count();
    assert_eq!(posts, 2, "one refused by the 429, one delivered");
    // The channel is deleted: the next alert ("gone again") meets a 404, and the channel's
    // alerts are paused (kept); stock coming and going later posts nothing more there.
    fake.fail_next(&channel_path, fake_discord::Failure::unknown_channel());
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    fake.wait_for_call(|c| c.method == "POST" && c.path == channel_path && c.at > delivered.at);
    for stock in ["High", "None", "High"] {
        p.script("/graphql", vec![Script::ok(runpod(stock))]);
        wait_polls(&p, 2);
    }
    let posts = fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == channel_path)
        .count();
    assert_eq!(posts, 3, "the 404 was the last post to the deleted channel");
    // The admin who set the alert is told in their DM with the bot.
    fake.wait_for_call(|c| {
        c.method == "POST"
            && c.path == "/users/@me/channels"
            && c.body["recipient_id"] == "400000000000000001"
    });
    let told = fake.wait_for_call(|c| {
        c.method == "POST"
            && c.path.ends_with("/messages")
            && c.path != channel_path
            && c.body.to_string().contains("paused")
    });
    assert!(
        told.body.to_string().contains(&CHANNEL_ID.to_string()),
        "{}",
        told.body
    );
    let (status, out) = serve.stop();
    assert!(status.success(), "{out}");
    assert!(out.contains("is gone"), "{out}");
}

#[test]
fn a_fan_out_to_1000_chats_through_the_fake_bot_api_keeps_the_configured_pacing() {
    use bot_core::alerts::{ChatKind, Subscription, add_batch};
    let p = FakeProviders::start();
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    // 990 private chats with one alert each, 10 groups with two each: 1,000 chats.
    {
        let store = bot_core::Store::open(&bot_core::store::db_path(dir.path())).unwrap();
        let sub = |chat: String, kind: ChatKind, max: Option<i64>| Subscription {
            id: 0,
            platform: "telegram".into(),
            created_by: chat.clone(),
            chat,
            thread: None,
            kind,
            created_at: 1,
            lang: Lang::En,
            currency: "USD".into(),
            gpu: "h100-sxm".into(),
            provider: None,
            max_price: max.map(rust_decimal::Decimal::from),
            max_currency: "USD".into(),
            min_cards: None,
            track: Default::default(),
            paused_at: None,
        };
        let mut subs: Vec<Subscription> = (0..990)
            .map(|i| sub(format!("{}", 5000 + i), ChatKind::Private, None))
            .collect();
        for g in 0..10 {
            for max in [None, Some(9)] {
                subs.push(sub(format!("-{}", 9000 + g), ChatKind::Group, max));
            }
        }
        assert_eq!(add_batch(&store, subs).unwrap(), 1010);
    }
    let serve = polling(&p)
        .telegram(&tg)
        // The pacing under test is the Telegram sender's pacer (the dispatcher adds none),
        // configured by these: 100/s evenly spaced, 1 s per chat, 20/min per group.
        .env("GPUSCOUT_ALERT_RATE", "100")
        .env("GPUSCOUT_ALERT_CHAT_GAP_MS", "1000")
        .env("GPUSCOUT_ALERT_GROUP_PER_MIN", "20")
        .start(dir.path());
    tg.wait_for_polling(1);
    wait_polls(&p, 2);
    p.script("/graphql", vec![Script::ok(runpod("High"))]);
    let sends = tg.wait_until(Duration::from_secs(90), "1,010 alerts", |v| {
        let sends: Vec<(i64, Instant)> = v
            .calls()
            .iter()
            .filter(|c| c.method == "sendMessage" && c.status == 200)
            .filter_map(|c| Some((c.params["chat_id"].as_i64()?, c.at)))
            .collect();
        (sends.len() >= 1000 + 10).then_some(sends)
    });
    wait_polls(&p, 2);
    assert_eq!(
        tg.count_of("sendMessage"),
        1010,
        "no alert twice, no 429 retried"
    );
    let mut per_chat: std::collections::HashMap<i64, Vec<Instant>> = Default::default();
    for (chat, at) in &sends {
        per_chat.entry(*chat).or_default().push(*at);
    }
    assert_eq!(per_chat.len(), 1000);
    for (chat, times) in &per_chat {
        let expected = if *chat < 0 { 2 } else { 1 };
        assert_eq!(times.len(), expected, "chat {chat}");
        // 1 s apart when sent; arrivals may be closer by the loopback round trip's jitter
        // on a loaded machine.
        if let [a, b] = times[..] {
            assert!(
                b - a >= Duration::from_millis(900),
                "chat {chat}: {:?}",
                b - a
            );
        }
    }
    let mut times: Vec<Instant> = sends.iter().map(|(_, t)| *t).collect();
    times.sort();
    // 100/s configured. Arrival times carry the round trip's jitter: on a loaded 2-core
    // machine sends held back by the scheduler arrive bunched (106 seen), so one second
    // gets 15% slack and five seconds 4%; without pacing all 1,000 arrive within a second.
    let n = most_within(&times, Duration::from_secs(1));
    assert!(n <= 115, "{n} sends within one second");
    let n = most_within(&times, Duration::from_secs(5));
    assert!(n <= 520, "{n} sends within five seconds");
    let span = *times.last().unwrap() - times[0];
    assert!(
        span >= Duration::from_secs(9),
        "1,010 at 100/s took only {span:?}"
    );
    let (status, out) = serve.stop();
    assert!(status.success(), "{out}");
}

/// `n` private chats subscribed to H100 on any platform, written straight into the store.
fn subscribe_many(dir: &std::path::Path, n: i64) -> Vec<i64> {
    use bot_core::alerts::{ChatKind, Subscription, add_batch};
    let store = bot_core::Store::open(&bot_core::store::db_path(dir)).unwrap();
    let chats: Vec<i64> = (0..n).map(|i| 20_000 + i).collect();
    let subs = chats
        .iter()
        .map(|c| Subscription {
            id: 0,
            platform: "telegram".into(),
            created_by: c.to_string(),
            chat: c.to_string(),
            thread: None,
            kind: ChatKind::Private,
            created_at: 1,
            lang: Lang::En,
            currency: "USD".into(),
            gpu: "h100-sxm".into(),
            provider: None,
            max_price: None,
            max_currency: "USD".into(),
            min_cards: None,
            track: Default::default(),
            paused_at: None,
        })
        .collect();
    assert_eq!(add_batch(&store, subs).unwrap(), n as usize);
    chats
}

/// What kills during a fan-out did: chats alerted twice, chats never alerted, and the sends
/// the restarts logged as "fate unknown".
struct Kills {
    twice: usize,
    lost: usize,
    unknown: usize,
}

/// Issue 23.4: `serve` is killed with SIGKILL again and again while it fans an alert out to
/// 300 chats at `rate` a second; each restart goes on from the outbox. Each send's intent is
/// committed right before its request leaves, so a restart knows which sends a kill may have
/// cut: on Telegram (no idempotency key) those are logged as "fate unknown" and not sent again.
/// So no chat is alerted twice, and a chat never alerted is one of those logged (the kill
/// fell between the intent's commit and the request's arrival).
fn kills_during_fan_out(kills: usize, rate: u32) -> Kills {
    let p = FakeProviders::start();
    p.script("/graphql", vec![Script::ok(runpod("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let chats = subscribe_many(dir.path(), 300);
    let setup = || {
        polling(&p)
            .telegram(&tg)
            .env("GPUSCOUT_ALERT_RATE", rate.to_string())
    };
    let serve = setup().start_polling(dir.path(), &tg);
    wait_polls(&p, 2);
    p.script("/graphql", vec![Script::ok(runpod("High"))]);
    tg.wait_until(Duration::from_secs(30), "the fan-out begins", |v| {
        (v.count_of("sendMessage") > 0).then_some(())
    });
    let mut serve = Some(serve);
    let mut killed_with = Vec::new();
    let mut logs = String::new();
    for k in 0..kills {
        // Kills land at different moments of the send rhythm.
        std::thread::sleep(Duration::from_millis(150 + 97 * (k as u64 % 7)));
        let sent = tg.count_of("sendMessage");
        logs += &serve.take().unwrap().crash();
        killed_with.push(sent);
        serve = Some(setup().start_polling(dir.path(), &tg));
    }
    // Let the rest go out: until every chat was alerted or a restart logged its fate as
    // unknown (a quiet spell is no sign: a loaded machine can take seconds to start again),
    // then a moment for a late duplicate, then count.
    let settled = Instant::now();
    loop {
        let alerted: std::collections::HashSet<i64> = tg
            .calls_of("sendMessage")
            .iter()
            .filter(|c| c.status == 200)
            .filter_map(|c| c.params["chat_id"].as_i64())
            .collect();
        let so_far = format!("{logs}{}", serve.as_ref().unwrap().stderr());
        let open = chats
            .iter()
            .filter(|c| !alerted.contains(c) && !so_far.contains(&format!("chat {c}:")))
            .count();
        if open == 0 || settled.elapsed() > Duration::from_secs(120) {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_secs(1));
    logs += &serve.take().unwrap().stop().1;
    let mut per_chat: std::collections::HashMap<i64, usize> = Default::default();
    for c in tg.calls_of("sendMessage") {
        if c.status == 200
            && let Some(chat) = c.params["chat_id"].as_i64()
        {
            *per_chat.entry(chat).or_default() += 1;
        }
    }
    let twice = chats
        .iter()
        .filter(|c| per_chat.get(c).copied().unwrap_or(0) > 1)
        .count();
    let never: Vec<i64> = chats
        .iter()
        .filter(|c| !per_chat.contains_key(c))
        .copied()
        .collect();
    let unknown: Vec<&str> = logs
        .lines()
        .filter(|l| l.contains("fate unknown"))
        .collect();
    for chat in &never {
        if !unknown.iter().any(|l| l.contains(&format!("chat {chat}:"))) {
            for c in tg.calls_of("sendMessage") {
                if c.params["chat_id"].as_i64() == Some(*chat) {
                    println!("call to {chat}: status {}", c.status);
                }
            }
            for l in logs
                .lines()
                .filter(|l| l.contains(&chat.to_string()) || l.contains("alerts"))
            {
                println!("log: {l}");
            }
        }
        assert!(
            unknown.iter().any(|l| l.contains(&format!("chat {chat}:"))),
            "chat {chat} was never alerted and no restart logged its fate as unknown"
        );
    }
    println!(
        "{kills} kills during a fan-out to {} chats (sent before each kill: {killed_with:?}): \
         {twice} alerted twice, {} never, {} sends logged as fate unknown",
        chats.len(),
        never.len(),
        unknown.len()
    );
    Kills {
        twice,
        lost: never.len(),
        unknown: unknown.len(),
    }
}

/// Three kills at 100 sends a second: the fan-out (3 s) outlasts them, and the rest goes out in
/// a third of the time 30/s took.
#[test]
fn kills_during_a_fan_out_repeat_no_alert() {
    let k = kills_during_fan_out(3, 100);
    assert_eq!(k.twice, 0);
    assert!(k.lost <= k.unknown);
}

/// The issue's figure: `cargo test --test e2e alerts_e2e::twenty_kills -- --ignored --nocapture`.
#[test]
#[ignore = "about a minute; run by hand for the issue's figure"]
fn twenty_kills_during_a_fan_out() {
    let k = kills_during_fan_out(20, 30);
    println!(
        "across 20 kills during fan-out: {} duplicates, {} lost, {} fate unknown",
        k.twice, k.lost, k.unknown
    );
    assert_eq!(k.twice, 0);
}
