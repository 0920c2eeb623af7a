//! Files beside the database: sibling names, unique temporary names, durable renames, and
//! the clean-up of temporary files a killed process left behind. Below both the open and the
//! seal, which name and place files the same way.

use std::path::{Path, PathBuf};

/// `gpuscout.redb` -> `gpuscout.redb.<suffix>` in the same directory (renames stay atomic).
pub(super) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}

pub(super) fn unique() -> String {
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
pub(super) fn sync_dir(path: &Path) {
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

/// Removes temporary files a killed process left behind: at once when the process that named
/// it (`new-<pid>-…`) is gone, else once older than a minute (a concurrent start's file is
/// left alone).
pub(super) fn remove_leftovers(path: &Path) {
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
        let temporary = rest.starts_with("new-")
            || rest.starts_with("repair-")
            || rest.starts_with("seal-new-");
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age.as_secs() > 60);
        if temporary && (old || creator_gone(rest)) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether the process whose id names a temporary file (`new-<pid>-<nanos>`, see [`unique`])
/// has ended. Only where the OS says so (`/proc` on Linux); elsewhere the age rule decides.
fn creator_gone(rest: &str) -> bool {
    let rest = rest.strip_prefix("seal-").unwrap_or(rest);
    let Some(pid) = rest.split('-').nth(1).and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    if pid == std::process::id() || !Path::new("/proc/self").exists() {
        return false;
    }
    !Path::new("/proc").join(pid.to_string()).exists()
}
