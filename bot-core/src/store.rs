//! The redb store: one database file, a schema version, and typed tables.
//!
//! Values are JSON-encoded serde types behind `TypedTable<V>`, so callers never see bytes.
//! redb allows one open handle per file per process and blocking I/O: share one `Store` in an
//! `Arc`, and call it from `spawn_blocking` in async code.
//!
//! What keeps the data safe (issue 10):
//! - **Creation is atomic**: a new database is built under a temporary name and linked into
//!   place only when complete, so a kill during creation leaves no file or a valid one.
//! - **No panic escapes**: every redb call runs behind [`guard`] (`catch_unwind`); a damaged
//!   file is [`StoreError::Damaged`].
//! - **A damaged file is never rewritten**: an existing file is probed read-only first; one
//!   that needs redb's crash repair is repaired on a copy that replaces it only when the
//!   repair succeeded. [`check`], [`repair`] and [`reset`] are the operator's tools.
//! - **A failed write heals**: an I/O error (a full disk) closes the database and the next
//!   call reopens it, so the store works again once space is back.
//! - **Exactly-once updates**: [`Store::once`] commits "update N of this chat was handled"
//!   in the same transaction as the update's own writes.

use redb::backends::FileBackend;
use redb::{
    Builder, Database, DatabaseError, ReadableDatabase, ReadableTable, StorageBackend,
    TableDefinition, TableHandle, WriteTransaction,
};
use serde::{Serialize, de::DeserializeOwned};
use std::cell::{Cell, RefCell};
use std::fs::OpenOptions;
use std::io;
use std::marker::PhantomData;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};

/// Version of the layout below; bump it with a migration when a table's meaning changes.
/// Migrations are forward-only: a file with a newer version is refused, never rewritten.
pub const SCHEMA_VERSION: u64 = 1;

const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// `platform:chat` -> the ids of the last updates handled there (see [`Store::once`]).
const HANDLED: TableDefinition<&str, &[u8]> = TableDefinition::new("handled");
/// How many handled update ids each chat remembers; re-deliveries are the last few.
const HANDLED_KEEP: usize = 32;
/// redb's default cache is 1 GiB; the bot's working set is small, and memory must stay bounded.
const CACHE_BYTES: usize = 16 << 20;

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
    pub const ALL: [&str; 7] = [
        PREFS.name(),
        DIALOGUE.name(),
        SUBSCRIPTIONS.name(),
        SNAPSHOTS.name(),
        OUTBOX.name(),
        TRIALS.name(),
        "handled",
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

/// Why the store failed. The English text is for logs and the CLI; [`StoreError::user_msg`]
/// is the same reason as a localizable message.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    #[error(
        "{path}: this database was written by a newer GPU Scout (schema {found}; this build reads up to {supported}). Upgrade gpuscout or use another --data-dir."
    )]
    NewerSchema {
        path: PathBuf,
        found: u64,
        supported: u64,
    },
    #[error(
        "{path}: the database file is damaged ({detail}); it was not changed. Run `gpuscout db check` for details, then `gpuscout db repair` to keep what can be read or `gpuscout db reset` to start empty (both move the damaged file aside with a timestamp)."
    )]
    Damaged { path: PathBuf, detail: String },
    #[error(
        "{path}: the database is in use by another gpuscout process; stop it first, or use another --data-dir."
    )]
    Locked { path: PathBuf },
    #[error(
        "{path}: the disk is full, so nothing was saved. GPU Scout recovers by itself once some space is freed."
    )]
    Full { path: PathBuf },
    #[error("{path}: cannot read or write the database: {detail}")]
    Io { path: PathBuf, detail: String },
    #[error("database error: {0}")]
    Db(String),
    #[error("stored value in table {table} is unreadable: {message}")]
    Decode {
        table: &'static str,
        message: String,
    },
}

impl StoreError {
    /// The reason as a Fluent message (`locales/*/store.ftl`), for answers in the user's language.
    pub fn user_msg(&self) -> crate::reply::Msg {
        use crate::reply::Msg;
        let path = |p: &Path| p.display().to_string();
        match self {
            StoreError::NewerSchema {
                path: p,
                found,
                supported,
            } => Msg::new("error-store-newer")
                .arg("path", path(p))
                .arg("found", found.to_string())
                .arg("supported", supported.to_string()),
            StoreError::Damaged { path: p, detail } => Msg::new("error-store-damaged")
                .arg("path", path(p))
                .arg("detail", detail),
            StoreError::Locked { path: p } => Msg::new("error-store-locked").arg("path", path(p)),
            StoreError::Full { .. } => Msg::new("error-store-full"),
            StoreError::Io { detail, .. } => Msg::new("error-store-io").arg("detail", detail),
            StoreError::Db(d) => Msg::new("error-store-io").arg("detail", d),
            StoreError::Decode { message, .. } => Msg::new("error-store-io").arg("detail", message),
        }
    }

    /// Whether the open database must be closed and reopened before the next call (redb
    /// refuses every call after an I/O error until it is reopened).
    fn closes_db(&self) -> bool {
        matches!(
            self,
            StoreError::Full { .. } | StoreError::Io { .. } | StoreError::Damaged { .. }
        )
    }
}

thread_local! {
    /// Set while this thread is inside [`guard`]: a panic there is redb meeting a damaged
    /// file, reported as an error, so the panic hook stays quiet.
    static IN_GUARD: Cell<bool> = const { Cell::new(false) };
    /// The last store failure on this thread, so `Bot::handle` can tell the user the reason.
    static LAST_ERROR: RefCell<Option<StoreError>> = const { RefCell::new(None) };
    /// The update being handled on this thread, written with every write ([`Store::once`]).
    static MARK: RefCell<Option<Mark>> = const { RefCell::new(None) };
}

struct Mark {
    key: String,
    update: u64,
    written: bool,
}

/// Takes the last store failure seen on this thread (and forgets it).
pub fn take_last_error() -> Option<StoreError> {
    LAST_ERROR.with(|e| e.borrow_mut().take())
}

fn note_error(e: &StoreError) {
    LAST_ERROR.with(|slot| *slot.borrow_mut() = Some(e.clone()));
}

/// Wraps the process's panic hook so that panics caught by [`guard`] print nothing (they
/// become [`StoreError::Damaged`]). Call once at start-up, after installing any other hook.
pub fn quiet_guarded_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_GUARD.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Runs redb code so that a panic (redb asserts on some damaged files) becomes an error.
fn guard<T>(path: &Path, f: impl FnOnce() -> Result<T, StoreError>) -> Result<T, StoreError> {
    let was = IN_GUARD.with(|g| g.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    IN_GUARD.with(|g| g.set(was));
    result.unwrap_or_else(|panic| {
        let detail = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "internal check failed".into());
        Err(StoreError::Damaged {
            path: path.to_path_buf(),
            detail: format!("redb: {detail}"),
        })
    })
}

fn io_error(path: &Path, e: io::Error) -> StoreError {
    // ENOSPC is 28 on Linux and macOS; older kernels/filesystems map quota errors to it too.
    if e.kind() == io::ErrorKind::StorageFull || e.raw_os_error() == Some(28) {
        StoreError::Full {
            path: path.to_path_buf(),
        }
    } else {
        StoreError::Io {
            path: path.to_path_buf(),
            detail: e.to_string(),
        }
    }
}

/// Classifies a redb failure.
fn redb_error(path: &Path, e: impl Into<redb::Error>) -> StoreError {
    let path_buf = path.to_path_buf();
    match e.into() {
        redb::Error::DatabaseAlreadyOpen => StoreError::Locked { path: path_buf },
        redb::Error::Corrupted(detail) => StoreError::Damaged {
            path: path_buf,
            detail,
        },
        redb::Error::UpgradeRequired(v) => StoreError::Damaged {
            path: path_buf,
            detail: format!("file format {v} is not one this build reads"),
        },
        redb::Error::Io(io) => io_error(path, io),
        redb::Error::PreviousIo => StoreError::Io {
            path: path_buf,
            detail: "an earlier write failed".into(),
        },
        redb::Error::LockPoisoned(_) | redb::Error::DatabaseClosed => StoreError::Io {
            path: path_buf,
            detail: "the database was closed after an error".into(),
        },
        other => StoreError::Db(other.to_string()),
    }
}

/// While opening, unreadable bytes (a bad magic number, a short file) mean a damaged file.
fn open_error(path: &Path, e: impl Into<redb::Error>) -> StoreError {
    match redb_error(path, e) {
        StoreError::Io { path, detail } => StoreError::Damaged { path, detail },
        StoreError::Db(detail) => StoreError::Damaged {
            path: path.to_path_buf(),
            detail,
        },
        other => other,
    }
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

/// redb's file backend, with the test faults in front of every write.
#[derive(Debug)]
struct Backend {
    file: FileBackend,
    faults: Option<Arc<Faults>>,
}

impl Backend {
    fn open(path: &Path, faults: Option<Arc<Faults>>) -> Result<Backend, StoreError> {
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
        })
    }
    fn fault(&self) -> io::Result<()> {
        self.faults.as_ref().map_or(Ok(()), |f| f.check())
    }
}

impl StorageBackend for Backend {
    fn len(&self) -> io::Result<u64> {
        self.file.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        self.file.read(offset, out)
    }
    fn set_len(&self, len: u64) -> io::Result<()> {
        self.fault()?;
        self.file.set_len(len)
    }
    fn sync_data(&self) -> io::Result<()> {
        self.fault()?;
        self.file.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        self.fault()?;
        self.file.write(offset, data)
    }
    fn close(&self) -> io::Result<()> {
        self.file.close()
    }
}

fn builder() -> Builder {
    let mut b = Builder::new();
    b.set_cache_size(CACHE_BYTES);
    b
}

/// `gpuscout.redb` -> `gpuscout.redb.<suffix>` in the same directory (renames stay atomic).
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}

fn unique() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!("{}-{nanos}", std::process::id())
}

/// A UTC timestamp for file names: `20261130T235959Z`.
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Makes a rename or link durable (the directory entry is data too).
fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent()
        && let Ok(d) = std::fs::File::open(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        })
    {
        let _ = d.sync_all();
    }
}

/// Removes temporary files a killed process left behind (older than a minute, so a
/// concurrent start's file is left alone).
fn remove_leftovers(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!("{}.", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let temporary = rest.starts_with("new-") || rest.starts_with("repair-");
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age.as_secs() > 60);
        if temporary && old {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Creates the tables and records the schema version, in one transaction; writes nothing
/// when both are already there.
fn init(path: &Path, db: &Database) -> Result<(), StoreError> {
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
    let txn = db.begin_write().map_err(|e| err(e.into()))?;
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
/// point leaves either no `path` or a valid one.
fn create_atomically(path: &Path, faults: Option<Arc<Faults>>) -> Result<(), StoreError> {
    let tmp = sibling(path, &format!("new-{}", unique()));
    let built = guard(path, || {
        let db = builder()
            .create_with_backend(Backend::open(&tmp, faults)?)
            .map_err(|e| open_error(path, e))?;
        init(path, &db)?;
        drop(db);
        Ok(())
    });
    if let Err(e) = built {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    // A hard link never replaces a file a concurrent start created meanwhile; a filesystem
    // without hard links gets a rename.
    let placed = match std::fs::hard_link(&tmp, path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        Err(_) => std::fs::rename(&tmp, path),
    };
    let _ = std::fs::remove_file(&tmp);
    sync_dir(path);
    placed.map_err(|e| io_error(path, e))
}

/// What verifying an existing file found.
enum Probe {
    Clean,
    /// Not shut down cleanly: redb must run its crash repair before use.
    NeedsRepair,
}

/// redb's header: the magic number, then the "god byte" with the commit flags.
const MAGIC: &[u8] = b"redb\x1A\x0A\xA9\x0D\x0A";
const GOD_BYTE: usize = 9;
const RECOVERY_REQUIRED: u8 = 2;
const TWO_PHASE_COMMIT: u8 = 4;

/// Opens an in-memory image of a database file, always through redb's repair path, which
/// verifies every page's checksum from the root down before following any page reference
/// (a normal open follows them unchecked, and a flipped bit in one can make redb allocate
/// terabytes and abort). `strict`: a latest commit that fails its checksums is damage, not
/// a crash to roll back from.
fn open_image(path: &Path, mut bytes: Vec<u8>, strict: bool) -> Result<Database, StoreError> {
    let damaged = |detail: &str| StoreError::Damaged {
        path: path.to_path_buf(),
        detail: detail.to_string(),
    };
    if bytes.len() < 512 || !bytes.starts_with(MAGIC) {
        return Err(damaged("no database header"));
    }
    bytes[GOD_BYTE] |= RECOVERY_REQUIRED;
    bytes[GOD_BYTE] &= !TWO_PHASE_COMMIT;
    let image = redb::backends::InMemoryBackend::new();
    image
        .set_len(bytes.len() as u64)
        .and_then(|()| image.write(0, &bytes))
        .map_err(|e| io_error(path, e))?;
    drop(bytes);
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

/// Checks an existing file without writing to it: every page's checksum, the schema version,
/// and whether another process has it open.
fn probe(path: &Path) -> Result<Probe, StoreError> {
    let bytes = std::fs::read(path).map_err(|e| io_error(path, e))?;
    let flags = bytes.get(GOD_BYTE).copied().unwrap_or(0);
    // redb closes a file cleanly with a two-phase commit and no recovery flag.
    let clean = flags & TWO_PHASE_COMMIT != 0 && flags & RECOVERY_REQUIRED == 0;
    let db = open_image(path, bytes, clean)?;
    let schema = guard(path, || check_schema(path, &db));
    let _ = guard(path, || {
        drop(db);
        Ok(())
    });
    schema?;
    // The image says nothing about locks: ask the file (read-only; safe now it is verified).
    let locked = guard(path, || match builder().open_read_only(path) {
        Err(DatabaseError::DatabaseAlreadyOpen) => Err(StoreError::Locked {
            path: path.to_path_buf(),
        }),
        _ => Ok(()),
    });
    locked?;
    Ok(if clean {
        Probe::Clean
    } else {
        Probe::NeedsRepair
    })
}

fn check_schema(path: &Path, db: &impl ReadableDatabase) -> Result<(), StoreError> {
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

/// redb's crash repair, run on a copy that replaces `path` only if it succeeded.
fn repair_on_copy(path: &Path, faults: Option<Arc<Faults>>) -> Result<(), StoreError> {
    let tmp = sibling(path, &format!("repair-{}", unique()));
    let result = (|| {
        if let Some(f) = &faults {
            f.check().map_err(|e| io_error(path, e))?;
        }
        std::fs::copy(path, &tmp).map_err(|e| io_error(path, e))?;
        guard(path, || {
            let db = builder()
                .create_with_backend(Backend::open(&tmp, faults)?)
                .map_err(|e| open_error(path, e))?;
            check_schema(path, &db)?;
            drop(db);
            Ok(())
        })?;
        std::fs::rename(&tmp, path).map_err(|e| io_error(path, e))?;
        sync_dir(path);
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Opens the file at `path` for use: creates it atomically, or probes and (on a copy)
/// repairs an existing one. Never writes to a file it finds damaged.
fn open_db(path: &Path, faults: Option<Arc<Faults>>) -> Result<Database, StoreError> {
    if let Some(parent) = path.parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).map_err(|e| io_error(path, e))?;
    }
    match std::fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            create_atomically(path, faults.clone())?;
        }
        Err(e) => return Err(io_error(path, e)),
        // An empty file holds nothing (an older build was killed before writing a byte).
        Ok(m) if m.len() == 0 => {
            std::fs::remove_file(path).map_err(|e| io_error(path, e))?;
            create_atomically(path, faults.clone())?;
        }
        Ok(_) => match probe(path)? {
            Probe::Clean => {}
            Probe::NeedsRepair => repair_on_copy(path, faults.clone())?,
        },
    }
    let db = guard(path, || {
        let db = builder()
            .create_with_backend(Backend::open(path, faults)?)
            .map_err(|e| open_error(path, e))?;
        init(path, &db)?;
        Ok(db)
    })?;
    remove_leftovers(path);
    Ok(db)
}

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

/// Reads every table of `path` on a copy (the file itself is not touched): an error if any
/// page is damaged.
pub fn check(path: &Path) -> Result<CheckReport, StoreError> {
    if !path.exists() {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            detail: "no database file here yet".into(),
        });
    }
    let needs_repair = matches!(probe(path)?, Probe::NeedsRepair);
    let bytes = std::fs::read(path).map_err(|e| io_error(path, e))?;
    let db = open_image(path, bytes, !needs_repair)?;
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

/// Repairs `path`: a healthy file is opened (running redb's crash repair if needed); a damaged
/// one is moved aside with a timestamp and replaced by a new file holding every entry that
/// can still be read.
pub fn repair(path: &Path) -> Result<RepairReport, StoreError> {
    match check(path) {
        Ok(report) => {
            // Opening runs the crash repair (on a copy) and creates any missing table.
            drop(Store::open(path)?);
            return Ok(RepairReport::Healthy(report));
        }
        Err(e @ (StoreError::Locked { .. } | StoreError::NewerSchema { .. })) => return Err(e),
        Err(_) => {}
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

/// Copies every readable entry of the damaged `path` into `into` (from an in-memory image,
/// rolled back to the previous commit if the latest is damaged), table by table; a table that panics or errors mid-way keeps what was read.
fn salvage(path: &Path, into: &Database) -> (Vec<(String, u64)>, Vec<String>) {
    let mut kept = Vec::new();
    let mut lost = Vec::new();
    let opened = std::fs::read(path)
        .map_err(|e| io_error(path, e))
        .and_then(|bytes| open_image(path, bytes, false));
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
