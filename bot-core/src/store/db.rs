//! The store itself: reads and writes in one transaction each, batches, and exactly-once marks
//! for platform updates.

use super::error::{StoreError, guard, redb_error};
use super::open::{Faults, open_db};
use super::schema::{HANDLED, HANDLED_KEEP, META, TypedTable};
use super::seal::live::Live;
use redb::{
    Database, ReadableDatabase, ReadableTable, TableDefinition, TableHandle, WriteTransaction,
};
use serde::{Serialize, de::DeserializeOwned};
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

type Def = TableDefinition<'static, &'static str, &'static [u8]>;

impl Drop for Store {
    fn drop(&mut self) {
        let db = self
            .db
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        let Some(db) = db else { return };
        // redb's close may trip its own checks after a failure; that must not panic either.
        let closed = guard(&self.path, || {
            drop(db);
            Ok(())
        });
        let live = self.live.get_mut().unwrap_or_else(PoisonError::into_inner);
        if closed.is_err() {
            live.failed();
        } else if !live.finish() && self.seal.load(Ordering::Relaxed) {
            // The seal was lost this session (a failed write): the full check makes a new one.
            super::seal::write(&self.path);
        }
    }
}

/// One write: `(table name, table, key, value)`; `None` deletes.
type Op = (&'static str, Def, String, Option<Vec<u8>>);

/// The writes of the platform update being handled on this thread ([`Store::once`]): held
/// here, seen by this thread's reads, and committed with the update's "handled" mark as one
/// transaction when the update is done, so an update is applied whole or not at all.
#[derive(Default)]
struct Pending {
    /// `(table, key)` -> the last value written (`None`: deleted).
    ops: BTreeMap<(&'static str, String), Written>,
}

/// A table and the value last written to one of its keys (`None`: deleted).
type Written = (Def, Option<Vec<u8>>);

thread_local! {
    static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
}

/// What this thread's pending update holds for `(table, key)`: `None` if it did not touch it.
fn pending_value(table: &'static str, key: &str) -> Option<Option<Vec<u8>>> {
    PENDING.with(|p| {
        p.borrow()
            .as_ref()?
            .ops
            .get(&(table, key.to_string()))
            .map(|(_, v)| v.clone())
    })
}

/// Puts the ops into this thread's pending update; gives them back when none is running.
fn defer(ops: Vec<Op>) -> Option<Vec<BatchOp>> {
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
struct Scope(Option<Option<Pending>>);

impl Scope {
    fn enter() -> Scope {
        Scope(Some(
            PENDING.with(|p| p.borrow_mut().replace(Pending::default())),
        ))
    }
    /// The writes made inside this scope.
    fn finish(mut self) -> Pending {
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

/// The database.
pub struct Store {
    /// `None` after a failure that needs a reopen; the next call reopens.
    db: RwLock<Option<Database>>,
    path: PathBuf,
    faults: Option<Arc<Faults>>,
    /// Seal the file after the clean close at drop ([`Store::seal_when_closed`]).
    seal: AtomicBool,
    /// The seal kept true through this session's writes (`seal::live`).
    live: Mutex<Arc<Live>>,
    /// Write transactions attempted per table name since the open ([`Store::derived`]).
    generations: Mutex<HashMap<String, u64>>,
    /// Values derived from a table, with the generation they were built at.
    derived: Mutex<HashMap<(&'static str, TypeId), Derived>>,
}

type Derived = (u64, Arc<dyn Any + Send + Sync>);

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

/// The database file inside a data directory.
pub fn db_path(data_dir: &Path) -> PathBuf {
    data_dir.join("gpuscout.redb")
}

impl Store {
    /// Opens (or creates) the database, creates every table, and checks the schema version.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with(path, None)
    }

    /// [`Store::open`] with injected faults (tests of a full disk).
    pub fn open_with_faults(path: &Path, faults: Arc<Faults>) -> Result<Store, StoreError> {
        Store::open_with(path, Some(faults))
    }

    fn open_with(path: &Path, faults: Option<Arc<Faults>>) -> Result<Store, StoreError> {
        let (db, live) = open_db(path, faults.clone())?;
        Ok(Store {
            db: RwLock::new(Some(db)),
            path: path.to_path_buf(),
            faults,
            seal: AtomicBool::new(false),
            live: Mutex::new(live),
            generations: Mutex::default(),
            derived: Mutex::default(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Keep a seal for this file from now on (reading it once, in order, unless the open found
    /// one), so the next open — after a clean stop or a crash — verifies it by one sequential
    /// read instead of a walk of every page (`serve` asks for this: its restart is the cold
    /// start that must be fast). Any store keeps a seal it found at the open.
    pub fn seal_when_closed(&self) {
        self.seal.store(true, Ordering::Relaxed);
        self.live().establish();
    }

    fn live(&self) -> Arc<Live> {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Whether this session keeps a seal (tests and the cold-start bench check the fast path).
    pub fn sealed(&self) -> bool {
        self.live().is_on()
    }

    /// Runs `f` on the open database (reopening it first if a failure closed it). A failure
    /// that leaves redb unusable closes it, so the next call starts afresh.
    pub(super) fn with_db<T>(
        &self,
        f: impl FnOnce(&Database) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let result = self.ensure_open().and_then(|()| {
            let db = self.db.read().unwrap_or_else(PoisonError::into_inner);
            match db.as_ref() {
                Some(db) => guard(&self.path, || f(db)),
                None => Err(StoreError::Io {
                    path: self.path.clone(),
                    detail: "the database is being reopened".into(),
                }),
            }
        });
        if let Err(e) = &result
            && e.closes_db()
        {
            self.close();
        }
        result
    }

    fn ensure_open(&self) -> Result<(), StoreError> {
        if self
            .db
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
        {
            return Ok(());
        }
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        if slot.is_none() {
            let (db, live) = open_db(&self.path, self.faults.clone())?;
            *slot = Some(db);
            if self.seal.load(Ordering::Relaxed) {
                live.establish();
            }
            *self.live.lock().unwrap_or_else(PoisonError::into_inner) = live;
        }
        Ok(())
    }

    fn close(&self) {
        let old = self
            .db
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(db) = old {
            // Dropping after a failure may trip redb's own checks; that must not panic either.
            let _ = guard(&self.path, || {
                drop(db);
                Ok(())
            });
        }
    }

    pub(super) fn err(&self, e: impl Into<redb::Error>) -> StoreError {
        redb_error(&self.path, e)
    }

    /// One write transaction that may change `tables`.
    fn write<T>(
        &self,
        tables: &[&str],
        f: impl FnOnce(&WriteTransaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let result = self.with_db(|db| {
            let mut txn = db.begin_write().map_err(|e| self.err(e))?;
            // Each commit saves the allocator state (a two-phase commit): after a crash redb
            // reloads it instead of walking every page (issue 28 item 7).
            txn.set_quick_repair(true);
            let t = f(&txn)?;
            txn.commit().map_err(|e| self.err(e))?;
            Ok(t)
        });
        // After the commit (or its failure: counting one too many only costs a rebuild), so a
        // value derived at the old generation is never taken for the new data.
        let mut gens = self
            .generations
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for name in tables {
            *gens.entry((*name).to_string()).or_default() += 1;
        }
        result
    }

    fn generation(&self, table: &str) -> u64 {
        self.generations
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(table)
            .copied()
            .unwrap_or(0)
    }

    /// A value computed from `table` alone (an in-memory index), kept until the next write to
    /// that table through this store (the file is never open in two places, so no other
    /// writer exists). Inside [`Store::once`] with writes to `table` pending, `build` runs
    /// for this call only: the value must see those writes, and they may never commit.
    pub fn derived<V, T: Any + Send + Sync>(
        &self,
        table: &TypedTable<V>,
        build: impl FnOnce() -> Result<T, StoreError>,
    ) -> Result<Arc<T>, StoreError> {
        let name = table.name();
        let pending = PENDING.with(|p| {
            p.borrow()
                .as_ref()
                .is_some_and(|p| p.ops.keys().any(|(t, _)| *t == name))
        });
        if pending {
            return Ok(Arc::new(build()?));
        }
        let key = (name, TypeId::of::<T>());
        // Read before building: a write that lands meanwhile makes the value old at once.
        let generation = self.generation(name);
        let hit = self
            .derived
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .filter(|(g, _)| *g == generation)
            .and_then(|(_, v)| v.clone().downcast::<T>().ok());
        if let Some(v) = hit {
            return Ok(v);
        }
        let value = Arc::new(build()?);
        let mut derived = self.derived.lock().unwrap_or_else(PoisonError::into_inner);
        if derived.get(&key).is_none_or(|(g, _)| *g < generation) {
            let shared: Arc<dyn Any + Send + Sync> = value.clone();
            derived.insert(key, (generation, shared));
        }
        Ok(value)
    }

    /// Writes `ops` in order, and the handled mark if given, in one transaction.
    fn write_ops<'a>(
        &self,
        ops: impl IntoIterator<Item = (&'a Def, &'a str, Option<&'a [u8]>)>,
        mark: Option<(&str, u64)>,
    ) -> Result<(), StoreError> {
        let ops: Vec<_> = ops.into_iter().collect();
        let mut tables: Vec<&str> = ops.iter().map(|(def, _, _)| def.name()).collect();
        if mark.is_some() {
            tables.push(HANDLED.name());
        }
        tables.sort_unstable();
        tables.dedup();
        self.write(&tables, |txn| {
            for (def, key, value) in ops {
                let mut t = txn.open_table(*def).map_err(|e| self.err(e))?;
                match value {
                    Some(bytes) => {
                        t.insert(key, bytes).map_err(|e| self.err(e))?;
                    }
                    None => {
                        t.remove(key).map_err(|e| self.err(e))?;
                    }
                }
            }
            if let Some((key, update)) = mark {
                self.write_mark(txn, key, update)?;
            }
            Ok(())
        })
    }

    /// Writes `ops` now, or, inside [`Store::once`], with the update when it is done.
    fn apply(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        match defer(ops) {
            None => Ok(()),
            Some(ops) => self.write_ops(
                ops.iter().map(|(d, k, v)| (d, k.as_str(), v.as_deref())),
                None,
            ),
        }
    }

    fn write_mark(&self, txn: &WriteTransaction, key: &str, update: u64) -> Result<(), StoreError> {
        let mut t = txn.open_table(HANDLED).map_err(|e| self.err(e))?;
        let mut ids: Vec<u64> = match t.get(key).map_err(|e| self.err(e))? {
            Some(v) => serde_json::from_slice(v.value()).unwrap_or_default(),
            None => Vec::new(),
        };
        ids.retain(|&id| id != update);
        ids.push(update);
        let excess = ids.len().saturating_sub(HANDLED_KEEP);
        ids.drain(..excess);
        let bytes = serde_json::to_vec(&ids).map_err(|e| StoreError::Db(e.to_string()))?;
        t.insert(key, bytes.as_slice()).map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Whether update `update` of `key` (`platform:chat`) was handled already.
    pub fn handled(&self, key: &str, update: u64) -> Result<bool, StoreError> {
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(HANDLED).map_err(|e| self.err(e))?;
            let ids: Vec<u64> = match t.get(key).map_err(|e| self.err(e))? {
                Some(v) => serde_json::from_slice(v.value()).unwrap_or_default(),
                None => Vec::new(),
            };
            Ok(ids.contains(&update))
        })
    }

    /// Handles update `update` of chat `key` (`platform:chat`) exactly once: `Ok(None)` if it
    /// was handled before (a platform re-delivering it after a crash); otherwise runs `f`.
    /// Every write `f` makes (on this thread) is held back and seen by `f`'s own reads, then
    /// written with the "handled" mark as ONE transaction after `f` returns: the update is
    /// applied whole, or (a failed commit, a panic, a kill) not at all and not marked, so a
    /// re-delivery runs it again. `Err` is that failed commit. Updates of one chat arrive in
    /// order, so a short per-chat list of handled ids recognises every re-delivery (ids are
    /// not globally ordered: Telegram handles different chats concurrently and restarts its
    /// sequence after a quiet week).
    pub fn once<T>(
        &self,
        key: &str,
        update: u64,
        f: impl FnOnce() -> T,
    ) -> Result<Option<T>, StoreError> {
        // A store that cannot be read cannot dedupe; answering beats silence.
        if self.handled(key, update).unwrap_or(false) {
            return Ok(None);
        }
        let scope = Scope::enter();
        let out = f();
        let pending = scope.finish();
        let committed = self.write_ops(
            pending
                .ops
                .iter()
                .map(|((_, k), (def, value))| (def, k.as_str(), value.as_deref())),
            Some((key, update)),
        );
        match committed {
            Ok(()) => Ok(Some(out)),
            // An update that wrote nothing only risks one repeated answer.
            Err(_) if pending.ops.is_empty() => Ok(Some(out)),
            Err(e) => Err(e),
        }
    }

    /// The schema version recorded in the file.
    pub fn schema_version(&self) -> Result<u64, StoreError> {
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(META).map_err(|e| self.err(e))?;
            Ok(t.get("schema_version")
                .map_err(|e| self.err(e))?
                .map_or(0, |v| v.value()))
        })
    }

    /// Test/maintenance hook: records a schema version (used to simulate a newer file).
    pub fn set_schema_version(&self, version: u64) -> Result<(), StoreError> {
        self.write(&[META.name()], |txn| {
            txn.open_table(META)
                .map_err(|e| self.err(e))?
                .insert("schema_version", version)
                .map_err(|e| self.err(e))?;
            Ok(())
        })
    }

    pub fn get<V: DeserializeOwned>(
        &self,
        table: &TypedTable<V>,
        key: &str,
    ) -> Result<Option<V>, StoreError> {
        let decode = |bytes: &[u8]| {
            serde_json::from_slice(bytes)
                .map(Some)
                .map_err(|e| StoreError::Decode {
                    table: table.name(),
                    message: e.to_string(),
                })
        };
        if let Some(pending) = pending_value(table.name(), key) {
            return pending.map_or(Ok(None), |bytes| decode(&bytes));
        }
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(table.def).map_err(|e| self.err(e))?;
            match t.get(key).map_err(|e| self.err(e))? {
                Some(bytes) => decode(bytes.value()),
                None => Ok(None),
            }
        })
    }

    /// Whether `key` is in `table` (in the file; the pending update is the caller's business).
    fn exists(&self, def: Def, key: &str) -> Result<bool, StoreError> {
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(def).map_err(|e| self.err(e))?;
            Ok(t.get(key).map_err(|e| self.err(e))?.is_some())
        })
    }

    pub fn put<V: Serialize>(
        &self,
        table: &TypedTable<V>,
        key: &str,
        value: &V,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(value).map_err(|e| StoreError::Db(e.to_string()))?;
        self.apply(vec![(
            table.name(),
            table.def,
            key.to_string(),
            Some(bytes),
        )])
    }

    /// Removes a key; returns whether it existed.
    pub fn delete<V>(&self, table: &TypedTable<V>, key: &str) -> Result<bool, StoreError> {
        if PENDING.with(|p| p.borrow().is_some()) {
            let existed = match pending_value(table.name(), key) {
                Some(v) => v.is_some(),
                None => self.exists(table.def, key)?,
            };
            self.apply(vec![(table.name(), table.def, key.to_string(), None)])?;
            return Ok(existed);
        }
        self.write(&[table.name()], |txn| {
            Ok(txn
                .open_table(table.def)
                .map_err(|e| self.err(e))?
                .remove(key)
                .map_err(|e| self.err(e))?
                .is_some())
        })
    }

    /// How many entries `table` holds (in the file), without reading them.
    pub fn count<V>(&self, table: &TypedTable<V>) -> Result<u64, StoreError> {
        use redb::ReadableTableMetadata;
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(table.def).map_err(|e| self.err(e))?;
            t.len().map_err(|e| self.err(e))
        })
    }

    /// Removes every key under `prefix` that `doomed` accepts, in one transaction, reading
    /// keys only (no value is decoded); returns how many went. Maintenance (history pruning):
    /// it writes at once, not with an update being handled.
    pub fn delete_keys_where<V>(
        &self,
        table: &TypedTable<V>,
        prefix: &str,
        doomed: impl Fn(&str) -> bool,
    ) -> Result<usize, StoreError> {
        self.write(&[table.name()], |txn| {
            let mut t = txn.open_table(table.def).map_err(|e| self.err(e))?;
            let mut keys = Vec::new();
            for item in t.range(prefix..).map_err(|e| self.err(e))? {
                let (k, _) = item.map_err(|e| self.err(e))?;
                let key = k.value();
                if !key.starts_with(prefix) {
                    break;
                }
                if doomed(key) {
                    keys.push(key.to_string());
                }
            }
            for key in &keys {
                t.remove(key.as_str()).map_err(|e| self.err(e))?;
            }
            Ok(keys.len())
        })
    }

    /// All `(key, value)` pairs whose key starts with `prefix`, in key order.
    pub fn scan_prefix<V: DeserializeOwned>(
        &self,
        table: &TypedTable<V>,
        prefix: &str,
    ) -> Result<Vec<(String, V)>, StoreError> {
        let mut raw: BTreeMap<String, Vec<u8>> = self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(table.def).map_err(|e| self.err(e))?;
            let mut out = BTreeMap::new();
            for item in t.range(prefix..).map_err(|e| self.err(e))? {
                let (k, v) = item.map_err(|e| self.err(e))?;
                let key = k.value();
                if !key.starts_with(prefix) {
                    break;
                }
                out.insert(key.to_string(), v.value().to_vec());
            }
            Ok(out)
        })?;
        PENDING.with(|p| {
            let p = p.borrow();
            let Some(pending) = p.as_ref() else { return };
            let from = (table.name(), prefix.to_string());
            for ((t, key), (_, value)) in pending.ops.range(from..) {
                if *t != table.name() || !key.starts_with(prefix) {
                    break;
                }
                match value {
                    Some(bytes) => raw.insert(key.clone(), bytes.clone()),
                    None => raw.remove(key),
                };
            }
        });
        raw.into_iter()
            .map(|(key, bytes)| {
                serde_json::from_slice(&bytes)
                    .map(|value| (key, value))
                    .map_err(|e| StoreError::Decode {
                        table: table.name(),
                        message: e.to_string(),
                    })
            })
            .collect()
    }
}

/// One put (`Some` bytes) or delete (`None`) of a [`Batch`].
type BatchOp = (Def, String, Option<Vec<u8>>);

/// Several puts and deletes, possibly across tables, written as one redb transaction by
/// [`Store::commit`]: all of them or none.
#[derive(Default)]
pub struct Batch {
    ops: Vec<Op>,
}

impl Batch {
    pub fn new() -> Batch {
        Batch::default()
    }
    pub fn put<V: Serialize>(
        &mut self,
        table: &TypedTable<V>,
        key: &str,
        value: &V,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(value).map_err(|e| StoreError::Db(e.to_string()))?;
        self.ops
            .push((table.name(), table.def, key.to_string(), Some(bytes)));
        Ok(())
    }
    pub fn delete<V>(&mut self, table: &TypedTable<V>, key: &str) {
        self.ops
            .push((table.name(), table.def, key.to_string(), None));
    }
    pub fn len(&self) -> usize {
        self.ops.len()
    }
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}

impl Store {
    /// Writes a [`Batch`] in one transaction, in order (inside [`Store::once`], with the
    /// update's other writes).
    pub fn commit(&self, batch: Batch) -> Result<(), StoreError> {
        self.apply(batch.ops)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::store::schema::{SCHEMA_VERSION, UserPrefs, tables};

    #[test]
    fn values_round_trip_and_survive_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let path = db_path(dir.path());
        {
            let s = Store::open(&path).unwrap();
            let prefs = UserPrefs {
                lang: Some(Lang::Zh),
                currency: Some("CNY".into()),
            };
            s.put(&tables::PREFS, "telegram:42", &prefs).unwrap();
            s.put(
                &tables::TRIALS,
                "terminal:u:0001",
                &serde_json::json!({"a": 1}),
            )
            .unwrap();
            s.put(
                &tables::TRIALS,
                "terminal:u:0002",
                &serde_json::json!({"a": 2}),
            )
            .unwrap();
            s.put(
                &tables::TRIALS,
                "terminal:v:0001",
                &serde_json::json!({"a": 3}),
            )
            .unwrap();
        }
        let s = Store::open(&path).unwrap();
        assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
        assert_eq!(s.count(&tables::TRIALS).unwrap(), 3);
        assert_eq!(s.count(&tables::OUTBOX).unwrap(), 0);
        let prefs = s.get(&tables::PREFS, "telegram:42").unwrap().unwrap();
        assert_eq!(prefs.lang, Some(Lang::Zh));
        let trials = s.scan_prefix(&tables::TRIALS, "terminal:u:").unwrap();
        assert_eq!(trials.len(), 2);
        assert_eq!(trials[1].1["a"], 2);
        assert!(s.delete(&tables::PREFS, "telegram:42").unwrap());
        assert!(!s.delete(&tables::PREFS, "telegram:42").unwrap());
        assert!(s.get(&tables::PREFS, "telegram:42").unwrap().is_none());
    }

    /// The snapshots table seen as raw JSON (its rows are typed: `availability::row`).
    const RAW_SNAPSHOTS: TypedTable<serde_json::Value> = TypedTable::new(tables::SNAPSHOTS.name());

    #[test]
    fn fresh_tables_read_empty() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&db_path(dir.path())).unwrap();
        for t in [
            &tables::SUBSCRIPTIONS,
            &RAW_SNAPSHOTS,
            &tables::OUTBOX,
            &tables::DIALOGUE,
        ] {
            assert!(s.scan_prefix(t, "").unwrap().is_empty());
        }
    }

    #[test]
    fn a_newer_schema_is_a_clear_error_and_the_file_is_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = db_path(dir.path());
        {
            let s = Store::open(&path).unwrap();
            s.put(&tables::PREFS, "k", &UserPrefs::default()).unwrap();
            s.set_schema_version(SCHEMA_VERSION + 1).unwrap();
        }
        let err = Store::open(&path).unwrap_err();
        assert!(
            matches!(err, StoreError::NewerSchema { found, .. } if found == SCHEMA_VERSION + 1)
        );
        assert!(err.to_string().contains("newer GPU Scout"));
        // The version was not rewritten by the failed open.
        let err2 = Store::open(&path).unwrap_err();
        assert!(matches!(err2, StoreError::NewerSchema { .. }));
    }

    #[test]
    fn a_derived_value_is_kept_until_its_table_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&dir.path().join("db.redb")).unwrap();
        let builds = std::cell::Cell::new(0);
        let count = || {
            s.derived(&RAW_SNAPSHOTS, || {
                builds.set(builds.get() + 1);
                Ok(s.scan_prefix(&RAW_SNAPSHOTS, "").unwrap().len())
            })
            .unwrap()
        };
        assert_eq!(*count(), 0);
        assert_eq!(*count(), 0);
        assert_eq!(builds.get(), 1, "built once");
        // Another table's write keeps it; this table's put, batch and delete each rebuild it.
        s.put(&tables::TRIALS, "t", &serde_json::json!(1)).unwrap();
        assert_eq!(*count(), 0);
        assert_eq!(builds.get(), 1);
        s.put(&RAW_SNAPSHOTS, "a", &serde_json::json!(1)).unwrap();
        assert_eq!(*count(), 1);
        let mut b = Batch::new();
        b.put(&RAW_SNAPSHOTS, "b", &serde_json::json!(2)).unwrap();
        s.commit(b).unwrap();
        assert_eq!(*count(), 2);
        s.delete(&RAW_SNAPSHOTS, "a").unwrap();
        assert_eq!(*count(), 1);
        s.delete_keys_where(&RAW_SNAPSHOTS, "", |_| true).unwrap();
        assert_eq!(*count(), 0);
        assert_eq!(builds.get(), 5);
        // Pending writes of an update are seen by its own reads, never kept.
        let inside = s
            .once("t:c", 1, || {
                s.put(&RAW_SNAPSHOTS, "p", &serde_json::json!(3)).unwrap();
                *count()
            })
            .unwrap();
        assert_eq!(inside, Some(1));
        assert_eq!(*count(), 1, "committed with the update");
        let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            s.once("t:c", 2, || {
                s.put(&RAW_SNAPSHOTS, "q", &serde_json::json!(4)).unwrap();
                assert_eq!(*count(), 2);
                panic!("the handler fails");
            })
        }));
        assert!(panicked.is_err());
        assert_eq!(*count(), 1, "the failed update's view was not kept");
    }

    #[test]
    fn garbage_file_is_an_open_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.redb");
        std::fs::write(&path, b"this is not a redb file at all, just text").unwrap();
        assert!(Store::open(&path).is_err());
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"this is not a redb file at all, just text"
        );
    }
}
