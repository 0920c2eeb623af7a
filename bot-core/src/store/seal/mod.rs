//! The seal: a record, written beside the database after a clean close, that the file as it
//! now is passed the full damage check. Checking a seal reads the file once, in order, in
//! 1 MiB blocks (a CRC-32 each), instead of redb's walk of every page (issue 17: a year of
//! history is ~260 MiB, and the walk took ~420 ms of the 300 ms cold-start budget).
//!
//! Why this keeps issue 10's guarantee: a seal is written only for a file that was closed
//! cleanly and then passed the same full check an unsealed open runs ([`super::open::probe`]),
//! so it blesses verified bytes only. Any later change to the file (a flipped bit, a zeroed
//! page, a truncation, a crash mid-write, a copy from elsewhere) changes its length or a block's
//! CRC (CRC-32 catches every error burst up to 32 bits in a block), and the open falls back to
//! the full check. The seal is removed before the file is opened for writing, so a session that
//! crashes leaves none. Only `serve` seals (`Store::seal_when_closed`): it is the one that
//! restarts and must be ready fast; other opens pay the full check as before.

use super::open::{GOD_BYTE, Probe, RECOVERY_REQUIRED, TWO_PHASE_COMMIT, probe, sibling, sync_dir};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};

const BLOCK: usize = 1 << 20;
const VERSION: u32 = 1;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Seal {
    version: u32,
    len: u64,
    block: usize,
    crc32: Vec<u32>,
}

fn seal_path(path: &Path) -> PathBuf {
    sibling(path, "seal")
}

/// The file's CRC-32 per block, stopping at the first block that differs from `expect`.
fn crcs(path: &Path, expect: Option<&[u32]>) -> std::io::Result<Option<Vec<u32>>> {
    let mut file = std::fs::File::open(path)?;
    let mut buf = vec![0u8; BLOCK];
    let mut out = Vec::new();
    loop {
        let mut filled = 0;
        while filled < BLOCK {
            match file.read(&mut buf[filled..])? {
                0 => break,
                n => filled += n,
            }
        }
        if filled == 0 {
            return Ok(Some(out));
        }
        let crc = crc32fast::hash(&buf[..filled]);
        if let Some(e) = expect
            && e.get(out.len()) != Some(&crc)
        {
            return Ok(None);
        }
        out.push(crc);
        if filled < BLOCK {
            return Ok(Some(out));
        }
    }
}

/// Was the last close clean? (redb's header: a two-phase commit, no recovery needed.)
fn closed_cleanly(path: &Path) -> bool {
    let mut head = [0u8; GOD_BYTE + 1];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| {
            let flags = head[GOD_BYTE];
            flags & TWO_PHASE_COMMIT != 0 && flags & RECOVERY_REQUIRED == 0
        })
}

/// Does the seal beside `path` vouch for the file as it is now? The seal is removed either
/// way: the caller is about to open the file for writing, and a crash must leave no seal.
pub(super) fn take(path: &Path) -> bool {
    let sp = seal_path(path);
    let Ok(text) = std::fs::read(&sp) else {
        return false;
    };
    let _ = std::fs::remove_file(&sp);
    let Ok(seal) = serde_json::from_slice::<Seal>(&text) else {
        return false;
    };
    let len = std::fs::metadata(path).map(|m| m.len()).ok();
    if seal.version != VERSION
        || seal.block != BLOCK
        || len != Some(seal.len)
        || !closed_cleanly(path)
    {
        return false;
    }
    matches!(crcs(path, Some(&seal.crc32)), Ok(Some(c)) if c.len() == seal.crc32.len())
}

/// After a clean close: runs the full damage check on the file and, if it passes, writes a
/// seal for it (atomically: a temporary file, then a rename). Any failure leaves no seal, so
/// the next open runs the full check.
pub(super) fn write(path: &Path) {
    let sp = seal_path(path);
    let _ = std::fs::remove_file(&sp);
    if !closed_cleanly(path) || !matches!(probe(path), Ok(Probe::Clean)) {
        return;
    }
    let (Ok(meta), Ok(Some(crc32))) = (std::fs::metadata(path), crcs(path, None)) else {
        return;
    };
    let seal = Seal {
        version: VERSION,
        len: meta.len(),
        block: BLOCK,
        crc32,
    };
    let Ok(bytes) = serde_json::to_vec(&seal) else {
        return;
    };
    let tmp = sibling(path, &format!("seal-new-{}", super::open::unique()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| {
        use std::io::Write;
        f.write_all(&bytes)?;
        f.sync_all()
    });
    if written.is_ok() && std::fs::rename(&tmp, &sp).is_ok() {
        sync_dir(&sp);
    } else {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::super::open::WALKS;
    use super::*;
    use crate::store::{Store, StoreError, db_path, tables};

    fn walks() -> u64 {
        WALKS.with(|w| w.get())
    }

    /// A store with enough values to span several seal blocks.
    fn filled(dir: &Path) -> PathBuf {
        let path = db_path(dir);
        let s = Store::open(&path).unwrap();
        for i in 0..48 {
            let value = serde_json::Value::String(format!("{i:04}{}", "x".repeat(64 << 10)));
            s.put(&tables::TRIALS, &format!("k{i:04}"), &value).unwrap();
        }
        s.seal_when_closed();
        drop(s);
        path
    }

    #[test]
    fn a_sealed_file_opens_without_the_walk_and_the_seal_is_taken() {
        let dir = tempfile::tempdir().unwrap();
        let path = filled(dir.path());
        assert!(
            seal_path(&path).exists(),
            "a clean close with the flag seals"
        );
        let before = walks();
        let s = Store::open(&path).unwrap();
        assert_eq!(walks(), before, "the seal stood in for the walk");
        assert!(!seal_path(&path).exists(), "the open takes the seal");
        let v: Option<serde_json::Value> = s.get(&tables::TRIALS, "k0047").unwrap();
        assert!(v.is_some());
        drop(s);
        // Not asked to seal: no seal, and the next open walks again.
        assert!(!seal_path(&path).exists());
        let before = walks();
        drop(Store::open(&path).unwrap());
        assert_eq!(walks(), before + 1);
    }

    #[test]
    fn a_byte_changed_after_the_seal_is_damage_and_the_file_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = filled(dir.path());
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.windows(8).position(|w| w == b"0030xxxx").unwrap() + 5000;
        bytes[at] ^= 0x01;
        std::fs::write(&path, &bytes).unwrap();
        let before = walks();
        let e = Store::open(&path).unwrap_err();
        assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
        assert_eq!(walks(), before + 1, "the changed file got the full check");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "and was not rewritten"
        );
    }

    #[test]
    fn a_truncated_or_grown_file_or_a_bad_seal_gets_the_full_check() {
        let dir = tempfile::tempdir().unwrap();
        let path = filled(dir.path());
        let len = std::fs::metadata(&path).unwrap().len();
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(len + 4096).unwrap();
        let before = walks();
        drop(Store::open(&path));
        assert_eq!(walks(), before + 1, "a longer file is not the sealed one");

        let path = filled(tempfile::tempdir().unwrap().keep().as_path());
        std::fs::write(seal_path(&path), b"{not json").unwrap();
        let before = walks();
        Store::open(&path).unwrap();
        assert_eq!(walks(), before + 1);
        assert!(
            !seal_path(&path).exists(),
            "an unreadable seal is removed too"
        );
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn a_store_that_never_closes_leaves_no_seal() {
        let dir = tempfile::tempdir().unwrap();
        let path = filled(dir.path());
        let s = Store::open(&path).unwrap();
        s.seal_when_closed();
        s.put(&tables::TRIALS, "after", &serde_json::json!(1))
            .unwrap();
        // A kill: nothing runs at the end.
        std::mem::forget(s);
        assert!(!seal_path(&path).exists());
    }
}
