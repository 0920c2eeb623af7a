//! Keeping the seal true while the file is open (see the module above): the store's backend
//! reports every write, resize and durable sync here; after each sync the changed blocks are
//! read back and their CRCs appended to the journal; at a clean close the seal is rewritten
//! whole. Any failure removes the seal, so the next open runs the full check.

use super::{BLOCK, Entry, Seal, VERSION, blocks_for, crcs, journal_path, remove, store};
use std::collections::BTreeSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
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
}

/// A fresh generation: journal lines of any earlier seal never match it.
fn generation() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

impl Live {
    pub(in crate::store) fn off(path: &Path) -> Live {
        Live::with(path, Mode::Off)
    }

    /// Keeps `seal` (just verified against the file) living. A journal left by a crashed
    /// session is cut after its last whole line, and later lines follow it (a line appended
    /// after a torn one would never be read). No sync: if the cut is lost with the power,
    /// replay stops at the torn line and the next open runs the full check.
    pub(in crate::store) fn from_seal(path: &Path, seal: Seal) -> Live {
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
            return Live::with(path, Mode::Broken);
        }
        Live::with(
            path,
            Mode::On(Tracked {
                seal,
                journal: None,
                journal_bytes: kept,
            }),
        )
    }

    fn with(path: &Path, mode: Mode) -> Live {
        Live {
            path: path.to_path_buf(),
            state: Mutex::new(State {
                mode,
                dirty: BTreeSet::new(),
            }),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(in crate::store) fn is_on(&self) -> bool {
        matches!(self.state().mode, Mode::On(_))
    }

    /// Before bytes `[offset, offset + len)` are written.
    pub(in crate::store) fn wrote(&self, offset: u64, len: u64) {
        if len == 0 {
            return;
        }
        let first = (offset / BLOCK as u64) as usize;
        let last = ((offset + len - 1) / BLOCK as u64) as usize;
        self.state().dirty.extend(first..=last);
    }

    /// Before the file is resized from `old` to `new` bytes.
    pub(in crate::store) fn resized(&self, old: u64, new: u64) {
        let first = (old.min(new) / BLOCK as u64) as usize;
        let end = blocks_for(old.max(new)).max(first + 1);
        self.state().dirty.extend(first..end);
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
            };
            store(&self.path, &seal)?;
            Ok::<_, io::Error>(seal)
        })();
        state.mode = match made {
            Ok(seal) => Mode::On(Tracked {
                seal,
                journal: None,
                journal_bytes: 0,
            }),
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
        if blocks.is_empty() && before == len {
            return Ok(());
        }
        if self.journal_bytes > JOURNAL_LIMIT {
            self.journal = None;
            self.journal_bytes = 0;
            self.seal.generation = generation();
            return store(path, &self.seal);
        }
        let entry = Entry {
            generation: self.seal.generation,
            len,
            blocks,
        };
        let mut line = serde_json::to_vec(&entry).map_err(io::Error::other)?;
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
