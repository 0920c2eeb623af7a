//! Why a store call failed, said in the user's language; the panic boundary around redb.

use std::cell::Cell;
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

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
        "{path}: this database file was made by a newer version of its storage engine (file format {found}; this build reads up to {supported}). Upgrade gpuscout or use another --data-dir; the file was not changed."
    )]
    NewerFormat {
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
    #[error(
        "{path}: repairing needs a new file of up to {} MiB beside it and only {} MiB is free there; nothing was changed. Free some space (or copy the data directory to a disk with room and repair it there), then run `gpuscout db repair` again.",
        mib(*.needed),
        mib(*.free)
    )]
    NoRoom {
        path: PathBuf,
        needed: u64,
        free: u64,
    },
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
            StoreError::NewerFormat {
                path: p,
                found,
                supported,
            } => Msg::new("error-store-newer-format")
                .arg("path", path(p))
                .arg("found", found.to_string())
                .arg("supported", supported.to_string()),
            StoreError::Damaged { path: p, detail } => Msg::new("error-store-damaged")
                .arg("path", path(p))
                .arg("detail", detail),
            StoreError::Locked { path: p } => Msg::new("error-store-locked").arg("path", path(p)),
            StoreError::Full { .. } => Msg::new("error-store-full"),
            StoreError::NoRoom {
                path: p,
                needed,
                free,
            } => Msg::new("error-store-no-room")
                .arg("path", path(p))
                .arg("needed", mib(*needed).to_string())
                .arg("free", mib(*free).to_string()),
            StoreError::Io { detail, .. } => Msg::new("error-store-io").arg("detail", detail),
            StoreError::Db(d) => Msg::new("error-store-io").arg("detail", d),
            StoreError::Decode { message, .. } => Msg::new("error-store-io").arg("detail", message),
        }
    }

    /// Whether the open database must be closed and reopened before the next call (redb
    /// refuses every call after an I/O error until it is reopened).
    pub(super) fn closes_db(&self) -> bool {
        matches!(
            self,
            StoreError::Full { .. } | StoreError::Io { .. } | StoreError::Damaged { .. }
        )
    }
}

/// Whole MiB, rounded up (a size to make room for).
fn mib(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

thread_local! {
    /// Set while this thread is inside [`guard`]: a panic there is redb meeting a damaged
    /// file, reported as an error, so the panic hook stays quiet.
    static IN_GUARD: Cell<bool> = const { Cell::new(false) };
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
pub(super) fn guard<T>(
    path: &Path,
    f: impl FnOnce() -> Result<T, StoreError>,
) -> Result<T, StoreError> {
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

pub(super) fn io_error(path: &Path, e: io::Error) -> StoreError {
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
pub(super) fn redb_error(path: &Path, e: impl Into<redb::Error>) -> StoreError {
    let path_buf = path.to_path_buf();
    match e.into() {
        redb::Error::DatabaseAlreadyOpen => StoreError::Locked { path: path_buf },
        redb::Error::Corrupted(detail) if newer_format(&detail).is_some() => {
            let (found, supported) = newer_format(&detail).unwrap_or_default();
            StoreError::NewerFormat {
                path: path_buf,
                found,
                supported,
            }
        }
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

/// redb's words for a file whose format version is above its own (redb 3:
/// `Expected file format version <= 3, found 4`): `(found, supported)`. Such a file was made
/// by a newer build, not damaged, and no repair could read it. Only the next two versions
/// count: redb numbers its formats one by one, and a flipped bit in the version byte of 3
/// gives 1, 2, 7, 11 or more, which is damage.
fn newer_format(detail: &str) -> Option<(u64, u64)> {
    let rest = detail.strip_prefix("Expected file format version <= ")?;
    let (supported, found) = rest.split_once(", found ")?;
    let (supported, found): (u64, u64) =
        (supported.trim().parse().ok()?, found.trim().parse().ok()?);
    (found > supported && found <= supported + 2).then_some((found, supported))
}

/// While opening, unreadable bytes (a bad magic number, a short file) mean a damaged file.
pub(super) fn open_error(path: &Path, e: impl Into<redb::Error>) -> StoreError {
    match redb_error(path, e) {
        StoreError::Io { path, detail } => StoreError::Damaged { path, detail },
        StoreError::Db(detail) => StoreError::Damaged {
            path: path.to_path_buf(),
            detail,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, Localizer};
    use crate::store::Store;

    #[test]
    fn a_newer_file_format_is_made_by_a_newer_version_never_damaged() {
        let dir = tempfile::tempdir().unwrap();
        let path = crate::store::db_path(dir.path());
        drop(Store::open(&path).unwrap());
        // Both commit slots' format version byte (redb 3 header: slots at 64 and 192).
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[64] = 4;
        bytes[192] = 4;
        std::fs::write(&path, &bytes).unwrap();
        let e = Store::open(&path).unwrap_err();
        assert!(
            matches!(
                e,
                StoreError::NewerFormat {
                    found: 4,
                    supported: 3,
                    ..
                }
            ),
            "{e}"
        );
        for lang in [Lang::En, Lang::Zh] {
            let text = Localizer::get().format(lang, &e.user_msg());
            assert!(!text.contains("repair") && text.contains('4'), "{text}");
        }
        assert!(!e.to_string().contains("repair"), "{e}");
        // `db repair` leaves it alone too: nothing to repair, nothing moved aside.
        assert!(matches!(
            crate::store::repair(&path),
            Err(StoreError::NewerFormat { .. })
        ));
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
        assert_eq!(
            newer_format("Expected file format version <= 3, found 2"),
            None
        );
    }
}
