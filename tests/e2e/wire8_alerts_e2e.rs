//! QA round 10 (wire8), providers and alerts through the whole binary: `gpuscout serve`
//! polling three loopback providers in their own wire formats (RunPod's GraphQL `gpuTypes`,
//! Vast's `bundles`, Lambda's `instance-types`) while one hangs, one answers 500 and then a
//! changed schema, and the healthy one's restock is told once in Telegram and once in Discord;
//! restock flapping within a minute; a subscription whose chat Telegram no longer knows; a
//! card the provider names two ways.

use gpuscout_testkit::fake_discord::{CHANNEL_ID, FakeDiscord, Interactions};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use gpuscout_testkit::fake_telegram::{Chat, Failure, FakeTelegram, Person};
use gpuscout_testkit::serve::{Serve, Setup};
use serde_json::json;
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

const LAMBDA_KEY: &str = "secret_wire8lambdakey_0123456789abcdef";
const VAST_KEY: &str = "wire8vastkeyABCDEF0123456789abcdef0123";

fn runpod(rows: &[(&str, &str, f64, &str)]) -> String {
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .map(|(id, display, price, stock)| {
            json!({"id": id, "displayName": display, "memoryInGb": 80, "securePrice": price,
                   "communityPrice": null, "secureLowest": {"stockStatus": stock}})
        })
        .collect();
    json!({"data": {"gpuTypes": rows}}).to_string()
}

fn h100(stock: &str) -> String {
    runpod(&[
        ("NVIDIA H100 80GB HBM3", "H100 SXM", 2.69, stock),
        ("NVIDIA GeForce RTX 4090", "RTX 4090", 0.69, "High"),
    ])
}

fn vast_4090() -> String {
    json!({"offers": [{"id": 1001, "machine_id": 11, "gpu_name": "RTX 4090", "num_gpus": 1,
        "gpu_ram": 24564, "dph_total": 0.35, "rentable": true, "rented": false}]})
    .to_string()
}

fn lambda_a100() -> String {
    json!({"data": {"gpu_1x_a100_sxm4": {"instance_type": {"name": "gpu_1x_a100_sxm4",
        "description": "1x A100 (40 GB SXM4)", "gpu_description": "A100 (40 GB SXM4)",
        "price_cents_per_hour": 129, "specs": {"vcpus": 30, "memory_gib": 200,
        "storage_gib": 512, "gpus": 1}},
        "regions_with_capacity_available": [{"name": "us-east-1", "description": "Virginia"}]}}})
    .to_string()
}

/// Lambda's answer with its price field renamed and the capacity list moved: a schema change.
fn lambda_changed() -> String {
    json!({"data": {"gpu_1x_a100_sxm4": {"instance_type": {"name": "gpu_1x_a100_sxm4",
        "description": "1x A100 (40 GB SXM4)", "price": {"cents": 129, "unit": "hour"}},
        "capacity": {"regions": []}}}})
    .to_string()
}

fn polls(fake: &FakeProviders, path: &str) -> usize {
    fake.seen()
        .iter()
        .filter(|s| s.uri.starts_with(path))
        .count()
}

fn wait_polls(fake: &FakeProviders, path: &str, n: usize) {
    let start = polls(fake, path);
    let deadline = Instant::now() + Duration::from_secs(30);
    while polls(fake, path) < start + n {
        assert!(Instant::now() < deadline, "{path} was not polled");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(600));
}

fn base() -> Setup {
    Serve::with(env!("CARGO_BIN_EXE_gpuscout"))
        .env("GPUSCOUT_POLL_INTERVAL", "0.25")
        .env("GPUSCOUT_FETCH_TIMEOUT", "1")
        .env("GPUSCOUT_ALERT_DEBOUNCE_POLLS", "2")
        .env("GPUSCOUT_ALERT_DEBOUNCE_SECS", "0")
        .env("GPUSCOUT_ALERT_COOLDOWN_SECS", "0")
        .env("GPUSCOUT_FX_URL", "none")
}

/// `serve` polling one provider's fake at [`base`]'s pace (`Setup::provider` sets its own,
/// slower one) for Telegram's fake.
fn serve_one(provider: &'static str, fake: &FakeProviders, tg: &FakeTelegram, dir: &Path) -> Serve {
    base()
        .provider(provider, fake)
        .env("GPUSCOUT_POLL_INTERVAL", "0.25")
        .env("GPUSCOUT_FETCH_TIMEOUT", "1")
        .telegram(tg)
        .start_polling(dir, tg)
}

fn count_in(tg: &FakeTelegram, chat: i64, marker: &str) -> usize {
    tg.sent_to(chat)
        .iter()
        .filter(|m| m.html.contains(marker))
        .count()
}

fn discord_posts(d: &FakeDiscord, marker: &str) -> usize {
    let path = format!("/channels/{CHANNEL_ID}/messages");
    d.calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == path && !c.failed)
        .filter(|c| c.body.to_string().contains(marker))
        .count()
}

#[test]
fn one_healthy_provider_among_a_hung_and_a_broken_one_alerts_once_in_both_frontends() {
    let (rp, vast, lambda) = (
        FakeProviders::start(),
        FakeProviders::start(),
        FakeProviders::start(),
    );
    rp.script("/graphql", vec![Script::ok(h100("None"))]);
    vast.script("/api/v0/bundles/", vec![Script::ok(vast_4090())]);
    lambda.script("/api/v1/instance-types", vec![Script::ok(lambda_a100())]);
    let tg = FakeTelegram::start();
    let d = FakeDiscord::start();
    let dir = tempfile::tempdir().unwrap();
    let key_holder = Interactions::new("127.0.0.1:1".parse().unwrap());
    let serve = base()
        .telegram(&tg)
        .discord(&d, &key_holder.public_key_hex())
        .env("DISCORD_GATEWAY", "off")
        .env("GPUSCOUT_PROVIDERS", "runpod,vast,lambda")
        .env("GPUSCOUT_RUNPOD_URL", rp.url())
        .env("GPUSCOUT_VAST_URL", vast.url())
        .env("GPUSCOUT_LAMBDA_URL", lambda.url())
        .env("GPUSCOUT_VAST_API_KEY", VAST_KEY)
        .env("GPUSCOUT_LAMBDA_API_KEY", LAMBDA_KEY)
        .start_polling(dir.path(), &tg);
    let addr: SocketAddr = serve.http_addr(Duration::from_secs(30));
    let discord = key_holder.at(addr);
    let channel = Chat::Channel {
        id: -100_870_001,
        title: "drops".into(),
    };
    for line in [
        "/subscribe h100 runpod",
        "/subscribe 4090 vast",
        "/subscribe a100 lambda",
    ] {
        tg.channel_post(&channel, line);
    }
    tg.wait_for_messages(channel.id(), 3);
    let mut admin = discord.command(
        "subscribe",
        &[("gpu", json!("h100")), ("platform", json!("runpod"))],
        "400000000000000001",
        "en-US",
    );
    admin["member"]["permissions"] = json!("16");
    let ok = discord.post(&admin);
    assert!(ok.body.to_string().contains("Alert set"), "{:?}", ok.body);
    // A baseline from every provider, then Vast hangs and Lambda breaks.
    wait_polls(&rp, "/graphql", 3);
    let polled = |f: &FakeProviders, path: &str| {
        let deadline = Instant::now() + Duration::from_secs(15);
        while polls(f, path) < 2 {
            assert!(Instant::now() < deadline, "{path}: {}", serve.output());
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    polled(&lambda, "/api/v1/instance-types");
    polled(&vast, "/api/v0/bundles/");
    vast.script(
        "/api/v0/bundles/",
        vec![Script::ok(vast_4090()).slow(Duration::from_secs(30))],
    );
    // Lambda's schema changed (a miss: the next try is 30 s away, so its 500 after that is
    // not seen here; a changed schema read as "no offers" would be polled again at once).
    lambda.script(
        "/api/v1/instance-types",
        vec![
            Script::ok(lambda_changed()),
            Script::status(500, r#"{"error": {"code": "global/unknown"}}"#),
        ],
    );
    wait_polls(&lambda, "/api/v1/instance-types", 1);
    let lambda_polls = polls(&lambda, "/api/v1/instance-types");
    // The healthy provider's restock.
    rp.script("/graphql", vec![Script::ok(h100("High"))]);
    tg.wait_until(Duration::from_secs(30), "the Telegram alert", |v| {
        v.sent_to(channel.id())
            .into_iter()
            .find(|m| m.html.contains("H100") && m.html.contains("in stock on"))
    });
    d.wait_for_call(|c| {
        c.method == "POST"
            && c.path == format!("/channels/{CHANNEL_ID}/messages")
            && c.body.to_string().contains("H100")
    });
    wait_polls(&rp, "/graphql", 4);
    // Case: the changed schema was a miss, not an answer of no offers (no poll at the interval).
    assert_eq!(
        polls(&lambda, "/api/v1/instance-types"),
        lambda_polls,
        "{}",
        serve.output()
    );
    // Case: once in Telegram; case: once in Discord.
    assert_eq!(
        count_in(&tg, channel.id(), "in stock on"),
        1,
        "{:?}",
        tg.sent_to(channel.id())
    );
    assert_eq!(discord_posts(&d, "H100"), 1);
    // Case: the hung Vast and the broken Lambda said nothing false ("gone again").
    assert_eq!(
        count_in(&tg, channel.id(), "gone again"),
        0,
        "{:?}",
        tg.sent_to(channel.id())
    );
    assert_eq!(
        count_in(&tg, channel.id(), "4090"),
        1,
        "only the subscribe answer"
    );
    // Case: /status or /stock still shows Lambda's last good A100 rather than "none".
    tg.channel_post(&channel, "/stock a100 40gb");
    let n = tg.sent_to(channel.id()).len();
    let stock = tg.wait_for_messages(channel.id(), n + 1);
    let answer = &stock.last().unwrap().html;
    assert!(answer.contains("Lambda"), "{answer}");
    // Case: no key in the log or in anything sent.
    let (status, out) = serve.stop();
    assert!(status.success(), "{out}");
    for key in [LAMBDA_KEY, VAST_KEY] {
        assert!(!out.contains(key), "{out}");
        assert!(
            !tg.calls()
                .iter()
                .any(|c| c.params.to_string().contains(key))
        );
        assert!(!d.calls().iter().any(|c| c.body.to_string().contains(key)));
    }
}

#[test]
fn flapping_within_a_minute_is_one_alert_and_a_card_named_two_ways_is_one_card() {
    let rp = FakeProviders::start();
    rp.script("/graphql", vec![Script::ok(h100("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let _serve = serve_one("runpod", &rp, &tg, dir.path());
    let ann = Person::new(8701, "Ann", Some("en"));
    let dm = Chat::Private(ann.clone());
    tg.send_text(&dm, &ann, "/subscribe h100 runpod");
    tg.wait_for_messages(dm.id(), 1);
    wait_polls(&rp, "/graphql", 3);
    // Case: in for one poll, out, in for one poll, out: never two polls in a row, no alert.
    rp.script(
        "/graphql",
        vec![
            Script::ok(h100("High")),
            Script::ok(h100("None")),
            Script::ok(h100("High")),
            Script::ok(h100("None")),
        ],
    );
    wait_polls(&rp, "/graphql", 6);
    assert_eq!(
        count_in(&tg, dm.id(), "in stock on"),
        0,
        "{:?}",
        tg.sent_to(dm.id())
    );
    // Case: the card comes back under a second spelling (RunPod's display name as its id),
    // beside the first one still out: one card, one alert.
    rp.script(
        "/graphql",
        vec![Script::ok(runpod(&[
            ("NVIDIA H100 80GB HBM3", "H100 SXM", 2.69, "None"),
            ("NVIDIA H100 SXM5 80GB", "H100 SXM5", 2.79, "High"),
        ]))],
    );
    tg.wait_until(Duration::from_secs(30), "one alert", |v| {
        v.sent_to(dm.id())
            .into_iter()
            .find(|m| m.html.contains("in stock on"))
    });
    wait_polls(&rp, "/graphql", 4);
    assert_eq!(
        count_in(&tg, dm.id(), "in stock on"),
        1,
        "{:?}",
        tg.sent_to(dm.id())
    );
    // Case: flapping back in and out under the debounce adds no second alert.
    rp.script(
        "/graphql",
        vec![
            Script::ok(h100("None")),
            Script::ok(runpod(&[(
                "NVIDIA H100 SXM5 80GB",
                "H100 SXM5",
                2.79,
                "High",
            )])),
        ],
    );
    wait_polls(&rp, "/graphql", 4);
    assert_eq!(
        count_in(&tg, dm.id(), "in stock on"),
        1,
        "{:?}",
        tg.sent_to(dm.id())
    );
    assert_eq!(
        count_in(&tg, dm.id(), "gone again"),
        0,
        "{:?}",
        tg.sent_to(dm.id())
    );
}

#[test]
fn a_subscription_whose_chat_telegram_no_longer_knows_is_turned_off_after_one_try() {
    let rp = FakeProviders::start();
    rp.script("/graphql", vec![Script::ok(h100("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let serve = serve_one("runpod", &rp, &tg, dir.path());
    let group = Chat::Group {
        id: -870_002,
        title: "old".into(),
    };
    let ann = Person::new(8702, "Ann", Some("en"));
    tg.set_admins(&group, &[ann.id]);
    tg.send_text(&group, &ann, "/subscribe h100 runpod");
    let set = tg.wait_for_messages(group.id(), 1);
    assert!(set[0].html.contains("Alert set"), "{}", set[0].html);
    wait_polls(&rp, "/graphql", 3);
    // The group was deleted: Telegram answers "chat not found".
    tg.fail_chat(
        group.id(),
        Some(Failure::Status(400, "Bad Request: chat not found".into())),
    );
    for stock in ["High", "None", "High"] {
        rp.script("/graphql", vec![Script::ok(h100(stock))]);
        wait_polls(&rp, "/graphql", 3);
    }
    let tries = tg
        .calls_of("sendMessage")
        .iter()
        .filter(|c| c.params["chat_id"].to_string().trim_matches('"') == group.id().to_string())
        .count();
    // Case: one try (the subscribe answer went before), never retried forever.
    assert!(tries <= 2, "{tries} sends to a chat Telegram does not know");
    let (status, out) = serve.stop();
    assert!(status.success(), "{out}");
}

#[test]
fn an_alert_held_by_a_429_storm_or_a_hung_send_in_one_chat_holds_no_other_chat() {
    let rp = FakeProviders::start();
    rp.script("/graphql", vec![Script::ok(h100("None"))]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let serve = serve_one("runpod", &rp, &tg, dir.path());
    let people: Vec<Person> = (0..6)
        .map(|i| Person::new(8800 + i, "Sub", Some("en")))
        .collect();
    for p in &people {
        tg.send_text(&Chat::Private(p.clone()), p, "/subscribe h100 runpod");
    }
    for p in &people {
        tg.wait_for_messages(p.id, 1);
    }
    wait_polls(&rp, "/graphql", 3);
    // One chat is told to wait a minute on every send; another's sends never come back.
    tg.fail_chat(people[0].id, Some(Failure::RetryAfter(60)));
    tg.fail_chat(people[1].id, Some(Failure::Hang));
    let restocked = Instant::now();
    rp.script("/graphql", vec![Script::ok(h100("High"))]);
    // Case: the four other chats hear at once (the debounce is two polls of 0.25 s).
    for p in &people[2..] {
        tg.wait_until(Duration::from_secs(20), "the alert", |v| {
            v.sent_to(p.id)
                .into_iter()
                .find(|m| m.html.contains("in stock on"))
        });
    }
    assert!(
        restocked.elapsed() < Duration::from_secs(10),
        "{:?}",
        restocked.elapsed()
    );
    // Case: the chat asked to wait 60 s is not asked again within them.
    std::thread::sleep(Duration::from_secs(2));
    let tries = tg
        .calls_of("sendMessage")
        .iter()
        .filter(|c| c.params["chat_id"] == json!(people[0].id) && c.status == 429)
        .count();
    assert!(tries <= 1, "{tries} tries inside a 60 s retry_after");
    // Case: a new subscriber's question is still answered meanwhile.
    let late = Person::new(8899, "Late", Some("en"));
    tg.send_text(&Chat::Private(late.clone()), &late, "/gpu h100");
    tg.wait_for_messages(late.id, 1);
    // Case: a stop is held by neither.
    let stopping = Instant::now();
    let (status, out) = serve.stop_within(Duration::from_secs(20));
    assert!(
        stopping.elapsed() < Duration::from_secs(15),
        "{:?}",
        stopping.elapsed()
    );
    assert!(status.success(), "{out}");
}

#[test]
fn a_provider_whose_answer_changed_shape_never_says_gone_again() {
    let vast = FakeProviders::start();
    vast.script("/api/v0/bundles/", vec![Script::ok(vast_4090())]);
    let tg = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let serve = serve_one("vast", &vast, &tg, dir.path());
    let ann = Person::new(8711, "Ann", Some("en"));
    let dm = Chat::Private(ann.clone());
    tg.send_text(&dm, &ann, "/subscribe 4090 vast");
    tg.wait_for_messages(dm.id(), 1);
    wait_polls(&vast, "/api/v0/bundles/", 3);
    // Vast renamed `offers` and a row's fields: the answer reads as nothing we know.
    vast.script(
        "/api/v0/bundles/",
        vec![Script::ok(
            json!({"results": [{"id": 1001, "gpu": {"name": "RTX 4090", "count": 1},
                "price": {"per_hour": 0.35}}]})
            .to_string(),
        )],
    );
    wait_polls(&vast, "/api/v0/bundles/", 1);
    // And then rows without the fields we read, under the old key.
    vast.script(
        "/api/v0/bundles/",
        vec![Script::ok(
            json!({"offers": [{"id": 1001, "gpu": {"name": "RTX 4090"}, "price": 0.35}]})
                .to_string(),
        )],
    );
    std::thread::sleep(Duration::from_secs(2));
    // Case: no false "gone again" for a card Vast did not say was gone.
    assert_eq!(
        count_in(&tg, dm.id(), "gone again"),
        0,
        "{:?}",
        tg.sent_to(dm.id())
    );
    // Case: /stock still shows the last good Vast offer.
    tg.send_text(&dm, &ann, "/stock 4090");
    let sent = tg.wait_for_messages(dm.id(), 2);
    assert!(sent[1].html.contains("Vast"), "{}", sent[1].html);
    let (status, out) = serve.stop();
    assert!(status.success(), "{out}");
}
