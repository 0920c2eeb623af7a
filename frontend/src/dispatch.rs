//! The alert dispatcher: drains bot-core's durable outbox through each platform's
//! [`Sender`], paced within the platform's limits ([`Limits`]: per chat, per group or channel,
//! overall), so a fan-out to thousands of chats goes out as fast as allowed and no faster.
//!
//! A delivered alert's row is deleted (with its delivery mark) in one transaction; a failed
//! send is retried with exponential backoff ([`backoff`]) and given up after [`MAX_ATTEMPTS`];
//! [`SendError::RetryAfter`] pauses the whole platform for as long as asked, counting no
//! attempt; [`SendError::ChatGone`] turns the chat's subscriptions off (bot-core's
//! `alerts::chat_gone`, which also queues a notice to whoever set them) and never retries.
//!
//! [`Watcher`] is the other half: after each provider poll lands in the store it runs
//! bot-core's transition detection and wakes the dispatcher when alerts were queued.

use crate::sender::{Address, SendError, Sender};
use bot_core::Store;
use bot_core::alerts::{self, AlertConfig, ChatKind, OutboxItem, outbox};
use bot_core::availability::{now_unix, provider_states};
use bot_core::catalog::Catalog;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::Notify;
use tokio::task::JoinSet;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// Sends given up after this many failures (with [`backoff`], about a day of trying).
pub const MAX_ATTEMPTS: u32 = 16;

/// The wait after `attempts` failures: 5 s doubled each time, at most an hour.
pub fn backoff(attempts: u32) -> Duration {
    let secs = 5u64.saturating_mul(1u64 << attempts.min(20));
    Duration::from_secs(secs.min(3600))
}

/// How fast one platform may be sent to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Messages per second overall (Telegram: about 30).
    pub overall_per_sec: f64,
    /// Least time between two messages to one chat (Telegram: 1 s).
    pub per_chat_gap: Duration,
    /// Messages per minute to one group or channel (Telegram: 20).
    pub group_per_min: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            overall_per_sec: 30.0,
            per_chat_gap: Duration::from_secs(1),
            group_per_min: 20,
        }
    }
}

impl Limits {
    /// From `GPUSCOUT_ALERT_RATE` (per second), `GPUSCOUT_ALERT_CHAT_GAP_MS` and
    /// `GPUSCOUT_ALERT_GROUP_PER_MIN`, read through `get`.
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Limits, String> {
        let mut l = Limits::default();
        let read = |name: &str| -> Result<Option<f64>, String> {
            match get(name)
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
            {
                None => Ok(None),
                Some(s) => s
                    .parse::<f64>()
                    .ok()
                    .filter(|n| n.is_finite() && *n >= 0.0)
                    .map(Some)
                    .ok_or_else(|| format!("{name}={s:?} is not a number of 0 or more")),
            }
        };
        if let Some(n) = read("GPUSCOUT_ALERT_RATE")? {
            if n <= 0.0 {
                return Err("GPUSCOUT_ALERT_RATE must be above 0".into());
            }
            l.overall_per_sec = n;
        }
        if let Some(n) = read("GPUSCOUT_ALERT_CHAT_GAP_MS")? {
            l.per_chat_gap = Duration::from_millis(n as u64);
        }
        if let Some(n) = read("GPUSCOUT_ALERT_GROUP_PER_MIN")? {
            l.group_per_min = (n as u32).max(1);
        }
        Ok(l)
    }
}

/// Start times within [`Limits`], handed out in order.
#[derive(Debug)]
pub struct Pacer {
    limits: Limits,
    next_any: Instant,
    next_chat: HashMap<String, Instant>,
    group_starts: HashMap<String, VecDeque<Instant>>,
}

impl Pacer {
    pub fn new(limits: Limits) -> Pacer {
        Pacer {
            limits,
            next_any: Instant::now(),
            next_chat: HashMap::new(),
            group_starts: HashMap::new(),
        }
    }

    /// The earliest start for one message to `chat` (a group or channel when `group`) that
    /// keeps every limit, given every start handed out before; it is booked.
    pub fn reserve(&mut self, chat: &str, group: bool) -> Instant {
        let now = Instant::now();
        // Forget what no longer constrains anything, so memory stays bounded.
        if self.next_chat.len() > 50_000 {
            self.next_chat.retain(|_, t| *t > now);
            self.group_starts
                .retain(|_, q| q.back().is_some_and(|t| *t + Duration::from_secs(60) > now));
        }
        let mut at = now.max(self.next_any);
        if let Some(t) = self.next_chat.get(chat) {
            at = at.max(*t);
        }
        if group {
            let q = self.group_starts.entry(chat.to_string()).or_default();
            let window = Duration::from_secs(60);
            while q.front().is_some_and(|t| *t + window <= at) {
                q.pop_front();
            }
            if q.len() >= self.limits.group_per_min as usize
                && let Some(first) = q.front()
            {
                at = at.max(*first + window);
                while q.front().is_some_and(|t| *t + window <= at) {
                    q.pop_front();
                }
            }
            q.push_back(at);
        }
        self.next_any = at + Duration::from_secs_f64(1.0 / self.limits.overall_per_sec);
        self.next_chat
            .insert(chat.to_string(), at + self.limits.per_chat_gap);
        at
    }
}

/// What happened to one item.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Outcome {
    Delivered,
    AlreadyDelivered,
    /// Not sent: the platform is paused (a `retry_after` elsewhere).
    Postponed,
    Retry(u32),
    GaveUp,
    ChatGone,
    StoreFailed,
}

/// One platform's sending state.
struct Platform {
    sender: Arc<dyn Sender>,
    /// Booked start times: spreads the sends out so they do not all wake at once.
    pacer: Mutex<Pacer>,
    /// The limits again, enforced on the actual sends: after a stall (a busy machine, a
    /// `retry_after`) the booked times are in the past, and without this they would all go
    /// at once.
    limits: Limits,
    sent: Mutex<Sent>,
    next_any: tokio::sync::Mutex<Instant>,
    paused_until: Mutex<Option<Instant>>,
}

/// When each chat and group was last sent to.
#[derive(Default)]
struct Sent {
    chat: HashMap<String, Instant>,
    group: HashMap<String, VecDeque<Instant>>,
}

impl Sent {
    /// The earliest time `chat` may be sent to again.
    fn earliest(&mut self, chat: &str, group: bool, limits: &Limits, now: Instant) -> Instant {
        let mut at = now;
        if let Some(t) = self.chat.get(chat) {
            at = at.max(*t + limits.per_chat_gap);
        }
        if group && let Some(q) = self.group.get_mut(chat) {
            let window = Duration::from_secs(60);
            while q.front().is_some_and(|t| *t + window <= now) {
                q.pop_front();
            }
            if q.len() >= limits.group_per_min as usize
                && let Some(first) = q.front()
            {
                at = at.max(*first + window);
            }
        }
        at
    }

    fn record(&mut self, chat: &str, group: bool, at: Instant) {
        if self.chat.len() > 50_000 {
            self.chat.retain(|_, t| *t + Duration::from_secs(60) > at);
            self.group
                .retain(|_, q| q.back().is_some_and(|t| *t + Duration::from_secs(60) > at));
        }
        self.chat.insert(chat.to_string(), at);
        if group {
            self.group
                .entry(chat.to_string())
                .or_default()
                .push_back(at);
        }
    }
}

impl Platform {
    /// Waits until a message to `chat` keeps every limit, counting actual sends, and books it.
    async fn wait_turn(&self, chat: &str, group: bool) {
        let interval = Duration::from_secs_f64(1.0 / self.limits.overall_per_sec);
        loop {
            let ok_at = self
                .sent
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .earliest(chat, group, &self.limits, Instant::now());
            if ok_at > Instant::now() {
                tokio::time::sleep_until(ok_at).await;
                continue;
            }
            // One send at a time passes this gate, `interval` apart.
            let mut next = self.next_any.lock().await;
            if *next > Instant::now() {
                tokio::time::sleep_until(*next).await;
            }
            let now = Instant::now();
            let mut sent = self.sent.lock().unwrap_or_else(PoisonError::into_inner);
            if sent.earliest(chat, group, &self.limits, now) > now {
                continue;
            }
            sent.record(chat, group, now);
            *next = now + interval;
            return;
        }
    }
}

/// Drains the outbox. Cheap to share: [`Dispatcher::waker`] lets the watcher wake it.
pub struct Dispatcher {
    store: Arc<Store>,
    platforms: HashMap<String, Arc<Platform>>,
    wake: Arc<Notify>,
    /// How often the outbox is looked at when nothing woke the dispatcher.
    pub tick: Duration,
    /// Most items scheduled at once.
    pub batch: usize,
}

impl Dispatcher {
    pub fn new(store: Arc<Store>) -> Dispatcher {
        Dispatcher {
            store,
            platforms: HashMap::new(),
            wake: Arc::new(Notify::new()),
            tick: Duration::from_secs(1),
            batch: 20_000,
        }
    }

    /// Sends for `platform` (`telegram`, `discord`) go through `sender`, within `limits`.
    /// Alerts for a platform without a sender wait in the outbox.
    pub fn with_platform(
        mut self,
        platform: &str,
        sender: Arc<dyn Sender>,
        limits: Limits,
    ) -> Self {
        self.platforms.insert(
            platform.to_string(),
            Arc::new(Platform {
                sender,
                pacer: Mutex::new(Pacer::new(limits)),
                limits,
                sent: Mutex::new(Sent::default()),
                next_any: tokio::sync::Mutex::new(Instant::now()),
                paused_until: Mutex::new(None),
            }),
        );
        self
    }

    pub fn waker(&self) -> Arc<Notify> {
        self.wake.clone()
    }

    pub fn platforms(&self) -> Vec<String> {
        let mut p: Vec<String> = self.platforms.keys().cloned().collect();
        p.sort();
        p
    }

    /// Runs until `stop`; each pass schedules every due item not already in flight.
    pub async fn run(self, stop: CancellationToken) -> Result<(), std::convert::Infallible> {
        let me = Arc::new(self);
        let in_flight: Arc<Mutex<HashSet<String>>> = Arc::default();
        let mut tasks = JoinSet::new();
        let mut last_prune = Instant::now();
        loop {
            while tasks.try_join_next().is_some() {}
            me.schedule(&in_flight, &mut tasks).await;
            if last_prune.elapsed() > Duration::from_secs(3600) {
                last_prune = Instant::now();
                let store = me.store.clone();
                let _ =
                    tokio::task::spawn_blocking(move || outbox::prune(&store, now_unix())).await;
            }
            tokio::select! {
                () = stop.cancelled() => break,
                () = me.wake.notified() => {}
                () = tokio::time::sleep(me.tick) => {}
            }
        }
        // Whatever is mid-send finishes or is dropped; the outbox still holds it either way.
        tasks.abort_all();
        while tasks.join_next().await.is_some() {}
        Ok(())
    }

    /// Sends everything now in the outbox (and whatever those sends queue, such as notices
    /// after a gone chat), then returns how many were delivered. For tests and benches.
    pub async fn drain(self: &Arc<Self>) -> usize {
        let in_flight: Arc<Mutex<HashSet<String>>> = Arc::default();
        let delivered = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        loop {
            let mut tasks = JoinSet::new();
            let n = self
                .schedule_counting(&in_flight, &mut tasks, Some(delivered.clone()))
                .await;
            while tasks.join_next().await.is_some() {}
            if n == 0 {
                break;
            }
        }
        delivered.load(std::sync::atomic::Ordering::Relaxed)
    }

    async fn schedule(
        self: &Arc<Self>,
        in_flight: &Arc<Mutex<HashSet<String>>>,
        tasks: &mut JoinSet<()>,
    ) {
        self.schedule_counting(in_flight, tasks, None).await;
    }

    /// Books a start for every due item and spawns its send; returns how many were spawned.
    async fn schedule_counting(
        self: &Arc<Self>,
        in_flight: &Arc<Mutex<HashSet<String>>>,
        tasks: &mut JoinSet<()>,
        delivered: Option<Arc<std::sync::atomic::AtomicUsize>>,
    ) -> usize {
        let store = self.store.clone();
        let batch = self.batch;
        let items = match tokio::task::spawn_blocking(move || outbox::pending(&store, batch)).await
        {
            Ok(Ok(items)) => items,
            Ok(Err(e)) => {
                tracing::warn!("alerts: reading the outbox failed: {e}");
                return 0;
            }
            Err(_) => return 0,
        };
        let now = now_unix();
        let mut spawned = 0;
        for item in items {
            if item.not_before > now {
                continue;
            }
            let Some(platform) = self.platforms.get(&item.platform).cloned() else {
                continue;
            };
            if platform
                .paused_until
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_some_and(|t| t > Instant::now())
            {
                continue;
            }
            if !in_flight
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .insert(item.key.clone())
            {
                continue;
            }
            let start = platform
                .pacer
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .reserve(&item.chat, item.kind != ChatKind::Private);
            let (me, in_flight, delivered) = (self.clone(), in_flight.clone(), delivered.clone());
            spawned += 1;
            tasks.spawn(async move {
                tokio::time::sleep_until(start).await;
                let key = item.key.clone();
                let outcome = me.deliver(&platform, item).await;
                if outcome == Outcome::Delivered
                    && let Some(d) = delivered
                {
                    d.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
                in_flight
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .remove(&key);
            });
        }
        spawned
    }

    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, bot_core::store::StoreError> + Send + 'static,
    ) -> Result<T, String> {
        let store = self.store.clone();
        match tokio::task::spawn_blocking(move || f(&store)).await {
            Ok(Ok(t)) => Ok(t),
            Ok(Err(e)) => Err(e.to_string()),
            Err(e) => Err(e.to_string()),
        }
    }

    async fn deliver(&self, platform: &Platform, item: OutboxItem) -> Outcome {
        if platform
            .paused_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some_and(|t| t > Instant::now())
        {
            return Outcome::Postponed;
        }
        let key = item.key.clone();
        match self.blocking(move |s| outbox::was_delivered(s, &key)).await {
            Ok(true) => {
                let it = item.clone();
                let _ = self.blocking(move |s| outbox::discard(s, &it)).await;
                return Outcome::AlreadyDelivered;
            }
            Ok(false) => {}
            Err(e) => {
                tracing::warn!("alerts: reading the outbox failed: {e}");
                return Outcome::StoreFailed;
            }
        }
        platform
            .wait_turn(&item.chat, item.kind != ChatKind::Private)
            .await;
        let to = Address::chat(item.chat.clone());
        let result = platform.sender.send(&to, item.lang, &item.reply).await;
        match &result {
            Ok(()) => crate::metrics::alert_sent(&item.platform),
            Err(e) => crate::metrics::error(&item.platform, &format!("alert_{}", e.kind())),
        }
        let now = now_unix();
        let (outcome, write): (Outcome, Result<(), String>) = match result {
            Ok(()) => {
                let it = item.clone();
                (
                    Outcome::Delivered,
                    self.blocking(move |s| outbox::delivered(s, &it, now)).await,
                )
            }
            Err(SendError::RetryAfter(wait)) => {
                *platform
                    .paused_until
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner) = Some(Instant::now() + wait);
                let it = item.clone();
                let not_before = now + wait.as_secs_f64().ceil() as i64;
                (
                    Outcome::Postponed,
                    self.blocking(move |s| outbox::retry_later(s, &it, not_before, false))
                        .await,
                )
            }
            Err(SendError::ChatGone(why)) => {
                tracing::warn!(
                    "alerts: {} chat {} is gone ({why}); turning its alerts off",
                    item.platform,
                    item.chat
                );
                let it = item.clone();
                (
                    Outcome::ChatGone,
                    self.blocking(move |s| {
                        alerts::chat_gone(s, &it.platform, &it.chat, now)?;
                        outbox::discard(s, &it)
                    })
                    .await,
                )
            }
            Err(SendError::Failed(why)) => {
                let attempts = item.attempts + 1;
                let it = item.clone();
                if attempts >= MAX_ATTEMPTS {
                    tracing::warn!(
                        "alerts: giving up on {} after {attempts} failures: {why}",
                        item.key
                    );
                    (
                        Outcome::GaveUp,
                        self.blocking(move |s| outbox::discard(s, &it)).await,
                    )
                } else {
                    let not_before = now + backoff(attempts).as_secs() as i64;
                    (
                        Outcome::Retry(attempts),
                        self.blocking(move |s| outbox::retry_later(s, &it, not_before, true))
                            .await,
                    )
                }
            }
        };
        match write {
            Ok(()) => outcome,
            Err(e) => {
                tracing::error!("alerts: recording a delivery failed: {e}");
                Outcome::StoreFailed
            }
        }
    }
}

/// Runs bot-core's transition detection whenever a provider poll has landed in the store.
pub struct Watcher {
    store: Arc<Store>,
    catalog: Arc<Catalog>,
    config: AlertConfig,
    wake: Arc<Notify>,
    /// How often the providers' states are looked at (cheap: one row per provider).
    pub tick: Duration,
}

impl Watcher {
    pub fn new(
        store: Arc<Store>,
        catalog: Arc<Catalog>,
        config: AlertConfig,
        wake: Arc<Notify>,
    ) -> Watcher {
        Watcher {
            store,
            catalog,
            config,
            wake,
            tick: Duration::from_millis(250),
        }
    }

    pub async fn run(self, stop: CancellationToken) -> Result<(), std::convert::Infallible> {
        let me = Arc::new(self);
        let mut seen: Option<Vec<(String, Option<i64>)>> = None;
        loop {
            let m = me.clone();
            let attempts = tokio::task::spawn_blocking(move || {
                provider_states(&m.store).map(|states| {
                    states
                        .into_iter()
                        .map(|s| (s.provider, s.last_attempt_at))
                        .collect::<Vec<_>>()
                })
            })
            .await;
            if let Ok(Ok(attempts)) = attempts
                && seen.as_ref() != Some(&attempts)
            {
                let m = me.clone();
                let report = tokio::task::spawn_blocking(move || {
                    alerts::detect(&m.store, &m.catalog, &m.config, now_unix())
                })
                .await;
                match report {
                    Ok(Ok(r)) => {
                        seen = Some(attempts);
                        if r.alerts > 0 {
                            crate::metrics::alert_queued(r.alerts as u64);
                            tracing::info!("alerts: {} queued", r.alerts);
                            me.wake.notify_one();
                        }
                    }
                    Ok(Err(e)) => tracing::warn!("alerts: transition detection failed: {e}"),
                    Err(e) => tracing::warn!("alerts: transition detection failed: {e}"),
                }
            }
            tokio::select! {
                () = stop.cancelled() => return Ok(()),
                () = tokio::time::sleep(me.tick) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_pacer_keeps_every_limit() {
        let mut p = Pacer::new(Limits {
            overall_per_sec: 10.0,
            per_chat_gap: Duration::from_secs(1),
            group_per_min: 3,
        });
        let a: Vec<Instant> = (0..3).map(|i| p.reserve(&format!("u{i}"), false)).collect();
        // Bookings run ahead of the clock, so the gaps are exact.
        assert_eq!(a[1] - a[0], Duration::from_millis(100));
        assert_eq!(a[2] - a[1], Duration::from_millis(100));
        // One chat: a second apart.
        let b1 = p.reserve("u9", false);
        let b2 = p.reserve("u9", false);
        assert!(b2 - b1 >= Duration::from_secs(1));
        // A group: the fourth message in a minute waits for the window.
        let g: Vec<Instant> = (0..4).map(|_| p.reserve("g", true)).collect();
        assert!(g[3] - g[0] >= Duration::from_secs(60), "{:?}", g[3] - g[0]);
        assert!(backoff(0) == Duration::from_secs(5) && backoff(30) == Duration::from_secs(3600));
    }
}
