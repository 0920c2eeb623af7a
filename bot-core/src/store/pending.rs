//! The writes of the platform update being handled on this thread (`Store::once`): held
//! here, seen by this thread's reads, and committed with the update's "handled" mark as one
//! transaction when the update is done, so an update is applied whole or not at all.

use redb::TableDefinition;
use std::cell::RefCell;
use std::collections::BTreeMap;

pub(super) type Def = TableDefinition<'static, &'static str, &'static [u8]>;

/// One write: `(table name, table, key, value)`; `None` deletes.
pub(super) type Op = (&'static str, Def, String, Option<Vec<u8>>);

/// One put (`Some` bytes) or delete (`None`) as committed.
pub(super) type BatchOp = (Def, String, Option<Vec<u8>>);

/// What one writer commits: its writes in order and, for a platform update, its handled mark
/// (`platform:chat`, update id). The group commit writes several of these in one transaction.
pub(super) struct Unit {
    pub ops: Vec<BatchOp>,
    pub mark: Option<(String, u64)>,
}

#[derive(Default)]
pub(super) struct Pending {
    /// `(table, key)` -> the last value written (`None`: deleted).
    pub ops: BTreeMap<(&'static str, String), Written>,
}

/// A table and the value last written to one of its keys (`None`: deleted).
pub(super) type Written = (Def, Option<Vec<u8>>);

thread_local! {
    static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
}

/// Whether this thread is inside an update ([`Scope`]).
pub(super) fn in_update() -> bool {
    PENDING.with(|p| p.borrow().is_some())
}

/// Whether this thread's pending update wrote to `table`.
pub(super) fn touches(table: &str) -> bool {
    PENDING.with(|p| {
        p.borrow()
            .as_ref()
            .is_some_and(|p| p.ops.keys().any(|(t, _)| *t == table))
    })
}

/// What this thread's pending update holds for `(table, key)`: `None` if it did not touch it.
pub(super) fn value(table: &'static str, key: &str) -> Option<Option<Vec<u8>>> {
    PENDING.with(|p| {
        p.borrow()
            .as_ref()?
            .ops
            .get(&(table, key.to_string()))
            .map(|(_, v)| v.clone())
    })
}

/// Lays this thread's pending writes under `prefix` of `table` over `raw` (read from the file).
pub(super) fn overlay(table: &'static str, prefix: &str, raw: &mut BTreeMap<String, Vec<u8>>) {
    PENDING.with(|p| {
        let p = p.borrow();
        let Some(pending) = p.as_ref() else { return };
        let from = (table, prefix.to_string());
        for ((t, key), (_, value)) in pending.ops.range(from..) {
            if *t != table || !key.starts_with(prefix) {
                break;
            }
            match value {
                Some(bytes) => raw.insert(key.clone(), bytes.clone()),
                None => raw.remove(key),
            };
        }
    });
}

/// Puts the ops into this thread's pending update; gives them back when none is running.
pub(super) fn defer(ops: Vec<Op>) -> Option<Vec<BatchOp>> {
    PENDING.with(|p| match p.borrow_mut().as_mut() {
        Some(pending) => {
            for (table, def, key, value) in ops {
                pending.ops.insert((table, key), (def, value));
            }
            None
        }
        None => Some(ops.into_iter().map(|(_, d, k, v)| (d, k, v)).collect()),
    })
}

/// Restores the enclosing pending update (if any) when dropped, so a handler that panics
/// leaves nothing of its writes behind.
pub(super) struct Scope(Option<Option<Pending>>);

impl Scope {
    pub(super) fn enter() -> Scope {
        Scope(Some(
            PENDING.with(|p| p.borrow_mut().replace(Pending::default())),
        ))
    }
    /// The writes made inside this scope.
    pub(super) fn finish(mut self) -> Pending {
        let previous = self.0.take().flatten();
        PENDING
            .with(|p| std::mem::replace(&mut *p.borrow_mut(), previous))
            .unwrap_or_default()
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        if let Some(previous) = self.0.take() {
            PENDING.with(|p| *p.borrow_mut() = previous);
        }
    }
}
