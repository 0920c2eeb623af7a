//! The store against damaged files and failing disks: errors, never panics, never a rewrite
//! of a damaged file, and recovery once the disk has room again.

use bot_core::store::{self, Faults, Store, StoreError, TypedTable, UserPrefs, db_path, tables};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Arc;

/// The trial table as scratch space for the store's own tests: any JSON value.
const SCRATCH: TypedTable<serde_json::Value> = TypedTable::new(tables::TRIALS.name());

/// A database with enough entries to span several pages.
fn healthy_file(dir: &Path) -> Vec<u8> {
    let path = db_path(dir);
    let s = Store::open(&path).unwrap();
    for i in 0..300 {
        let v = serde_json::json!({"i": i, "pad": "x".repeat(40)});
        s.put(&SCRATCH, &format!("telegram:{i}:{i:024}"), &v)
            .unwrap();
        s.put(
            &tables::PREFS,
            &format!("telegram:{i}"),
            &UserPrefs::default(),
        )
        .unwrap();
    }
    drop(s);
    std::fs::read(&path).unwrap()
}

/// Uses a store as the bot would; any error is fine, a panic is not.
fn exercise(s: &Store) {
    let _ = s.scan_prefix(&SCRATCH, "");
    let _ = s.scan_prefix(&tables::TRIALS, "");
    let _ = s.scan_prefix(&tables::PREFS, "telegram:");
    let _ = s.get(&tables::PREFS, "telegram:7");
    let _ = s.put(&tables::PREFS, "telegram:new", &UserPrefs::default());
    let _ = s.scan_prefix(&tables::DIALOGUE, "");
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*: a fixed seed keeps the corpus the same on every run.
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[test]
fn a_damaged_file_corpus_gives_errors_and_no_panics_and_is_never_rewritten() {
    store::quiet_guarded_panics();
    let base = tempfile::tempdir().unwrap();
    let good = healthy_file(base.path());
    let len = good.len();
    assert!(len > 8 * 4096, "the sample spans pages: {len}");
    let mut corpus: Vec<(String, Vec<u8>)> = Vec::new();
    for cut in [
        1,
        8,
        100,
        511,
        512,
        4095,
        4096,
        4097,
        8192,
        len / 2,
        len - 4096,
        len - 1,
    ] {
        corpus.push((format!("truncated to {cut}"), good[..cut].to_vec()));
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..150 {
        let at = (rng.next() % len as u64) as usize;
        let bit = rng.next() % 8;
        let mut bad = good.clone();
        bad[at] ^= 1 << bit;
        corpus.push((format!("bit {bit} of byte {at} flipped"), bad));
    }
    for page in 0..len / 4096 {
        let mut bad = good.clone();
        bad[page * 4096..(page + 1) * 4096].fill(0);
        corpus.push((format!("page {page} zeroed"), bad));
    }
    let (mut refused, mut opened) = (0, 0);
    for (name, bytes) in &corpus {
        let dir = tempfile::tempdir().unwrap();
        let path = db_path(dir.path());
        std::fs::write(&path, bytes).unwrap();
        let outcome = catch_unwind(AssertUnwindSafe(|| match Store::open(&path) {
            Ok(s) => {
                exercise(&s);
                None
            }
            Err(e) => Some(e),
        }));
        let outcome = outcome.unwrap_or_else(|_| panic!("{name}: a panic escaped the store"));
        match outcome {
            Some(e) => {
                refused += 1;
                assert!(
                    matches!(
                        e,
                        StoreError::Damaged { .. } | StoreError::NewerSchema { .. }
                    ),
                    "{name}: {e:?}"
                );
                assert!(e.to_string().contains("gpuscout db"), "{name}: {e}");
                assert_eq!(
                    &std::fs::read(&path).unwrap(),
                    bytes,
                    "{name}: a refused file was rewritten"
                );
                // The operator's check must not panic or write either.
                let checked = catch_unwind(AssertUnwindSafe(|| store::check(&path)));
                assert!(checked.is_ok(), "{name}: check panicked");
                assert_eq!(&std::fs::read(&path).unwrap(), bytes, "{name}: check wrote");
            }
            None => opened += 1,
        }
    }
    eprintln!(
        "{} damaged files: {refused} refused, {opened} usable",
        corpus.len()
    );
    // Every truncation and the zeroed header must be refused; most damage is caught on open.
    assert!(refused >= 20, "only {refused} of {} refused", corpus.len());
}

#[test]
fn repair_keeps_the_damaged_file_aside_and_what_can_be_read() {
    store::quiet_guarded_panics();
    let dir = tempfile::tempdir().unwrap();
    let good = healthy_file(dir.path());
    let path = db_path(dir.path());
    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    assert!(matches!(
        Store::open(&path),
        Err(StoreError::Damaged { .. })
    ));
    let report = store::repair(&path).unwrap();
    let store::RepairReport::Rebuilt { moved_to, .. } = report else {
        panic!("a truncated file is not healthy: {report:?}")
    };
    assert_eq!(std::fs::read(&moved_to).unwrap(), &good[..good.len() / 2]);
    assert!(
        moved_to.to_string_lossy().contains(".damaged-20"),
        "{moved_to:?}"
    );
    let s = Store::open(&path).unwrap();
    s.put(&tables::PREFS, "k", &UserPrefs::default()).unwrap();
    drop(s);
    let healthy = store::check(&path).unwrap();
    assert_eq!(healthy.unreadable_values, 0);

    let aside = store::reset(&path).unwrap().unwrap();
    assert!(aside.exists() && !path.exists());
    assert!(
        Store::open(&path)
            .unwrap()
            .get(&tables::PREFS, "k")
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_full_disk_fails_writes_with_the_reason_and_heals_when_space_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let faults = Arc::new(Faults::default());
    let s = Store::open_with_faults(&path, faults.clone()).unwrap();
    s.put(&tables::PREFS, "before", &UserPrefs::default())
        .unwrap();
    faults.set_disk_full(true);
    for _ in 0..3 {
        let e = s
            .put(&tables::PREFS, "during", &UserPrefs::default())
            .unwrap_err();
        assert!(matches!(e, StoreError::Full { .. }), "{e:?}");
        assert!(e.to_string().contains("disk is full"), "{e}");
    }
    faults.set_disk_full(false);
    // No restart: the store reopens itself.
    s.put(&tables::PREFS, "after", &UserPrefs::default())
        .unwrap();
    assert!(s.get(&tables::PREFS, "before").unwrap().is_some());
    assert!(s.get(&tables::PREFS, "during").unwrap().is_none());
    assert!(s.get(&tables::PREFS, "after").unwrap().is_some());
    drop(s);
    let s = Store::open(&path).unwrap();
    assert!(s.get(&tables::PREFS, "after").unwrap().is_some());
}

#[test]
fn an_update_is_handled_once_and_its_mark_commits_with_its_writes() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let s = Store::open(&path).unwrap();
    let ran = s.once("telegram:1", 500, || {
        s.put(&tables::PREFS, "a", &UserPrefs::default()).unwrap();
    });
    assert!(ran.unwrap().is_some());
    assert!(
        s.once("telegram:1", 500, || unreachable!())
            .unwrap()
            .is_none()
    );
    // Another chat's update with the same id is its own.
    assert!(s.once("telegram:2", 500, || ()).unwrap().is_some());
    // An update that writes nothing is marked too.
    assert!(s.once("telegram:1", 501, || ()).unwrap().is_some());
    drop(s);
    let s = Store::open(&path).unwrap();
    assert!(s.handled("telegram:1", 500).unwrap());
    assert!(s.handled("telegram:1", 501).unwrap());
    assert!(!s.handled("telegram:1", 502).unwrap());

    // A commit that fails (disk full) does not mark the update.
    let faults = Arc::new(Faults::default());
    drop(s);
    let s = Store::open_with_faults(&path, faults.clone()).unwrap();
    faults.set_disk_full(true);
    let e = s
        .once("telegram:1", 600, || {
            s.put(&tables::PREFS, "b", &UserPrefs::default()).unwrap()
        })
        .unwrap_err();
    assert!(matches!(e, StoreError::Full { .. }), "{e:?}");
    faults.set_disk_full(false);
    assert!(!s.handled("telegram:1", 600).unwrap());
    assert!(s.get(&tables::PREFS, "b").unwrap().is_none());
}

#[test]
fn an_empty_or_half_created_leftover_does_not_brick_the_directory() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    // What an older build left when killed before its first byte.
    std::fs::write(&path, b"").unwrap();
    Store::open(&path).unwrap();
    // A temporary file of a creation that was killed is ignored.
    std::fs::remove_file(&path).unwrap();
    std::fs::write(dir.path().join("gpuscout.redb.new-1-2"), b"half").unwrap();
    let s = Store::open(&path).unwrap();
    s.put(&tables::PREFS, "k", &UserPrefs::default()).unwrap();
}

#[test]
fn a_second_open_in_use_is_locked_not_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let _s = Store::open(&path).unwrap();
    let e = Store::open(&path).unwrap_err();
    assert!(matches!(e, StoreError::Locked { .. }), "{e:?}");
    assert!(matches!(
        store::reset(&path),
        Err(StoreError::Locked { .. })
    ));
    assert!(path.exists());
}

#[test]
fn the_user_is_told_the_disk_is_full_in_their_language_and_it_heals() {
    use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
    let dir = tempfile::tempdir().unwrap();
    let faults = Arc::new(Faults::default());
    let s = Arc::new(Store::open_with_faults(&db_path(dir.path()), faults.clone()).unwrap());
    let bot = Bot::new(Arc::new(Catalog::load(None).unwrap()), s);
    let who = ChatRef::terminal(Some("zh_CN.UTF-8"));
    faults.set_disk_full(true);
    let answer = bot.handle(&who, Input::Text("/lang en".into()));
    let text: String = answer
        .replies
        .iter()
        .map(|r| Localizer::get().render_plain(answer.lang, r))
        .collect();
    assert_eq!(answer.lang, Lang::Zh);
    assert!(text.contains("磁盘已满"), "{text}");
    assert!(!text.contains("请再试一次"), "{text}");
    faults.set_disk_full(false);
    let answer = bot.handle(&who, Input::Text("/lang en".into()));
    assert_eq!(answer.lang, Lang::En, "the store healed without a restart");
}

#[test]
fn a_repair_without_room_for_its_new_file_says_how_much_and_changes_nothing() {
    use bot_core::{Lang, Localizer};
    store::quiet_guarded_panics();
    let dir = tempfile::tempdir().unwrap();
    let good = healthy_file(dir.path());
    let path = db_path(dir.path());
    let damaged = &good[..good.len() / 2];
    std::fs::write(&path, damaged).unwrap();
    let names = |dir: &std::path::Path| -> Vec<String> {
        let mut n: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    };
    // The healthy file's clean close sealed it; the seal no longer matches, nothing else is there.
    let before = names(dir.path());
    // A fake disk with less free space than the damaged file holds.
    let small = damaged.len() as u64 / 2;
    let e = store::repair_with_room(&path, |_| Ok(small)).unwrap_err();
    let StoreError::NoRoom { needed, free, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!((*needed, *free), (damaged.len() as u64, small));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        damaged,
        "nothing was changed"
    );
    assert_eq!(names(dir.path()), before, "no new file was started");
    let en = Localizer::get().format(Lang::En, &e.user_msg());
    let zh = Localizer::get().format(Lang::Zh, &e.user_msg());
    assert!(
        en.contains("MiB") && en.contains("gpuscout db repair"),
        "{en}"
    );
    assert!(
        zh.contains("可用空间") && zh.contains("gpuscout db repair"),
        "{zh}"
    );
    // With room on the fake disk the same file is rebuilt.
    let room = damaged.len() as u64 * 4;
    let report = store::repair_with_room(&path, |_| Ok(room)).unwrap();
    assert!(
        matches!(report, store::RepairReport::Rebuilt { .. }),
        "{report:?}"
    );
}
