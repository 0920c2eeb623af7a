//! The store itself: reads and writes in one transaction each, batches, and exactly-once marks
//! for platform updates.

use super::error::{MARK, Mark, StoreError, guard, note_error, redb_error};
use super::open::{Faults, open_db};
use super::schema::{HANDLED, HANDLED_KEEP, META, TypedTable};
use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition, WriteTransaction};
use serde::{Serialize, de::DeserializeOwned};
use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError, RwLock};

/// The database.
pub struct Store {
    /// `None` after a failure that needs a reopen; the next call reopens.
    db: RwLock<Option<Database>>,
    path: PathBuf,
    faults: Option<Arc<Faults>>,
}

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
        let db = open_db(path, faults.clone())?;
        Ok(Store {
            db: RwLock::new(Some(db)),
            path: path.to_path_buf(),
            faults,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` on the open database (reopening it first if a failure closed it). A failure
    /// that leaves redb unusable closes it, so the next call starts afresh.
    fn with_db<T>(
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
        if let Err(e) = &result {
            note_error(e);
            if e.closes_db() {
                self.close();
            }
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
            *slot = Some(open_db(&self.path, self.faults.clone())?);
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

    fn err(&self, e: impl Into<redb::Error>) -> StoreError {
        redb_error(&self.path, e)
    }

    /// One write transaction; the update being handled on this thread (if any) is marked
    /// handled in the same transaction.
    fn write<T>(
        &self,
        f: impl FnOnce(&WriteTransaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let marked = self.with_db(|db| {
            let txn = db.begin_write().map_err(|e| self.err(e))?;
            let t = f(&txn)?;
            let marked = MARK.with(|m| match m.borrow().as_ref() {
                Some(mark) => self.write_mark(&txn, &mark.key, mark.update).map(|()| true),
                None => Ok(false),
            })?;
            txn.commit().map_err(|e| self.err(e))?;
            Ok((t, marked))
        });
        marked.map(|(t, marked)| {
            if marked {
                MARK.with(|m| {
                    if let Some(mark) = m.borrow_mut().as_mut() {
                        mark.written = true;
                    }
                });
            }
            t
        })
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

    /// Handles update `update` of chat `key` (`platform:chat`) exactly once: `None` if it was
    /// handled before (a platform re-delivering it after a crash); otherwise runs `f`, and
    /// every write `f` makes also records the update as handled, in the same transaction, so
    /// its effects and the mark commit together. If `f` writes nothing, the mark is written
    /// alone afterwards. Updates of one chat arrive in order, so a short per-chat list of
    /// handled ids recognises every re-delivery (ids are not globally ordered: Telegram handles
    /// different chats concurrently and restarts its sequence after a quiet week).
    pub fn once<T>(&self, key: &str, update: u64, f: impl FnOnce() -> T) -> Option<T> {
        // A store that cannot be read cannot dedupe; answering beats silence.
        if self.handled(key, update).unwrap_or(false) {
            return None;
        }
        let previous = MARK.with(|m| {
            m.borrow_mut().replace(Mark {
                key: key.to_string(),
                update,
                written: false,
            })
        });
        let out = f();
        let mark = MARK.with(|m| std::mem::replace(&mut *m.borrow_mut(), previous));
        if let Some(mark) = mark
            && !mark.written
        {
            // Nothing else was written; a failure here only risks one repeated answer.
            let _ = self.with_db(|db| {
                let txn = db.begin_write().map_err(|e| self.err(e))?;
                self.write_mark(&txn, key, update)?;
                txn.commit().map_err(|e| self.err(e))
            });
        }
        Some(out)
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
        self.write(|txn| {
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
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(table.def).map_err(|e| self.err(e))?;
            match t.get(key).map_err(|e| self.err(e))? {
                Some(bytes) => serde_json::from_slice(bytes.value())
                    .map(Some)
                    .map_err(|e| StoreError::Decode {
                        table: table.name(),
                        message: e.to_string(),
                    }),
                None => Ok(None),
            }
        })
    }

    pub fn put<V: Serialize>(
        &self,
        table: &TypedTable<V>,
        key: &str,
        value: &V,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(value).map_err(|e| StoreError::Db(e.to_string()))?;
        self.write(|txn| {
            txn.open_table(table.def)
                .map_err(|e| self.err(e))?
                .insert(key, bytes.as_slice())
                .map_err(|e| self.err(e))?;
            Ok(())
        })
    }

    /// Removes a key; returns whether it existed.
    pub fn delete<V>(&self, table: &TypedTable<V>, key: &str) -> Result<bool, StoreError> {
        self.write(|txn| {
            Ok(txn
                .open_table(table.def)
                .map_err(|e| self.err(e))?
                .remove(key)
                .map_err(|e| self.err(e))?
                .is_some())
        })
    }

    /// Removes every key under `prefix` that `doomed` accepts, in one transaction, reading
    /// keys only (no value is decoded); returns how many went.
    pub fn delete_keys_where<V>(
        &self,
        table: &TypedTable<V>,
        prefix: &str,
        doomed: impl Fn(&str) -> bool,
    ) -> Result<usize, StoreError> {
        self.write(|txn| {
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
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(table.def).map_err(|e| self.err(e))?;
            let mut out = Vec::new();
            for item in t.range(prefix..).map_err(|e| self.err(e))? {
                let (k, v) = item.map_err(|e| self.err(e))?;
                let key = k.value();
                if !key.starts_with(prefix) {
                    break;
                }
                let value = serde_json::from_slice(v.value()).map_err(|e| StoreError::Decode {
                    table: table.name(),
                    message: e.to_string(),
                })?;
                out.push((key.to_string(), value));
            }
            Ok(out)
        })
    }
}

/// One put (`Some` bytes) or delete (`None`) of a [`Batch`].
type BatchOp = (
    TableDefinition<'static, &'static str, &'static [u8]>,
    String,
    Option<Vec<u8>>,
);

/// Several puts and deletes, possibly across tables, written as one redb transaction by
/// [`Store::commit`]: all of them or none.
#[derive(Default)]
pub struct Batch {
    ops: Vec<BatchOp>,
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
        self.ops.push((table.def, key.to_string(), Some(bytes)));
        Ok(())
    }
    pub fn delete<V>(&mut self, table: &TypedTable<V>, key: &str) {
        self.ops.push((table.def, key.to_string(), None));
    }
    pub fn len(&self) -> usize {
        self.ops.len()
    }
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}

impl Store {
    /// Writes a [`Batch`] in one transaction, in order.
    pub fn commit(&self, batch: Batch) -> Result<(), StoreError> {
        self.write(|txn| {
            for (def, key, value) in &batch.ops {
                let mut t = txn.open_table(*def).map_err(|e| self.err(e))?;
                match value {
                    Some(bytes) => {
                        t.insert(key.as_str(), bytes.as_slice())
                            .map_err(|e| self.err(e))?;
                    }
                    None => {
                        t.remove(key.as_str()).map_err(|e| self.err(e))?;
                    }
                }
            }
            Ok(())
        })
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
        let prefs = s.get(&tables::PREFS, "telegram:42").unwrap().unwrap();
        assert_eq!(prefs.lang, Some(Lang::Zh));
        let trials = s.scan_prefix(&tables::TRIALS, "terminal:u:").unwrap();
        assert_eq!(trials.len(), 2);
        assert_eq!(trials[1].1["a"], 2);
        assert!(s.delete(&tables::PREFS, "telegram:42").unwrap());
        assert!(!s.delete(&tables::PREFS, "telegram:42").unwrap());
        assert!(s.get(&tables::PREFS, "telegram:42").unwrap().is_none());
    }

    #[test]
    fn fresh_tables_read_empty() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&db_path(dir.path())).unwrap();
        for t in [
            &tables::SUBSCRIPTIONS,
            &tables::SNAPSHOTS,
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
