use super::super::open::WALKS;
use super::lazy::Lazy;
use super::*;
use crate::store::{Faults, Store, StoreError, TypedTable, db_path, tables};

/// The trial table as scratch space for the store's own tests: any JSON value.
const SCRATCH: TypedTable<serde_json::Value> = TypedTable::new(tables::TRIALS.name());

use std::sync::Arc;

fn walks() -> u64 {
    WALKS.with(|w| w.get())
}

fn eager() -> u64 {
    EAGER.with(|e| e.get())
}

/// Flips one bit `skip` bytes after `marker` in the file; returns the file's new bytes.
fn flip(path: &Path, marker: &[u8], skip: usize) -> Vec<u8> {
    let mut bytes = std::fs::read(path).unwrap();
    let at = bytes
        .windows(marker.len())
        .position(|w| w == marker)
        .unwrap()
        + skip;
    bytes[at] ^= 0x40;
    std::fs::write(path, &bytes).unwrap();
    bytes
}

/// A sealed file with a block changed since: the open reads only what redb reads, so it
/// succeeds without the walk; the first read of the changed block fails its check against
/// the seal, the store drops the seal and runs the full check, and that check's verdict,
/// `Damaged`, is the read's answer. The file is never written, and the next open (no seal
/// now) runs the full check and refuses it too.
fn damage_is_found_at_first_touch(path: &Path, key: &str, bytes: &[u8]) {
    let before = walks();
    match Store::open(path) {
        Ok(s) => {
            assert_eq!(walks(), before, "the open did not touch the changed block");
            let e = s.get(&SCRATCH, key).unwrap_err();
            assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
            assert!(!seal_path(path).exists(), "the seal is gone");
        }
        // redb built with debug assertions (the test profile) visits every page it has
        // allocated at each open (`Database::mark_allocated_page_for_debug`), so the open
        // itself meets the block and falls back to the full check. An optimized redb does not.
        Err(e) if cfg!(debug_assertions) => {
            assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
        }
        Err(e) => panic!("a lazy open should not read the changed block: {e:?}"),
    }
    assert_eq!(walks(), before + 1, "the mismatch ran the full check");
    assert!(!seal_path(path).exists(), "no seal vouches for the file");
    assert_eq!(
        std::fs::read(path).unwrap(),
        bytes,
        "the file was not written"
    );
    let e = Store::open(path).unwrap_err();
    assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
    assert_eq!(walks(), before + 2, "the next open ran the full check");
    assert_eq!(std::fs::read(path).unwrap(), bytes, "and wrote nothing");
}

fn value(i: usize) -> serde_json::Value {
    serde_json::Value::String(format!("{i:04}{}", "x".repeat(64 << 10)))
}

/// A store with enough values to span many seal blocks, sealed at its clean close.
fn filled(dir: &Path) -> PathBuf {
    let path = db_path(dir);
    let s = Store::open(&path).unwrap();
    s.seal_when_closed();
    for i in 0..48 {
        s.put(&SCRATCH, &format!("k{i:04}"), &value(i)).unwrap();
    }
    drop(s);
    path
}

/// What a kill of the process right now would leave: the file, the seal and its journal as
/// they are on disk (the store stays open; nothing of its close runs on the copy).
fn crash_image(path: &Path, into: &Path) -> PathBuf {
    let to = db_path(into);
    std::fs::copy(path, &to).unwrap();
    for p in [seal_path(path), journal_path(path)] {
        if p.exists() {
            let name = p.file_name().unwrap();
            std::fs::copy(&p, into.join(name)).unwrap();
        }
    }
    to
}

#[test]
fn a_sealed_file_opens_without_the_walk_and_a_reading_session_keeps_the_seal() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    assert!(verify(&path).is_some(), "a clean close with the flag seals");
    for _ in 0..3 {
        // Like a CLI read: open, read, close; not asked to seal.
        let (before, eager_before) = (walks(), eager());
        let s = Store::open(&path).unwrap();
        assert_eq!(walks(), before, "the seal stood in for the walk");
        assert_eq!(
            eager(),
            eager_before,
            "and the file was not read whole either"
        );
        assert!(s.sealed());
        let v: Option<serde_json::Value> = s.get(&SCRATCH, "k0047").unwrap();
        assert!(v.is_some());
        let live = s.live();
        let lazy = live.lazy().expect("checked on first touch");
        let blocks = blocks_for(std::fs::metadata(&path).unwrap().len());
        // (A redb with debug assertions visits every allocated page at the open.)
        assert!(
            cfg!(debug_assertions) || lazy.done_count() * 4 < blocks,
            "the start and one read checked {} of {blocks} blocks",
            lazy.done_count()
        );
        drop(s);
        assert!(
            verify(&path).is_some(),
            "the seal still vouches for the file"
        );
        assert!(
            !journal_path(&path).exists(),
            "the close folded the journal"
        );
    }
}

/// A file opened without a seal (after `gpuscout import`, a `db repair`, or a seal removed)
/// pays the full check once: the session's clean close seals it, so the next opens, a CLI
/// read like this one included, take the seal's sequential read.
#[test]
fn an_unsealed_file_pays_the_full_check_once_and_its_clean_close_seals_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    remove(&path);
    let before = walks();
    let s = Store::open(&path).unwrap();
    assert_eq!(walks(), before + 1, "no seal: the full check ran");
    assert!(!s.sealed());
    s.put(&SCRATCH, "k0100", &value(100)).unwrap();
    drop(s);
    assert!(verify(&path).is_some(), "the clean close sealed it");
    for _ in 0..2 {
        let before = walks();
        let s = Store::open(&path).unwrap();
        assert_eq!(walks(), before, "the seal stood in for the walk");
        let v: Option<serde_json::Value> = s.get(&SCRATCH, "k0100").unwrap();
        assert_eq!(v, Some(value(100)));
        drop(s);
    }

    // A fresh file is sealed at its first close too; one changed after it is still caught.
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let s = Store::open(&path).unwrap();
    for i in 0..8 {
        s.put(&SCRATCH, &format!("k{i:04}"), &value(i)).unwrap();
    }
    drop(s);
    assert!(verify(&path).is_some(), "a new file is sealed at its close");
    let bytes = flip(&path, b"0005xxxx", 2000);
    damage_is_found_at_first_touch(&path, "k0005", &bytes);
}

#[test]
fn a_byte_changed_after_the_seal_is_damage_and_the_file_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let bytes = flip(&path, b"0030xxxx", 5000);
    damage_is_found_at_first_touch(&path, "k0030", &bytes);

    // A changed block that the open itself reads (the header's) sends the open to the full
    // check at once.
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[BLOCK / 2] ^= 0x01;
    std::fs::write(&path, &bytes).unwrap();
    let before = walks();
    let opened = Store::open(&path);
    assert_eq!(walks(), before + 1, "the open fell back to the full check");
    if let Ok(s) = opened {
        assert!(!s.sealed(), "no seal vouches for the changed file");
    }
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

    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    std::fs::write(seal_path(&path), b"{not json").unwrap();
    let before = walks();
    let s = Store::open(&path).unwrap();
    assert_eq!(walks(), before + 1);
    assert!(!s.sealed());
    assert!(!seal_path(&path).exists(), "an unreadable seal is removed");
    drop(s);
    assert!(
        verify(&path).is_some(),
        "the checked file is sealed anew at the close"
    );
}

#[test]
fn a_crash_between_commits_reopens_without_the_walk_and_keeps_every_commit() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let s = Store::open(&path).unwrap();
    for i in 48..64 {
        s.put(&SCRATCH, &format!("k{i:04}"), &value(i)).unwrap();
    }
    s.delete(&SCRATCH, "k0001").unwrap();
    assert!(journal_path(&path).exists(), "each sync was journaled");
    let crashed = tempfile::tempdir().unwrap();
    let copy = crash_image(&path, crashed.path());
    let before = walks();
    let c = Store::open(&copy).unwrap();
    assert_eq!(walks(), before, "the journal vouched for the crashed file");
    let v: Option<serde_json::Value> = c.get(&SCRATCH, "k0063").unwrap();
    assert_eq!(v, Some(value(63)), "the last commit is there");
    let gone: Option<serde_json::Value> = c.get(&SCRATCH, "k0001").unwrap();
    assert_eq!(gone, None);
    c.put(&SCRATCH, "after", &serde_json::json!(1)).unwrap();
    drop(c);
    assert!(verify(&copy).is_some(), "sealed again at the clean close");
    drop(s);
}

#[test]
fn a_byte_changed_in_a_crashed_file_is_damage_and_the_file_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let s = Store::open(&path).unwrap();
    s.put(&SCRATCH, "k0100", &value(100)).unwrap();
    let crashed = tempfile::tempdir().unwrap();
    let copy = crash_image(&path, crashed.path());
    drop(s);
    // In a value every commit's tree shares (a flip in the last commit's own pages may be
    // taken for a commit the crash cut short, and rolled back).
    let bytes = flip(&copy, b"0030xxxx", 3000);
    damage_is_found_at_first_touch(&copy, "k0030", &bytes);
}

/// What a kill in the middle of a write leaves: the journal's last line an intent, and blocks
/// that may hold bytes no line describes. The open reads the whole file (no block is trusted
/// on first touch), and a block that differs sends it to the full check, which repairs a torn
/// commit or refuses damage.
#[test]
fn a_kill_in_the_middle_of_a_write_reads_the_whole_file_at_the_next_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let s = Store::open(&path).unwrap();
    s.put(&SCRATCH, "k0100", &value(100)).unwrap();
    let journal = std::fs::read_to_string(journal_path(&path)).unwrap();
    let lines: Vec<&str> = journal.lines().collect();
    assert!(
        lines.len() >= 2 && lines[0].contains("\"writing\":true") && !lines[1].contains("writing"),
        "an intent before the write, the sync's blocks after it: {journal}"
    );
    let generation = read(&path).unwrap().generation;
    let crashed = tempfile::tempdir().unwrap();
    let copy = crash_image(&path, crashed.path());
    let again = tempfile::tempdir().unwrap();
    let second = crash_image(&path, again.path());
    drop(s);
    let mut j = std::fs::OpenOptions::new()
        .append(true)
        .open(journal_path(&copy))
        .unwrap();
    use std::io::Write;
    writeln!(j, "{{\"generation\":{generation},\"writing\":true}}").unwrap();
    drop(j);
    assert!(read(&copy).unwrap().writing);

    // Nothing was written after the intent: the whole read matches, and no walk.
    let (before, eager_before) = (walks(), eager());
    let c = Store::open(&copy).unwrap();
    assert_eq!(
        eager(),
        eager_before + 1,
        "the whole file was read at the open"
    );
    assert_eq!(walks(), before);
    assert!(c.sealed() && c.live().lazy().is_none());
    let v: Option<serde_json::Value> = c.get(&SCRATCH, "k0100").unwrap();
    assert_eq!(v, Some(value(100)));
    drop(c);

    // A torn write: a block differs, so the full check runs at the open itself.
    let mut j = std::fs::OpenOptions::new()
        .append(true)
        .open(journal_path(&second))
        .unwrap();
    writeln!(j, "{{\"generation\":{generation},\"writing\":true}}").unwrap();
    drop(j);
    let bytes = flip(&second, b"0030xxxx", 3000);
    let (before, eager_before) = (walks(), eager());
    let e = Store::open(&second).unwrap_err();
    assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
    assert_eq!(eager(), eager_before + 1);
    assert_eq!(
        walks(),
        before + 1,
        "the changed block sent the open to the full check"
    );
    assert_eq!(
        std::fs::read(&second).unwrap(),
        bytes,
        "nothing was written"
    );
}

/// Power lost after redb's sync but before the journal's line reached the disk: the seal
/// describes a block as it was before the commit. The lazy check meets it, and the full check
/// then finds a sound file: one call fails (as an I/O error, not damage), the file is kept,
/// and the next call sees every commit.
#[test]
fn a_journal_line_lost_with_the_power_costs_one_full_check_not_the_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let s = Store::open(&path).unwrap();
    s.put(&SCRATCH, "k0030", &value(130)).unwrap();
    let crashed = tempfile::tempdir().unwrap();
    let copy = crash_image(&path, crashed.path());
    drop(s);
    std::fs::remove_file(journal_path(&copy)).unwrap();
    let before = walks();
    let c = Store::open(&copy).unwrap();
    let mut failed = 0;
    let mut found = None;
    for _ in 0..2 {
        match c.get::<serde_json::Value>(&SCRATCH, "k0030") {
            Ok(v) => {
                found = v;
                break;
            }
            Err(e) => {
                assert!(matches!(e, StoreError::Io { .. }), "{e:?}");
                failed += 1;
            }
        }
    }
    assert_eq!(found, Some(value(130)), "the commit is there");
    assert!(failed <= 1);
    if failed == 1 {
        assert_eq!(walks(), before + 1, "the mismatch ran the full check");
    }
}

/// The rules of the check on first touch, on a file of eight blocks with block 3 changed.
#[test]
fn a_changed_block_fails_every_read_or_partial_write_until_wholly_rewritten() {
    let mut file: Vec<u8> = (0..8 * BLOCK).map(|i| (i % 251) as u8).collect();
    let seal = Seal {
        version: VERSION,
        generation: 1,
        len: file.len() as u64,
        block: BLOCK,
        crc32: file.chunks(BLOCK).map(crc32fast::hash).collect(),
        journal_len: 0,
        writing: false,
    };
    file[3 * BLOCK + 77] ^= 0x01;
    let file = std::sync::Mutex::new(file);
    let reads = std::sync::atomic::AtomicUsize::new(0);
    let read = |at: u64, buf: &mut [u8]| -> std::io::Result<()> {
        reads.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let f = file.lock().unwrap();
        buf.copy_from_slice(&f[at as usize..at as usize + buf.len()]);
        Ok(())
    };
    let b = BLOCK as u64;
    let lazy = Lazy::new(&seal);
    lazy.before_read(10, 100, &read).unwrap();
    lazy.before_read(2 * b + 5, 100, &read).unwrap();
    assert!(
        lazy.before_read(2 * b + 5, b, &read).is_err(),
        "a read reaching block 3"
    );
    assert!(
        lazy.before_read(3 * b, 1, &read).is_err(),
        "every later read fails too"
    );
    assert!(
        lazy.before_write(3 * b + 100, 10, &read).is_err(),
        "a partial write"
    );
    assert!(
        lazy.before_resize(8 * b, 3 * b + 10, &read).is_err(),
        "a cut inside it"
    );
    assert_eq!(lazy.done_count(), 2, "blocks 0 and 2");
    let before = reads.load(std::sync::atomic::Ordering::Relaxed);
    lazy.before_read(10, 100, &read).unwrap();
    assert_eq!(
        reads.load(std::sync::atomic::Ordering::Relaxed),
        before,
        "checked once"
    );
    // Written whole, the block is this process's: nothing old is left in it. (This write
    // covers block 2's tail, already checked, and block 4's head, checked now: unchanged.)
    lazy.before_write(3 * b - 10, b + 20, &read).unwrap();
    lazy.before_read(3 * b, b, &read).unwrap();
    assert_eq!(lazy.done_count(), 4, "blocks 0, 2, 3, 4");
    // A cut inside block 5 checks it (its head stays); the blocks past it are gone, and a
    // later growth there is zeros this process made.
    lazy.before_resize(8 * b, 5 * b + 10, &read).unwrap();
    assert_eq!(lazy.done_count(), 7, "all but block 1");
    lazy.before_write(6 * b + 1, 10, &read).unwrap();
}

#[test]
fn a_crashed_file_without_a_seal_is_verified_and_repaired_in_place() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let s = Store::open(&path).unwrap();
    s.put(&SCRATCH, "k0100", &value(100)).unwrap();
    let crashed = tempfile::tempdir().unwrap();
    let copy = crash_image(&path, crashed.path());
    drop(s);
    remove(&copy);
    let inode = std::fs::metadata(&copy).unwrap().ino();
    let before = walks();
    let c = Store::open(&copy).unwrap();
    assert_eq!(walks(), before + 1, "no seal: the full check ran");
    let v: Option<serde_json::Value> = c.get(&SCRATCH, "k0100").unwrap();
    assert_eq!(v, Some(value(100)));
    assert_eq!(
        std::fs::metadata(&copy).unwrap().ino(),
        inode,
        "repaired in place, not replaced by a copy"
    );
    let names: Vec<String> = std::fs::read_dir(crashed.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["gpuscout.redb"], "no copy was made beside it");
    drop(c);
}

#[test]
fn a_long_journal_is_folded_into_the_seal_and_still_vouches_after_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let s = Store::open(&path).unwrap();
    let first = std::fs::read(seal_path(&path)).unwrap();
    for i in 0..200 {
        s.put(&SCRATCH, &format!("small{i:04}"), &serde_json::json!(i))
            .unwrap();
    }
    assert_ne!(
        std::fs::read(seal_path(&path)).unwrap(),
        first,
        "the journal grew past its limit and was folded"
    );
    let crashed = tempfile::tempdir().unwrap();
    let copy = crash_image(&path, crashed.path());
    let before = walks();
    let c = Store::open(&copy).unwrap();
    assert_eq!(walks(), before);
    let v: Option<serde_json::Value> = c.get(&SCRATCH, "small0199").unwrap();
    assert_eq!(v, Some(serde_json::json!(199)));
    drop(c);
    drop(s);
}

#[test]
fn a_failed_write_drops_the_seal_and_a_later_clean_stop_seals_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let faults = Arc::new(Faults::default());
    let s = Store::open_with_faults(&path, faults.clone()).unwrap();
    s.seal_when_closed();
    assert!(s.sealed());
    faults.set_disk_full(true);
    assert!(s.put(&SCRATCH, "x", &serde_json::json!(1)).is_err());
    assert!(
        !seal_path(&path).exists(),
        "no seal while the file is in doubt"
    );
    faults.set_disk_full(false);
    s.put(&SCRATCH, "x", &serde_json::json!(2)).unwrap();
    drop(s);
    assert!(verify(&path).is_some(), "the clean stop sealed it again");
    let before = walks();
    drop(Store::open(&path).unwrap());
    assert_eq!(walks(), before);
}

/// A crash while a journal line was being appended leaves a torn line: the next session cuts
/// it (no new seal written at the open) and its own lines, appended after the cut, still
/// vouch for the file after a second crash.
#[test]
fn a_torn_journal_line_is_cut_and_the_lines_after_it_still_vouch() {
    let dir = tempfile::tempdir().unwrap();
    let path = filled(dir.path());
    let s = Store::open(&path).unwrap();
    s.put(&SCRATCH, "k0100", &value(100)).unwrap();
    let crashed = tempfile::tempdir().unwrap();
    let copy = crash_image(&path, crashed.path());
    drop(s);
    let seal_before = std::fs::read(seal_path(&copy)).unwrap();
    {
        use std::io::Write;
        let mut j = std::fs::OpenOptions::new()
            .append(true)
            .open(journal_path(&copy))
            .unwrap();
        j.write_all(b"{\"generation\":1,\"len\":99,\"blo").unwrap();
    }
    let before = walks();
    let c = Store::open(&copy).unwrap();
    assert_eq!(walks(), before, "the whole lines still vouch");
    assert_eq!(
        std::fs::read(seal_path(&copy)).unwrap(),
        seal_before,
        "the open cut the journal instead of writing a new seal"
    );
    c.put(&SCRATCH, "k0101", &value(101)).unwrap();
    let again = tempfile::tempdir().unwrap();
    let second = crash_image(&copy, again.path());
    drop(c);
    let before = walks();
    let d = Store::open(&second).unwrap();
    assert_eq!(walks(), before, "lines written after the cut are read");
    let v: Option<serde_json::Value> = d.get(&SCRATCH, "k0101").unwrap();
    assert_eq!(v, Some(value(101)));
}
