//! The store itself: the open database, its reopening after a failure, write transactions,
//! and values derived from a table. Reads and writes of rows are in `rows`, exactly-once
//! updates and the group commit in `once`.

use super::error::{StoreError, guard, redb_error};
use super::group::Committer;
use super::open::{Faults, check_and_seal, open_db};
use super::pending::{self, Unit};
use super::schema::TypedTable;
use super::seal::live::Live;
use redb::{Database, WriteTransaction};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

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
            check_and_seal(&self.path);
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
    /// Writes queued for the next group commit (`once`).
    pub(super) committer: Committer<Unit, Result<(), StoreError>>,
    /// Write transactions committed since the open ([`Store::commits`]).
    commits: AtomicU64,
    /// Units share commits (`GPUSCOUT_GROUP_COMMIT=0` turns it off, to measure what it saves).
    grouped: bool,
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
            committer: Committer::default(),
            commits: AtomicU64::new(0),
            grouped: std::env::var("GPUSCOUT_GROUP_COMMIT").map_or(true, |v| v != "0"),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Keep a seal for this file from now on (reading it once, in order, unless the open found
    /// one), so the next open — after a clean stop or a crash — verifies it by one sequential
    /// read instead of a walk of every page (`serve` asks for this: its restart is the cold
    /// start that must be fast, and a crash before the close must find a seal too). Any store
    /// keeps a seal it found at the open, and seals at its clean close a file it opened without
    /// one (`seal::live::Live::finish`).
    pub fn seal_when_closed(&self) {
        self.seal.store(true, Ordering::Relaxed);
        self.live().establish();
    }

    pub(super) fn live(&self) -> Arc<Live> {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Durable write transactions committed since the open: updates handled together share
    /// one (the group commit), so this grows slower than the updates do.
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    pub(super) fn grouped(&self) -> bool {
        self.grouped
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
            // A block that no longer matched the seal (checked on first touch, `seal::lazy`):
            // the seal is gone, so reopening runs the full check now, and its verdict
            // (`Damaged`, or a sound file) is this call's answer.
            if self.live().mismatched() {
                return match self.ensure_open() {
                    Err(e) => Err(e),
                    Ok(()) => Err(StoreError::Io {
                        path: self.path.clone(),
                        detail: "a block no longer matched the file's seal; the whole file \
                                 was checked again and is sound"
                            .into(),
                    }),
                };
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
    pub(super) fn write<T>(
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
            self.commits.fetch_add(1, Ordering::Relaxed);
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
        if pending::touches(name) {
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
}

#[cfg(test)]
mod tests;
