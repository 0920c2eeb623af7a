//! The Telegram sender and runner in-process, against the loopback fake Bot API: what the
//! availability alerts will use (photos, long texts, pacing, blocked chats), and the
//! "typing…" action on slow answers.

use bot_core::reply::{Image, Part};
use bot_core::{Catalog, Lang, Msg, Reply, Store};
use gpuscout_frontend::pace::Rate;
use gpuscout_telegram::{Config, SendError, Telegram, Token};
use gpuscout_testkit::fake_telegram::{self, Chat, Failure, FakeTelegram, Person, TOKEN};
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// The sender's configuration against `fake` (shared by the suite's modules).
pub(crate) fn config(fake: &FakeTelegram) -> Config {
    let mut c = Config::new(Token::new(TOKEN));
    c.api_url = fake.api_url().parse().unwrap();
    c
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A tiny valid PNG header is enough: the fake only checks the signature.
const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];

#[test]
fn a_chart_alert_goes_to_a_channel_as_a_photo_with_an_escaped_caption() {
    let fake = FakeTelegram::start();
    let channel = -100_555;
    let reply = Reply {
        parts: vec![Part::Raw("H100 back on <RunPod> & Vast".into())],
        image: Some(Box::new(Image {
            png: PNG.to_vec(),
            caption: Msg::new("error-gpu-not-found").arg("query", "<chart>"),
        })),
        ..Reply::default()
    };
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        tg.sender()
            .send_reply(channel, Lang::En, &reply)
            .await
            .unwrap();
    });
    let photo = fake.wait_for_call("sendPhoto", |_| true);
    assert_eq!(photo.params["chat_id"], "-100555");
    assert_eq!(photo.params["parse_mode"], "HTML");
    assert!(
        photo.params["caption"]
            .as_str()
            .unwrap()
            .contains("&lt;chart&gt;"),
        "{}",
        photo.params
    );
    let png_parts = photo
        .params
        .as_object()
        .unwrap()
        .values()
        .filter(|v| v["png"] == true)
        .count();
    assert_eq!(png_parts, 1, "{}", photo.params);
    let sent = fake.wait_for_messages(channel, 2);
    assert!(sent[0].photo);
    assert_eq!(sent[1].html, "H100 back on &lt;RunPod&gt; &amp; Vast");
}

#[test]
fn a_long_alert_is_split_on_lines_and_a_429_is_waited_out() {
    let fake = FakeTelegram::start();
    let chat = 4242;
    let lines: Vec<String> = (0..400)
        .map(|i| format!("{i:03}: RTX 4090 <available> on platform #{i}"))
        .collect();
    fake.fail_next("sendMessage", Failure::RetryAfter(1));
    let mut config = config(&fake);
    // Pace like Telegram but faster, so the test measures our retry, not the 1/s chat limit.
    config.limits.chat = Some(Rate::new(100, Duration::from_secs(1)));
    runtime().block_on(async {
        let tg = Telegram::new(config).unwrap();
        tg.sender()
            .send_text(chat, &lines.join("\n"))
            .await
            .unwrap();
    });
    let sent = fake.sent_to(chat);
    assert!(sent.len() >= 4, "{} messages", sent.len());
    for s in &sent {
        assert!(s.html.encode_utf16().count() <= 4096);
    }
    let joined: Vec<String> = sent
        .iter()
        .flat_map(|s| {
            s.html
                .lines()
                .map(fake_telegram::strip_html)
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(joined, lines, "every line once, in order, none cut");
    let calls = fake.calls_of("sendMessage");
    assert_eq!(calls[0].status, 429);
    assert!(calls[1].at - calls[0].at >= Duration::from_secs(1));
}

#[test]
fn a_chat_that_blocked_the_bot_is_reported_as_gone_not_retried() {
    let fake = FakeTelegram::start();
    fake.fail_next(
        "sendMessage",
        Failure::Status(403, "Forbidden: bot was blocked by the user".into()),
    );
    let result = runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        tg.sender().send_text(77, "H100 is back").await
    });
    assert!(matches!(result, Err(SendError::ChatGone(_))), "{result:?}");
    assert_eq!(fake.calls_of("sendMessage").len(), 1);
    let shown = format!("{:?}", result.unwrap_err());
    assert!(!shown.contains(TOKEN));
}

#[test]
fn a_slow_answer_shows_typing_before_the_reply() {
    let fake = FakeTelegram::start();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
    let core = Arc::new(bot_core::Bot::new(
        Arc::new(Catalog::load(None).unwrap()),
        store,
    ));
    let mut config = config(&fake);
    // Everything counts as slow here.
    config.typing_after = Duration::ZERO;
    let rt = runtime();
    let stop = CancellationToken::new();
    let running = rt.spawn({
        let stop = stop.clone();
        async move { Telegram::new(config).unwrap().run(core, stop).await }
    });
    fake.wait_for_polling(1);
    let alice = Person::new(5, "Alice", Some("en"));
    fake.send_text(&Chat::Private(alice.clone()), &alice, "/gpus");
    fake.wait_for_messages(5, 1);
    let calls = fake.calls();
    let typing = calls
        .iter()
        .position(|c| c.method == "sendChatAction" && c.params["action"] == "typing")
        .expect("typing action");
    let reply = calls
        .iter()
        .position(|c| c.method == "sendMessage")
        .expect("reply");
    assert!(typing < reply);
    stop.cancel();
    rt.block_on(running).unwrap().unwrap();
}

/// Issue 29.1: a send that meets a cut connection, Telegram's 500 or a proxy's 502 is sent
/// again with backoff; every one of many replies to many chats arrives, each exactly once (the
/// fake cuts before carrying a call out, so a retry cannot double it).
#[test]
fn replies_through_cut_connections_and_server_errors_all_arrive_once() {
    let fake = FakeTelegram::start();
    // Every 4th sendMessage fails. Each 5xx costs teloxide's own 10 s pause (teloxide-core
    // `DELAY_ON_SERVER_ERROR`) before our retry, so the ~30 failures carry one proxy 502 and
    // one Telegram 500, and they come first: both pauses run side by side while the cut
    // connections go on in the other chats, so the test takes one pause, not two in a row.
    let mut schedule = vec![
        Failure::Html(502),
        Failure::Status(500, "Internal Server Error".into()),
    ];
    schedule.extend(vec![Failure::Drop; 28]);
    fake.fail_every("sendMessage", 4, schedule);
    let chats: Vec<i64> = (1..=40).map(|c| 7_000 + c).collect();
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        let mut tasks = tokio::task::JoinSet::new();
        for &chat in &chats {
            let sender = sender.clone();
            tasks.spawn(async move {
                for n in 0..3 {
                    let text = format!("reply {n} to {chat}");
                    sender.send_text(chat, &text).await.unwrap();
                }
            });
        }
        while let Some(r) = tasks.join_next().await {
            r.unwrap();
        }
    });
    let failed = fake
        .calls_of("sendMessage")
        .iter()
        .filter(|c| c.status != 200)
        .count();
    assert!(failed >= 25, "the schedule injected failures: {failed}");
    let mut lost = 0;
    for &chat in &chats {
        let texts: Vec<String> = fake.sent_to(chat).into_iter().map(|s| s.html).collect();
        let want: Vec<String> = (0..3).map(|n| format!("reply {n} to {chat}")).collect();
        lost += want.iter().filter(|w| !texts.contains(w)).count();
        assert_eq!(texts, want, "chat {chat}: in order, once each");
    }
    println!("replies lost under the dropping fake: {lost} of 120 ({failed} failed calls)");
}

/// An alert's durable marks as a recording: how often its intent was written and withdrawn.
#[derive(Default)]
pub(crate) struct Marks {
    pub(crate) key: String,
    pub(crate) intents: std::sync::atomic::AtomicUsize,
    pub(crate) withdrawals: std::sync::atomic::AtomicUsize,
}

impl gpuscout_frontend::Once for Marks {
    fn key(&self) -> &str {
        &self.key
    }
    fn intend(&self) -> gpuscout_frontend::SendFuture<'_> {
        self.intents
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Box::pin(async { Ok(()) })
    }
    fn withdraw(&self) -> gpuscout_frontend::SendFuture<'_> {
        self.withdrawals
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Box::pin(async { Ok(()) })
    }
}

/// Issue 29.1 for alerts: an alert (`send_once`, posted by our own `post_json`) that meets a
/// cut connection, Telegram's 500 or a proxy's 502 is sent again with backoff, and every
/// alert arrives exactly once. A refusal (a 5xx answer) withdraws the mark before the retry
/// and the retry marks again; a cut connection keeps it (its fate is unknown). Each alert
/// ends marked once, so a kill afterwards cannot lose or repeat it.
#[test]
fn alerts_through_cut_connections_and_server_errors_all_arrive_once() {
    use gpuscout_frontend::{Address, Sender};
    use std::sync::atomic::Ordering;
    let fake = FakeTelegram::start();
    // Every 3rd sendMessage fails, in turn: cut, 500, cut, 502.
    fake.fail_every("sendMessage", 3, fake_telegram::flaky_failures());
    let chats: Vec<i64> = (1..=24).map(|c| 8_000 + c).collect();
    let marks: Vec<Arc<Marks>> = chats
        .iter()
        .map(|c| {
            Arc::new(Marks {
                key: format!("telegram:{c}:h100:1"),
                ..Marks::default()
            })
        })
        .collect();
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        let mut tasks = tokio::task::JoinSet::new();
        for (&chat, m) in chats.iter().zip(&marks) {
            let (sender, m) = (sender.clone(), m.clone());
            tasks.spawn(async move {
                let reply = Reply {
                    parts: vec![Part::Raw(format!("H100 back for {chat}"))],
                    ..Reply::default()
                };
                sender
                    .send_once(&Address::chat(chat.to_string()), Lang::En, &reply, &*m)
                    .await
                    .unwrap();
            });
        }
        while let Some(r) = tasks.join_next().await {
            r.unwrap();
        }
    });
    let calls = fake.calls_of("sendMessage");
    let cut = calls.iter().filter(|c| c.status == 0).count();
    let refused = calls.iter().filter(|c| c.status >= 500).count();
    assert!(cut >= 3 && refused >= 3, "cut {cut}, refused {refused}");
    let mut lost = 0;
    for (&chat, m) in chats.iter().zip(&marks) {
        let texts: Vec<String> = fake.sent_to(chat).into_iter().map(|s| s.html).collect();
        lost += usize::from(texts.is_empty());
        assert_eq!(texts, vec![format!("H100 back for {chat}")], "chat {chat}");
        let (intents, withdrawals) = (
            m.intents.load(Ordering::SeqCst),
            m.withdrawals.load(Ordering::SeqCst),
        );
        assert_eq!(intents - withdrawals, 1, "chat {chat}: ends marked once");
    }
    let withdrawn: usize = marks
        .iter()
        .map(|m| m.withdrawals.load(Ordering::SeqCst))
        .sum();
    assert_eq!(
        withdrawn, refused,
        "each refusal withdraws its mark, a cut does not"
    );
    println!("alerts lost under the dropping fake: {lost} of 24 ({cut} cut, {refused} refused)");
}

/// An alert's marks on a slow disk with group commit: a commit takes 600 ms and holds every
/// intent that arrived while the one before it was written, so intents become durable
/// together, at each 600 ms boundary; `open` counts alerts marked and not yet answered,
/// `most` the highest it reached.
struct SlowMarks {
    key: String,
    start: std::time::Instant,
    open: Arc<std::sync::atomic::AtomicUsize>,
    most: Arc<std::sync::atomic::AtomicUsize>,
}

impl gpuscout_frontend::Once for SlowMarks {
    fn key(&self) -> &str {
        &self.key
    }
    fn intend(&self) -> gpuscout_frontend::SendFuture<'_> {
        Box::pin(async {
            let rounds = self.start.elapsed().as_millis() as u64 / 600 + 1;
            let durable = self.start + Duration::from_millis(600 * rounds);
            tokio::time::sleep(durable.saturating_duration_since(std::time::Instant::now())).await;
            let now = self.open.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
            self.most
                .fetch_max(now, std::sync::atomic::Ordering::SeqCst);
            Ok(())
        })
    }
    fn withdraw(&self) -> gpuscout_frontend::SendFuture<'_> {
        self.open.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        Box::pin(async { Ok(()) })
    }
}

/// Issue 23.4 on Telegram: what a kill can cost is the alerts marked and not yet answered, so
/// however slow the disk, at most a quarter second of the pace is in that state at once
/// (alerts whose slot comes during a slow commit wait unmarked), and every alert still
/// arrives once.
#[test]
fn a_slow_disk_keeps_few_alerts_marked_and_unanswered_at_once() {
    use gpuscout_frontend::{Address, Sender};
    use std::sync::atomic::{AtomicUsize, Ordering};
    let fake = FakeTelegram::start();
    let (open, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let chats: Vec<i64> = (1..=24).map(|c| 9_000 + c).collect();
    let start = std::time::Instant::now();
    let mut bound = 0;
    runtime().block_on(async {
        let tg = Telegram::new(config(&fake)).unwrap();
        let sender = tg.sender();
        bound = sender.alerts_in_flight();
        let mut tasks = tokio::task::JoinSet::new();
        for &chat in &chats {
            let (sender, open) = (sender.clone(), open.clone());
            let marks = SlowMarks {
                key: format!("telegram:{chat}:h100:1"),
                start,
                open: open.clone(),
                most: most.clone(),
            };
            tasks.spawn(async move {
                let reply = Reply {
                    parts: vec![Part::Raw(format!("H100 back for {chat}"))],
                    ..Reply::default()
                };
                sender
                    .send_once(&Address::chat(chat.to_string()), Lang::En, &reply, &marks)
                    .await
                    .unwrap();
                // Answered: the dispatcher records it delivered.
                open.fetch_sub(1, Ordering::SeqCst);
            });
        }
        while let Some(r) = tasks.join_next().await {
            r.unwrap();
        }
    });
    for &chat in &chats {
        assert_eq!(fake.sent_to(chat).len(), 1, "chat {chat}");
    }
    let most = most.load(Ordering::SeqCst);
    println!("alerts marked and unanswered at once: at most {most}");
    // A quarter second at the default pace (one send per 38 ms). Without the bound, 15 were
    // (every alert whose slot came during one commit).
    assert_eq!(bound, 7);
    assert!(
        most <= bound && most >= 2,
        "{most} alerts marked and unanswered at once (bound {bound})"
    );
}
