//! The operator's curated file (`GPUSCOUT_CURATED_FILE`): read, checked strictly by bot-core
//! (`availability::parse_curated`), and stored as one transaction. `serve` re-reads it when
//! its bytes differ from what was last loaded (checked every [`CHECK_EVERY`]), so an
//! operator's edit shows without a restart; a bad edit is reported once and the rows stored
//! before stay.

use bot_core::availability::{
    CURATED_FEED, FeedInfo, feed, format_rfc3339, now_unix, parse_curated, record_curated,
};
use bot_core::{Catalog, Store};
use std::path::Path;
use std::time::Duration;

/// How often `serve` looks at the file's modification time.
pub const CHECK_EVERY: Duration = Duration::from_secs(60);

/// Reads `file` into the store, replacing every curated row. The error says what to fix.
pub fn load(catalog: &Catalog, store: &Store, file: &Path) -> Result<FeedInfo, String> {
    load_text(catalog, store, file, read(file)?)
}

/// The file's text, at most [`crate::Limits::CURATED`]'s bytes.
fn read(file: &Path) -> Result<String, String> {
    crate::import::read_capped(file, crate::Limits::CURATED.max_bytes)
        .map_err(|e| format!("reading the curated file {}: {e}", file.display()))
}

/// [`load`] of `text`, read from `file`.
fn load_text(
    catalog: &Catalog,
    store: &Store,
    file: &Path,
    text: String,
) -> Result<FeedInfo, String> {
    let now = now_unix();
    let rows = parse_curated(&text, catalog, now)
        .map_err(|e| format!("the curated file {} was not loaded: {e}", file.display()))?;
    crate::Limits::CURATED
        .check_rows(rows.len())
        .map_err(|e| format!("the curated file {} was not loaded: {e}", file.display()))?;
    let info = FeedInfo {
        source: file.display().to_string(),
        as_of: format_rfc3339(rows.iter().map(|r| r.at).max().unwrap_or(now))[..10].to_string(),
        imported_at: now,
        digest: Some(digest(&text)),
        ..FeedInfo::default()
    };
    record_curated(store, info, &rows).map_err(|e| format!("storing the curated rows: {e}"))
}

/// FNV-1a over the file's bytes, in hex: tells one text from another (no secrecy needed).
fn digest(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// What the watch has tried of the file, to tell an edit from no change by its bytes (a
/// modification time misses two edits within one tick and one saved between the start-up
/// load and the watch's start).
pub struct Watch {
    tried: Option<String>,
}

impl Watch {
    /// A watch whose baseline is what the store says was last loaded (the start-up load), so
    /// an edit saved since then is seen at the first look.
    pub fn start(store: &Store) -> Watch {
        let loaded = feed(store, CURATED_FEED).ok().flatten();
        Watch {
            tried: loaded.and_then(|f| f.digest),
        }
    }

    /// One look: `None` when the file is what was last loaded or tried (a bad edit is
    /// reported once), else what reading it did.
    pub fn look(
        &mut self,
        catalog: &Catalog,
        store: &Store,
        file: &Path,
    ) -> Option<Result<FeedInfo, String>> {
        const UNREADABLE: &str = "unreadable";
        let text = match read(file) {
            Ok(t) => t,
            Err(e) if self.tried.as_deref() != Some(UNREADABLE) => {
                self.tried = Some(UNREADABLE.into());
                return Some(Err(e));
            }
            Err(_) => return None,
        };
        let now = digest(&text);
        if self.tried.as_deref() == Some(now.as_str()) {
            return None;
        }
        self.tried = Some(now);
        Some(load_text(catalog, store, file, text))
    }
}

/// Re-reads `file` whenever it changes, until `stop` (a `serve` part).
pub async fn watch(
    catalog: std::sync::Arc<Catalog>,
    store: std::sync::Arc<Store>,
    file: std::path::PathBuf,
    stop: tokio_util::sync::CancellationToken,
) -> Result<(), std::convert::Infallible> {
    let watch = std::sync::Arc::new(std::sync::Mutex::new(Watch::start(&store)));
    loop {
        tokio::select! {
            () = tokio::time::sleep(CHECK_EVERY) => {}
            () = stop.cancelled() => return Ok(()),
        }
        let (c, s, f, w) = (catalog.clone(), store.clone(), file.clone(), watch.clone());
        let looked = tokio::task::spawn_blocking(move || {
            w.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .look(&c, &s, &f)
        })
        .await;
        match looked {
            Ok(None) => {}
            Ok(Some(Ok(info))) => {
                tracing::info!("curated: {} rows from {}", info.offers, info.source)
            }
            Ok(Some(Err(e))) => tracing::warn!("curated: {e}; keeping the rows stored before"),
            Err(e) => tracing::error!("curated: {e}"),
        }
    }
}
