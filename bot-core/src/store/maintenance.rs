//! The operator's tools behind `gpuscout db`: check every page and value, repair by keeping what
//! can be read (the damaged file stays beside it), reset by moving the file aside.

use super::db::Store;
use super::error::{StoreError, guard, io_error, open_error, redb_error};
use super::files::{sibling, sync_dir, timestamp, unique};
use super::open::{Backend, Probe, builder, init, open_image, probe};
use super::schema::META;
use super::schema::tables;
use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};
use std::path::{Path, PathBuf};

/// What `gpuscout db check` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    pub schema_version: u64,
    /// `(table, entries)`.
    pub tables: Vec<(String, u64)>,
    /// Values that are not valid JSON (the rest of the file is fine).
    pub unreadable_values: u64,
    /// The file was not shut down cleanly; opening it will run redb's crash repair.
    pub needs_repair: bool,
}

/// Reads every table of `path` through a copy-on-write image (the file itself is not touched): an error if any
/// page is damaged.
pub fn check(path: &Path) -> Result<CheckReport, StoreError> {
    if !path.exists() {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            detail: "no database file here yet".into(),
        });
    }
    let needs_repair = matches!(probe(path)?, Probe::NeedsRepair);
    let db = open_image(path, !needs_repair)?;
    let report = guard(path, || {
        let mut report = CheckReport {
            schema_version: 0,
            tables: Vec::new(),
            unreadable_values: 0,
            needs_repair,
        };
        let txn = db.begin_read().map_err(|e| open_error(path, e))?;
        if let Ok(meta) = txn.open_table(META) {
            report.schema_version = meta
                .get("schema_version")
                .map_err(|e| open_error(path, e))?
                .map_or(0, |v| v.value());
        }
        for name in tables::ALL {
            let def: TableDefinition<&str, &[u8]> = TableDefinition::new(name);
            let t = match txn.open_table(def) {
                Ok(t) => t,
                Err(redb::TableError::TableDoesNotExist(_)) => continue,
                Err(e) => return Err(open_error(path, e)),
            };
            let mut n = 0;
            for item in t.iter().map_err(|e| open_error(path, e))? {
                let (_, v) = item.map_err(|e| open_error(path, e))?;
                n += 1;
                if serde_json::from_slice::<serde::de::IgnoredAny>(v.value()).is_err() {
                    report.unreadable_values += 1;
                }
            }
            report.tables.push((name.to_string(), n));
        }
        Ok(report)
    });
    let _ = guard(path, || {
        drop(db);
        Ok(())
    });
    report
}

/// What `gpuscout db repair` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RepairReport {
    /// The file was healthy (after redb's own crash repair, if it needed one).
    Healthy(CheckReport),
    /// The damaged file was moved to `moved_to`; a new one holds the `kept` entries that
    /// could still be read (of each table), `lost_tables` could not be read at all.
    Rebuilt {
        moved_to: PathBuf,
        kept: Vec<(String, u64)>,
        lost_tables: Vec<String>,
    },
}

/// Repairs `path`: a healthy file is opened (running redb's crash repair in place if needed);
/// a damaged one is moved aside with a timestamp and replaced by a new file holding every
/// entry that can still be read. That new file needs room beside the old one: without it,
/// `NoRoom` says how much, and nothing is changed.
pub fn repair(path: &Path) -> Result<RepairReport, StoreError> {
    repair_with_room(path, free_space)
}

/// Bytes free to this user on the filesystem holding `dir`.
pub fn free_space(dir: &Path) -> std::io::Result<u64> {
    let st = rustix::fs::statvfs(dir)?;
    Ok(st.f_bavail.saturating_mul(st.f_frsize))
}

/// [`repair`] with the free-space check given (tests pass a small fake disk).
pub fn repair_with_room(
    path: &Path,
    free: impl Fn(&Path) -> std::io::Result<u64>,
) -> Result<RepairReport, StoreError> {
    match check(path) {
        Ok(report) => {
            // Opening runs the crash repair (in place) and creates any missing table.
            drop(Store::open(path)?);
            return Ok(RepairReport::Healthy(report));
        }
        Err(
            e @ (StoreError::Locked { .. }
            | StoreError::NewerSchema { .. }
            | StoreError::NewerFormat { .. }),
        ) => return Err(e),
        Err(_) => {}
    }
    // What can be read is at most the damaged file's size; an unknown free space is tried
    // (a full disk then fails the build with `Full`, and the temporary file is removed).
    let needed = std::fs::metadata(path)
        .map_err(|e| io_error(path, e))?
        .len();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(available) = free(dir)
        && available < needed
    {
        return Err(StoreError::NoRoom {
            path: path.to_path_buf(),
            needed,
            free: available,
        });
    }
    let fresh = sibling(path, &format!("repair-{}", unique()));
    let built = guard(path, || {
        let db = builder()
            .create_with_backend(Backend::open(&fresh, None)?)
            .map_err(|e| open_error(path, e))?;
        init(path, &db)?;
        let (kept, lost) = salvage(path, &db);
        drop(db);
        Ok((kept, lost))
    });
    let (kept, lost_tables) = match built {
        Ok(v) => v,
        Err(e) => {
            let _ = std::fs::remove_file(&fresh);
            return Err(e);
        }
    };
    let moved_to = sibling(path, &format!("damaged-{}", timestamp()));
    std::fs::rename(path, &moved_to).map_err(|e| io_error(path, e))?;
    std::fs::rename(&fresh, path).map_err(|e| io_error(path, e))?;
    sync_dir(path);
    Ok(RepairReport::Rebuilt {
        moved_to,
        kept,
        lost_tables,
    })
}

/// Copies every readable entry of the damaged `path` into `into` (from a copy-on-write image,
/// rolled back to the previous commit if the latest is damaged), table by table; a table that panics or errors mid-way keeps what was read.
pub(super) fn salvage(path: &Path, into: &Database) -> (Vec<(String, u64)>, Vec<String>) {
    let mut kept = Vec::new();
    let mut lost = Vec::new();
    let opened = open_image(path, false);
    let Ok(src) = opened else {
        return (kept, tables::ALL.iter().map(|t| t.to_string()).collect());
    };
    for name in tables::ALL {
        let def: TableDefinition<&str, &[u8]> = TableDefinition::new(name);
        let mut entries: Vec<(String, Vec<u8>)> = Vec::new();
        let read = guard(path, || {
            let txn = src.begin_read().map_err(|e| open_error(path, e))?;
            let t = txn.open_table(def).map_err(|e| open_error(path, e))?;
            for item in t.iter().map_err(|e| open_error(path, e))? {
                let (k, v) = item.map_err(|e| open_error(path, e))?;
                entries.push((k.value().to_string(), v.value().to_vec()));
            }
            Ok(())
        });
        let wrote = guard(path, || {
            let txn = into.begin_write().map_err(|e| redb_error(path, e))?;
            {
                let mut t = txn.open_table(def).map_err(|e| redb_error(path, e))?;
                for (k, v) in &entries {
                    t.insert(k.as_str(), v.as_slice())
                        .map_err(|e| redb_error(path, e))?;
                }
            }
            txn.commit().map_err(|e| redb_error(path, e))
        });
        if read.is_err() && entries.is_empty() || wrote.is_err() {
            lost.push(name.to_string());
        } else {
            kept.push((name.to_string(), entries.len() as u64));
        }
    }
    let _ = guard(path, || {
        drop(src);
        Ok(())
    });
    (kept, lost)
}

/// Moves the database aside (`gpuscout.redb.reset-<timestamp>`) so the next start begins
/// empty; returns where it went (`None`: there was no file).
pub fn reset(path: &Path) -> Result<Option<PathBuf>, StoreError> {
    if !path.exists() {
        return Ok(None);
    }
    if let Err(e @ StoreError::Locked { .. }) = probe(path) {
        return Err(e);
    }
    let moved_to = sibling(path, &format!("reset-{}", timestamp()));
    std::fs::rename(path, &moved_to).map_err(|e| io_error(path, e))?;
    sync_dir(path);
    Ok(Some(moved_to))
}
