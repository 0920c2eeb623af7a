//! Whole conversations: each input line is a typed message, or a button press when it starts
//! with `#`; every input gets a reply and nothing panics. One store for the process (a fresh
//! chat per run, so runs do not share a dialogue).
#![no_main]

use bot_core::{Bot, Catalog, ChatRef, Input, Store};
use libfuzzer_sys::fuzz_target;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

fn bot() -> &'static Bot {
    static B: OnceLock<(tempfile::TempDir, Bot)> = OnceLock::new();
    let (_, bot) = B.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::open(&bot_core::store::db_path(dir.path())).expect("the store opens");
        let catalog = Catalog::load(None).expect("the embedded catalog loads");
        let bot = Bot::new(Arc::new(catalog), Arc::new(store));
        (dir, bot)
    });
    bot
}

fuzz_target!(|text: &str| {
    static RUN: AtomicU64 = AtomicU64::new(0);
    let run = RUN.fetch_add(1, Ordering::Relaxed);
    let who = ChatRef {
        platform: "fuzz".into(),
        chat: run.to_string(),
        user: run.to_string(),
        locale: Some(if run % 2 == 0 { "en" } else { "zh-CN" }.into()),
        thread: None,
    };
    for (i, line) in text.lines().take(16).enumerate() {
        let input = match line.strip_prefix('#') {
            Some(choice) => Input::Choice(choice.to_string()),
            None => Input::Text(line.to_string()),
        };
        let answer = bot().handle_update(&who, i as u64, input).expect("a new update");
        assert!(!answer.replies.is_empty(), "{line:?} got no reply");
    }
});
