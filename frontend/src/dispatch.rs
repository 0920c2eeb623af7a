//! The alert dispatcher: drains bot-core's durable outbox through each platform's
//! [`Sender`]. It does no pacing of its own: every due alert is handed to the sender at once,
//! and the sender's pacer ([`crate::pace`]: per chat, per group or channel, overall; Discord's
//! REST client also per route) lets each go at its slot, so a fan-out to thousands of chats
//! goes out as fast as allowed and no faster, and alerts share the limits with the
//! platform's replies (the platform counts them together).
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
use bot_core::alerts::{self, AlertConfig, OutboxItem, outbox};
use bot_core::availability::{now_unix, provider_states};
use bot_core::catalog::Catalog;
use std::collections::{HashMap, HashSet};
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
    /// Paces itself within the platform's limits (its [`crate::pace::Pacer`]): the one place
    /// that decides when a message may go, shared with the platform's replies.
    sender: Arc<dyn Sender>,
    /// Set when a send came back with `RetryAfter` the sender did not wait out.
    paused_until: Mutex<Option<Instant>>,
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

    /// Sends for `platform` (`telegram`, `discord`) go through `sender`, which paces them.
    /// Alerts for a platform without a sender wait in the outbox.
    pub fn with_platform(mut self, platform: &str, sender: Arc<dyn Sender>) -> Self {
        self.platforms.insert(
            platform.to_string(),
            Arc::new(Platform {
                sender,
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

    /// Spawns the send of every due item (each waits in its sender's pacer for its slot);
    /// returns how many were spawned.
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
            let (me, in_flight, delivered) = (self.clone(), in_flight.clone(), delivered.clone());
            spawned += 1;
            tasks.spawn(async move {
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

    #[test]
    fn backoff_doubles_up_to_an_hour() {
        assert!(backoff(0) == Duration::from_secs(5) && backoff(30) == Duration::from_secs(3600));
    }
}
