//! A copy-on-write view of a database file for the damage check: reads come from the file,
//! page by page, and whatever redb's repair writes stays in memory. The file itself is opened
//! read-only and never changes, and memory holds only the pages written (redb's rebuilt
//! allocator state and header), not the file: a 10 GiB database is checked in a few MiB.

use redb::StorageBackend;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// Granularity of the in-memory overlay.
const PAGE: u64 = 4096;

#[derive(Debug)]
pub(super) struct Image {
    state: Mutex<State>,
    stats: Arc<ImageStats>,
}

#[derive(Debug)]
struct State {
    /// Opened read-only; reads seek (the state's lock orders them).
    file: File,
    /// The length redb sees.
    len: u64,
    /// Bytes of the file below this offset are visible; above it (after a shrink) are zeros.
    base: u64,
    /// Pages written since the image was made.
    pages: HashMap<u64, Box<[u8]>>,
}

/// What the check cost in memory and reads (tests assert on it; no timing involved).
#[derive(Debug, Default)]
pub struct ImageStats {
    /// Most overlay bytes held at once.
    pub peak_overlay_bytes: AtomicU64,
    /// The largest single read from the file.
    pub largest_read: AtomicU64,
    /// Bytes read from the file in all.
    pub bytes_read: AtomicU64,
}

impl Image {
    /// A view of `path` whose header byte `god_byte` is replaced by `flags` (redb's repair
    /// path is forced this way without touching the file).
    pub(super) fn open(
        path: &Path,
        god_byte: u64,
        flags: impl FnOnce(u8) -> u8,
        stats: Arc<ImageStats>,
    ) -> io::Result<Image> {
        let file = File::open(path)?;
        let len = file.metadata()?.len();
        let image = Image {
            state: Mutex::new(State {
                file,
                len,
                base: len,
                pages: HashMap::new(),
            }),
            stats,
        };
        let mut byte = [0u8];
        image.read(god_byte, &mut byte)?;
        image.write(god_byte, &[flags(byte[0])])?;
        Ok(image)
    }
}

impl State {
    /// Reads `out.len()` bytes of the file at `offset`, zeros where the file (as shrunk) ends.
    fn read_base(&mut self, stats: &ImageStats, offset: u64, out: &mut [u8]) -> io::Result<()> {
        let visible = self.base.saturating_sub(offset).min(out.len() as u64) as usize;
        let (from_file, zeros) = out.split_at_mut(visible);
        if !from_file.is_empty() {
            self.file.seek(SeekFrom::Start(offset))?;
            self.file.read_exact(from_file)?;
            let n = from_file.len() as u64;
            stats.bytes_read.fetch_add(n, Ordering::Relaxed);
            stats.largest_read.fetch_max(n, Ordering::Relaxed);
        }
        zeros.fill(0);
        Ok(())
    }
}

fn past_end() -> io::Error {
    io::Error::new(
        io::ErrorKind::UnexpectedEof,
        "read past the end of the file",
    )
}

impl StorageBackend for Image {
    fn len(&self) -> io::Result<u64> {
        Ok(self
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> io::Result<()> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let end = offset.checked_add(out.len() as u64).ok_or_else(past_end)?;
        if end > state.len {
            return Err(past_end());
        }
        // Runs of pages not in the overlay are read from the file in one call.
        let mut at = offset;
        while at < end {
            let page = at / PAGE;
            let page_end = ((page + 1) * PAGE).min(end);
            let dst = &mut out[(at - offset) as usize..(page_end - offset) as usize];
            match state.pages.get(&page) {
                Some(bytes) => {
                    let from = (at - page * PAGE) as usize;
                    dst.copy_from_slice(&bytes[from..from + dst.len()]);
                    at = page_end;
                }
                None => {
                    let mut run_end = page_end;
                    while run_end < end && !state.pages.contains_key(&(run_end / PAGE)) {
                        run_end = (run_end + PAGE).min(end);
                    }
                    let dst = &mut out[(at - offset) as usize..(run_end - offset) as usize];
                    state.read_base(&self.stats, at, dst)?;
                    at = run_end;
                }
            }
        }
        Ok(())
    }

    fn set_len(&self, len: u64) -> io::Result<()> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if len < state.len {
            state.base = state.base.min(len);
            state.pages.retain(|&page, _| page * PAGE < len);
            let last = len / PAGE;
            if let Some(bytes) = state.pages.get_mut(&last) {
                bytes[(len - last * PAGE) as usize..].fill(0);
            }
        }
        state.len = len;
        Ok(())
    }

    fn sync_data(&self) -> io::Result<()> {
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> io::Result<()> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let end = offset.checked_add(data.len() as u64).ok_or_else(past_end)?;
        if end > state.len {
            return Err(past_end());
        }
        let mut at = offset;
        while at < end {
            let page = at / PAGE;
            let page_end = ((page + 1) * PAGE).min(end);
            if !state.pages.contains_key(&page) {
                let mut fresh = vec![0u8; PAGE as usize].into_boxed_slice();
                let readable = (state.len - page * PAGE).min(PAGE) as usize;
                state.read_base(&self.stats, page * PAGE, &mut fresh[..readable])?;
                state.pages.insert(page, fresh);
            }
            let from = (at - page * PAGE) as usize;
            let src = &data[(at - offset) as usize..(page_end - offset) as usize];
            if let Some(bytes) = state.pages.get_mut(&page) {
                bytes[from..from + src.len()].copy_from_slice(src);
            }
            at = page_end;
        }
        let held = state.pages.len() as u64 * PAGE;
        self.stats
            .peak_overlay_bytes
            .fetch_max(held, Ordering::Relaxed);
        Ok(())
    }
}
