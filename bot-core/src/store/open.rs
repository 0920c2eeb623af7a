//! Creating and opening the database file: atomic creation, a checksum-verified read of an existing
//! file before any write (the seal's one sequential read, else the full check), crash repair in
//! place once the file is verified, injected faults for tests.

use super::error::{StoreError, guard, io_error, open_error, redb_error};
use super::files::{remove_leftovers, sibling, sync_dir, unique};
use super::image::{Image, ImageStats};
use super::schema::tables;
use super::schema::{META, SCHEMA_VERSION};
use super::seal::{self, live::Live};
use redb::backends::FileBackend;
use redb::{
    Builder, Database, DatabaseError, ReadableDatabase, StorageBackend, TableDefinition,
    TableHandle,
};
use std::fs::OpenOptions;
use std::io;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// redb's default cache is 1 GiB; the bot's working set is small, and memory must stay bounded.
/// `GPUSCOUT_STORE_CACHE_MIB` sets another size (what idle memory after a backlog owes to
/// this cache is measured with it: docs/performance.md §15).
pub(super) const CACHE_BYTES: usize = 16 << 20;

fn cache_bytes() -> usize {
    std::env::var("GPUSCOUT_STORE_CACHE_MIB")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .map_or(CACHE_BYTES, |mib| mib.clamp(1, 1024) << 20)
}

/// Test hook: makes every write to the file fail as if the disk were full.
#[derive(Debug, Default)]
pub struct Faults {
    disk_full: AtomicBool,
}

impl Faults {
    pub fn set_disk_full(&self, full: bool) {
        self.disk_full.store(full, Ordering::SeqCst);
    }
    fn check(&self) -> io::Result<()> {
        if self.disk_full.load(Ordering::SeqCst) {
            Err(io::Error::from(io::ErrorKind::StorageFull))
        } else {
            Ok(())
        }
    }
}

/// redb's file backend, with the test faults in front of every write, reporting every write
/// and sync to the living seal ([`Live`]).
#[derive(Debug)]
pub(super) struct Backend {
    file: FileBackend,
    faults: Option<Arc<Faults>>,
    live: Option<Arc<Live>>,
}

impl Backend {
    /// Opens `path` and takes its lock (`Locked` when another process has it).
    pub(super) fn open(path: &Path, faults: Option<Arc<Faults>>) -> Result<Backend, StoreError> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| io_error(path, e))?;
        Ok(Backend {
            file: FileBackend::new(file).map_err(|e| redb_error(path, e))?,
            faults,
            live: None,
        })
    }
    fn fault(&self) -> io::Result<()> {
        self.faults.as_ref().map_or(Ok(()), |f| f.check())
    }
    /// A failed write leaves bytes no journal line describes: the seal goes.
    fn checked(&self, result: io::Result<()>) -> io::Result<()> {
        if result.is_err()
            && let Some(live) = &self.live
        {
            live.failed();
        }
        result
    }
}

impl StorageBackend for Backend {
    fn len(&self) -> io::Result<u64> {
        self.file.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        // A block of a sealed file is checked against the seal before redb sees its bytes.
        if let Some(live) = &self.live {
            live.before_read(offset, out.len() as u64, &|at, buf| self.file.read(at, buf))?;
        }
        self.file.read(offset, out)
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        self.checked(self.fault())?;
        if let Some(live) = &self.live {
            live.resized(self.file.len()?, len, &|at, buf| self.file.read(at, buf))?;
        }
        self.checked(self.file.set_len(len))
    }
    fn sync_data(&self) -> io::Result<()> {
        self.checked(self.fault())?;
        self.checked(self.file.sync_data())?;
        if let Some(live) = &self.live {
            live.synced(self.file.len()?, |at, buf| self.file.read(at, buf));
        }
        Ok(())
    }
    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.checked(self.fault())?;
        // Marked before the write, so a seal established meanwhile reads the block again.
        if let Some(live) = &self.live {
            live.wrote(offset, data.len() as u64, &|at, buf| {
                self.file.read(at, buf)
            })?;
        }
        self.checked(self.file.write(offset, data))
    }
    fn close(&self) -> io::Result<()> {
        self.file.close()
    }
}

pub(super) fn builder() -> Builder {
    let mut b = Builder::new();
    b.set_cache_size(cache_bytes());
    b
}

/// Creates the tables and records the schema version, in one transaction; writes nothing
/// when both are already there.
pub(super) fn init(path: &Path, db: &Database) -> Result<(), StoreError> {
    init_with(path, db, true)
}

/// [`init`]; `durable: false` leaves the transaction to the next durable commit (a file
/// being created: a crash before then leaves a valid file without tables, which the next
/// open checks and initialises again).
fn init_with(path: &Path, db: &Database, durable: bool) -> Result<(), StoreError> {
    let err = |e: redb::Error| redb_error(path, e);
    let (found, missing) = {
        let txn = db.begin_read().map_err(|e| err(e.into()))?;
        let found = match txn.open_table(META) {
            Ok(t) => t
                .get("schema_version")
                .map_err(|e| err(e.into()))?
                .map(|v| v.value()),
            Err(redb::TableError::TableDoesNotExist(_)) => None,
            Err(e) => return Err(err(e.into())),
        };
        let existing: Vec<String> = txn
            .list_tables()
            .map_err(|e| err(e.into()))?
            .map(|t| t.name().to_string())
            .collect();
        let missing = tables::ALL
            .iter()
            .any(|name| !existing.iter().any(|e| e == name));
        (found, missing)
    };
    if let Some(v) = found
        && v > SCHEMA_VERSION
    {
        return Err(StoreError::NewerSchema {
            path: path.to_path_buf(),
            found: v,
            supported: SCHEMA_VERSION,
        });
    }
    if found == Some(SCHEMA_VERSION) && !missing {
        return Ok(());
    }
    let mut txn = db.begin_write().map_err(|e| err(e.into()))?;
    // As every commit of the store: a crash after it needs no walk to rebuild the allocator.
    txn.set_quick_repair(true);
    if !durable {
        txn.set_durability(redb::Durability::None)
            .map_err(|e| err(e.into()))?;
    }
    {
        let mut meta = txn.open_table(META).map_err(|e| err(e.into()))?;
        // Forward-only migrations from `found` to SCHEMA_VERSION go here; version 1 is the first.
        meta.insert("schema_version", SCHEMA_VERSION)
            .map_err(|e| err(e.into()))?;
        for name in tables::ALL {
            let def: TableDefinition<&str, &[u8]> = TableDefinition::new(name);
            txn.open_table(def).map_err(|e| err(e.into()))?;
        }
    }
    txn.commit().map_err(|e| err(e.into()))
}

/// Builds a complete database under a temporary name, then links it to `path`: a kill at any
/// point leaves either no `path` or a valid one. The database stays open for use (no close,
/// reopen and check of a file this process just made: fewer `fdatasync`s at creation);
/// `None` when a concurrent start placed its file first (open that one).
pub(super) fn create_atomically(
    path: &Path,
    faults: Option<Arc<Faults>>,
) -> Result<Option<(Database, Arc<Live>)>, StoreError> {
    let tmp = sibling(path, &format!("new-{}", unique()));
    // The seal's names follow `path`, the name the file has once placed.
    let live = Arc::new(Live::off(path));
    let built = guard(path, || {
        let mut backend = Backend::open(&tmp, faults)?;
        backend.live = Some(live.clone());
        let db = builder()
            .create_with_backend(backend)
            .map_err(|e| open_error(path, e))?;
        init_with(path, &db, false)?;
        Ok(db)
    });
    let db = match built {
        Ok(db) => db,
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
    };
    let close = |db: Database| {
        let _ = guard(path, || {
            drop(db);
            Ok(())
        });
        let _ = std::fs::remove_file(&tmp);
    };
    // A hard link never replaces a file a concurrent start created meanwhile; a filesystem
    // without hard links gets a rename. The open handle (and its lock) follows the inode.
    match std::fs::hard_link(&tmp, path) {
        Ok(()) => {
            let _ = std::fs::remove_file(&tmp);
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            close(db);
            return Ok(None);
        }
        Err(_) => {
            if let Err(e) = std::fs::rename(&tmp, path) {
                close(db);
                return Err(io_error(path, e));
            }
        }
    }
    sync_dir(path);
    Ok(Some((db, live)))
}

/// What verifying an existing file found.
#[derive(Debug)]
pub(super) enum Probe {
    Clean,
    /// Not shut down cleanly: redb must run its crash repair before use.
    NeedsRepair,
}

/// redb's header: the magic number, then the "god byte" with the commit flags.
pub(super) const MAGIC: &[u8] = b"redb\x1A\x0A\xA9\x0D\x0A";

pub(super) const GOD_BYTE: usize = 9;

pub(super) const RECOVERY_REQUIRED: u8 = 2;

pub(super) const TWO_PHASE_COMMIT: u8 = 4;

/// Opens a copy-on-write image of a database file ([`Image`]: read from the file page by
/// page, repair writes kept in memory), always through redb's repair path, which verifies
/// every page's checksum from the root down before following any page reference (a normal
/// open follows them unchecked, and a flipped bit in one can make redb allocate terabytes and
/// abort). `strict`: a latest commit that fails its checksums is damage, not a crash to roll
/// back from. The file is neither changed nor read whole into memory.
pub(super) fn open_image(path: &Path, strict: bool) -> Result<Database, StoreError> {
    open_image_with(path, strict, Arc::default())
}

pub(super) fn open_image_with(
    path: &Path,
    strict: bool,
    stats: Arc<ImageStats>,
) -> Result<Database, StoreError> {
    let damaged = |detail: &str| StoreError::Damaged {
        path: path.to_path_buf(),
        detail: detail.to_string(),
    };
    let mut head = [0u8; 512];
    let read_head = std::fs::File::open(path).and_then(|mut f| {
        use std::io::Read;
        f.read_exact(&mut head)
    });
    match read_head {
        Ok(()) if head.starts_with(MAGIC) => {}
        Err(e) if e.kind() != io::ErrorKind::UnexpectedEof => return Err(io_error(path, e)),
        _ => return Err(damaged("no database header")),
    }
    let image = Image::open(
        path,
        GOD_BYTE as u64,
        |flags| (flags | RECOVERY_REQUIRED) & !TWO_PHASE_COMMIT,
        stats,
    )
    .map_err(|e| io_error(path, e))?;
    let mut b = builder();
    // redb reports progress 0.3 only when the latest commit failed its checksums.
    b.set_repair_callback(move |session| {
        if strict && session.progress() > 0.2 && session.progress() < 0.5 {
            session.abort();
        }
    });
    guard(path, || match b.create_with_backend(image) {
        Ok(db) => Ok(db),
        Err(DatabaseError::RepairAborted) => Err(damaged("the latest commit fails its checksums")),
        Err(e) => Err(open_error(path, e)),
    })
}

/// The header's flags byte (see [`GOD_BYTE`]); 0 for a file too short to have one.
fn header_flags(path: &Path) -> Result<u8, StoreError> {
    use std::io::Read;
    let mut head = [0u8; GOD_BYTE + 1];
    match std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head)) {
        Ok(()) => Ok(head[GOD_BYTE]),
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Ok(0),
        Err(e) => Err(io_error(path, e)),
    }
}

/// Checks an existing file without writing to it: every page's checksum, the schema version,
/// and whether another process has it open.
pub(super) fn probe(path: &Path) -> Result<Probe, StoreError> {
    let found = probe_with(path, Arc::default())?;
    // The image says nothing about locks: ask the file (read-only; safe now it is verified).
    guard(path, || match builder().open_read_only(path) {
        Err(DatabaseError::DatabaseAlreadyOpen) => Err(StoreError::Locked {
            path: path.to_path_buf(),
        }),
        _ => Ok(()),
    })?;
    Ok(found)
}

#[cfg(test)]
thread_local! {
    /// Full checks run on this thread (the seal's tests count the walks an open does).
    pub(super) static WALKS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

pub(super) fn probe_with(path: &Path, stats: Arc<ImageStats>) -> Result<Probe, StoreError> {
    #[cfg(test)]
    WALKS.with(|w| w.set(w.get() + 1));
    let flags = header_flags(path)?;
    // redb closes a file cleanly with a two-phase commit and no recovery flag.
    let clean = flags & TWO_PHASE_COMMIT != 0 && flags & RECOVERY_REQUIRED == 0;
    // Only a clean file is strict. A crashed one is checked with the two-phase flag cleared
    // (to force the walk), so redb also considers a newer commit slot that a kill between the
    // two phases left half-written, and must be free to fall back from it (store_crash).
    let db = open_image_with(path, clean, stats)?;
    let schema = guard(path, || check_schema(path, &db));
    let _ = guard(path, || {
        drop(db);
        Ok(())
    });
    schema?;
    Ok(if clean {
        Probe::Clean
    } else {
        Probe::NeedsRepair
    })
}

pub(super) fn check_schema(path: &Path, db: &impl ReadableDatabase) -> Result<(), StoreError> {
    let txn = db.begin_read().map_err(|e| open_error(path, e))?;
    let found = match txn.open_table(META) {
        Ok(t) => t
            .get("schema_version")
            .map_err(|e| open_error(path, e))?
            .map(|v| v.value()),
        Err(redb::TableError::TableDoesNotExist(_)) => None,
        Err(e) => return Err(open_error(path, e)),
    };
    match found {
        Some(v) if v > SCHEMA_VERSION => Err(StoreError::NewerSchema {
            path: path.to_path_buf(),
            found: v,
            supported: SCHEMA_VERSION,
        }),
        _ => Ok(()),
    }
}

/// After a clean close of a file whose seal was not kept living (the store was reopened after
/// a failure): runs the full damage check on the file and, if it passes, seals it. Any failure
/// leaves no seal, so the next open runs the full check.
pub(super) fn check_and_seal(path: &Path) {
    seal::remove(path);
    if matches!(probe(path), Ok(Probe::Clean)) {
        seal::write_checked(path);
    }
}

/// Opens the file at `path` for use: creates it atomically, or verifies an existing one and
/// lets redb repair it in place. Never writes to a file it has not verified: the lock is taken
/// first (so nothing changes the file meanwhile), then the seal's one sequential read vouches
/// for it, or else the full check; a file that fails it is left as it was. A crash needs no
/// copy of the file (issue 29 item 3): redb's repair, run on the verified file, rolls back an
/// unfinished commit and rebuilds the allocator state in place, and a repair cut short by
/// another crash is simply run again. Returns the seal kept living for this session.
pub(super) fn open_db(
    path: &Path,
    faults: Option<Arc<Faults>>,
) -> Result<(Database, Arc<Live>), StoreError> {
    if let Some(parent) = path.parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).map_err(|e| io_error(path, e))?;
    }
    let created = match std::fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => create_atomically(path, faults.clone())?,
        Err(e) => return Err(io_error(path, e)),
        // An empty file holds nothing (an older build was killed before writing a byte).
        Ok(m) if m.len() == 0 => {
            std::fs::remove_file(path).map_err(|e| io_error(path, e))?;
            create_atomically(path, faults.clone())?
        }
        Ok(_) => None,
    };
    if let Some(made) = created {
        remove_leftovers(path);
        return Ok(made);
    }
    let mut backend = Backend::open(path, faults.clone())?;
    let live = Arc::new(match seal::open_check(path) {
        Some((sealed, lazy)) => Live::from_seal(path, sealed, lazy),
        None => {
            // A seal that does not match describes some other file.
            seal::remove(path);
            probe_with(path, Arc::default())?;
            Live::off(path)
        }
    });
    backend.live = Some(live.clone());
    let opened = guard(path, || {
        let db = builder()
            .create_with_backend(backend)
            .map_err(|e| open_error(path, e))?;
        init(path, &db)?;
        Ok(db)
    });
    let db = match opened {
        Ok(db) => db,
        // A block redb read at the open did not match the seal, which is gone now: the open
        // starts again with the full check (it finds the damage, or a crash to repair).
        Err(_) if live.mismatched() => return open_db(path, faults),
        Err(e) => return Err(e),
    };
    remove_leftovers(path);
    Ok((db, live))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_killed_creators_temporary_file_is_removed_at_the_next_open() {
        let dir = tempfile::tempdir().unwrap();
        let path = crate::store::db_path(dir.path());
        // A process that has ended: its pid names a file no one will finish.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let orphan = sibling(&path, &format!("new-{dead}-123"));
        let seal = sibling(&path, &format!("seal-new-{dead}-9"));
        let ours = sibling(&path, &format!("new-{}-5", std::process::id()));
        for f in [&orphan, &seal, &ours] {
            std::fs::write(f, b"half a database").unwrap();
        }
        drop(Store::open(&path).unwrap());
        if Path::new("/proc/self").exists() {
            assert!(!orphan.exists() && !seal.exists());
        }
        // A file of a live process (here our own) is not touched while it is young.
        assert!(ours.exists());
    }
    use crate::store::{Store, tables};
    use std::sync::atomic::Ordering;

    /// The damage check streams the file: a database much larger than anything held in
    /// memory is verified page by page, and a flipped byte deep inside it is still found.
    #[test]
    fn a_large_file_is_checked_without_being_read_whole() {
        let scratch: crate::store::TypedTable<serde_json::Value> =
            crate::store::TypedTable::new(tables::TRIALS.name());
        let dir = tempfile::tempdir().unwrap();
        let path = super::super::db_path(dir.path());
        {
            let s = Store::open(&path).unwrap();
            for i in 0..256 {
                let value = serde_json::Value::String(format!("{i:04}{}", "x".repeat(64 << 10)));
                s.put(&scratch, &format!("k{i:04}"), &value).unwrap();
            }
        }
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(size > 16 << 20, "{size}");

        let stats = Arc::new(ImageStats::default());
        assert!(matches!(
            probe_with(&path, stats.clone()).unwrap(),
            Probe::Clean
        ));
        let peak = stats.peak_overlay_bytes.load(Ordering::Relaxed);
        let largest = stats.largest_read.load(Ordering::Relaxed);
        let read = stats.bytes_read.load(Ordering::Relaxed);
        assert!(peak < size / 16, "overlay held {peak} of {size} bytes");
        assert!(
            largest < size / 16,
            "one read took {largest} of {size} bytes"
        );
        // Every value page was verified, so most of the file went through the check.
        assert!(read > size / 2, "read {read} of {size} bytes");

        // A flipped byte in the middle of one value is damage, and the file is left as it was.
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.windows(8).position(|w| w == b"0128xxxx").unwrap() + 1000;
        bytes[at] ^= 0x01;
        std::fs::write(&path, &bytes).unwrap();
        let e = probe(&path).unwrap_err();
        assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }
}
