//! One platform update is one transaction: all of its writes and its "handled" mark commit
//! together, or (a panic midway, a failed commit) none of them do and a re-delivery runs it
//! again (issue 10).

use bot_core::store::{Batch, Faults, Store, StoreError, TypedTable, UserPrefs, db_path, tables};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use serde_json::json;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

/// The trial table as scratch space for the store's own tests: any JSON value.
const SCRATCH: TypedTable<serde_json::Value> = TypedTable::new(tables::TRIALS.name());
/// The dialogue table, read and written as raw JSON.
const RAW_DIALOGUE: TypedTable<serde_json::Value> = TypedTable::new(tables::DIALOGUE.name());

fn prefs(lang: Lang) -> UserPrefs {
    UserPrefs {
        seen_lang: None,
        lang: Some(lang),
        currency: None,
    }
}

/// Three writes in three tables, then `fail` runs: what a handler that writes a dialogue
/// step, a preference and a ledger entry does.
fn three_writes(s: &Store, fail: impl FnOnce()) {
    s.put(&tables::PREFS, "telegram:7", &prefs(Lang::Zh))
        .unwrap();
    s.put(&RAW_DIALOGUE, "telegram:7:7", &json!({"step": 2}))
        .unwrap();
    let mut batch = Batch::new();
    batch
        .put(&SCRATCH, "telegram:7:1", &json!({"h": 1}))
        .unwrap();
    batch.delete(&SCRATCH, "telegram:7:0");
    s.commit(batch).unwrap();
    fail();
}

fn nothing_applied(s: &Store) {
    assert!(s.get(&tables::PREFS, "telegram:7").unwrap().is_none());
    assert!(s.get(&RAW_DIALOGUE, "telegram:7:7").unwrap().is_none());
    assert!(s.get(&SCRATCH, "telegram:7:1").unwrap().is_none());
    // The row the update would have deleted is still there.
    assert!(s.get(&SCRATCH, "telegram:7:0").unwrap().is_some());
}

fn everything_applied(s: &Store) {
    assert_eq!(
        s.get(&tables::PREFS, "telegram:7").unwrap(),
        Some(prefs(Lang::Zh))
    );
    assert!(s.get(&RAW_DIALOGUE, "telegram:7:7").unwrap().is_some());
    assert!(s.get(&SCRATCH, "telegram:7:1").unwrap().is_some());
    assert!(s.get(&SCRATCH, "telegram:7:0").unwrap().is_none());
}

#[test]
fn an_update_that_dies_midway_leaves_nothing_and_runs_again_when_redelivered() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let s = Store::open(&path).unwrap();
    s.put(&SCRATCH, "telegram:7:0", &json!({"old": true}))
        .unwrap();
    let died = catch_unwind(AssertUnwindSafe(|| {
        s.once("telegram:7", 41, || {
            three_writes(&s, || panic!("killed after the third write"))
        })
    }));
    assert!(died.is_err());
    nothing_applied(&s);
    assert!(!s.handled("telegram:7", 41).unwrap());
    // Nothing is left pending on this thread either: a later plain write goes straight in.
    s.put(&tables::PREFS, "telegram:8", &prefs(Lang::En))
        .unwrap();
    drop(s);

    // After the "restart" the platform re-delivers it; now it completes, once.
    let s = Store::open(&path).unwrap();
    nothing_applied(&s);
    assert!(s.get(&tables::PREFS, "telegram:8").unwrap().is_some());
    let ran = s
        .once("telegram:7", 41, || three_writes(&s, || ()))
        .unwrap();
    assert!(ran.is_some());
    everything_applied(&s);
    assert!(
        s.once("telegram:7", 41, || unreachable!())
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_failed_commit_applies_nothing_and_marks_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let faults = Arc::new(Faults::default());
    let s = Store::open_with_faults(&path, faults.clone()).unwrap();
    s.put(&SCRATCH, "telegram:7:0", &json!({"old": true}))
        .unwrap();
    // The disk fills up after the handler's writes, before the update commits.
    let e = s
        .once("telegram:7", 42, || {
            three_writes(&s, || faults.set_disk_full(true))
        })
        .unwrap_err();
    assert!(matches!(e, StoreError::Full { .. }), "{e:?}");
    faults.set_disk_full(false);
    nothing_applied(&s);
    assert!(!s.handled("telegram:7", 42).unwrap());
    s.once("telegram:7", 42, || three_writes(&s, || ()))
        .unwrap()
        .unwrap();
    everything_applied(&s);
    assert!(s.handled("telegram:7", 42).unwrap());
}

#[test]
fn inside_an_update_reads_see_its_own_writes_and_others_do_not() {
    let dir = tempfile::tempdir().unwrap();
    let s = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    s.put(&SCRATCH, "u:1", &json!(1)).unwrap();
    s.put(&SCRATCH, "u:2", &json!(2)).unwrap();
    s.put(&SCRATCH, "v:1", &json!(9)).unwrap();
    s.once("telegram:1", 1, || {
        s.put(&SCRATCH, "u:3", &json!(3)).unwrap();
        assert!(s.delete(&SCRATCH, "u:1").unwrap());
        assert!(!s.delete(&SCRATCH, "u:1").unwrap(), "already deleted");
        assert!(!s.delete(&SCRATCH, "u:9").unwrap());
        s.put(&SCRATCH, "u:2", &json!(22)).unwrap();
        assert_eq!(s.get(&SCRATCH, "u:2").unwrap(), Some(json!(22)));
        assert_eq!(s.get(&SCRATCH, "u:1").unwrap(), None);
        let seen: Vec<_> = s.scan_prefix(&SCRATCH, "u:").unwrap();
        assert_eq!(
            seen,
            vec![
                ("u:2".to_string(), json!(22)),
                ("u:3".to_string(), json!(3))
            ]
        );
        // Another thread (another update) sees the file as it was.
        let other = s.clone();
        let outside = std::thread::spawn(move || other.scan_prefix(&SCRATCH, "u:").unwrap())
            .join()
            .unwrap();
        assert_eq!(outside.len(), 2);
        assert_eq!(outside[1].1, json!(2));
    })
    .unwrap()
    .unwrap();
    let after = s.scan_prefix(&SCRATCH, "").unwrap();
    assert_eq!(after.len(), 3, "{after:?}");
}

#[test]
fn a_bot_update_whose_commit_fails_answers_the_reason_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let faults = Arc::new(Faults::default());
    let s = Arc::new(Store::open_with_faults(&db_path(dir.path()), faults.clone()).unwrap());
    let bot = Bot::new(Arc::new(Catalog::load(None).unwrap()), s.clone());
    let who = ChatRef::terminal(Some("en_US.UTF-8"));
    faults.set_disk_full(true);
    let answer = bot
        .handle_update(&who, 10, Input::Text("/lang zh".into()))
        .expect("a new update is answered");
    let text: String = answer
        .replies
        .iter()
        .map(|r| Localizer::get().render_plain(answer.lang, r))
        .collect();
    assert_eq!(answer.lang, Lang::En, "the switch was not applied");
    assert!(text.contains("disk is full"), "{text}");
    faults.set_disk_full(false);
    assert!(s.get(&tables::PREFS, &who.user_key()).unwrap().is_none());
    // The platform re-delivers it (it was never acknowledged as handled): now it applies.
    let answer = bot
        .handle_update(&who, 10, Input::Text("/lang zh".into()))
        .expect("not marked handled");
    assert_eq!(answer.lang, Lang::Zh);
    assert!(
        bot.handle_update(&who, 10, Input::Text("/lang zh".into()))
            .is_none()
    );
}

/// Issue 29.1: an update's answer is kept with its handled mark until the frontend says it was
/// sent; a re-delivery before that gets the same answer again, after it nothing.
#[test]
fn a_kept_answer_comes_back_until_it_was_sent() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::load(None).unwrap()), store);
    let who = ChatRef {
        platform: "telegram".into(),
        chat: "-5000".into(),
        user: "77".into(),
        locale: Some("en".into()),
        thread: None,
    };
    let first = bot
        .handle_update_kept(&who, 124, Input::Text("/gpu 4090".into()))
        .expect("answered");
    assert!(!first.replies.is_empty());
    // Cut off mid-send (a crash, a stop): delivered again, the same answer comes back.
    let again = bot.handle_update_kept(&who, 124, Input::Text("/gpu 4090".into()));
    assert_eq!(again.as_ref(), Some(&first));
    bot.answer_sent(&who, 124).unwrap();
    assert_eq!(
        bot.handle_update_kept(&who, 124, Input::Text("/gpu 4090".into())),
        None,
        "sent: a re-delivery is skipped"
    );
}
