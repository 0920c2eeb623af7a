//! The alert dispatcher against a recording fake `Sender` that paces itself the way the
//! platform senders do (the real `pace::Pacer`; the dispatcher adds no pacing of its own): a
//! fan-out to 1,000 chats stays within the configured pacing and delivers each alert once; `retry_after` pauses the
//! platform; a gone chat is unsubscribed and not retried; a failure is retried later.

use bot_core::alerts::{self, AlertConfig, ChatKind, Subscription, outbox};
use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, now_unix, record_fetch};
use bot_core::store::{Store, db_path};
use bot_core::{Catalog, Lang, Localizer, Reply};
use gpuscout_frontend::dispatch::Dispatcher;
use gpuscout_frontend::pace::{self, Limits, Pacer, Rate};
use gpuscout_frontend::{Address, SendError, SendFuture, Sender};
use rust_decimal::Decimal;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Records every send; fails per chat as scripted. Like a platform sender, each message first
/// takes a slot from its pacer (groups have negative ids, as on Telegram).
struct Fake {
    pacer: Pacer,
    sent: Mutex<Vec<(String, Instant, String)>>,
    script: Mutex<HashMap<String, VecDeque<SendError>>>,
}

impl Default for Fake {
    fn default() -> Fake {
        Fake::paced(Limits::TELEGRAM)
    }
}

impl Fake {
    fn paced(limits: Limits) -> Fake {
        Fake {
            pacer: Pacer::new(limits),
            sent: Mutex::default(),
            script: Mutex::default(),
        }
    }
    fn fail(&self, chat: &str, errors: Vec<SendError>) {
        self.script
            .lock()
            .unwrap()
            .insert(chat.into(), errors.into());
    }
    fn sent(&self) -> Vec<(String, Instant, String)> {
        self.sent.lock().unwrap().clone()
    }
}

impl Sender for Fake {
    fn send<'a>(&'a self, to: &'a Address, lang: Lang, reply: &'a Reply) -> SendFuture<'a> {
        Box::pin(async move {
            let kind = if to.chat.starts_with('-') {
                pace::ChatKind::Group
            } else {
                pace::ChatKind::Private
            };
            self.pacer.slot(&to.chat, kind).await;
            if let Some(e) = self
                .script
                .lock()
                .unwrap()
                .get_mut(&to.chat)
                .and_then(VecDeque::pop_front)
            {
                return Err(e);
            }
            let text = Localizer::get().render_plain(lang, reply);
            self.sent
                .lock()
                .unwrap()
                .push((to.chat.clone(), Instant::now(), text));
            Ok(())
        })
    }
    fn edit_or_send<'a>(
        &'a self,
        to: &'a Address,
        _: &'a str,
        lang: Lang,
        reply: &'a Reply,
    ) -> SendFuture<'a> {
        self.send(to, lang, reply)
    }
    fn typing<'a>(&'a self, _: &'a str) -> SendFuture<'a> {
        Box::pin(async { Ok(()) })
    }
}

struct World {
    _dir: tempfile::TempDir,
    store: Arc<Store>,
    catalog: Arc<Catalog>,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    World {
        store: Arc::new(Store::open(&db_path(dir.path())).unwrap()),
        catalog: Arc::new(Catalog::embedded().unwrap()),
        _dir: dir,
    }
}

fn subscribe(w: &World, platform: &str, chat: &str, kind: ChatKind, max: Option<&str>) {
    let sub = Subscription {
        id: 0,
        platform: platform.into(),
        chat: chat.into(),
        kind,
        created_by: "7".into(),
        created_at: now_unix(),
        lang: Lang::En,
        currency: "USD".into(),
        gpu: w.catalog.gpu("h100").unwrap().id.clone(),
        provider: None,
        max_price: max.map(|m| m.parse().unwrap()),
        max_currency: "USD".into(),
        min_cards: None,
        track: BTreeMap::new(),
    };
    assert!(matches!(
        alerts::add(&w.store, sub, 10).unwrap(),
        alerts::Added::Added(_)
    ));
}

/// Out, then in for two polls: one "back" alert per subscription.
fn flip(w: &World) -> usize {
    let gpu = w.catalog.gpu("h100").unwrap().id.clone();
    let now = now_unix();
    let cfg = AlertConfig {
        debounce_polls: 2,
        debounce_secs: 0,
        cooldown_secs: 0,
    };
    let mut n = 0;
    for (i, level) in [
        StockLevel::Unavailable,
        StockLevel::Available,
        StockLevel::Available,
    ]
    .into_iter()
    .enumerate()
    {
        let at = now - 30 + i as i64 * 10;
        let offer = Offer {
            provider: "runpod".into(),
            gpu: gpu.clone(),
            raw_name: "H100".into(),
            cards: 1,
            vram_gb: Some(80.0),
            price_per_gpu_hour: Decimal::new(239, 2),
            price_per_instance_hour: Decimal::new(239, 2),
            currency: "USD".into(),
            kind: OfferKind::OnDemand,
            region: None,
            stock: level,
            available_count: None,
            fetched_at: at,
            source: "test".into(),
        };
        record_fetch(&w.store, "runpod", FetchOutcome::Offers(vec![offer]), at).unwrap();
        n += alerts::detect(&w.store, &w.catalog, &cfg, now)
            .unwrap()
            .alerts;
    }
    n
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn a_fan_out_to_1000_chats_keeps_the_configured_pacing_and_delivers_each_once() {
    let w = world();
    // 900 private chats, 100 groups; ten private chats hold a second subscription.
    for i in 0..900 {
        subscribe(&w, "telegram", &format!("{i}"), ChatKind::Private, None);
    }
    for i in 0..100 {
        subscribe(&w, "telegram", &format!("-{i}"), ChatKind::Group, None);
    }
    for i in 0..10 {
        subscribe(
            &w,
            "telegram",
            &format!("{i}"),
            ChatKind::Private,
            Some("3"),
        );
    }
    assert_eq!(flip(&w), 1010);
    // 400/s evenly spaced, 500 ms between two messages to one chat, 20/min per group.
    let fake = Arc::new(Fake::paced(Limits {
        chat: Some(Rate::new(1, Duration::from_millis(500))),
        group: Some(Rate::new(20, Duration::from_secs(60))),
        overall: Some(Rate::new(1, Duration::from_micros(2500))),
    }));
    let d = Arc::new(Dispatcher::new(w.store.clone()).with_platform("telegram", fake.clone()));
    let started = Instant::now();
    let delivered = rt().block_on(d.drain());
    let took = started.elapsed();
    assert_eq!(delivered, 1010);
    let sent = fake.sent();
    assert_eq!(sent.len(), 1010);
    let mut per_chat: HashMap<&str, Vec<Instant>> = HashMap::new();
    for (chat, at, _) in &sent {
        per_chat.entry(chat).or_default().push(*at);
    }
    assert_eq!(per_chat.len(), 1000);
    for (chat, times) in &per_chat {
        assert!(times.len() <= 2, "{chat}");
        if let [a, b] = times[..] {
            let gap = if b > a { b - a } else { a - b };
            assert!(gap >= Duration::from_millis(490), "{chat}: {gap:?}");
        }
    }
    // Overall: no one-second window holds more than the rate (plus the one at its edge).
    let mut times: Vec<Instant> = sent.iter().map(|(_, t, _)| *t).collect();
    times.sort();
    let mut j = 0;
    for i in 0..times.len() {
        while times[i] - times[j] >= Duration::from_secs(1) {
            j += 1;
        }
        assert!(i - j < 402, "{} sends within one second", i - j + 1);
    }
    // And it went out about as fast as allowed: 1,010 at 400/s is 2.5 s.
    assert!(took >= Duration::from_millis(2400), "{took:?}");
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert!(outbox::pending(&w.store, 10).unwrap().is_empty());
    assert_eq!(outbox::stats(&w.store).unwrap().depth, 0);
    // A second drain sends nothing: every alert was delivered exactly once.
    assert_eq!(rt().block_on(d.drain()), 0);
}

#[test]
fn retry_after_pauses_the_platform_and_the_alert_still_arrives_once() {
    let w = world();
    subscribe(&w, "discord", "555", ChatKind::Channel, None);
    subscribe(&w, "discord", "556", ChatKind::Channel, None);
    assert_eq!(flip(&w), 2);
    let fake = Arc::new(Fake::default());
    fake.fail(
        "555",
        vec![SendError::RetryAfter(Duration::from_millis(1500))],
    );
    let d = Arc::new(Dispatcher::new(w.store.clone()).with_platform("discord", fake.clone()));
    let started = Instant::now();
    let runtime = rt();
    let mut delivered = 0;
    while delivered < 2 && started.elapsed() < Duration::from_secs(10) {
        delivered += runtime.block_on(d.drain());
        std::thread::sleep(Duration::from_millis(100));
    }
    let sent = fake.sent();
    assert_eq!(sent.iter().filter(|(c, _, _)| c == "555").count(), 1);
    assert_eq!(sent.iter().filter(|(c, _, _)| c == "556").count(), 1);
    // The retry waited out what the platform asked for.
    let at = sent.iter().find(|(c, _, _)| c == "555").unwrap().1;
    assert!(
        at - started >= Duration::from_millis(1400),
        "{:?}",
        at - started
    );
    assert!(outbox::pending(&w.store, 10).unwrap().is_empty());
}

#[test]
fn a_chat_that_blocked_the_bot_is_unsubscribed_and_never_retried() {
    let w = world();
    subscribe(&w, "telegram", "-100777", ChatKind::Channel, None);
    subscribe(&w, "telegram", "42", ChatKind::Private, None);
    assert_eq!(flip(&w), 2);
    let fake = Arc::new(Fake::default());
    fake.fail(
        "-100777",
        vec![SendError::ChatGone("Forbidden: bot was kicked".into())],
    );
    let d = Arc::new(Dispatcher::new(w.store.clone()).with_platform("telegram", fake.clone()));
    let runtime = rt();
    runtime.block_on(d.drain());
    let subs = alerts::list_all(&w.store).unwrap();
    assert_eq!(subs.len(), 1);
    assert_eq!(subs[0].chat, "42");
    // The admin who set it (user 7) was told; the channel got nothing.
    let sent = fake.sent();
    assert!(sent.iter().all(|(c, _, _)| c != "-100777"));
    let notice = sent
        .iter()
        .find(|(c, _, _)| c == "7")
        .expect("a notice to the admin");
    assert!(notice.2.contains("-100777"), "{}", notice.2);
    assert!(outbox::pending(&w.store, 10).unwrap().is_empty());
    // New stock later: nothing goes to the gone chat.
    assert_eq!(runtime.block_on(d.drain()), 0);
}

#[test]
fn a_failed_send_is_retried_later_with_backoff() {
    let w = world();
    subscribe(&w, "telegram", "42", ChatKind::Private, None);
    assert_eq!(flip(&w), 1);
    let fake = Arc::new(Fake::default());
    fake.fail("42", vec![SendError::Failed("HTTP 502".into())]);
    let d = Arc::new(Dispatcher::new(w.store.clone()).with_platform("telegram", fake.clone()));
    assert_eq!(rt().block_on(d.drain()), 0);
    let q = outbox::pending(&w.store, 10).unwrap();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].attempts, 1);
    assert!(q[0].not_before >= now_unix() + 4, "{}", q[0].not_before);
}
