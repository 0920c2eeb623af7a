//! The alert dispatcher: drains bot-core's durable outbox through each platform's
//! [`Sender`]. It does no pacing of its own: due alerts are handed to the sender, and the
//! sender's pacer ([`gpuscout_frontend::pace`]: per chat, per group or channel, overall;
//! Discord's REST client also per route) lets each go at its slot, so a fan-out to thousands
//! of chats goes out as fast as allowed and no faster, and alerts share the limits with the
//! platform's replies (the platform counts them together).
//!
//! **Memory flat in the fan-out size**: at most [`Dispatcher::batch`] items are held (decoded,
//! waiting for their slot) at once; the next ones are read when half of those have gone. A
//! pass reads the outbox's row names and decodes only the rows it is about to hand over
//! (`outbox::pending_where`), never the rows it holds already.
//!
//! **Exactly once** (bot-core's `alerts::outbox` has the rules): each send marks its intent
//! right before its first request leaves ([`Sender::send_once`]); intents, refusals and
//! deliveries share group commits ([`crate::journal`]). At start, intents a kill left behind
//! are reconciled: on a platform whose resend is safe (Discord's nonce) the alert goes again,
//! elsewhere (Telegram) it is logged as "fate unknown" with its chat and not sent again.
//!
//! A failed send is retried with exponential backoff ([`backoff`]) and given up after
//! [`MAX_ATTEMPTS`]; [`SendError::RetryAfter`] holds that chat for as long as asked, counting
//! no attempt, and pauses the whole platform when a second chat is refused within the first
//! one's wait (a 429 does not say whose limit it is: one chat's is that chat's, two chats'
//! are the bot's; one chat at its limit never stalls every other chat's alerts);
//! [`SendError::ChatGone`] pauses the chat's subscriptions, kept for when it is back
//! (bot-core's `alerts::chat_gone`, which also queues one notice to whoever set them) and
//! never retries.
//!
//! [`Watcher`] is the other half: when the poller says a provider's poll has landed it runs
//! bot-core's transition detection and wakes the dispatcher when alerts were queued.

use crate::journal::{Journal, OutboxOnce};
use bot_core::Store;
use bot_core::alerts::outbox::{self, Change, Unanswered};
use bot_core::alerts::{self, AlertConfig, OutboxItem};
use bot_core::availability::now_unix;
use bot_core::catalog::Catalog;
use gpuscout_frontend::sender::{Address, SendError, Sender};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
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
    /// Paces itself within the platform's limits (its [`gpuscout_frontend::pace::Pacer`]): the one place
    /// that decides when a message may go, shared with the platform's replies.
    sender: Arc<dyn Sender>,
    /// Set when sends to two chats came back with `RetryAfter` within one wait.
    paused_until: Mutex<Option<Instant>>,
    /// Chats whose send came back with `RetryAfter` the sender did not wait out, and until
    /// when they are held.
    held: Mutex<HashMap<String, Instant>>,
}

impl Platform {
    fn paused(&self) -> bool {
        self.paused_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some_and(|t| t > Instant::now())
    }

    /// Whether `chat` is held now.
    fn holds(&self, chat: &str) -> bool {
        lock(&self.held)
            .get(chat)
            .is_some_and(|t| *t > Instant::now())
    }

    /// The chats held now.
    fn held_chats(&self) -> Vec<String> {
        let now = Instant::now();
        let mut held = lock(&self.held);
        held.retain(|_, t| *t > now);
        held.keys().cloned().collect()
    }

    /// `chat` was refused with `RetryAfter(wait)`: it is held that long; when another chat
    /// is held at the same time, the limit is the bot's, and the whole platform pauses.
    fn refused(&self, chat: &str, wait: Duration) {
        let now = Instant::now();
        let until = now + wait;
        let mut held = lock(&self.held);
        held.retain(|_, t| *t > now);
        let others = held.keys().any(|c| c != chat);
        let entry = held.entry(chat.to_string()).or_insert(until);
        *entry = (*entry).max(until);
        if others {
            let mut paused = lock(&self.paused_until);
            *paused = Some(paused.map_or(until, |t| t.max(until)));
        }
    }
}

/// The maps here are only read and replaced whole under the lock; a poisoned one is whole.
fn lock<V>(m: &Mutex<V>) -> std::sync::MutexGuard<'_, V> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The rows a run holds: handed to a sender and not finished, or read and not due yet.
#[derive(Default)]
struct Held {
    in_flight: HashSet<String>,
    /// The chats (`<platform>:<chat>:`, their rows' key prefix) with a send in hand: one at
    /// a time per chat, so a chat found gone (Discord 50013, a blocked bot) is found so by one
    /// request, and its other alerts go with its rows instead of each being refused in turn.
    chats: HashSet<String>,
    /// Row -> its `not_before`: decoded once, skipped by name until then.
    not_due: HashMap<String, i64>,
}

/// Drains the outbox. Cheap to share: [`Dispatcher::waker`] lets the watcher wake it.
pub struct Dispatcher {
    store: Arc<Store>,
    platforms: HashMap<String, Arc<Platform>>,
    wake: Arc<Notify>,
    journal: Arc<Journal>,
    /// How often the outbox is looked at when nothing woke the dispatcher.
    pub tick: Duration,
    /// Most items held at once (decoded and handed to a sender, waiting for their slot).
    pub batch: usize,
    /// At a stop, how long sends in hand may still finish (within `serve`'s stop deadline).
    pub stop_grace: Duration,
    /// How often old outbox rows are pruned and subscriptions paused past
    /// `alerts::PAUSED_KEEP_DAYS` dropped: on this clock from the start, so a long-paused
    /// row goes even when no provider poll lands (the watcher's `detect` drops them too).
    pub prune_every: Duration,
}

impl Dispatcher {
    pub fn new(store: Arc<Store>) -> Dispatcher {
        Dispatcher {
            journal: Arc::new(Journal::new(store.clone())),
            store,
            platforms: HashMap::new(),
            wake: Arc::new(Notify::new()),
            tick: Duration::from_secs(1),
            batch: 256,
            stop_grace: Duration::from_secs(2),
            prune_every: Duration::from_secs(3600),
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
                held: Mutex::default(),
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

    /// Durable commits of delivery state so far (intents, refusals and deliveries together).
    pub fn commits(&self) -> usize {
        self.journal.commits()
    }

    /// Settles the sends a kill left without an answer (see the module's "exactly once"):
    /// before anything is sent, once per start.
    pub async fn reconcile(&self) {
        let safe: HashSet<String> = self
            .platforms
            .iter()
            .filter(|(_, p)| p.sender.resend_is_safe())
            .map(|(name, _)| name.clone())
            .collect();
        let known: HashSet<String> = self.platforms.keys().cloned().collect();
        let store = self.store.clone();
        let found = tokio::task::spawn_blocking(move || {
            // A platform without a sender now keeps its intents for a start that has one.
            outbox::unanswered(&store, |p| known.contains(p), |p| safe.contains(p))
        })
        .await;
        let found = match found {
            Ok(Ok(found)) => found,
            Ok(Err(e)) => return tracing::warn!("alerts: reconciling the outbox failed: {e}"),
            Err(e) => return tracing::warn!("alerts: reconciling the outbox failed: {e}"),
        };
        // Logged before it is written: a kill in between logs them again at the next start.
        for u in &found {
            match u {
                Unanswered::FateUnknown(i) => tracing::warn!(
                    "alerts: fate unknown for a {} alert to chat {}: the bot stopped while \
                     sending it, so it may or may not have arrived; not sent again",
                    i.platform,
                    i.chat
                ),
                Unanswered::Resend(i) => tracing::info!(
                    "alerts: a {} alert to chat {} was being sent at the last stop; sending it \
                     again under the same nonce",
                    i.platform,
                    i.chat
                ),
            }
        }
        let store = self.store.clone();
        match tokio::task::spawn_blocking(move || outbox::settle(&store, &found, now_unix())).await
        {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!("alerts: reconciling the outbox failed: {e}"),
            Err(e) => tracing::warn!("alerts: reconciling the outbox failed: {e}"),
        }
    }

    /// Runs until `stop`; each pass hands over due items while fewer than `batch` are held.
    pub async fn run(self, stop: CancellationToken) -> Result<(), std::convert::Infallible> {
        let me = Arc::new(self);
        me.reconcile().await;
        let held: Arc<Mutex<Held>> = Arc::default();
        let mut tasks = JoinSet::new();
        let mut last_prune: Option<Instant> = None;
        loop {
            while tasks.try_join_next().is_some() {}
            me.schedule(&held, &mut tasks, None).await;
            if last_prune.is_none_or(|at| at.elapsed() >= me.prune_every) {
                last_prune = Some(Instant::now());
                me.prune().await;
            }
            tokio::select! {
                () = stop.cancelled() => break,
                () = me.wake.notified() => {}
                () = tokio::time::sleep(me.tick) => {}
            }
        }
        // Sends already out get their answer recorded (a send cut mid-request would count
        // as "fate unknown" at the next start); whatever is still waiting for a slot after
        // the grace is dropped and stays queued, unmarked, for the next start.
        let _ = tokio::time::timeout(me.stop_grace, async {
            while tasks.join_next().await.is_some() {}
        })
        .await;
        tasks.abort_all();
        while tasks.join_next().await.is_some() {}
        Ok(())
    }

    /// Old outbox rows pruned, and subscriptions paused longer than the stated keep dropped
    /// with their queued alerts.
    async fn prune(&self) {
        let store = self.store.clone();
        let done = tokio::task::spawn_blocking(move || {
            let now = now_unix();
            outbox::prune(&store, now)?;
            bot_core::alerts::drop_long_paused(&store, now)
        })
        .await;
        match done {
            Ok(Ok(0)) => {}
            Ok(Ok(n)) => tracing::info!(
                "alerts: {n} subscription(s) paused more than {} days removed",
                bot_core::alerts::PAUSED_KEEP_DAYS
            ),
            Ok(Err(e)) => tracing::warn!("alerts: pruning the outbox failed: {e}"),
            Err(e) => tracing::warn!("alerts: pruning the outbox failed: {e}"),
        }
    }

    /// Sends everything now in the outbox (and whatever those sends queue, such as notices
    /// after a gone chat), then returns how many were delivered. For tests and benches.
    pub async fn drain(self: &Arc<Self>) -> usize {
        self.reconcile().await;
        let held: Arc<Mutex<Held>> = Arc::default();
        let delivered = Arc::new(AtomicUsize::new(0));
        loop {
            let mut tasks = JoinSet::new();
            let n = self
                .schedule(&held, &mut tasks, Some(delivered.clone()))
                .await;
            while tasks.join_next().await.is_some() {}
            if n == 0 {
                break;
            }
        }
        delivered.load(Ordering::Relaxed)
    }

    /// Reads up to `batch` minus what is held of the due items (by name, skipping held
    /// rows, paused platforms and platforms without a sender; decoding only what it keeps)
    /// and spawns their sends, each waiting in its sender's pacer for its slot; returns how
    /// many were spawned.
    async fn schedule(
        self: &Arc<Self>,
        held: &Arc<Mutex<Held>>,
        tasks: &mut JoinSet<()>,
        delivered: Option<Arc<AtomicUsize>>,
    ) -> usize {
        let now = now_unix();
        let (skip, room) = {
            let mut h = held.lock().unwrap_or_else(PoisonError::into_inner);
            h.not_due.retain(|_, at| *at > now);
            let skip: HashSet<String> = h
                .in_flight
                .iter()
                .chain(h.not_due.keys())
                .cloned()
                .collect();
            let busy: Vec<String> = h.chats.iter().cloned().collect();
            ((skip, busy), self.batch.saturating_sub(h.in_flight.len()))
        };
        let (skip, mut busy) = skip;
        if room == 0 {
            return 0;
        }
        // A held chat's rows are left where they are until its wait is over.
        for (name, p) in &self.platforms {
            busy.extend(p.held_chats().iter().map(|c| format!("{name}:{c}:")));
        }
        let open: HashSet<String> = self
            .platforms
            .iter()
            .filter(|(_, p)| !p.paused())
            .map(|(name, _)| name.clone())
            .collect();
        let store = self.store.clone();
        let keep = move |row: &str| {
            let key = outbox::key_of_row(row);
            !skip.contains(row)
                && key.split(':').next().is_some_and(|p| open.contains(p))
                && !busy.iter().any(|chat| key.starts_with(chat.as_str()))
        };
        let items =
            match tokio::task::spawn_blocking(move || outbox::pending_where(&store, room, keep))
                .await
            {
                Ok(Ok(items)) => items,
                Ok(Err(e)) => {
                    tracing::warn!("alerts: reading the outbox failed: {e}");
                    return 0;
                }
                Err(_) => return 0,
            };
        let mut spawned = 0;
        for item in items {
            let row = item.row();
            let mut h = held.lock().unwrap_or_else(PoisonError::into_inner);
            if item.not_before > now {
                h.not_due.insert(row, item.not_before);
                continue;
            }
            let Some(platform) = self.platforms.get(&item.platform).cloned() else {
                continue;
            };
            let chat = format!("{}:{}:", item.platform, item.chat);
            if h.chats.contains(&chat) || !h.in_flight.insert(row.clone()) {
                continue;
            }
            h.chats.insert(chat.clone());
            drop(h);
            let (me, held, delivered) = (self.clone(), held.clone(), delivered.clone());
            spawned += 1;
            tasks.spawn(async move {
                let outcome = me.deliver(&platform, item).await;
                if outcome == Outcome::Delivered
                    && let Some(d) = delivered
                {
                    d.fetch_add(1, Ordering::Relaxed);
                }
                let mut h = held.lock().unwrap_or_else(PoisonError::into_inner);
                h.in_flight.remove(&row);
                h.chats.remove(&chat);
                // Half of the batch has gone: read the next ones.
                if h.in_flight.len() == me.batch / 2 {
                    me.wake.notify_one();
                }
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
        if platform.paused() || platform.holds(&item.chat) {
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
        // An alert set in a topic (a forum topic, a channel's direct-messages topic) goes
        // back there: a direct-messages chat refuses a send without its topic.
        let to = Address {
            thread: item.thread.clone(),
            ..Address::chat(item.chat.clone())
        };
        let once = OutboxOnce {
            journal: self.journal.clone(),
            row: item.row(),
            key: item.key.clone(),
            platform: item.platform.clone(),
            chat: item.chat.clone(),
        };
        let result = platform
            .sender
            .send_once(&to, item.lang, &item.reply, &once)
            .await;
        match &result {
            Ok(()) => gpuscout_frontend::metrics::alert_sent(&item.platform),
            Err(e) => {
                gpuscout_frontend::metrics::error(&item.platform, &format!("alert_{}", e.kind()))
            }
        }
        let now = now_unix();
        let (outcome, write): (Outcome, Result<(), String>) = match result {
            Ok(()) => (
                Outcome::Delivered,
                self.journal
                    .write(Change::Delivered {
                        row: item.row(),
                        at: now,
                    })
                    .await,
            ),
            Err(SendError::RetryAfter(wait)) => {
                platform.refused(&item.chat, wait);
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

/// Runs bot-core's transition detection whenever a provider poll has landed in the store:
/// the poller says so ([`Notify`] from `Poller::notify_landed`), nobody reads the store to
/// find out. Polls that land during a detection are covered by one more.
pub struct Watcher {
    store: Arc<Store>,
    catalog: Arc<Catalog>,
    config: AlertConfig,
    wake: Arc<Notify>,
    landed: Arc<Notify>,
}

impl Watcher {
    pub fn new(
        store: Arc<Store>,
        catalog: Arc<Catalog>,
        config: AlertConfig,
        wake: Arc<Notify>,
        landed: Arc<Notify>,
    ) -> Watcher {
        Watcher {
            store,
            catalog,
            config,
            wake,
            landed,
        }
    }

    pub async fn run(self, stop: CancellationToken) -> Result<(), std::convert::Infallible> {
        let me = Arc::new(self);
        // Once at the start (polls stored before this process), then after each landing.
        loop {
            let m = me.clone();
            let report = tokio::task::spawn_blocking(move || {
                alerts::detect(&m.store, &m.catalog, &m.config, now_unix())
            })
            .await;
            match report {
                Ok(Ok(r)) if r.alerts > 0 => {
                    gpuscout_frontend::metrics::alert_queued(r.alerts as u64);
                    tracing::info!("alerts: {} queued", r.alerts);
                    me.wake.notify_one();
                }
                Ok(Ok(_)) => {}
                Ok(Err(e)) => tracing::warn!("alerts: transition detection failed: {e}"),
                Err(e) => tracing::warn!("alerts: transition detection failed: {e}"),
            }
            tokio::select! {
                () = stop.cancelled() => return Ok(()),
                () = me.landed.notified() => {}
            }
        }
    }
}
