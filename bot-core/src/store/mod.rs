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
//!   that needs redb's crash repair is repaired in place only after that check passed (no
//!   copy of the file). [`check`], [`repair`] and [`reset`] are the operator's tools.
//! - **A failed write heals**: an I/O error (a full disk) closes the database and the next
//!   call reopens it, so the store works again once space is back.
//! - **Exactly-once, all-or-nothing updates**: inside [`Store::once`] every write is held
//!   (and read back by the same thread), then committed with "update N of this chat was
//!   handled" as one transaction; a panic, a kill or a failed commit leaves none of it.
//! - **A bounded damage check**: an existing file is verified through a copy-on-write image
//!   (`image`), page by page, never read whole into memory, unless its seal vouches for it
//!   (`seal`: CRCs per 64 KiB of bytes that passed the check or that this store wrote and
//!   synced, kept living through every session): then no walk runs, after a clean stop, a
//!   CLI read or a crash between commits alike, and each block is checked against the seal
//!   when first touched (`seal::lazy`), so an open costs what it reads; after a kill in the
//!   middle of a write the whole file is read first.

mod db;
mod error;
mod files;
mod group;
mod image;
mod maintenance;
mod once;
mod open;
mod pending;
mod record;
mod rows;
mod scan;
mod schema;
mod seal;

pub use db::{Store, db_path};
pub use error::{StoreError, quiet_guarded_panics};
pub use files::timestamp;
pub use maintenance::{
    CheckReport, RepairReport, check, free_space, repair, repair_with_room, reset,
};
pub use open::Faults;
pub use record::{Record, Versioned};
pub use rows::Batch;
pub use schema::{SCHEMA_VERSION, TypedTable, UserPrefs, tables};
