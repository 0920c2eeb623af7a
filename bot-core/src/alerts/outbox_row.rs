//! The one record type of the store's `outbox` table ([`OutboxRow`]) and the records it holds,
//! one kind per key prefix (the module docs of `outbox`). Every kind is written as a versioned
//! record (`{"v":1,"r":…}`, [`crate::store::Versioned`]); a row written before records carried
//! a version (the bare JSON: items and kept answers before the envelope, delivery times and
//! queued updates before this module) still reads, as version 0 of the same shape, and a row
//! from a newer build is refused.
//!
//! A leaf: the store's schema names [`OutboxRow`], so nothing here may read the store.

use super::access::ChatKind;
use crate::i18n::Lang;
use crate::reply::Reply;
use crate::store::Record;
use serde::{Deserialize, Serialize};

/// Any row of the `outbox` table. Its key's prefix says which kind it is and `outbox` reads
/// each prefix through its own typed view; this type reads a row without its key (a tool
/// walking the whole table, a count), by shape, the richest shape first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OutboxRow {
    /// `q:<created>:<key>`.
    Item(OutboxItem),
    /// `r:<platform>:<chat>:<update>`.
    Kept(KeptAnswer),
    /// `i:<key>`.
    Intent(Intent),
    /// `done:<key>` and `stat:last_delivery`.
    Delivered(Delivered),
    /// `in:<platform>:<update id>`.
    Update(QueuedUpdate),
}

/// One message waiting to go out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutboxItem {
    /// Unique per alert and platform: `<platform>:<chat>:<subscription>:<n>`.
    pub key: String,
    pub platform: String,
    pub chat: String,
    /// Where in the chat it goes (the subscription's [`Subscription::thread`]: a forum topic,
    /// `dm:<topic>`); a row written before this field reads as the chat itself.
    ///
    /// [`Subscription::thread`]: crate::alerts::Subscription::thread
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
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

/// An update's answer, kept until it was sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeptAnswer {
    pub at: i64,
    pub lang: Lang,
    pub replies: Vec<Reply>,
}

/// A send about to leave or gone, with no answer recorded yet: `i:<idempotency key>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Intent {
    /// The queue row it is for.
    pub row: String,
    pub platform: String,
    pub chat: String,
    pub at: i64,
}

/// When an alert was delivered (Unix seconds); also the time of the last delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Delivered(pub i64);

/// A platform's update as it came (its own JSON), taken in and not answered yet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct QueuedUpdate(pub serde_json::Value);

/// Version 1 added the envelope; a bare row (version 0) has the same shape.
macro_rules! version_1 {
    ($($t:ty),*) => {$(impl Record for $t {
        const VERSION: u32 = 1;
    })*};
}
version_1!(
    OutboxRow,
    OutboxItem,
    KeptAnswer,
    Intent,
    Delivered,
    QueuedUpdate
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alerts::outbox;
    use crate::store::{Batch, Store, TypedTable, Versioned, tables};
    use serde_json::{Value, json};

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&dir.path().join("db.redb")).unwrap();
        (dir, s)
    }

    fn item(chat: &str) -> OutboxItem {
        OutboxItem::notice("telegram", chat, Lang::En, Reply::default(), "t", 100)
    }

    #[test]
    fn bare_delivery_times_and_updates_still_read_and_newer_ones_are_refused() {
        let (_d, s) = store();
        // What builds before this record type wrote: bare numbers and the update as it came.
        let bare: TypedTable<Value> = TypedTable::new(tables::OUTBOX.name());
        s.put(&bare, "done:telegram:1:7:1", &json!(50)).unwrap();
        s.put(&bare, "stat:last_delivery", &json!(50)).unwrap();
        let update = json!({"update_id": 12, "message": {"text": "/help"}});
        s.put(&bare, &format!("in:telegram:{:020}", 12), &update)
            .unwrap();
        assert!(outbox::was_delivered(&s, "telegram:1:7:1").unwrap());
        assert!(!outbox::was_delivered(&s, "telegram:1:7:2").unwrap());
        assert_eq!(outbox::stats(&s).unwrap().last_delivery, Some(50));
        assert_eq!(
            outbox::queued_updates(&s, "telegram").unwrap(),
            [(12, update.clone())]
        );
        // This build writes envelopes for both.
        outbox::queue_updates(&s, "discord", &[(3, json!({"id": "3"}))]).unwrap();
        let raw = s.get(&bare, &format!("in:discord:{:020}", 3)).unwrap();
        assert_eq!(raw.unwrap()["v"], 1);
        let mut batch = Batch::new();
        outbox::enqueue(&mut batch, &item("9")).unwrap();
        s.commit(batch).unwrap();
        outbox::delivered(&s, &item("9"), 60).unwrap();
        assert_eq!(s.get(&bare, "stat:last_delivery").unwrap().unwrap()["v"], 1);
        assert_eq!(outbox::stats(&s).unwrap().last_delivery, Some(60));
        // Rows from a newer build are refused, not guessed at.
        s.put(&bare, "done:telegram:1:7:3", &json!({"v": 2, "r": 70}))
            .unwrap();
        let err = outbox::was_delivered(&s, "telegram:1:7:3").unwrap_err();
        assert!(err.to_string().contains("newer"), "{err}");
        s.put(
            &bare,
            "in:telegram:00000000000000000013",
            &json!({"v": 2, "r": {}}),
        )
        .unwrap();
        let err = outbox::queued_updates(&s, "telegram").unwrap_err();
        assert!(err.to_string().contains("newer"), "{err}");
    }

    #[test]
    fn the_tables_own_type_reads_every_kind_by_its_shape() {
        let (_d, s) = store();
        let mut batch = Batch::new();
        outbox::enqueue(&mut batch, &item("1")).unwrap();
        outbox::enqueue(&mut batch, &item("2")).unwrap();
        s.commit(batch).unwrap();
        outbox::apply(
            &s,
            &[outbox::Change::Intend {
                row: item("2").row(),
                platform: "telegram".into(),
                chat: "2".into(),
                at: 101,
            }],
        )
        .unwrap();
        outbox::delivered(&s, &item("1"), 102).unwrap();
        let kept = KeptAnswer {
            at: 103,
            lang: Lang::Zh,
            replies: vec![],
        };
        outbox::keep_answer(&s, "telegram:5", 8, &kept).unwrap();
        outbox::queue_updates(&s, "telegram", &[(8, json!({"update_id": 8}))]).unwrap();
        let rows = s.scan_prefix(&tables::OUTBOX, "").unwrap();
        let kinds: Vec<(&str, &str)> = rows
            .iter()
            .map(|(k, Versioned(row))| {
                let kind = match row {
                    OutboxRow::Item(i) => {
                        assert_eq!(i, &item("2"));
                        "item"
                    }
                    OutboxRow::Kept(k) => {
                        assert_eq!(k, &kept);
                        "kept"
                    }
                    OutboxRow::Intent(i) => {
                        assert_eq!(i.row, item("2").row());
                        "intent"
                    }
                    OutboxRow::Delivered(d) => {
                        assert_eq!(d.0, 102);
                        "delivered"
                    }
                    OutboxRow::Update(u) => {
                        assert_eq!(u.0["update_id"], 8);
                        "update"
                    }
                };
                (k.split(':').next().unwrap(), kind)
            })
            .collect();
        assert_eq!(
            kinds,
            [
                ("done", "delivered"),
                ("i", "intent"),
                ("in", "update"),
                ("q", "item"),
                ("r", "kept"),
                ("stat", "delivered"),
            ]
        );
        // A row of the table from a newer build is refused by the table's own type too.
        let bare: TypedTable<Value> = TypedTable::new(tables::OUTBOX.name());
        s.put(&bare, "q:9", &json!({"v": 2, "r": {}})).unwrap();
        assert!(s.scan_prefix(&tables::OUTBOX, "q:").is_err());
    }

    /// The stop's clean-up forgets the answered updates of one platform only, in one go,
    /// and leaves the unanswered ones, other platforms' and the rest of the outbox alone.
    #[test]
    fn forgetting_answered_updates_keeps_the_unanswered_and_everything_else() {
        let (_d, s) = store();
        let rows: Vec<(u64, Value)> = [1, 2, 9, 10, 4_000_000_000]
            .iter()
            .map(|&id| (id, json!({"update_id": id})))
            .collect();
        outbox::queue_updates(&s, "telegram", &rows).unwrap();
        outbox::queue_updates(&s, "discord", &rows[..2]).unwrap();
        let kept = outbox::KeptAnswer {
            at: 1,
            lang: Lang::En,
            replies: vec![],
        };
        outbox::keep_answer(&s, "telegram:5", 2, &kept).unwrap();
        let gone = outbox::forget_updates_except(&s, "telegram", |id| id == 9).unwrap();
        assert_eq!(gone, 4);
        let left = |p| -> Vec<u64> {
            outbox::queued_updates(&s, p)
                .unwrap()
                .into_iter()
                .map(|(id, _)| id)
                .collect()
        };
        assert_eq!(left("telegram"), [9]);
        assert_eq!(left("discord"), [1, 2]);
        assert_eq!(
            outbox::kept_answer(&s, "telegram:5", 2).unwrap(),
            Some(kept)
        );
    }
}
