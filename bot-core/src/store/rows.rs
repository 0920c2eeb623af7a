//! Reading and writing rows of the typed tables, and batches of writes. Inside
//! `Store::once` writes are held with the update and reads see them (`pending`); outside, each
//! write goes through the group commit (`once`).

use super::db::Store;
use super::error::StoreError;
use super::pending::{self, Def, Op, Unit};
use super::schema::{META, TypedTable};
use redb::{ReadableDatabase, ReadableTable, TableHandle};
use serde::{Serialize, de::DeserializeOwned};
use std::collections::BTreeMap;

/// A key and its value, or why that one row could not be read.
pub type Row<V> = (String, Result<V, StoreError>);

impl Store {
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
        if let Some(pending) = pending::value(table.name(), key) {
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
        if pending::in_update() {
            let existed = match pending::value(table.name(), key) {
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

    /// Removes a key whose removal may wait for the next commit: outside an update it rides
    /// along with a group commit under way instead of paying its own `fdatasync` (an idle
    /// store writes it at once). For rows a crash may leave behind harmlessly, such as a kept
    /// answer that was sent.
    pub fn delete_soon<V>(&self, table: &TypedTable<V>, key: &str) -> Result<(), StoreError> {
        self.delete_all_soon(table, vec![key.to_string()])
    }

    /// [`Store::delete_soon`] for several keys at once, in one write.
    pub fn delete_all_soon<V>(
        &self,
        table: &TypedTable<V>,
        keys: Vec<String>,
    ) -> Result<(), StoreError> {
        if keys.is_empty() {
            return Ok(());
        }
        let ops: Vec<Op> = keys
            .into_iter()
            .map(|key| (table.name(), table.def, key, None))
            .collect();
        match pending::defer(ops) {
            None => Ok(()),
            Some(ops) => self.submit(Unit { ops, mark: None }, false),
        }
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

    /// [`Store::scan_prefix`], each row decoded on its own: one unreadable row (damaged, or
    /// from a newer build) is its own `Err`, not the whole scan's.
    pub fn scan_prefix_rows<V: DeserializeOwned>(
        &self,
        table: &TypedTable<V>,
        prefix: &str,
    ) -> Result<Vec<Row<V>>, StoreError> {
        Ok(self
            .scan_raw(table, prefix)?
            .into_iter()
            .map(|(key, bytes)| {
                let value = serde_json::from_slice(&bytes).map_err(|e| StoreError::Decode {
                    table: table.name(),
                    message: e.to_string(),
                });
                (key, value)
            })
            .collect())
    }

    /// All `(key, value)` pairs whose key starts with `prefix`, in key order.
    pub fn scan_prefix<V: DeserializeOwned>(
        &self,
        table: &TypedTable<V>,
        prefix: &str,
    ) -> Result<Vec<(String, V)>, StoreError> {
        self.scan_prefix_rows(table, prefix)?
            .into_iter()
            .map(|(key, value)| value.map(|v| (key, v)))
            .collect()
    }

    /// The raw rows under `prefix`, with this thread's pending update laid over them.
    fn scan_raw<V>(
        &self,
        table: &TypedTable<V>,
        prefix: &str,
    ) -> Result<BTreeMap<String, Vec<u8>>, StoreError> {
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
        pending::overlay(table.name(), prefix, &mut raw);
        Ok(raw)
    }
}

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
