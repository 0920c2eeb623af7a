//! The seal: a record, kept beside the database, of the file's exact bytes in a state that is
//! known sound: its length and a CRC-32 per 64 KiB block. Checking a seal reads the file once,
//! in order, instead of redb's walk of every page (issue 17: a year of history is ~260 MiB, and
//! the walk took ~420 ms of the 300 ms cold-start budget).
//!
//! Where the bytes a seal vouches for come from, and why that keeps issue 10's guarantee:
//! - **The full check**: a seal is first made for a file that passed the same full check an
//!   unsealed open runs (`open::probe`), either at a clean stop ([`write_checked`]) or when
//!   `serve` starts ([`live::Live::establish`], right after that check).
//! - **This process's own writes**: while the file is open, every write goes through the store's
//!   backend, which marks its blocks; after each durable sync the marked blocks are read back
//!   and their CRCs appended to the journal (`gpuscout.redb.seal-log`). At a clean close the
//!   seal is rewritten whole and the journal removed. So a seal plus its journal always describe
//!   bytes that were verified or that redb itself wrote and synced: never bytes that changed
//!   by any other way.
//!
//! Any change to the file outside that — a flipped bit, a zeroed page, a truncation, a write
//! that a crash cut off between two syncs, a copy from elsewhere — changes its length or a
//! block's CRC (CRC-32 catches every error burst up to 32 bits in a block), and the open falls
//! back to the full check. After a crash between commits the bytes still match, so the open
//! skips the walk; redb's own quick repair (each commit saves the allocator state) then needs
//! no walk either (issue 28 item 7). Every opener keeps the seal living, so a read-only CLI call
//! leaves it valid (issue 29 item 4).

pub(super) mod lazy;
pub(super) mod live;
#[cfg(test)]
mod tests;

use super::files::{sibling, sync_dir, unique};
use serde::{Deserialize, Serialize};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Small enough that the blocks a commit touches are cheap to read back after each sync.
pub(super) const BLOCK: usize = 64 << 10;
/// 3: the journal marks where a session began writing (intent lines), so an open may verify
/// blocks on first touch ([`lazy`]). 2 had no intent lines, 1 no journal.
const VERSION: u32 = 3;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Seal {
    version: u32,
    /// Journal lines of another generation are older than this seal and ignored.
    generation: u64,
    len: u64,
    block: usize,
    crc32: Vec<u32>,
    /// Bytes of the journal that replayed whole (the rest, a line a crash cut, is dropped).
    #[serde(skip)]
    journal_len: u64,
    /// The journal's last line is an intent with no sync after it: the session that wrote it
    /// may have stopped in the middle of a write, so blocks may hold bytes no line describes.
    #[serde(skip)]
    writing: bool,
}

/// One journal line: the file's length and the blocks that changed, after one durable sync.
#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    generation: u64,
    len: u64,
    blocks: Vec<(usize, u32)>,
}

pub(super) fn seal_path(path: &Path) -> PathBuf {
    sibling(path, "seal")
}

pub(super) fn journal_path(path: &Path) -> PathBuf {
    sibling(path, "seal-log")
}

/// How many blocks a file of `len` bytes has.
pub(super) fn blocks_for(len: u64) -> usize {
    len.div_ceil(BLOCK as u64) as usize
}

/// The file's CRC-32 per block, stopping at the first block that differs from `expect`
/// (`None` then, or when the file has another number of blocks). The two halves of a large
/// file are read side by side: this read is most of a sealed start, and the machine has two
/// cores.
fn crcs(path: &Path, expect: Option<&[u32]>) -> std::io::Result<Option<Vec<u32>>> {
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    let blocks = blocks_for(len);
    if expect.is_some_and(|e| e.len() != blocks) {
        return Ok(None);
    }
    let parts = if blocks >= 64 { 2 } else { 1 };
    let per = blocks.div_ceil(parts).max(1);
    let differs = AtomicBool::new(false);
    let halves: Vec<std::io::Result<Option<Vec<u32>>>> = std::thread::scope(|s| {
        let running: Vec<_> = (0..parts)
            .map(|p| {
                let (file, differs) = (&file, &differs);
                let range = p * per..((p + 1) * per).min(blocks);
                s.spawn(move || range_crcs(file, len, range, expect, differs))
            })
            .collect();
        running
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(std::io::Error::other("the check panicked")))
            })
            .collect()
    });
    let mut out = Vec::with_capacity(blocks);
    for half in halves {
        match half? {
            Some(crcs) => out.extend(crcs),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// [`crcs`] of blocks `range`, 1 MiB per read; `None` once any block (here or in the other
/// half: `differs`) is not the expected one.
fn range_crcs(
    file: &std::fs::File,
    len: u64,
    range: std::ops::Range<usize>,
    expect: Option<&[u32]>,
    differs: &AtomicBool,
) -> std::io::Result<Option<Vec<u32>>> {
    use std::os::unix::fs::FileExt;
    let mut buf = vec![0u8; 16 * BLOCK];
    let mut out = Vec::with_capacity(range.len());
    let mut block = range.start;
    while block < range.end {
        if differs.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let at = block as u64 * BLOCK as u64;
        let bytes = ((len - at) as usize).min((range.end - block).min(16) * BLOCK);
        file.read_exact_at(&mut buf[..bytes], at)?;
        for chunk in buf[..bytes].chunks(BLOCK) {
            let crc = crc32fast::hash(chunk);
            if expect.is_some_and(|e| e[block] != crc) {
                differs.store(true, Ordering::Relaxed);
                return Ok(None);
            }
            out.push(crc);
            block += 1;
        }
    }
    Ok(Some(out))
}

/// Written before the first write after each durable sync: a kill before the sync's own line
/// leaves it last in the journal, and the next open then reads the whole file before trusting
/// it ([`open_check`]).
#[derive(Debug, Serialize, Deserialize)]
struct Intent {
    generation: u64,
    writing: bool,
}

/// A journal line: one sync's blocks, or an intent to write.
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum Line {
    Synced(Entry),
    Writing(Intent),
}

/// The seal beside `path` with its journal applied, if both are readable and consistent.
/// A torn last journal line (a crash while appending) ends the replay there.
fn read(path: &Path) -> Option<Seal> {
    let mut seal: Seal = serde_json::from_slice(&std::fs::read(seal_path(path)).ok()?).ok()?;
    if seal.version != VERSION || seal.block != BLOCK || seal.crc32.len() != blocks_for(seal.len) {
        return None;
    }
    let Ok(journal) = std::fs::File::open(journal_path(path)) else {
        return Some(seal);
    };
    let mut crc: Vec<Option<u32>> = seal.crc32.iter().copied().map(Some).collect();
    let mut reader = std::io::BufReader::new(journal);
    let mut line = Vec::new();
    loop {
        line.clear();
        // Only whole lines count: a crash may have cut the last one anywhere.
        match reader.read_until(b'\n', &mut line) {
            Ok(n) if n > 0 && line.ends_with(b"\n") => {}
            _ => break,
        }
        let entry = match serde_json::from_slice::<Line>(&line) {
            Ok(Line::Synced(entry)) => entry,
            Ok(Line::Writing(intent)) => {
                seal.journal_len += line.len() as u64;
                if intent.generation == seal.generation {
                    seal.writing = intent.writing;
                }
                continue;
            }
            Err(_) => break,
        };
        seal.journal_len += line.len() as u64;
        if entry.generation != seal.generation {
            continue;
        }
        seal.writing = false;
        crc.resize(blocks_for(entry.len), None);
        for (block, value) in entry.blocks {
            *crc.get_mut(block)? = Some(value);
        }
        seal.len = entry.len;
    }
    seal.crc32 = crc.into_iter().collect::<Option<Vec<u32>>>()?;
    Some(seal)
}

/// Does the seal (with its journal) vouch for the file as it is now? Reads, never writes:
/// the caller holds the file's lock and keeps the seal living ([`live::Live`]).
#[cfg(test)]
pub(super) fn verify(path: &Path) -> Option<Seal> {
    let seal = read(path)?;
    let len = std::fs::metadata(path).map(|m| m.len()).ok()?;
    if len != seal.len {
        return None;
    }
    match crcs(path, Some(&seal.crc32)) {
        Ok(Some(c)) if c.len() == seal.crc32.len() => Some(seal),
        _ => None,
    }
}

#[cfg(test)]
thread_local! {
    /// Whole-file reads of a sealed file at an open on this thread (tests count them).
    pub(super) static EAGER: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// What an open may trust: the seal with its journal, and whether its blocks may be checked
/// on first touch (`true`) or were all read now. After a clean close or a kill between two
/// syncs, the file is what seal and journal say, except for damage, which the check of each
/// block on first touch finds ([`lazy`]): the open reads only what redb reads. After a kill in
/// the middle of a write (an intent last in the journal), blocks may hold bytes no line
/// describes, so the whole file is read now, as [`verify`] does; `None` when it differs (the
/// caller runs the full check).
pub(super) fn open_check(path: &Path) -> Option<(Seal, bool)> {
    let seal = read(path)?;
    let len = std::fs::metadata(path).map(|m| m.len()).ok()?;
    if len != seal.len {
        return None;
    }
    // `GPUSCOUT_SEAL_EAGER=1` reads the whole file at every sealed open, as before the check
    // on first touch (for measuring what it saves: docs/performance.md §18).
    let eager = std::env::var("GPUSCOUT_SEAL_EAGER").is_ok_and(|v| v == "1");
    if !seal.writing && !eager {
        return Some((seal, true));
    }
    #[cfg(test)]
    EAGER.with(|e| e.set(e.get() + 1));
    match crcs(path, Some(&seal.crc32)) {
        Ok(Some(c)) if c.len() == seal.crc32.len() => Some((seal, false)),
        _ => None,
    }
}

/// Removes the seal and its journal (the next open runs the full check).
pub(super) fn remove(path: &Path) {
    let _ = std::fs::remove_file(seal_path(path));
    let _ = std::fs::remove_file(journal_path(path));
}

/// Writes `seal` atomically (a temporary file, then a rename), then drops the journal it
/// replaces (its lines are of an older generation, so a crash in between is harmless).
fn store(path: &Path, seal: &Seal) -> std::io::Result<()> {
    let bytes = serde_json::to_vec(seal).map_err(std::io::Error::other)?;
    let tmp = sibling(path, &format!("seal-new-{}", unique()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        use std::io::Write;
        f.write_all(&bytes)?;
        f.sync_all()
    });
    let placed = written.and_then(|()| std::fs::rename(&tmp, seal_path(path)));
    if placed.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return placed;
    }
    sync_dir(path);
    let _ = std::fs::remove_file(journal_path(path));
    Ok(())
}

/// Seals the file as it is now. The caller vouches for its bytes: they just passed the full
/// check (`open::check_and_seal`, after a clean close). Any failure leaves no seal.
pub(super) fn write_checked(path: &Path) {
    let (Ok(meta), Ok(Some(crc32))) = (std::fs::metadata(path), crcs(path, None)) else {
        return;
    };
    let seal = Seal {
        version: VERSION,
        generation: 0,
        len: meta.len(),
        block: BLOCK,
        crc32,
        journal_len: 0,
        writing: false,
    };
    let _ = store(path, &seal);
}
