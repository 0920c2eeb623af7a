//! Keeping the seal true while the file is open (see the module above): the store's backend
//! reports every write, resize and durable sync here; after each sync the changed blocks are
//! read back and their CRCs appended to the journal; at a clean close the seal is rewritten
//! whole. Any failure removes the seal, so the next open runs the full check.

use super::lazy::Lazy;
use super::{BLOCK, Entry, Intent, Seal, VERSION, blocks_for, crcs, journal_path, remove, store};
use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

/// Past this size the journal is folded into a new seal (so a replay stays short).
#[cfg(not(test))]
const JOURNAL_LIMIT: u64 = 1 << 20;
#[cfg(test)]
const JOURNAL_LIMIT: u64 = 4 << 10;

#[derive(Debug)]
pub(in crate::store) struct Live {
    path: PathBuf,
    state: Mutex<State>,
    /// The seal's blocks still to be checked on first touch (`None`: all were read at the
    /// open, or there was no seal to check against).
    lazy: Option<Lazy>,
    /// A block did not match the seal: the store runs the full check before going on.
    mismatched: AtomicBool,
}

#[derive(Debug)]
struct State {
    mode: Mode,
    /// Blocks written since the last sync. Kept in every mode: a seal established while a
    /// write is in flight still reads that block back at the next sync.
    dirty: BTreeSet<usize>,
}

#[derive(Debug)]
enum Mode {
    /// No seal kept (none vouched for the file at the open, and none was asked for yet).
    Off,
    On(Tracked),
    /// A write, a sync or the journal failed: the seal is gone for this session.
    Broken,
}

#[derive(Debug)]
struct Tracked {
    seal: Seal,
    journal: Option<std::fs::File>,
    journal_bytes: u64,
    /// An intent line is the journal's last (written before the first write after a sync).
    writing: bool,
}

/// A fresh generation: journal lines of any earlier seal never match it.
fn generation() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

impl Live {
    pub(in crate::store) fn off(path: &Path) -> Live {
        Live::with(path, Mode::Off, None)
    }

    /// Keeps `seal` living: verified against the file now (`lazy: false`), or to be checked
    /// block by block on first touch (`lazy: true`, see [`super::lazy`]). A journal left by a crashed
    /// session is cut after its last whole line, and later lines follow it (a line appended
    /// after a torn one would never be read). No sync: if the cut is lost with the power,
    /// replay stops at the torn line and the next open runs the full check.
    pub(in crate::store) fn from_seal(path: &Path, seal: Seal, lazy: bool) -> Live {
        let lazy = lazy.then(|| Lazy::new(&seal));
        let kept = seal.journal_len;
        let cut = std::fs::OpenOptions::new()
            .write(true)
            .open(journal_path(path))
            .and_then(|j| {
                if j.metadata()?.len() > kept {
                    j.set_len(kept)?;
                }
                Ok(())
            });
        if let Err(e) = cut
            && e.kind() != io::ErrorKind::NotFound
        {
            remove(path);
            return Live::with(path, Mode::Broken, lazy);
        }
        Live::with(
            path,
            Mode::On(Tracked {
                seal,
                journal: None,
                journal_bytes: kept,
                writing: false,
            }),
            lazy,
        )
    }

    fn with(path: &Path, mode: Mode, lazy: Option<Lazy>) -> Live {
        Live {
            path: path.to_path_buf(),
            state: Mutex::new(State {
                mode,
                dirty: BTreeSet::new(),
            }),
            lazy,
            mismatched: AtomicBool::new(false),
        }
    }

    /// Whether a block failed its check against the seal in this session.
    pub(in crate::store) fn mismatched(&self) -> bool {
        self.mismatched.load(Ordering::Relaxed)
    }

    /// The lazy check's verdict: a mismatch drops the seal (the next open runs the full
    /// check) and is remembered for the store.
    fn checked(&self, result: io::Result<()>) -> io::Result<()> {
        if result.is_err() {
            self.mismatched.store(true, Ordering::Relaxed);
            self.failed();
        }
        result
    }

    #[cfg(test)]
    pub(in crate::store) fn lazy(&self) -> Option<&Lazy> {
        self.lazy.as_ref()
    }

    /// Before redb reads `[offset, offset + len)` (`read` reads the file itself).
    pub(in crate::store) fn before_read(
        &self,
        offset: u64,
        len: u64,
        read: &dyn Fn(u64, &mut [u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        match &self.lazy {
            Some(lazy) => self.checked(lazy.before_read(offset, len, read)),
            None => Ok(()),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(in crate::store) fn is_on(&self) -> bool {
        matches!(self.state().mode, Mode::On(_))
    }

    /// Before bytes `[offset, offset + len)` are written: the blocks it covers in part are
    /// checked (their other bytes are old), the journal gets an intent line if this is the
    /// first write since a sync, and the blocks are marked for the next sync's line.
    pub(in crate::store) fn wrote(
        &self,
        offset: u64,
        len: u64,
        read: &dyn Fn(u64, &mut [u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        if len == 0 {
            return Ok(());
        }
        if let Some(lazy) = &self.lazy {
            self.checked(lazy.before_write(offset, len, read))?;
        }
        let first = (offset / BLOCK as u64) as usize;
        let last = ((offset + len - 1) / BLOCK as u64) as usize;
        self.about_to_write(first..last + 1);
        Ok(())
    }

    /// Before the file is resized from `old` to `new` bytes.
    pub(in crate::store) fn resized(
        &self,
        old: u64,
        new: u64,
        read: &dyn Fn(u64, &mut [u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        if let Some(lazy) = &self.lazy {
            self.checked(lazy.before_resize(old, new, read))?;
        }
        let first = (old.min(new) / BLOCK as u64) as usize;
        let end = blocks_for(old.max(new)).max(first + 1);
        self.about_to_write(first..end);
        Ok(())
    }

    /// Marks `blocks` for the next sync, with an intent line first if none is open. The line
    /// is not synced: a kill leaves it in the page cache, in order before the write. (Power
    /// lost before it reached the disk while the write did: the lazy check meets the changed
    /// block and the store falls back to the full check, see `Store::with_db`.)
    fn about_to_write(&self, blocks: std::ops::Range<usize>) {
        let mut state = self.state();
        state.dirty.extend(blocks);
        if let Mode::On(tracked) = &mut state.mode
            && !tracked.writing
            && tracked.intent(&self.path).is_err()
        {
            state.mode = Mode::Broken;
            remove(&self.path);
        }
    }

    /// A write or sync failed: the file may hold bytes no journal line describes.
    pub(in crate::store) fn failed(&self) {
        let mut state = self.state();
        if !matches!(state.mode, Mode::Broken) {
            state.mode = Mode::Broken;
            remove(&self.path);
        }
    }

    /// After a durable sync of the file (`len` bytes, read through `read`): the changed
    /// blocks' CRCs go to the journal.
    pub(in crate::store) fn synced(
        &self,
        len: u64,
        read: impl Fn(u64, &mut [u8]) -> io::Result<()>,
    ) {
        let mut state = self.state();
        let dirty = std::mem::take(&mut state.dirty);
        let Mode::On(tracked) = &mut state.mode else {
            return;
        };
        let recorded = tracked.record(&self.path, len, dirty, read);
        if recorded.is_err() {
            state.mode = Mode::Broken;
            remove(&self.path);
        }
    }

    /// Starts keeping a seal for the file as it is now (the caller's open verified it: the
    /// full check, or a creation). Reads the file once, in order.
    pub(in crate::store) fn establish(&self) {
        let mut state = self.state();
        if !matches!(state.mode, Mode::Off) {
            return;
        }
        let made = (|| {
            let len = std::fs::metadata(&self.path)?.len();
            let crc32 = crcs(&self.path, None)?.unwrap_or_default();
            let seal = Seal {
                version: VERSION,
                generation: generation(),
                len,
                block: BLOCK,
                crc32,
                journal_len: 0,
                writing: false,
            };
            store(&self.path, &seal)?;
            Ok::<_, io::Error>(seal)
        })();
        state.mode = match made {
            Ok(seal) => {
                let mut tracked = Tracked {
                    seal,
                    journal: None,
                    journal_bytes: 0,
                    writing: false,
                };
                // A write in flight while the file was read: it must not look finished.
                if !state.dirty.is_empty() && tracked.intent(&self.path).is_err() {
                    remove(&self.path);
                    Mode::Broken
                } else {
                    Mode::On(tracked)
                }
            }
            Err(_) => {
                remove(&self.path);
                Mode::Broken
            }
        };
    }

    /// After redb's clean close: writes the whole seal and drops the journal. `false` when no
    /// seal is kept (or it could not be written; then none is left).
    ///
    /// A session that found no seal seals the file now: its open ran the full check (or this
    /// process created the file), and every byte written since went through the backend and
    /// was synced by the close, so these are the bytes [`Live::establish`] vouches for. One
    /// sequential read at the close spares every later open the walk (a CLI question after
    /// `gpuscout import` paid the full check each time: issue 28).
    pub(in crate::store) fn finish(&self) -> bool {
        if matches!(self.state().mode, Mode::Off) {
            self.establish();
            return self.is_on();
        }
        let mut state = self.state();
        let dirty = std::mem::take(&mut state.dirty);
        let Mode::On(tracked) = &mut state.mode else {
            return false;
        };
        let done = (|| {
            use std::io::{Read, Seek, SeekFrom};
            let file = std::fs::File::open(&self.path)?;
            let len = file.metadata()?.len();
            tracked.record_blocks(len, dirty, |at, buf| {
                (&file).seek(SeekFrom::Start(at))?;
                (&file).read_exact(buf)
            })?;
            tracked.journal = None;
            tracked.writing = false;
            tracked.seal.generation = generation();
            store(&self.path, &tracked.seal)
        })();
        if done.is_err() {
            state.mode = Mode::Broken;
            remove(&self.path);
        }
        done.is_ok()
    }
}

impl Tracked {
    /// Updates the in-memory seal from the file: `dirty` blocks (and any the file grew by)
    /// read back; returns the blocks that changed.
    fn record_blocks(
        &mut self,
        len: u64,
        mut dirty: BTreeSet<usize>,
        read: impl Fn(u64, &mut [u8]) -> io::Result<()>,
    ) -> io::Result<Vec<(usize, u32)>> {
        let count = blocks_for(len);
        dirty.extend(self.seal.crc32.len().min(count)..count);
        self.seal.crc32.resize(count, 0);
        self.seal.len = len;
        let mut buf = vec![0u8; BLOCK];
        let mut changed = Vec::new();
        for block in dirty.into_iter().take_while(|&b| b < count) {
            let at = block as u64 * BLOCK as u64;
            let n = (len - at).min(BLOCK as u64) as usize;
            read(at, &mut buf[..n])?;
            let crc = crc32fast::hash(&buf[..n]);
            self.seal.crc32[block] = crc;
            changed.push((block, crc));
        }
        Ok(changed)
    }

    /// One sync's journal line. Not synced itself: it is written only after the data it
    /// describes is durable, so a line lost with the power makes the next open run the full
    /// check, never trust bytes that were not written.
    fn record(
        &mut self,
        path: &Path,
        len: u64,
        dirty: BTreeSet<usize>,
        read: impl Fn(u64, &mut [u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        let before = self.seal.len;
        let blocks = self.record_blocks(len, dirty, read)?;
        if blocks.is_empty() && before == len && !self.writing {
            return Ok(());
        }
        if self.journal_bytes > JOURNAL_LIMIT {
            self.journal = None;
            self.journal_bytes = 0;
            self.writing = false;
            self.seal.generation = generation();
            return store(path, &self.seal);
        }
        let entry = Entry {
            generation: self.seal.generation,
            len,
            blocks,
        };
        self.append(path, &entry)?;
        self.writing = false;
        Ok(())
    }

    /// The intent line before the first write after a sync (see [`Intent`]).
    fn intent(&mut self, path: &Path) -> io::Result<()> {
        let line = Intent {
            generation: self.seal.generation,
            writing: true,
        };
        self.append(path, &line)?;
        self.writing = true;
        Ok(())
    }

    fn append(&mut self, path: &Path, value: &impl serde::Serialize) -> io::Result<()> {
        let mut line = serde_json::to_vec(value).map_err(io::Error::other)?;
        line.push(b'\n');
        if self.journal.is_none() {
            self.journal = Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(journal_path(path))?,
            );
        }
        if let Some(journal) = &mut self.journal {
            journal.write_all(&line)?;
        }
        self.journal_bytes += line.len() as u64;
        Ok(())
    }
}
