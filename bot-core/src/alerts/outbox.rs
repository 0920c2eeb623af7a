//! The durable outbox in the store's `outbox` table. Keys (one value type per prefix):
//! - `q:<created, 12 digits>:<idempotency key>` -> [`OutboxItem`]: waiting to be sent;
//! - `done:<idempotency key>` -> delivery time: sent (kept a week, so a row written again by
//!   mistake is recognised and not sent twice);
//! - `stat:last_delivery` -> time of the last delivery (for `/status`);
//! - `r:<platform>:<chat>:<update>` -> [`KeptAnswer`]: an update's answer, written with its
//!   handled mark and deleted once sent, so a re-delivery after a crash mid-send gets it again;
//! - `in:<platform>:<update id>` -> the platform's update as JSON, taken in but not answered
//!   yet (a frontend's durable queue, so it can confirm the update to the platform early).
//!
//! An alert row is written in the same transaction as the transition that caused it; a
//! delivery deletes its row and writes its `done:` mark in one transaction. A crash before the
//! send leaves the row, so the alert goes out after the restart.
//!
//! The only repeat possible is a crash in the moment between the platform accepting a
//! message and that commit: Telegram has no idempotency key to ask it with.

use crate::i18n::Lang;
use crate::reply::Reply;
use crate::store::{Batch, Store, StoreError, TypedTable, tables};
use serde::{Deserialize, Serialize};

use super::access::ChatKind;

const QUEUE: TypedTable<OutboxItem> = TypedTable::new(tables::OUTBOX.name());
const DONE: TypedTable<i64> = TypedTable::new(tables::OUTBOX.name());
const LAST_DELIVERY: &str = "stat:last_delivery";
/// How long delivery marks are kept.
const DONE_KEEP_SECS: i64 = 7 * 86_400;

/// One message waiting to go out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutboxItem {
    /// Unique per alert and platform: `<platform>:<chat>:<subscription>:<n>`.
    pub key: String,
    pub platform: String,
    pub chat: String,
    pub kind: ChatKind,
    /// The subscription it is for (`None`: a notice to a person).
    pub sub: Option<u32>,
    pub lang: Lang,
    pub reply: Reply,
    pub created_at: i64,
    #[serde(default)]
    pub attempts: u32,
    /// Not before this time (backoff, `retry_after`).
    #[serde(default)]
    pub not_before: i64,
}

impl OutboxItem {
    /// A notice to one person's private chat.
    pub fn notice(
        platform: &str,
        chat: &str,
        lang: Lang,
        reply: Reply,
        tag: &str,
        now: i64,
    ) -> Self {
        OutboxItem {
            key: format!("{platform}:{chat}:notice:{tag}"),
            platform: platform.into(),
            chat: chat.into(),
            kind: ChatKind::Private,
            sub: None,
            lang,
            reply,
            created_at: now,
            attempts: 0,
            not_before: 0,
        }
    }
    fn row(&self) -> String {
        format!("q:{:012}:{}", self.created_at.max(0), self.key)
    }
}

/// Adds an item to a batch (the caller commits it with whatever caused it).
pub fn enqueue(batch: &mut Batch, item: &OutboxItem) -> Result<(), StoreError> {
    batch.put(&QUEUE, &item.row(), item)
}

/// Waiting items, oldest first, at most `limit`, due at `now` or not.
pub fn pending(store: &Store, limit: usize) -> Result<Vec<OutboxItem>, StoreError> {
    let mut all = store.scan_prefix(&QUEUE, "q:")?;
    all.truncate(limit);
    Ok(all.into_iter().map(|(_, v)| v).collect())
}

/// Was this alert delivered already?
pub fn was_delivered(store: &Store, key: &str) -> Result<bool, StoreError> {
    Ok(store.get(&DONE, &format!("done:{key}"))?.is_some())
}

/// The item was delivered at `now`: its row goes, its mark stays, in one transaction.
pub fn delivered(store: &Store, item: &OutboxItem, now: i64) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    batch.delete(&QUEUE, &item.row());
    batch.put(&DONE, &format!("done:{}", item.key), &now)?;
    batch.put(&DONE, LAST_DELIVERY, &now)?;
    store.commit(batch)
}

/// The item is given up (delivered before, or failed too often).
pub fn discard(store: &Store, item: &OutboxItem) -> Result<(), StoreError> {
    store.delete(&QUEUE, &item.row()).map(|_| ())
}

/// Try again later: the attempt is counted and the row keeps its place in the queue.
pub fn retry_later(
    store: &Store,
    item: &OutboxItem,
    not_before: i64,
    count: bool,
) -> Result<(), StoreError> {
    let mut next = item.clone();
    next.not_before = not_before;
    if count {
        next.attempts = next.attempts.saturating_add(1);
    }
    // Only if it is still queued (a concurrent "chat gone" may have dropped it).
    let _lock = super::write_lock();
    if store.get(&QUEUE, &item.row())?.is_none() {
        return Ok(());
    }
    store.put(&QUEUE, &next.row(), &next)
}

/// Puts the deletion of a chat's (or one subscription's) waiting alerts in `batch`.
pub(crate) fn drop_pending(
    store: &Store,
    batch: &mut Batch,
    platform: &str,
    chat: &str,
    sub: Option<u32>,
) -> Result<(), StoreError> {
    for (row, item) in store.scan_prefix(&QUEUE, "q:")? {
        if item.platform == platform
            && item.chat == chat
            && item.sub.is_some()
            && (sub.is_none() || item.sub == sub)
        {
            batch.delete(&QUEUE, &row);
        }
    }
    Ok(())
}

/// Forgets delivery marks older than a week and kept answers older than a day (an update
/// that is never delivered again).
pub fn prune(store: &Store, now: i64) -> Result<usize, StoreError> {
    let mut old: Vec<String> = store
        .scan_prefix(&DONE, "done:")?
        .into_iter()
        .filter(|(_, at)| now - at > DONE_KEEP_SECS)
        .map(|(k, _)| k)
        .collect();
    old.extend(
        store
            .scan_prefix(&KEPT, "r:")?
            .into_iter()
            .filter(|(_, a)| now - a.at > KEPT_FOR_SECS)
            .map(|(k, _)| k),
    );
    if old.is_empty() {
        return Ok(0);
    }
    let mut batch = Batch::new();
    for k in &old {
        batch.delete(&DONE, k);
    }
    store.commit(batch)?;
    Ok(old.len())
}

/// An update's answer, kept until it was sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeptAnswer {
    pub at: i64,
    pub lang: Lang,
    pub replies: Vec<Reply>,
}

const KEPT: TypedTable<KeptAnswer> = TypedTable::new(tables::OUTBOX.name());
const INBOX: TypedTable<serde_json::Value> = TypedTable::new(tables::OUTBOX.name());
/// Kept answers and queued updates older than this are forgotten by [`prune`].
const KEPT_FOR_SECS: i64 = 86_400;

fn kept_row(chat_key: &str, update: u64) -> String {
    format!("r:{chat_key}:{update}")
}

/// Keeps `answer` for update `update` of `chat_key` (`platform:chat`); inside `Store::once`
/// this is committed with the handled mark.
pub fn keep_answer(
    store: &Store,
    chat_key: &str,
    update: u64,
    answer: &KeptAnswer,
) -> Result<(), StoreError> {
    store.put(&KEPT, &kept_row(chat_key, update), answer)
}

/// The kept answer of a handled update whose answer was not sent yet.
pub fn kept_answer(
    store: &Store,
    chat_key: &str,
    update: u64,
) -> Result<Option<KeptAnswer>, StoreError> {
    store.get(&KEPT, &kept_row(chat_key, update))
}

/// The answer was sent (or given up on): forgets it.
pub fn answer_sent(store: &Store, chat_key: &str, update: u64) -> Result<(), StoreError> {
    store.delete_soon(&KEPT, &kept_row(chat_key, update))
}

/// Queues platform updates taken in but not answered, in one transaction.
pub fn queue_updates(
    store: &Store,
    platform: &str,
    updates: &[(u64, serde_json::Value)],
) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    for (id, update) in updates {
        batch.put(&INBOX, &format!("in:{platform}:{id:020}"), update)?;
    }
    store.commit(batch)
}

/// The queued updates of `platform`, oldest first.
pub fn queued_updates(
    store: &Store,
    platform: &str,
) -> Result<Vec<(u64, serde_json::Value)>, StoreError> {
    let prefix = format!("in:{platform}:");
    Ok(store
        .scan_prefix(&INBOX, &prefix)?
        .into_iter()
        .filter_map(|(k, v)| Some((k[prefix.len()..].parse().ok()?, v)))
        .collect())
}

/// A queued update was answered.
pub fn update_answered(store: &Store, platform: &str, id: u64) -> Result<(), StoreError> {
    store.delete_soon(&INBOX, &format!("in:{platform}:{id:020}"))
}

/// What `/status` shows about the outbox.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OutboxStats {
    pub depth: usize,
    pub oldest_created: Option<i64>,
    pub last_delivery: Option<i64>,
    /// Items that failed at least once.
    pub retrying: usize,
}

pub fn stats(store: &Store) -> Result<OutboxStats, StoreError> {
    let rows = store.scan_prefix(&QUEUE, "q:")?;
    Ok(OutboxStats {
        depth: rows.len(),
        oldest_created: rows.iter().map(|(_, i)| i.created_at).min(),
        last_delivery: store.get(&DONE, LAST_DELIVERY)?,
        retrying: rows.iter().filter(|(_, i)| i.attempts > 0).count(),
    })
}
