//! Group commit (issue 28 item 3): updates handled side by side share durable commits, and
//! each is still exactly once and all-or-nothing: applied and marked together, or (a panic)
//! neither, whatever the others in its commit do.

use bot_core::store::{Store, UserPrefs, db_path, tables};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang};
use std::sync::{Arc, Barrier};

fn prefs(n: usize) -> UserPrefs {
    UserPrefs {
        seen_lang: None,
        lang: Some(if n % 2 == 0 { Lang::En } else { Lang::Zh }),
        currency: Some(format!("C{n}")),
    }
}

/// 48 updates of 48 chats arrive together; one of them panics midway. The other 47 are
/// applied and marked, in far fewer commits than updates; the one that panicked left
/// nothing and is not marked, so its re-delivery runs again.
#[test]
fn updates_arriving_together_share_commits_and_stay_exactly_once() {
    const N: usize = 48;
    const BAD: usize = 13;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let before = store.commits();
    let start = Arc::new(Barrier::new(N));
    let threads: Vec<_> = (0..N)
        .map(|n| {
            let (store, start) = (store.clone(), start.clone());
            std::thread::spawn(move || {
                start.wait();
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    store.once(&format!("telegram:{n}"), 7, || {
                        store
                            .put(&tables::PREFS, &format!("telegram:{n}"), &prefs(n))
                            .unwrap();
                        assert_ne!(n, BAD, "the handler fails midway");
                        n
                    })
                }))
            })
        })
        .collect();
    let results: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let commits = store.commits() - before;
    for (n, result) in results.into_iter().enumerate() {
        let key = format!("telegram:{n}");
        let stored = store.get(&tables::PREFS, &key).unwrap();
        if n == BAD {
            assert!(result.is_err(), "the handler panicked");
            assert_eq!(stored, None, "nothing of it was applied");
            assert!(!store.handled(&key, 7).unwrap(), "and it is not marked");
        } else {
            assert_eq!(result.unwrap().unwrap(), Some(n));
            assert_eq!(stored, Some(prefs(n)));
            assert!(store.handled(&key, 7).unwrap());
            // A re-delivery is recognised and runs nothing.
            assert_eq!(store.once(&key, 7, || unreachable!()).unwrap(), None);
        }
    }
    assert!(
        commits < (N as u64) / 2,
        "{N} updates arriving together took {commits} commits"
    );
    // The failed update runs again when delivered again.
    assert_eq!(
        store.once(&format!("telegram:{BAD}"), 7, || 1).unwrap(),
        Some(1)
    );
}

/// Through the bot, as Telegram uses it: answers kept with their updates, then forgotten once
/// sent. The forgetting rides along with other commits; after a reopen every kept answer is
/// gone and every update is still recognised as handled.
#[test]
fn kept_answers_are_forgotten_and_updates_stay_handled_across_a_reopen() {
    const N: usize = 24;
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    {
        let store = Arc::new(Store::open(&path).unwrap());
        let bot = Arc::new(Bot::new(Arc::new(Catalog::embedded().unwrap()), store));
        let start = Arc::new(Barrier::new(N));
        let threads: Vec<_> = (0..N)
            .map(|n| {
                let (bot, start) = (bot.clone(), start.clone());
                std::thread::spawn(move || {
                    let mut who = ChatRef::terminal(Some("en"));
                    who.platform = "telegram".into();
                    who.chat = format!("{}", 500 + n);
                    who.user = who.chat.clone();
                    start.wait();
                    let answer = bot
                        .handle_update_kept(&who, 90 + n as u64, Input::Text("/help".into()))
                        .expect("a new update is answered");
                    assert!(!answer.replies.is_empty());
                    bot.answer_sent(&who, 90 + n as u64).unwrap();
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
    }
    let store = Arc::new(Store::open(&path).unwrap());
    let raw: bot_core::store::TypedTable<serde_json::Value> =
        bot_core::store::TypedTable::new(tables::OUTBOX.name());
    assert!(
        store.scan_prefix(&raw, "r:").unwrap().is_empty(),
        "every sent answer was forgotten"
    );
    for n in 0..N {
        assert!(
            store
                .handled(&format!("telegram:{}", 500 + n), 90 + n as u64)
                .unwrap()
        );
    }
}
