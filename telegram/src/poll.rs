//! Long polling with an offset we control. teloxide's `Polling` confirms every update it has
//! fetched with its next `getUpdates` (and once more when stopped), so updates still waiting
//! in a lane at a stop were lost: Telegram counted them delivered. Here the offset sent to
//! Telegram is the lowest update still unanswered ([`Acks::offset`]): everything below it was
//! answered (or deliberately skipped), and everything from it on is delivered again after a
//! restart, where the store's handled marks (`Bot::handle_update`) answer each exactly once.
//!
//! Updates Telegram hands out again while they are still in flight are recognised by id and
//! not taken twice.

use crate::config::Redactor;
use crate::gate::Gate;
use crate::lanes::Lanes;
use crate::sender::{TelegramSender, TgBot};
use bot_core::Store;
use bot_core::alerts::outbox;
use bot_core::{Lang, Msg, Reply};
use serde_json::value::RawValue;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use teloxide::prelude::*;
use teloxide::types::UpdateKind;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// Long-polling timeout (the HTTP client's own timeout follows it).
const POLL_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest wait between two failed `getUpdates`.
const MAX_POLL_BACKOFF: Duration = Duration::from_secs(30);
/// A chat whose updates are skipped hears so at most once in this window.
const FLOOD_NOTICE_EVERY: Duration = Duration::from_secs(60);
/// The Fluent id of that notice.
pub(crate) const FLOOD_NOTICE: &str = "telegram-flood-skipped";

/// Where fetched updates go: the lanes (per sender in a chat, bounded), the shared bound,
/// the offset.
pub(crate) struct Intake {
    pub lanes: Lanes<Lane, Update>,
    pub gate: Gate,
    pub acks: Arc<Acks>,
    pub sender: TelegramSender,
    /// When each sender in a chat was last told its updates were skipped.
    pub told: Mutex<HashMap<Lane, Instant>>,
}

impl Intake {
    /// Hands a taken update (holding a gate slot) to its chat's lane; a chat whose lane is
    /// full has it skipped, answered by one notice per window.
    pub(crate) fn accept(&self, upd: Update) {
        self.accept_bounded(upd, true);
    }

    /// [`Intake::accept`]; `bounded: false` for updates taken in before a restart, which
    /// are answered whatever their chat's backlog.
    pub(crate) fn accept_bounded(&self, upd: Update, bounded: bool) {
        let id = upd.id.0;
        if matches!(upd.kind, UpdateKind::Error(_)) {
            // What teloxide cannot parse reaches no handler.
            self.skip(id);
            return;
        }
        if crate::handler::passes_by(&upd) {
            // Nothing to do: no lane place, so it never counts toward a flood.
            self.skip(id);
            return;
        }
        let key = lane(&upd);
        let lang = upd
            .from()
            .map(|u| Lang::from_locale(u.language_code.as_deref()));
        if let Err(upd) = self.lanes.push_bounded(key, upd, bounded) {
            self.skip(upd.id.0);
            gpuscout_frontend::metrics::error("telegram", "flood_skipped");
            // In a group the notice quotes the skipped message, so the group sees whom it
            // is for (one member's flood; the others are answered as usual).
            let quote = match &upd.kind {
                UpdateKind::Message(m) if m.chat.is_group() || m.chat.is_supergroup() => Some(m.id),
                _ => None,
            };
            if let Some(key) = key {
                self.tell_skipped(key, quote, lang.unwrap_or(Lang::En));
            }
        }
    }

    pub(crate) fn skip(&self, id: u32) {
        self.gate.leave();
        self.acks.done(id);
    }

    /// Tells the sender of `key` (once a window) that some of their updates were skipped.
    fn tell_skipped(&self, key: Lane, quote: Option<teloxide::types::MessageId>, lang: Lang) {
        let chat = key.0;
        let now = Instant::now();
        {
            let mut told = self.told.lock().unwrap_or_else(PoisonError::into_inner);
            if told
                .get(&key)
                .is_some_and(|at| now.duration_since(*at) < FLOOD_NOTICE_EVERY)
            {
                return;
            }
            if told.len() > 1024 {
                told.retain(|_, at| now.duration_since(*at) < FLOOD_NOTICE_EVERY);
            }
            told.insert(key, now);
        }
        tracing::info!(
            "telegram: {} in chat {chat} sends faster than it is answered; skipping some",
            key.1
        );
        let sender = self.sender.clone();
        tokio::spawn(async move {
            let reply = Reply::text(Msg::new(FLOOD_NOTICE));
            let to = gpuscout_frontend::Address {
                reply_to: quote.map(|m| m.0.to_string()),
                ..gpuscout_frontend::Address::chat(chat.0.to_string())
            };
            if let Err(e) = gpuscout_frontend::Sender::send(&sender, &to, lang, &reply).await {
                tracing::warn!("telegram: telling chat {chat} about skipped messages failed: {e}");
            }
        });
    }
}

/// One sender in one chat: the unit whose updates run in order. bot-core keeps every
/// conversation per (chat, person), so only one person's own updates need each other's
/// order; in a group, one member's flood waits (and is cut at the bound) in that member's
/// lane, and everyone else there is answered beside it instead of behind it or skipped.
pub(crate) type Lane = (ChatId, i64);

/// The lane of `upd`: its chat and who speaks there (a channel or an anonymous admin by its
/// `sender_chat`, else the person); `None` for an update in no chat (an inline query).
pub(crate) fn lane(upd: &Update) -> Option<Lane> {
    let chat = upd.chat()?.id;
    let sender_chat = match &upd.kind {
        UpdateKind::Message(m)
        | UpdateKind::EditedMessage(m)
        | UpdateKind::ChannelPost(m)
        | UpdateKind::EditedChannelPost(m) => m.sender_chat.as_ref().map(|c| c.id.0),
        _ => None,
    };
    let who = sender_chat
        .or_else(|| upd.from().map(|u| u.id.0 as i64))
        .unwrap_or(chat.0);
    Some((chat, who))
}

/// Why polling ended.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// A stop was asked for.
    Stopped,
    /// Telegram refused the token on [`TOKEN_REFUSALS`] polls in a row (revoked or changed
    /// in @BotFather): no poll can succeed again, so polling ends instead of asking forever.
    TokenRejected,
}

/// Polls in a row that must refuse the token before polling gives up: one refusal could be
/// a proxy's answer in between; three, seconds apart, are Telegram's word.
const TOKEN_REFUSALS: u32 = 3;

/// Fetches updates until `stop` (or until Telegram refuses the token), taking each new one
/// once it has a gate slot.
pub(crate) async fn poll(
    intake: &Intake,
    bot: &TgBot,
    redactor: &Redactor,
    stop: &CancellationToken,
) -> Ended {
    // A webhook set earlier would make every getUpdates fail.
    if let Err(e) = crate::sender::with_retry(&bot.delete_webhook()).await {
        tracing::warn!(
            "telegram: deleteWebhook failed: {}",
            redactor.clean(&e.to_string())
        );
    }
    // What an earlier run queued in the store and did not answer comes first.
    for upd in intake.acks.replay().await {
        tokio::select! {
            () = intake.gate.enter() => {}
            () = stop.cancelled() => return Ended::Stopped,
        }
        intake.accept_bounded(upd, false);
    }
    let mut backoff = Duration::from_millis(500);
    let mut refusals = 0;
    loop {
        let sent = intake.acks.offset();
        let answer = tokio::select! {
            r = crate::fetch::get_updates(bot, sent, POLL_TIMEOUT) => r,
            () = stop.cancelled() => return Ended::Stopped,
        };
        let updates = match answer.and_then(|(status, reason, text)| {
            crate::fetch::updates(status, reason, &text).map(|list| {
                list.into_iter()
                    .map(|f| (f.id, f.raw.to_owned()))
                    .collect::<Vec<_>>()
            })
        }) {
            Ok(updates) => {
                backoff = Duration::from_millis(500);
                refusals = 0;
                updates
            }
            Err(e) => {
                if matches!(
                    e,
                    teloxide::RequestError::Api(teloxide::ApiError::InvalidToken)
                ) {
                    refusals += 1;
                    if refusals >= TOKEN_REFUSALS {
                        tracing::error!(
                            "telegram: getUpdates refused the bot token {refusals} times in a \
                             row; polling stopped"
                        );
                        return Ended::TokenRejected;
                    }
                } else {
                    refusals = 0;
                }
                gpuscout_frontend::metrics::error("telegram", "update_listener");
                tracing::warn!(
                    "telegram: getUpdates failed: {}",
                    redactor.clean(&e.to_string())
                );
                // A 429 says how long to wait (`parameters.retry_after`): polling sooner
                // only draws more 429s. Anything else backs off, doubling.
                let wait = match &e {
                    teloxide::RequestError::RetryAfter(after) => after.duration().max(backoff),
                    _ => {
                        let wait = backoff;
                        backoff = (backoff * 2).min(MAX_POLL_BACKOFF);
                        wait
                    }
                };
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = stop.cancelled() => return Ended::Stopped,
                }
                continue;
            }
        };
        let fetched = updates.len();
        let mut taken = 0;
        for (id, raw) in updates {
            let Some(id) = id else {
                // No id: it can be neither confirmed alone nor answered exactly once.
                tracing::warn!("telegram: an update without a readable id was skipped");
                continue;
            };
            if sent.is_some_and(|o| i64::from(id) < i64::from(o)) {
                intake.acks.restart_sequence();
            }
            // Only an update not taken before is decoded (a re-delivery of one in flight is
            // recognised by its id alone).
            if !intake.acks.take(id, &raw) {
                continue;
            }
            // A taken update that finds the stop here stays unanswered: not confirmed.
            tokio::select! {
                () = intake.gate.enter() => {}
                () = stop.cancelled() => return Ended::Stopped,
            }
            taken += 1;
            match crate::read::update(raw.get()) {
                Some(upd) => intake.accept(upd),
                None => {
                    tracing::warn!("telegram: update {id} cannot be read; skipped");
                    intake.skip(id);
                }
            }
        }
        if fetched > 0 && taken == 0 {
            // Only updates still in flight came back (a chat's backlog holds the offset):
            // queue them in the store so the offset moves on, or else wait for one to end.
            if intake.acks.spill().await {
                continue;
            }
            let changed = intake.acks.changed.notified();
            tokio::select! {
                () = changed => {}
                () = tokio::time::sleep(Duration::from_secs(1)) => {}
                () = stop.cancelled() => return Ended::Stopped,
            }
        } else if intake.acks.holding() >= WINDOW / 2 {
            // A backlog: the next answer would mostly hand back updates still in flight
            // (Telegram's window starts at the offset they hold back), one more round trip
            // per few new updates. Queued now, the offset moves past them at once.
            let _ = intake.acks.spill().await;
        }
    }
}

/// The most updates one `getUpdates` answer holds (Telegram's `limit`, 100 by default).
const WINDOW: usize = 100;

/// After the stop: answers what was taken for about half of `deadline`, then starts nothing
/// more and gives what runs most of the rest; finally confirms exactly what was answered,
/// so the rest comes back after the restart.
pub(crate) async fn finish(intake: &Intake, bot: &TgBot, redactor: &Redactor, deadline: Duration) {
    drain(intake, deadline).await;
    let Some(offset) = intake.acks.offset() else {
        return;
    };
    let confirm = bot.get_updates().offset(offset).limit(1).timeout(0);
    match tokio::time::timeout(deadline / 10, confirm.send()).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => tracing::warn!(
            "telegram: confirming answered updates failed ({}); they are recognised when delivered again",
            redactor.clean(&e.to_string())
        ),
        Err(_) => tracing::warn!("telegram: confirming answered updates timed out"),
    }
}

/// Answers what was taken for about half of `deadline`, then starts nothing more and gives
/// what runs most of the rest; a twentieth goes to writing what was answered to the store
/// ([`Acks::settle`]) and a tenth is left for confirming. What is left is answered after
/// the restart: delivered again by Telegram, or replayed from the store where it was queued.
pub(crate) async fn drain(intake: &Intake, deadline: Duration) {
    let taken = intake.acks.unanswered();
    if tokio::time::timeout(deadline / 2, intake.lanes.drain())
        .await
        .is_err()
    {
        intake.lanes.close();
        let _ = tokio::time::timeout(deadline * 3 / 10, intake.lanes.drain()).await;
    }
    let left = intake.acks.unanswered();
    tracing::info!(
        "telegram: {} of {taken} update(s) in hand answered at the stop; {left} left for after the restart",
        taken - left.min(taken)
    );
    // One transaction, milliseconds; the bound keeps a stuck disk inside the deadline.
    if tokio::time::timeout(deadline / 20, intake.acks.settle())
        .await
        .is_err()
    {
        tracing::warn!("telegram: forgetting answered updates in the store timed out");
    }
}

/// Which fetched updates are answered: the offset to confirm them with. An update in flight
/// holds the offset back unless it is durably queued in the store (`in:telegram:<id>` rows,
/// [`Acks::spill`]): a chat whose backlog is slow to answer would otherwise stop the offset,
/// and with it every other chat's updates behind Telegram's 100-update window.
#[derive(Default)]
pub(crate) struct Acks {
    state: Mutex<State>,
    /// An update was answered (the offset may have moved).
    pub(crate) changed: Notify,
    /// Where taken updates are queued durably (none in unit tests).
    store: Option<Arc<Store>>,
    /// Answered updates whose queued rows are still to be removed.
    forgetting: Arc<Mutex<Forgetting>>,
}

#[derive(Default)]
struct Forgetting {
    ids: Vec<u64>,
    /// A blocking task is removing them (it takes what arrives meanwhile too).
    running: bool,
}

#[derive(Default)]
struct State {
    /// Taken and not yet answered.
    inflight: BTreeSet<u32>,
    /// Of those, the ones queued in the store (they hold the offset back no more).
    durable: BTreeSet<u32>,
    /// The text (as Telegram sent it) of the taken updates not queued in the store, to queue
    /// them when needed.
    held: BTreeMap<u32, Box<RawValue>>,
    /// The highest id taken so far.
    highest: Option<u32>,
    /// The last [`ANSWERED_KEPT`] ids answered, so a re-delivery of one answered but not yet
    /// confirmed is not taken again. (Telegram's ids grow, but an answer may carry one below
    /// the highest taken that was never seen: that one is taken. The handled marks answer a
    /// re-delivery older than these once anyway.)
    answered: BTreeSet<u32>,
}

/// How many answered update ids [`Acks::take`] remembers.
const ANSWERED_KEPT: usize = 4096;

const PLATFORM: &str = "telegram";

impl Acks {
    pub(crate) fn new(store: Arc<Store>) -> Acks {
        Acks {
            store: Some(store),
            ..Acks::default()
        }
    }

    /// Takes update `id` (its text `raw`) unless it was taken before (a re-delivery of one
    /// in flight or lately answered). An id below the highest taken that was never taken (an
    /// answer out of order) is taken: it is someone's message, never seen.
    pub(crate) fn take(&self, id: u32, raw: &RawValue) -> bool {
        let mut s = self.lock();
        if s.inflight.contains(&id) || s.answered.contains(&id) {
            return false;
        }
        s.highest = Some(s.highest.map_or(id, |h| h.max(id)));
        s.inflight.insert(id);
        if self.store.is_some() {
            s.held.insert(id, raw.to_owned());
        }
        true
    }

    /// Taken updates that hold the offset back: unanswered and not queued in the store.
    pub(crate) fn holding(&self) -> usize {
        let s = self.lock();
        s.inflight.len() - s.durable.len()
    }

    /// Update `id` is answered (or skipped on purpose); a queued one leaves the store.
    pub(crate) fn done(&self, id: u32) {
        let queued = {
            let mut s = self.lock();
            s.inflight.remove(&id);
            s.held.remove(&id);
            s.answered.insert(id);
            if s.answered.len() > ANSWERED_KEPT {
                s.answered.pop_first();
            }
            s.durable.remove(&id)
        };
        if queued {
            self.unqueue(id);
        }
        self.changed.notify_waiters();
    }

    /// Queues every taken, unanswered update in the store (one transaction), so the offset
    /// can move past them. `false` when there was nothing to queue or the store failed.
    pub(crate) async fn spill(&self) -> bool {
        let Some(store) = self.store.clone() else {
            return false;
        };
        let rows: Vec<(u64, serde_json::Value)> = {
            let s = self.lock();
            s.held
                .iter()
                .map(|(id, raw)| {
                    (
                        u64::from(*id),
                        serde_json::Value::String(raw.get().to_string()),
                    )
                })
                .collect()
        };
        if rows.is_empty() {
            return false;
        }
        let ids: Vec<u32> = rows
            .iter()
            .filter_map(|(id, _)| u32::try_from(*id).ok())
            .collect();
        let written =
            tokio::task::spawn_blocking(move || outbox::queue_updates(&store, PLATFORM, &rows))
                .await;
        if !matches!(written, Ok(Ok(()))) {
            tracing::warn!("telegram: queueing updates in the store failed; waiting instead");
            return false;
        }
        tracing::debug!(
            "telegram: {} update(s) in flight queued in the store",
            ids.len()
        );
        let answered: Vec<u32> = {
            let mut s = self.lock();
            ids.into_iter()
                .filter(|&id| {
                    s.held.remove(&id);
                    let unanswered = s.inflight.contains(&id);
                    if unanswered {
                        s.durable.insert(id);
                    }
                    !unanswered
                })
                .collect()
        };
        // Answered while being queued: its row would be answered again after a restart (the
        // handled marks remember only a chat's last few updates), so it goes now.
        for id in answered {
            self.unqueue(id);
        }
        true
    }

    /// At the stop, once nothing more is answered: writes every answered update's removal
    /// from the store at once (in one transaction), so the next start replays exactly the
    /// updates still unanswered. Removals left to ride along with later commits, or still
    /// waiting for a blocking thread, would otherwise be lost at the exit.
    pub(crate) async fn settle(&self) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let keep: BTreeSet<u32> = {
            let s = self.lock();
            s.inflight.intersection(&s.durable).copied().collect()
        };
        let forgotten = tokio::task::spawn_blocking(move || {
            outbox::forget_updates_except(&store, PLATFORM, |id| {
                u32::try_from(id).is_ok_and(|id| keep.contains(&id))
            })
        })
        .await;
        match forgotten {
            Ok(Ok(n)) if n > 0 => {
                tracing::debug!("telegram: {n} answered update(s) left the store at the stop");
            }
            Ok(Ok(_)) => {}
            Ok(Err(e)) => tracing::warn!("telegram: forgetting answered updates failed: {e}"),
            Err(e) => tracing::warn!("telegram: forgetting answered updates failed: {e}"),
        }
    }

    /// Removes queued update `id` from the store, in the background: one blocking task
    /// removes every id answered meanwhile at once (a task and a store round per update
    /// were a quarter of the poller's cost in a backlog), riding along with the next commit.
    fn unqueue(&self, id: u32) {
        let Some(store) = self.store.clone() else {
            return;
        };
        {
            let mut f = self
                .forgetting
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            f.ids.push(u64::from(id));
            if f.running {
                return;
            }
            f.running = true;
        }
        let forgetting = self.forgetting.clone();
        tokio::task::spawn_blocking(move || {
            loop {
                let ids = {
                    let mut f = forgetting.lock().unwrap_or_else(PoisonError::into_inner);
                    if f.ids.is_empty() {
                        f.running = false;
                        return;
                    }
                    std::mem::take(&mut f.ids)
                };
                if let Err(e) = outbox::updates_answered(&store, PLATFORM, &ids) {
                    tracing::warn!(
                        "telegram: unqueueing {} answered update(s) failed: {e}",
                        ids.len()
                    );
                }
            }
        });
    }

    /// Queues one webhook update in the store before Telegram is told it was delivered, and
    /// counts it in flight. `false` when the store failed (Telegram then delivers it again).
    /// A re-delivery of one in flight is queued again harmlessly: the same row, and the
    /// handled mark answers it once.
    pub(crate) async fn queue(&self, upd: &Update) -> bool {
        let id = upd.id.0;
        if let (Some(store), Some(json)) = (self.store.clone(), stored(upd)) {
            let rows = vec![(u64::from(id), json)];
            let written =
                tokio::task::spawn_blocking(move || outbox::queue_updates(&store, PLATFORM, &rows))
                    .await;
            if !matches!(written, Ok(Ok(()))) {
                tracing::warn!("telegram: queueing webhook update {id} in the store failed");
                return false;
            }
        }
        let mut s = self.lock();
        s.highest = Some(s.highest.map_or(id, |h| h.max(id)));
        s.inflight.insert(id);
        if self.store.is_some() {
            s.durable.insert(id);
        }
        true
    }

    /// The updates queued in the store by an earlier run, taken again (oldest first).
    pub(crate) async fn replay(&self) -> Vec<Update> {
        let Some(store) = self.store.clone() else {
            return Vec::new();
        };
        let rows = tokio::task::spawn_blocking(move || outbox::queued_updates(&store, PLATFORM))
            .await
            .ok()
            .and_then(Result::ok)
            .unwrap_or_default();
        let mut out = Vec::new();
        let mut s = self.lock();
        for (id, json) in rows {
            let (Ok(id), Some(upd)) = (u32::try_from(id), unstored(&json)) else {
                tracing::warn!("telegram: a queued update {id} cannot be read; dropped");
                continue;
            };
            s.highest = Some(s.highest.map_or(id, |h| h.max(id)));
            s.inflight.insert(id);
            s.durable.insert(id);
            out.push(upd);
        }
        if !out.is_empty() {
            tracing::info!(
                "telegram: answering {} update(s) queued before the restart",
                out.len()
            );
        }
        out
    }

    /// The offset that confirms exactly the answered or durably queued updates: the lowest
    /// other one, or one past the highest taken; `None` before anything was taken.
    pub(crate) fn offset(&self) -> Option<i32> {
        let s = self.lock();
        let next = match s.inflight.difference(&s.durable).next() {
            Some(&lowest) => lowest,
            None => s.highest?.checked_add(1)?,
        };
        i32::try_from(next).ok()
    }

    /// Telegram started its ids again (after a quiet week, so nothing is in flight): forget
    /// the old sequence.
    pub(crate) fn restart_sequence(&self) {
        let mut s = self.lock();
        if s.inflight.is_empty() {
            s.highest = None;
            s.answered.clear();
        }
    }

    pub(crate) fn unanswered(&self) -> usize {
        self.lock().inflight.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// An update as the store keeps it: its JSON text. (teloxide reads an update from text, as
/// `getUpdates` gives it; read back from a `serde_json::Value`, whose keys come sorted, a
/// message turns into an unparsed `UpdateKind::Error`.)
fn stored(upd: &Update) -> Option<serde_json::Value> {
    serde_json::to_string(upd)
        .ok()
        .map(serde_json::Value::String)
}

/// The update a [`stored`] value holds; `None` when it no longer parses as one we read.
fn unstored(value: &serde_json::Value) -> Option<Update> {
    let upd: Update = serde_json::from_str(value.as_str()?).ok()?;
    (!matches!(upd.kind, UpdateKind::Error(_))).then_some(upd)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update(id: u32) -> Box<RawValue> {
        RawValue::from_string(serde_json::json!({"update_id": id, "unknown_kind": {}}).to_string())
            .unwrap()
    }

    #[test]
    fn the_offset_stops_at_the_lowest_unanswered_update() {
        let a = Acks::default();
        assert_eq!(a.offset(), None);
        for id in [10, 11, 12] {
            assert!(a.take(id, &update(id)));
        }
        assert!(
            !a.take(11, &update(11)),
            "a re-delivery in flight is not taken twice"
        );
        assert_eq!(a.offset(), Some(10));
        a.done(11);
        a.done(12);
        assert_eq!(a.offset(), Some(10), "10 is still unanswered");
        a.done(10);
        assert_eq!(a.offset(), Some(13));
        assert!(!a.take(12, &update(12)), "answered before");
        assert_eq!(a.unanswered(), 0);
    }

    #[test]
    fn an_id_below_the_highest_never_taken_is_taken_once() {
        let a = Acks::default();
        for id in [20, 25] {
            assert!(a.take(id, &update(id)));
        }
        assert!(a.take(22, &update(22)), "out of order, never seen");
        assert!(!a.take(22, &update(22)), "in flight");
        assert_eq!(a.offset(), Some(20));
        for id in [20, 22, 25] {
            a.done(id);
        }
        assert!(!a.take(22, &update(22)), "answered, not yet confirmed");
        assert_eq!(a.offset(), Some(26));
    }

    /// A clean stop writes the removal of every answered update (the bug: 5,000 answered,
    /// stopped with SIGTERM, and the next start "answering 5233 update(s) queued before the
    /// restart"): rows left by removals still riding along, and orphans of an earlier run, go;
    /// the unanswered ones stay, and exactly those are replayed.
    fn raw(id: u32) -> Box<RawValue> {
        RawValue::from_string(serde_json::to_string(&message(id)).unwrap()).unwrap()
    }

    fn message(id: u32) -> Update {
        let json = serde_json::json!({"update_id": id, "message": {
            "message_id": id, "date": 1_700_000_000,
            "chat": {"id": 42, "type": "private", "first_name": "M"},
            "from": {"id": 42, "is_bot": false, "first_name": "M", "language_code": "en"},
            "text": "/help"}});
        serde_json::from_str(&json.to_string()).unwrap()
    }

    #[test]
    fn a_stop_leaves_only_unanswered_updates_queued_in_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
        let orphans: Vec<(u64, serde_json::Value)> = (1..=7)
            .map(|id| (id, stored(&message(id as u32)).unwrap()))
            .collect();
        outbox::queue_updates(&store, PLATFORM, &orphans).unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let acks = Acks::new(store.clone());
        runtime.block_on(async {
            for id in 100..160 {
                assert!(acks.take(id, &raw(id)));
            }
            assert!(acks.spill().await);
            // Answered in an order of their own; three stay unanswered.
            for id in (100..160).rev().filter(|id| ![103, 120, 159].contains(id)) {
                acks.done(id);
            }
            acks.settle().await;
        });
        // The exit: blocking work not started yet is dropped.
        runtime.shutdown_background();
        let left: Vec<u64> = outbox::queued_updates(&store, PLATFORM)
            .unwrap()
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        assert_eq!(left, vec![103, 120, 159]);
        // The next start (the file stays open here: a dropped blocking task may hold it).
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let replayed: Vec<u32> = runtime
            .block_on(Acks::new(store).replay())
            .iter()
            .map(|u| u.id.0)
            .collect();
        assert_eq!(
            replayed,
            vec![103, 120, 159],
            "only the unanswered come back"
        );
    }

    /// Answered updates' queued rows leave the store without a stop: removed in batches by
    /// one background task (not a task per update), and an update answered while a batch is
    /// being removed is removed too. `holding` counts what holds the offset back.
    #[test]
    fn answered_queued_updates_leave_the_store_in_batches() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let acks = Acks::new(store.clone());
        runtime.block_on(async {
            for id in 200..300 {
                assert!(acks.take(id, &raw(id)));
            }
            assert_eq!(acks.holding(), 100);
            assert!(acks.spill().await);
            assert_eq!(acks.holding(), 0, "queued updates hold the offset no more");
            assert_eq!(acks.offset(), Some(300));
            for id in (200..300).filter(|id| id % 10 != 0) {
                acks.done(id);
            }
            let deadline = std::time::Instant::now() + Duration::from_secs(20);
            loop {
                let left = outbox::queued_updates(&store, PLATFORM).unwrap().len();
                if left == 10 {
                    break;
                }
                assert!(std::time::Instant::now() < deadline, "{left} rows left");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        });
        let left: Vec<u64> = outbox::queued_updates(&store, PLATFORM)
            .unwrap()
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        assert_eq!(left, (200..300).step_by(10).collect::<Vec<u64>>());
    }

    #[test]
    fn a_message_update_survives_its_trip_through_the_store() {
        let json = serde_json::json!({"update_id": 7, "message": {
            "message_id": 1001, "date": 1_700_000_000,
            "chat": {"id": -5000, "type": "group", "title": "g"},
            "from": {"id": 77, "is_bot": false, "first_name": "M", "language_code": "en"},
            "text": "/gpu 4090",
            "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}});
        let upd: Update = serde_json::from_str(&json.to_string()).unwrap();
        assert!(matches!(upd.kind, UpdateKind::Message(_)));
        // Through the store's bytes and back, as `queue_updates` and `queued_updates` do.
        let bytes = serde_json::to_vec(&stored(&upd).unwrap()).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(unstored(&value), Some(upd));
    }
}
