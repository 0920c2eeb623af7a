//! The durable outbox in the store's `outbox` table. Keys (one record type per prefix, each
//! a versioned record, `store::Versioned`, so a row written by an older build still reads):
//! - `q:<created, 12 digits>:<idempotency key>` -> [`OutboxItem`]: waiting to be sent;
//! - `i:<idempotency key>` -> [`Intent`]: its send is about to leave or has left, with no
//!   answer recorded yet (see "exactly once" below);
//! - `done:<idempotency key>` -> delivery time: sent (kept a week, so a row written again by
//!   mistake is recognised and not sent twice);
//! - `stat:last_delivery` -> time of the last delivery (for `/status`);
//! - `r:<platform>:<chat>:<update>` -> [`KeptAnswer`]: an update's answer, written with its
//!   handled mark and deleted once sent, so a re-delivery after a crash mid-send gets it again;
//! - `in:<platform>:<update id>` -> the platform's update as JSON, taken in but not answered
//!   yet (a frontend's durable queue, so it can confirm the update to the platform early; the
//!   platform's own format, kept as it came).
//!
//! An alert row is written in the same transaction as the transition that caused it. A crash
//! before the send leaves the row, so the alert goes out after the restart.
//!
//! **Exactly once.** Right before a send's first request leaves (after its pacing slot), its
//! [`Intent`] is committed; the platform's answer then removes the intent (a delivery deletes
//! the row and writes the `done:` mark, a refusal withdraws the intent), several sends' changes
//! sharing one commit ([`apply`]). After a kill, [`reconcile`] finds the intents left: the
//! request may or may not have reached the platform. Where the platform has no idempotency
//! (Telegram) the alert is not sent again and its chat is logged as "fate unknown": a kill
//! costs at most the sends in flight at that moment, never a duplicate. Where it has one
//! (Discord's message `nonce` with `enforce_nonce`), the alert is sent again with the same
//! nonce and the platform drops the repeat.

use crate::i18n::Lang;
use crate::reply::Reply;
use crate::store::{Batch, Store, StoreError, TypedTable, Versioned, tables};

use super::access::ChatKind;
// The records live below the store's schema, which names their union ([`OutboxRow`]); each
// prefix is read and written through its own typed view of the same table.
pub use super::outbox_row::{Delivered, Intent, KeptAnswer, OutboxItem, OutboxRow, QueuedUpdate};

const QUEUE: TypedTable<Versioned<OutboxItem>> = TypedTable::new(tables::OUTBOX.name());
const INTENTS: TypedTable<Versioned<Intent>> = TypedTable::new(tables::OUTBOX.name());
const DONE: TypedTable<Versioned<Delivered>> = TypedTable::new(tables::OUTBOX.name());
const LAST_DELIVERY: &str = "stat:last_delivery";
/// How long delivery marks are kept.
const DONE_KEEP_SECS: i64 = 7 * 86_400;

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
            thread: None,
            kind: ChatKind::Private,
            sub: None,
            lang,
            reply,
            created_at: now,
            attempts: 0,
            not_before: 0,
        }
    }
    /// Its row in the queue (`q:<created>:<key>`), which names it without decoding it.
    pub fn row(&self) -> String {
        format!("q:{:012}:{}", self.created_at.max(0), self.key)
    }
}

/// The idempotency key inside a queue row's name (`q:<created>:<key>`).
pub fn key_of_row(row: &str) -> &str {
    row.splitn(3, ':').nth(2).unwrap_or("")
}

/// Adds an item to a batch (the caller commits it with whatever caused it).
pub fn enqueue(batch: &mut Batch, item: &OutboxItem) -> Result<(), StoreError> {
    batch.put(&QUEUE, &item.row(), &Versioned(item.clone()))
}

/// Waiting items, oldest first, at most `limit`, due at `now` or not.
pub fn pending(store: &Store, limit: usize) -> Result<Vec<OutboxItem>, StoreError> {
    pending_where(store, limit, |_| true)
}

/// Up to `limit` waiting items, oldest first, among the rows `keep` accepts by name (see
/// [`OutboxItem::row`]); the rows it refuses are not decoded. The dispatcher passes the rows
/// it already holds, so each pass decodes only what it is about to send.
pub fn pending_where(
    store: &Store,
    limit: usize,
    keep: impl Fn(&str) -> bool,
) -> Result<Vec<OutboxItem>, StoreError> {
    Ok(store
        .scan_prefix_where(&QUEUE, "q:", limit, keep)?
        .into_iter()
        .map(|(_, v)| v.0)
        .collect())
}

/// Was this alert delivered already?
pub fn was_delivered(store: &Store, key: &str) -> Result<bool, StoreError> {
    Ok(store.get(&DONE, &format!("done:{key}"))?.is_some())
}

/// The item was delivered at `now`: its row goes, its mark stays, in one transaction.
pub fn delivered(store: &Store, item: &OutboxItem, now: i64) -> Result<(), StoreError> {
    apply(
        store,
        &[Change::Delivered {
            row: item.row(),
            at: now,
        }],
    )
}

/// The item is given up (delivered before, or failed too often).
pub fn discard(store: &Store, item: &OutboxItem) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    batch.delete(&QUEUE, &item.row());
    batch.delete(&INTENTS, &intent_row(&item.key));
    store.commit(batch)
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
    let mut batch = Batch::new();
    batch.put(&QUEUE, &next.row(), &Versioned(next.clone()))?;
    batch.delete(&INTENTS, &intent_row(&item.key));
    store.commit(batch)
}

/// Puts the deletion of a chat's (or one subscription's) waiting alerts in `batch`.
pub(crate) fn drop_pending(
    store: &Store,
    batch: &mut Batch,
    platform: &str,
    chat: &str,
    sub: Option<u32>,
) -> Result<(), StoreError> {
    // Keys start with `<platform>:<chat>:`: only that chat's rows are decoded.
    let of_chat = format!("{platform}:{chat}:");
    let rows = store.scan_prefix_where(&QUEUE, "q:", usize::MAX, |row| {
        key_of_row(row).starts_with(&of_chat)
    })?;
    for (row, Versioned(item)) in rows {
        if item.platform == platform
            && item.chat == chat
            && item.sub.is_some()
            && (sub.is_none() || item.sub == sub)
        {
            batch.delete(&QUEUE, &row);
            batch.delete(&INTENTS, &intent_row(&item.key));
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
        .filter(|(_, at)| now - at.0.0 > DONE_KEEP_SECS)
        .map(|(k, _)| k)
        .collect();
    old.extend(
        store
            .scan_prefix(&KEPT, "r:")?
            .into_iter()
            .filter(|(_, a)| now - a.0.at > KEPT_FOR_SECS)
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

const KEPT: TypedTable<Versioned<KeptAnswer>> = TypedTable::new(tables::OUTBOX.name());
const INBOX: TypedTable<Versioned<QueuedUpdate>> = TypedTable::new(tables::OUTBOX.name());
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
    store.put(
        &KEPT,
        &kept_row(chat_key, update),
        &Versioned(answer.clone()),
    )
}

/// The kept answer of a handled update whose answer was not sent yet.
pub fn kept_answer(
    store: &Store,
    chat_key: &str,
    update: u64,
) -> Result<Option<KeptAnswer>, StoreError> {
    Ok(store.get(&KEPT, &kept_row(chat_key, update))?.map(|v| v.0))
}

/// The answer was sent (or given up on): forgets it.
pub fn answer_sent(store: &Store, chat_key: &str, update: u64) -> Result<(), StoreError> {
    store.delete_soon(&KEPT, &kept_row(chat_key, update))
}

/// [`answer_sent`] for several answers (`(chat_key, update)`) at once, in one write.
pub fn answers_sent(store: &Store, sent: &[(String, u64)]) -> Result<(), StoreError> {
    let keys = sent
        .iter()
        .map(|(chat_key, update)| kept_row(chat_key, *update))
        .collect();
    store.delete_all_soon(&KEPT, keys)
}

/// Queues platform updates taken in but not answered, in one transaction.
pub fn queue_updates(
    store: &Store,
    platform: &str,
    updates: &[(u64, serde_json::Value)],
) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    for (id, update) in updates {
        batch.put(
            &INBOX,
            &format!("in:{platform}:{id:020}"),
            &Versioned(QueuedUpdate(update.clone())),
        )?;
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
        .filter_map(|(k, Versioned(QueuedUpdate(v)))| Some((k[prefix.len()..].parse().ok()?, v)))
        .collect())
}

/// A queued update was answered.
pub fn update_answered(store: &Store, platform: &str, id: u64) -> Result<(), StoreError> {
    updates_answered(store, platform, &[id])
}

/// Queued updates `ids` were answered: their rows go together, riding along with the next
/// commit ([`Store::delete_soon`]).
pub fn updates_answered(store: &Store, platform: &str, ids: &[u64]) -> Result<(), StoreError> {
    let keys: Vec<String> = ids
        .iter()
        .map(|id| format!("in:{platform}:{id:020}"))
        .collect();
    store.delete_all_soon(&INBOX, keys)
}

/// Forgets, in one transaction, every queued update of `platform` but those `keep` accepts
/// (the ones still unanswered); returns how many went. For a stop: the deletes of answered
/// updates ride along with later commits ([`update_answered`]), and one not yet written
/// would make the next start answer that update again.
pub fn forget_updates_except(
    store: &Store,
    platform: &str,
    keep: impl Fn(u64) -> bool,
) -> Result<usize, StoreError> {
    let prefix = format!("in:{platform}:");
    store.delete_keys_where(&INBOX, &prefix, |key| {
        key[prefix.len()..].parse().map_or(true, |id| !keep(id))
    })
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
        oldest_created: rows.iter().map(|(_, i)| i.0.created_at).min(),
        last_delivery: store.get(&DONE, LAST_DELIVERY)?.map(|d| d.0.0),
        retrying: rows.iter().filter(|(_, i)| i.0.attempts > 0).count(),
    })
}

fn intent_row(key: &str) -> String {
    format!("i:{key}")
}

/// One change to the outbox's delivery state; [`apply`] writes several in one transaction.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// The queue row `row`'s send is about to leave (committed before its first request).
    Intend {
        row: String,
        platform: String,
        chat: String,
        at: i64,
    },
    /// The platform refused the request (an error answer, a refused connection): it did not
    /// arrive, so the intent goes and a resend is safe.
    Withdraw { row: String },
    /// The platform accepted it: the row and its intent go, its `done:` mark is written.
    Delivered { row: String, at: i64 },
}

/// Writes `changes` in order, in one transaction (the dispatcher's group commit).
pub fn apply(store: &Store, changes: &[Change]) -> Result<(), StoreError> {
    let mut batch = Batch::new();
    let mut last = None;
    for change in changes {
        match change {
            Change::Intend {
                row,
                platform,
                chat,
                at,
            } => batch.put(
                &INTENTS,
                &intent_row(key_of_row(row)),
                &Versioned(Intent {
                    row: row.clone(),
                    platform: platform.clone(),
                    chat: chat.clone(),
                    at: *at,
                }),
            )?,
            Change::Withdraw { row } => batch.delete(&INTENTS, &intent_row(key_of_row(row))),
            Change::Delivered { row, at } => {
                let key = key_of_row(row);
                batch.delete(&QUEUE, row);
                batch.delete(&INTENTS, &intent_row(key));
                batch.put(&DONE, &format!("done:{key}"), &Versioned(Delivered(*at)))?;
                last = Some(*at);
            }
        }
    }
    if let Some(at) = last {
        batch.put(&DONE, LAST_DELIVERY, &Versioned(Delivered(at)))?;
    }
    if batch.is_empty() {
        return Ok(());
    }
    store.commit(batch)
}

/// What [`reconcile`] did with a send a kill left unanswered.
#[derive(Debug, Clone, PartialEq)]
pub enum Unanswered {
    /// Not sent again: the platform may or may not have it ("fate unknown").
    FateUnknown(Intent),
    /// Sent again: the platform's idempotency drops a repeat.
    Resend(Intent),
}

/// At start, before anything is sent: every intent left by a kill on a platform `sends`
/// accepts (one this process sends to; others wait for a start that does). `resends(platform)`
/// says whether the platform drops a repeated send: then the row stays queued and goes again;
/// otherwise it is to be closed, not sent again. [`settle`] writes the outcome; the caller
/// logs each first, so a kill between the two leaves them to be logged again, never unlogged.
pub fn unanswered(
    store: &Store,
    sends: impl Fn(&str) -> bool,
    resends: impl Fn(&str) -> bool,
) -> Result<Vec<Unanswered>, StoreError> {
    Ok(store
        .scan_prefix(&INTENTS, "i:")?
        .into_iter()
        .map(|(_, Versioned(intent))| intent)
        .filter(|i| sends(&i.platform))
        .map(|i| {
            if resends(&i.platform) {
                Unanswered::Resend(i)
            } else {
                Unanswered::FateUnknown(i)
            }
        })
        .collect())
}

/// Writes what [`unanswered`] found, in one transaction: every intent goes; a row whose fate
/// is unknown is closed with a `done:` mark, one to resend stays queued.
pub fn settle(store: &Store, found: &[Unanswered], now: i64) -> Result<(), StoreError> {
    if found.is_empty() {
        return Ok(());
    }
    let mut batch = Batch::new();
    for u in found {
        match u {
            Unanswered::Resend(i) => batch.delete(&INTENTS, &intent_row(key_of_row(&i.row))),
            Unanswered::FateUnknown(i) => {
                let key = key_of_row(&i.row);
                batch.delete(&INTENTS, &intent_row(key));
                batch.delete(&QUEUE, &i.row);
                batch.put(&DONE, &format!("done:{key}"), &Versioned(Delivered(now)))?;
            }
        }
    }
    store.commit(batch)
}

/// [`unanswered`] then [`settle`], for callers that log nothing in between.
pub fn reconcile(
    store: &Store,
    sends: impl Fn(&str) -> bool,
    resends: impl Fn(&str) -> bool,
    now: i64,
) -> Result<Vec<Unanswered>, StoreError> {
    let found = unanswered(store, sends, resends)?;
    settle(store, &found, now)?;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reply::Part;

    fn item(platform: &str, chat: &str, n: u32, created: i64) -> OutboxItem {
        OutboxItem {
            key: format!("{platform}:{chat}:7:{n}"),
            platform: platform.into(),
            chat: chat.into(),
            thread: None,
            kind: ChatKind::Private,
            sub: Some(7),
            lang: Lang::En,
            reply: Reply {
                parts: vec![Part::Raw(format!("alert {n}"))],
                ..Reply::default()
            },
            created_at: created,
            attempts: 0,
            not_before: 0,
        }
    }

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&dir.path().join("db.redb")).unwrap();
        (dir, s)
    }

    #[test]
    fn rows_written_before_versions_still_read_and_newer_ones_are_refused() {
        let (_d, s) = store();
        // What the build before versioned records wrote: the bare JSON of the item.
        let bare: TypedTable<serde_json::Value> = TypedTable::new(tables::OUTBOX.name());
        let old = item("telegram", "42", 1, 100);
        s.put(&bare, &old.row(), &serde_json::to_value(&old).unwrap())
            .unwrap();
        let kept = KeptAnswer {
            at: 5,
            lang: Lang::Zh,
            replies: vec![old.reply.clone()],
        };
        s.put(
            &bare,
            "r:telegram:42:9",
            &serde_json::to_value(&kept).unwrap(),
        )
        .unwrap();
        let mut batch = Batch::new();
        enqueue(&mut batch, &item("telegram", "43", 2, 101)).unwrap();
        s.commit(batch).unwrap();
        let got = pending(&s, 10).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], old);
        assert_eq!(got[1].chat, "43");
        assert_eq!(kept_answer(&s, "telegram:42", 9).unwrap(), Some(kept));
        // The current build writes the envelope.
        let raw: Option<serde_json::Value> = s.get(&bare, &got[1].row()).unwrap();
        assert_eq!(raw.unwrap()["v"], 1);
        // A row from a newer build is refused, not guessed at.
        let newer = serde_json::json!({"v": 9, "r": serde_json::to_value(&old).unwrap()});
        s.put(&bare, &item("telegram", "44", 3, 102).row(), &newer)
            .unwrap();
        let err = pending(&s, 10).unwrap_err().to_string();
        assert!(err.contains("newer"), "{err}");
    }

    #[test]
    fn a_pass_decodes_only_the_rows_it_keeps() {
        let (_d, s) = store();
        let mut batch = Batch::new();
        let items: Vec<OutboxItem> = (0..5)
            .map(|n| item("telegram", "1", n, 10 + n as i64))
            .collect();
        for i in &items {
            enqueue(&mut batch, i).unwrap();
        }
        s.commit(batch).unwrap();
        // A broken row the pass holds already (in flight) is never read.
        let bare: TypedTable<serde_json::Value> = TypedTable::new(tables::OUTBOX.name());
        s.put(&bare, &items[1].row(), &serde_json::json!("garbage"))
            .unwrap();
        let held = [items[0].row(), items[1].row()];
        let got = pending_where(&s, 2, |row| !held.iter().any(|h| h == row)).unwrap();
        assert_eq!(got, items[2..4].to_vec());
        assert_eq!(key_of_row(&items[3].row()), items[3].key);
    }

    #[test]
    fn a_kill_with_intents_left_closes_telegram_sends_and_resends_discord_ones() {
        let (_d, s) = store();
        let tg = item("telegram", "1", 1, 10);
        let tg_answered = item("telegram", "2", 2, 11);
        let dc = item("discord", "3", 3, 12);
        let refused = item("telegram", "4", 4, 13);
        let mut batch = Batch::new();
        for i in [&tg, &tg_answered, &dc, &refused] {
            enqueue(&mut batch, i).unwrap();
        }
        s.commit(batch).unwrap();
        let intend = |i: &OutboxItem| Change::Intend {
            row: i.row(),
            platform: i.platform.clone(),
            chat: i.chat.clone(),
            at: 20,
        };
        // One group commit: four intents; then two answers in the next.
        apply(
            &s,
            &[
                intend(&tg),
                intend(&tg_answered),
                intend(&dc),
                intend(&refused),
            ],
        )
        .unwrap();
        apply(
            &s,
            &[
                Change::Delivered {
                    row: tg_answered.row(),
                    at: 21,
                },
                Change::Withdraw { row: refused.row() },
            ],
        )
        .unwrap();
        assert!(was_delivered(&s, &tg_answered.key).unwrap());
        // The kill; at the next start:
        // A start without Discord leaves Discord's intent for one with it.
        let first = reconcile(&s, |p| p == "telegram", |p| p == "discord", 30).unwrap();
        assert_eq!(first.len(), 1, "{first:?}");
        let out = reconcile(&s, |_| true, |p| p == "discord", 30).unwrap();
        assert!(matches!(&first[0], Unanswered::FateUnknown(i) if i.chat == "1"));
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(matches!(&out[0], Unanswered::Resend(i) if i.chat == "3"));
        // Telegram's unknown one is closed, never resent; Discord's and the refused one go.
        assert!(was_delivered(&s, &tg.key).unwrap());
        let left: Vec<String> = pending(&s, 10)
            .unwrap()
            .into_iter()
            .map(|i| i.chat)
            .collect();
        assert_eq!(left, ["3", "4"]);
        assert!(reconcile(&s, |_| true, |_| false, 31).unwrap().is_empty());
        assert_eq!(stats(&s).unwrap().last_delivery, Some(21));
    }
}
