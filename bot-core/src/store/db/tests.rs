use super::*;
use crate::i18n::Lang;
use crate::store::Batch;
use crate::store::StoreError;
use crate::store::schema::{SCHEMA_VERSION, TypedTable, UserPrefs, tables};

/// The trial table as scratch space for the store's own tests: any JSON value.
const SCRATCH: TypedTable<serde_json::Value> = TypedTable::new(tables::TRIALS.name());

/// The snapshots table seen as raw JSON (its rows are typed: `availability::row`).
const RAW_SNAPSHOTS: TypedTable<serde_json::Value> = TypedTable::new(tables::SNAPSHOTS.name());

#[test]
fn values_round_trip_and_survive_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    {
        let s = Store::open(&path).unwrap();
        let prefs = UserPrefs {
            seen_lang: None,
            lang: Some(Lang::Zh),
            currency: Some("CNY".into()),
        };
        s.put(&tables::PREFS, "telegram:42", &prefs).unwrap();
        s.put(&SCRATCH, "terminal:u:0001", &serde_json::json!({"a": 1}))
            .unwrap();
        s.put(&SCRATCH, "terminal:u:0002", &serde_json::json!({"a": 2}))
            .unwrap();
        s.put(&SCRATCH, "terminal:v:0001", &serde_json::json!({"a": 3}))
            .unwrap();
    }
    let s = Store::open(&path).unwrap();
    assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(s.count(&SCRATCH).unwrap(), 3);
    assert_eq!(s.count(&tables::OUTBOX).unwrap(), 0);
    let prefs = s.get(&tables::PREFS, "telegram:42").unwrap().unwrap();
    assert_eq!(prefs.lang, Some(Lang::Zh));
    let trials = s.scan_prefix(&SCRATCH, "terminal:u:").unwrap();
    assert_eq!(trials.len(), 2);
    assert_eq!(trials[1].1["a"], 2);
    assert!(s.delete(&tables::PREFS, "telegram:42").unwrap());
    assert!(!s.delete(&tables::PREFS, "telegram:42").unwrap());
    assert!(s.get(&tables::PREFS, "telegram:42").unwrap().is_none());
}

#[test]
fn fresh_tables_read_empty() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&db_path(dir.path())).unwrap();
    assert_eq!(s.count(&tables::SUBSCRIPTIONS).unwrap(), 0);
    assert_eq!(s.count(&tables::DIALOGUE).unwrap(), 0);
    assert!(s.scan_prefix(&RAW_SNAPSHOTS, "").unwrap().is_empty());
    assert!(s.scan_prefix(&tables::OUTBOX, "").unwrap().is_empty());
    assert!(s.scan_prefix(&tables::DIALOGUE, "").unwrap().is_empty());
}

#[test]
fn a_newer_schema_is_a_clear_error_and_the_file_is_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    {
        let s = Store::open(&path).unwrap();
        s.put(&tables::PREFS, "k", &UserPrefs::default()).unwrap();
        s.set_schema_version(SCHEMA_VERSION + 1).unwrap();
    }
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::NewerSchema { found, .. } if found == SCHEMA_VERSION + 1));
    assert!(err.to_string().contains("newer GPU Scout"));
    // The version was not rewritten by the failed open.
    let err2 = Store::open(&path).unwrap_err();
    assert!(matches!(err2, StoreError::NewerSchema { .. }));
}

#[test]
fn a_derived_value_is_kept_until_its_table_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&dir.path().join("db.redb")).unwrap();
    let builds = std::cell::Cell::new(0);
    let count = || {
        s.derived(&RAW_SNAPSHOTS, || {
            builds.set(builds.get() + 1);
            Ok(s.scan_prefix(&RAW_SNAPSHOTS, "").unwrap().len())
        })
        .unwrap()
    };
    assert_eq!(*count(), 0);
    assert_eq!(*count(), 0);
    assert_eq!(builds.get(), 1, "built once");
    // Another table's write keeps it; this table's put, batch and delete each rebuild it.
    s.put(&SCRATCH, "t", &serde_json::json!(1)).unwrap();
    assert_eq!(*count(), 0);
    assert_eq!(builds.get(), 1);
    s.put(&RAW_SNAPSHOTS, "a", &serde_json::json!(1)).unwrap();
    assert_eq!(*count(), 1);
    let mut b = Batch::new();
    b.put(&RAW_SNAPSHOTS, "b", &serde_json::json!(2)).unwrap();
    s.commit(b).unwrap();
    assert_eq!(*count(), 2);
    s.delete(&RAW_SNAPSHOTS, "a").unwrap();
    assert_eq!(*count(), 1);
    s.delete_keys_where(&RAW_SNAPSHOTS, "", |_| true).unwrap();
    assert_eq!(*count(), 0);
    assert_eq!(builds.get(), 5);
    // Pending writes of an update are seen by its own reads, never kept.
    let inside = s
        .once("t:c", 1, || {
            s.put(&RAW_SNAPSHOTS, "p", &serde_json::json!(3)).unwrap();
            *count()
        })
        .unwrap();
    assert_eq!(inside, Some(1));
    assert_eq!(*count(), 1, "committed with the update");
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        s.once("t:c", 2, || {
            s.put(&RAW_SNAPSHOTS, "q", &serde_json::json!(4)).unwrap();
            assert_eq!(*count(), 2);
            panic!("the handler fails");
        })
    }));
    assert!(panicked.is_err());
    assert_eq!(*count(), 1, "the failed update's view was not kept");
}

#[test]
fn garbage_file_is_an_open_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.redb");
    std::fs::write(&path, b"this is not a redb file at all, just text").unwrap();
    assert!(Store::open(&path).is_err());
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"this is not a redb file at all, just text"
    );
}
