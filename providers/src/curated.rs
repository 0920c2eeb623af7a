//! The operator's curated file (`GPUSCOUT_CURATED_FILE`): read, checked strictly by bot-core
//! (`availability::parse_curated`), and stored as one transaction. `serve` re-reads it when
//! its modification time changes, so an operator's edit shows without a restart; a bad edit
//! is reported and the rows stored before stay.

use bot_core::availability::{FeedInfo, format_rfc3339, now_unix, parse_curated, record_curated};
use bot_core::{Catalog, Store};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// How often `serve` looks at the file's modification time.
pub const CHECK_EVERY: Duration = Duration::from_secs(60);

/// Reads `file` into the store, replacing every curated row. The error says what to fix.
pub fn load(catalog: &Catalog, store: &Store, file: &Path) -> Result<FeedInfo, String> {
    let limits = crate::Limits::CURATED;
    let text = crate::import::read_capped(file, limits.max_bytes)
        .map_err(|e| format!("reading the curated file {}: {e}", file.display()))?;
    let now = now_unix();
    let rows = parse_curated(&text, catalog, now)
        .map_err(|e| format!("the curated file {} was not loaded: {e}", file.display()))?;
    limits
        .check_rows(rows.len())
        .map_err(|e| format!("the curated file {} was not loaded: {e}", file.display()))?;
    let info = FeedInfo {
        source: file.display().to_string(),
        as_of: format_rfc3339(rows.iter().map(|r| r.at).max().unwrap_or(now))[..10].to_string(),
        imported_at: now,
        ..FeedInfo::default()
    };
    record_curated(store, info, &rows).map_err(|e| format!("storing the curated rows: {e}"))
}

fn modified(file: &Path) -> Option<SystemTime> {
    std::fs::metadata(file).and_then(|m| m.modified()).ok()
}

/// Re-reads `file` whenever it changes, until `stop` (a `serve` part). The first look loads
/// it only if it changed since `loaded_at` (the start-up load).
pub async fn watch(
    catalog: std::sync::Arc<Catalog>,
    store: std::sync::Arc<Store>,
    file: std::path::PathBuf,
    stop: tokio_util::sync::CancellationToken,
) -> Result<(), std::convert::Infallible> {
    let mut seen = modified(&file);
    loop {
        tokio::select! {
            () = tokio::time::sleep(CHECK_EVERY) => {}
            () = stop.cancelled() => return Ok(()),
        }
        let now = modified(&file);
        if now == seen {
            continue;
        }
        seen = now;
        let (c, s, f) = (catalog.clone(), store.clone(), file.clone());
        match tokio::task::spawn_blocking(move || load(&c, &s, &f)).await {
            Ok(Ok(info)) => tracing::info!("curated: {} rows from {}", info.offers, info.source),
            Ok(Err(e)) => tracing::warn!("curated: {e}; keeping the rows stored before"),
            Err(e) => tracing::error!("curated: {e}"),
        }
    }
}
