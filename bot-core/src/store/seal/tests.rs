use super::super::open::WALKS;
use super::*;
use crate::store::{Faults, Store, StoreError, TypedTable, db_path, tables};

/// The trial table as scratch space for the store's own tests: any JSON value.
const SCRATCH: TypedTable<serde_json::Value> = TypedTable::new(tables::TRIALS.name());

use std::sync::Arc;

fn walks() -> u64 {
    WALKS.with(|w| w.get())
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
        let before = walks();
        let s = Store::open(&path).unwrap();
        assert_eq!(walks(), before, "the seal stood in for the walk");
        assert!(s.sealed());
        let v: Option<serde_json::Value> = s.get(&SCRATCH, "k0047").unwrap();
        assert!(v.is_some());
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
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.windows(8).position(|w| w == b"0005xxxx").unwrap() + 2000;
    bytes[at] ^= 0x01;
    std::fs::write(&path, &bytes).unwrap();
    let before = walks();
    let e = Store::open(&path).unwrap_err();
    assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
    assert_eq!(walks(), before + 1, "the changed file got the full check");
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
    let mut bytes = std::fs::read(&copy).unwrap();
    // In a value every commit's tree shares (a flip in the last commit's own pages may be
    // taken for a commit the crash cut short, and rolled back).
    let at = bytes.windows(8).position(|w| w == b"0030xxxx").unwrap() + 3000;
    bytes[at] ^= 0x40;
    std::fs::write(&copy, &bytes).unwrap();
    let before = walks();
    let e = Store::open(&copy).unwrap_err();
    assert!(matches!(e, StoreError::Damaged { .. }), "{e:?}");
    assert_eq!(walks(), before + 1, "the full check ran");
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        bytes,
        "and nothing was written"
    );
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
