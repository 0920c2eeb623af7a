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
use bot_core::{Lang, Msg, Reply};
use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use teloxide::prelude::*;
use teloxide::types::{UpdateId, UpdateKind};
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

/// Where fetched updates go: the lanes (per chat, bounded), the shared bound, the offset.
pub(crate) struct Intake {
    pub lanes: Lanes<ChatId, Update>,
    pub gate: Gate,
    pub acks: Arc<Acks>,
    pub sender: TelegramSender,
    /// When each chat was last told its updates were skipped.
    pub told: Mutex<HashMap<ChatId, Instant>>,
}

impl Intake {
    /// Hands a taken update (holding a gate slot) to its chat's lane; a chat whose lane is
    /// full has it skipped, answered by one notice per window.
    pub(crate) fn accept(&self, upd: Update) {
        let id = upd.id.0;
        if matches!(upd.kind, UpdateKind::Error(_)) {
            // What teloxide cannot parse reaches no handler.
            self.skip(id);
            return;
        }
        let chat = upd.chat().map(|c| c.id);
        let lang = upd
            .from()
            .map(|u| Lang::from_locale(u.language_code.as_deref()));
        if let Err(upd) = self.lanes.push(chat, upd) {
            self.skip(upd.id.0);
            gpuscout_frontend::metrics::error("telegram", "flood_skipped");
            if let Some(chat) = chat {
                self.tell_skipped(chat, lang.unwrap_or(Lang::En));
            }
        }
    }

    fn skip(&self, id: u32) {
        self.gate.leave();
        self.acks.done(id);
    }

    fn tell_skipped(&self, chat: ChatId, lang: Lang) {
        let now = Instant::now();
        {
            let mut told = self.told.lock().unwrap_or_else(PoisonError::into_inner);
            if told
                .get(&chat)
                .is_some_and(|at| now.duration_since(*at) < FLOOD_NOTICE_EVERY)
            {
                return;
            }
            if told.len() > 1024 {
                told.retain(|_, at| now.duration_since(*at) < FLOOD_NOTICE_EVERY);
            }
            told.insert(chat, now);
        }
        tracing::info!("telegram: chat {chat} sends faster than it is answered; skipping some");
        let sender = self.sender.clone();
        tokio::spawn(async move {
            let reply = Reply::text(Msg::new(FLOOD_NOTICE));
            if let Err(e) = sender.send_reply(chat.0, lang, &reply).await {
                tracing::warn!("telegram: telling chat {chat} about skipped messages failed: {e}");
            }
        });
    }
}

/// Fetches updates until `stop`, taking each new one once it has a gate slot.
pub(crate) async fn poll(
    intake: &Intake,
    bot: &TgBot,
    redactor: &Redactor,
    stop: &CancellationToken,
) {
    // A webhook set earlier would make every getUpdates fail.
    if let Err(e) = crate::sender::with_retry(&bot.delete_webhook()).await {
        tracing::warn!(
            "telegram: deleteWebhook failed: {}",
            redactor.clean(&e.to_string())
        );
    }
    let mut backoff = Duration::from_millis(500);
    loop {
        let sent = intake.acks.offset();
        let mut req = bot
            .get_updates()
            .timeout(POLL_TIMEOUT.as_secs() as u32)
            .allowed_updates(crate::handler::ALLOWED);
        if let Some(offset) = sent {
            req = req.offset(offset);
        }
        let result = tokio::select! {
            r = req.send() => r,
            () = stop.cancelled() => return,
        };
        let updates = match result {
            Ok(updates) => {
                backoff = Duration::from_millis(500);
                updates
            }
            Err(e) => {
                gpuscout_frontend::metrics::error("telegram", "update_listener");
                tracing::warn!(
                    "telegram: getUpdates failed: {}",
                    redactor.clean(&e.to_string())
                );
                tokio::select! {
                    () = tokio::time::sleep(backoff) => {}
                    () = stop.cancelled() => return,
                }
                backoff = (backoff * 2).min(MAX_POLL_BACKOFF);
                continue;
            }
        };
        let fetched = updates.len();
        let mut taken = 0;
        for upd in updates {
            let UpdateId(id) = upd.id;
            if sent.is_some_and(|o| i64::from(id) < i64::from(o)) {
                intake.acks.restart_sequence();
            }
            if !intake.acks.take(id) {
                continue;
            }
            // A taken update that finds the stop here stays unanswered: not confirmed.
            tokio::select! {
                () = intake.gate.enter() => {}
                () = stop.cancelled() => return,
            }
            taken += 1;
            intake.accept(upd);
        }
        if fetched > 0 && taken == 0 {
            // Only updates still in flight came back: wait until one is answered.
            let changed = intake.acks.changed.notified();
            tokio::select! {
                () = changed => {}
                () = tokio::time::sleep(Duration::from_secs(1)) => {}
                () = stop.cancelled() => return,
            }
        }
    }
}

/// After the stop: answers what was taken for about half of `deadline`, then starts nothing
/// more and gives what runs most of the rest; finally confirms exactly what was answered,
/// so the rest comes back after the restart.
pub(crate) async fn finish(intake: &Intake, bot: &TgBot, redactor: &Redactor, deadline: Duration) {
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
        "telegram: {} of {taken} update(s) in hand answered at the stop; {left} left for Telegram to deliver again",
        taken - left.min(taken)
    );
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

/// Which fetched updates are answered: the offset to confirm them with.
#[derive(Default)]
pub(crate) struct Acks {
    state: Mutex<State>,
    /// An update was answered (the offset may have moved).
    pub(crate) changed: Notify,
}

#[derive(Default)]
struct State {
    /// Taken and not yet answered.
    inflight: BTreeSet<u32>,
    /// The highest id taken so far.
    highest: Option<u32>,
}

impl Acks {
    /// Takes update `id` unless it was taken before (a re-delivery of one in flight).
    pub(crate) fn take(&self, id: u32) -> bool {
        let mut s = self.lock();
        if s.highest.is_some_and(|h| id <= h) {
            return false;
        }
        s.highest = Some(id);
        s.inflight.insert(id);
        true
    }

    /// Update `id` is answered (or skipped on purpose).
    pub(crate) fn done(&self, id: u32) {
        self.lock().inflight.remove(&id);
        self.changed.notify_waiters();
    }

    /// The offset that confirms exactly the answered updates: the lowest unanswered one, or
    /// one past the highest taken; `None` before anything was taken.
    pub(crate) fn offset(&self) -> Option<i32> {
        let s = self.lock();
        let next = match s.inflight.first() {
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
        }
    }

    pub(crate) fn unanswered(&self) -> usize {
        self.lock().inflight.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offset_stops_at_the_lowest_unanswered_update() {
        let a = Acks::default();
        assert_eq!(a.offset(), None);
        for id in [10, 11, 12] {
            assert!(a.take(id));
        }
        assert!(!a.take(11), "a re-delivery in flight is not taken twice");
        assert_eq!(a.offset(), Some(10));
        a.done(11);
        a.done(12);
        assert_eq!(a.offset(), Some(10), "10 is still unanswered");
        a.done(10);
        assert_eq!(a.offset(), Some(13));
        assert!(!a.take(12), "answered before");
        assert_eq!(a.unanswered(), 0);
    }
}
