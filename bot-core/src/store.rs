//! The redb store: one database file, a schema version, and typed tables.
//!
//! Values are JSON-encoded serde types behind `TypedTable<V>`, so callers never see bytes.
//! redb allows one open handle per file per process and blocking I/O: share one `Store` in an
//! `Arc`, and call it from `spawn_blocking` in async code.

use redb::{Database, ReadableDatabase, TableDefinition};
use serde::{Serialize, de::DeserializeOwned};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// Version of the layout below; bump it with a migration when a table's meaning changes.
pub const SCHEMA_VERSION: u64 = 1;

const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

/// A table of `V` values keyed by strings.
pub struct TypedTable<V> {
    name: &'static str,
    def: TableDefinition<'static, &'static str, &'static [u8]>,
    _v: PhantomData<fn() -> V>,
}

impl<V> TypedTable<V> {
    pub const fn new(name: &'static str) -> Self {
        TypedTable {
            name,
            def: TableDefinition::new(name),
            _v: PhantomData,
        }
    }
    pub const fn name(&self) -> &'static str {
        self.name
    }
}

/// Every table, so that `open` can create them all before any read.
pub mod tables {
    use super::TypedTable;
    use serde_json::Value;
    /// `platform:user` -> user preferences.
    pub const PREFS: TypedTable<crate::store::UserPrefs> = TypedTable::new("prefs");
    /// `platform:chat:user` -> dialogue state (JSON of the dialogue module's state).
    pub const DIALOGUE: TypedTable<Value> = TypedTable::new("dialogue");
    /// subscription id -> subscription.
    pub const SUBSCRIPTIONS: TypedTable<Value> = TypedTable::new("subscriptions");
    /// `provider:gpu:time` -> availability snapshot.
    pub const SNAPSHOTS: TypedTable<Value> = TypedTable::new("snapshots");
    /// zero-padded sequence -> pending outgoing notification.
    pub const OUTBOX: TypedTable<Value> = TypedTable::new("outbox");
    /// `platform:user:time` -> trial ledger entry.
    pub const TRIALS: TypedTable<Value> = TypedTable::new("trials");
    pub const ALL: [&str; 6] = [
        PREFS.name(),
        DIALOGUE.name(),
        SUBSCRIPTIONS.name(),
        SNAPSHOTS.name(),
        OUTBOX.name(),
        TRIALS.name(),
    ];
}

/// A user's stored choices.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct UserPrefs {
    #[serde(default)]
    pub lang: Option<crate::i18n::Lang>,
    #[serde(default)]
    pub currency: Option<String>,
}

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "{path}: this database was written by a newer GPU Scout (schema {found}; this build reads up to {supported}). Upgrade gpuscout or use another --data-dir."
    )]
    NewerSchema {
        path: PathBuf,
        found: u64,
        supported: u64,
    },
    #[error("{path}: cannot open the database: {message}")]
    Open { path: PathBuf, message: String },
    #[error("database error: {0}")]
    Db(String),
    #[error("stored value in table {table} is unreadable: {message}")]
    Decode {
        table: &'static str,
        message: String,
    },
}

fn db_err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Db(e.to_string())
}

/// The database.
pub struct Store {
    db: Database,
    path: PathBuf,
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
        if let Some(parent) = path.parent()
            && !parent.as_os_str().is_empty()
        {
            std::fs::create_dir_all(parent).map_err(|e| StoreError::Open {
                path: path.to_path_buf(),
                message: e.to_string(),
            })?;
        }
        let db = Database::create(path).map_err(|e| StoreError::Open {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        let store = Store {
            db,
            path: path.to_path_buf(),
        };
        store.init()?;
        Ok(store)
    }

    fn init(&self) -> Result<(), StoreError> {
        let found = {
            let txn = self.db.begin_read().map_err(db_err)?;
            match txn.open_table(META) {
                Ok(t) => t.get("schema_version").map_err(db_err)?.map(|v| v.value()),
                Err(redb::TableError::TableDoesNotExist(_)) => None,
                Err(e) => return Err(db_err(e)),
            }
        };
        if let Some(v) = found
            && v > SCHEMA_VERSION
        {
            return Err(StoreError::NewerSchema {
                path: self.path.clone(),
                found: v,
                supported: SCHEMA_VERSION,
            });
        }
        let txn = self.db.begin_write().map_err(db_err)?;
        {
            let mut meta = txn.open_table(META).map_err(db_err)?;
            meta.insert("schema_version", SCHEMA_VERSION)
                .map_err(db_err)?;
            for name in tables::ALL {
                let def: TableDefinition<&str, &[u8]> = TableDefinition::new(name);
                txn.open_table(def).map_err(db_err)?;
            }
        }
        txn.commit().map_err(db_err)?;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version recorded in the file.
    pub fn schema_version(&self) -> Result<u64, StoreError> {
        let txn = self.db.begin_read().map_err(db_err)?;
        let t = txn.open_table(META).map_err(db_err)?;
        Ok(t.get("schema_version")
            .map_err(db_err)?
            .map_or(0, |v| v.value()))
    }

    /// Test/maintenance hook: records a schema version (used to simulate a newer file).
    pub fn set_schema_version(&self, version: u64) -> Result<(), StoreError> {
        let txn = self.db.begin_write().map_err(db_err)?;
        txn.open_table(META)
            .map_err(db_err)?
            .insert("schema_version", version)
            .map_err(db_err)?;
        txn.commit().map_err(db_err)
    }

    pub fn get<V: DeserializeOwned>(
        &self,
        table: &TypedTable<V>,
        key: &str,
    ) -> Result<Option<V>, StoreError> {
        let txn = self.db.begin_read().map_err(db_err)?;
        let t = txn.open_table(table.def).map_err(db_err)?;
        match t.get(key).map_err(db_err)? {
            Some(bytes) => serde_json::from_slice(bytes.value())
                .map(Some)
                .map_err(|e| StoreError::Decode {
                    table: table.name(),
                    message: e.to_string(),
                }),
            None => Ok(None),
        }
    }

    pub fn put<V: Serialize>(
        &self,
        table: &TypedTable<V>,
        key: &str,
        value: &V,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(value).map_err(db_err)?;
        let txn = self.db.begin_write().map_err(db_err)?;
        txn.open_table(table.def)
            .map_err(db_err)?
            .insert(key, bytes.as_slice())
            .map_err(db_err)?;
        txn.commit().map_err(db_err)
    }

    /// Removes a key; returns whether it existed.
    pub fn delete<V>(&self, table: &TypedTable<V>, key: &str) -> Result<bool, StoreError> {
        let txn = self.db.begin_write().map_err(db_err)?;
        let existed = txn
            .open_table(table.def)
            .map_err(db_err)?
            .remove(key)
            .map_err(db_err)?
            .is_some();
        txn.commit().map_err(db_err)?;
        Ok(existed)
    }

    /// All `(key, value)` pairs whose key starts with `prefix`, in key order.
    pub fn scan_prefix<V: DeserializeOwned>(
        &self,
        table: &TypedTable<V>,
        prefix: &str,
    ) -> Result<Vec<(String, V)>, StoreError> {
        let txn = self.db.begin_read().map_err(db_err)?;
        let t = txn.open_table(table.def).map_err(db_err)?;
        let mut out = Vec::new();
        for item in t.range(prefix..).map_err(db_err)? {
            let (k, v) = item.map_err(db_err)?;
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
        let bytes = serde_json::to_vec(value).map_err(db_err)?;
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
        let txn = self.db.begin_write().map_err(db_err)?;
        for (def, key, value) in &batch.ops {
            let mut t = txn.open_table(*def).map_err(db_err)?;
            match value {
                Some(bytes) => {
                    t.insert(key.as_str(), bytes.as_slice()).map_err(db_err)?;
                }
                None => {
                    t.remove(key.as_str()).map_err(db_err)?;
                }
            }
        }
        txn.commit().map_err(db_err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

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
