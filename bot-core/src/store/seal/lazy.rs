//! Verifying a sealed file block by block, on first touch, instead of all of it at the open
//! (issue 28 item 7: a year of history is ~260 MiB, and reading it all at every start cost
//! 0.3–0.9 s on a loaded machine, while a start reads a few MiB of it).
//!
//! The rule that keeps issue 10's guarantee: **redb never reads a byte, and no journal line or
//! closing seal vouches for a byte, that was neither checked against the seal nor written by
//! this process.**
//! - A read first checks every block it overlaps (the whole block is read and its CRC-32
//!   compared with the seal's), then hands redb the bytes.
//! - A write first checks every block it covers only in part (the rest of that block is old
//!   bytes, which the next journal line will vouch for); a block it covers whole is simply
//!   ours from then on.
//! - A resize checks the block that straddles the shorter length; blocks past it are gone or
//!   zeros this process made.
//!
//! Blocks never touched keep the CRC they had in the seal, so damage there is still found by
//! the session that first reads them. A block that does not match fails that read or write
//! with an error (`InvalidData`); the store then drops the seal and runs the full check before
//! anything else (`Store::with_db`, `open::open_db`).
//!
//! Concurrency: checking a block and marking a block ours both hold one lock, so a check never
//! reads a block while this process writes into it (a write to an unchecked block takes the
//! lock first, and once a block is checked or ours nobody reads it for a check again).

use super::{BLOCK, Seal};
use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

#[derive(Debug)]
pub(in crate::store) struct Lazy {
    /// The sealed length: blocks at or past `expect.len()` were never sealed (the file grew
    /// in this session, by writes of its own).
    len: u64,
    expect: Vec<u32>,
    /// One bit per block: checked, or wholly this process's bytes.
    done: Vec<AtomicU64>,
    lock: Mutex<()>,
}

type Read<'a> = &'a dyn Fn(u64, &mut [u8]) -> io::Result<()>;

impl Lazy {
    pub(in crate::store) fn new(seal: &Seal) -> Lazy {
        Lazy {
            len: seal.len,
            expect: seal.crc32.clone(),
            done: (0..seal.crc32.len().div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            lock: Mutex::new(()),
        }
    }

    fn is_done(&self, block: usize) -> bool {
        block >= self.expect.len()
            || self.done[block / 64].load(Ordering::Acquire) & (1 << (block % 64)) != 0
    }

    fn mark(&self, block: usize) {
        if block < self.expect.len() {
            self.done[block / 64].fetch_or(1 << (block % 64), Ordering::Release);
        }
    }

    /// Blocks checked or ours so far (tests: a start touches few of them).
    #[cfg(test)]
    pub(in crate::store) fn done_count(&self) -> usize {
        (0..self.expect.len()).filter(|&b| self.is_done(b)).count()
    }

    /// Checks `block` against the seal unless that was done; `InvalidData` when it differs.
    fn check(&self, block: usize, read: Read<'_>) -> io::Result<()> {
        if self.is_done(block) {
            return Ok(());
        }
        let _held = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        if self.is_done(block) {
            return Ok(());
        }
        let at = block as u64 * BLOCK as u64;
        let n = (self.len - at).min(BLOCK as u64) as usize;
        let mut buf = vec![0u8; n];
        read(at, &mut buf)?;
        if crc32fast::hash(&buf) != self.expect[block] {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("block {block} of the file no longer matches its seal"),
            ));
        }
        self.mark(block);
        Ok(())
    }

    fn span(offset: u64, len: u64) -> std::ops::RangeInclusive<usize> {
        let first = (offset / BLOCK as u64) as usize;
        let last = ((offset + len.max(1) - 1) / BLOCK as u64) as usize;
        first..=last
    }

    /// Before redb reads `[offset, offset + len)`.
    pub(in crate::store) fn before_read(
        &self,
        offset: u64,
        len: u64,
        read: Read<'_>,
    ) -> io::Result<()> {
        if len == 0 {
            return Ok(());
        }
        Lazy::span(offset, len).try_for_each(|b| self.check(b, read))
    }

    /// Before `[offset, offset + len)` is written.
    pub(in crate::store) fn before_write(
        &self,
        offset: u64,
        len: u64,
        read: Read<'_>,
    ) -> io::Result<()> {
        if len == 0 {
            return Ok(());
        }
        for block in Lazy::span(offset, len) {
            if self.is_done(block) {
                continue;
            }
            let start = block as u64 * BLOCK as u64;
            let end = (start + BLOCK as u64).min(self.len);
            if offset <= start && offset + len >= end {
                // Every sealed byte of the block is replaced: nothing old is left to vouch for.
                let _held = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
                self.mark(block);
            } else {
                self.check(block, read)?;
            }
        }
        Ok(())
    }

    /// Before the file is resized from `old` to `new` bytes.
    pub(in crate::store) fn before_resize(
        &self,
        old: u64,
        new: u64,
        read: Read<'_>,
    ) -> io::Result<()> {
        let keep = old.min(new).min(self.len);
        if keep % BLOCK as u64 != 0 {
            self.check((keep / BLOCK as u64) as usize, read)?;
        }
        let _held = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        for block in keep.div_ceil(BLOCK as u64) as usize..self.expect.len() {
            self.mark(block);
        }
        Ok(())
    }
}
