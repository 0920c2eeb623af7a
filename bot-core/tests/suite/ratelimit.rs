//! The per-user limit on expensive commands: a polite answer in the user's language, nothing
//! run or written while limited, cheap commands always free, other users unaffected.

use bot_core::ratelimit::{Limit, RateLimit};
use bot_core::store::{db_path, tables};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer, Store};
use std::sync::Arc;
use std::time::Duration;

fn user(id: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "telegram".into(),
        chat: id.into(),
        user: id.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

fn text(bot: &Bot, who: &ChatRef, line: &str) -> String {
    let a = bot.handle(who, Input::Text(line.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect()
}

#[test]
fn expensive_commands_past_the_burst_get_a_polite_wait_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::load(None).unwrap()), store.clone());
    bot.rate_limit = Some(RateLimit::new(Limit {
        burst: 3,
        per: Duration::from_secs(3600),
    }));
    let en = user("1", "en");
    for _ in 0..2 {
        assert!(text(&bot, &en, "/fit qwen2.5-7b int4").contains("GiB"));
    }
    // The third starts a dialogue; the fourth (a dialogue step) is refused.
    text(&bot, &en, "/pick");
    let before = store.get(&tables::DIALOGUE, &en.dialogue_key()).unwrap();
    assert!(before.is_some());
    let refused = text(&bot, &en, "1");
    assert!(refused.contains("try again in"), "{refused}");
    assert_eq!(
        store.get(&tables::DIALOGUE, &en.dialogue_key()).unwrap(),
        before,
        "a refused step writes nothing"
    );
    // Told once per window: the next refusal is silent, so a flood gets one notice.
    let refused = text(&bot, &en, "/compare 4090 3h");
    assert!(refused.is_empty(), "{refused}");
    // Cheap commands still answer; /cancel still works.
    assert!(!text(&bot, &en, "/help").contains("try again in"));
    assert!(!text(&bot, &en, "/gpu 4090").contains("try again in"));
    assert!(!text(&bot, &en, "/cancel").contains("try again in"));
    assert!(
        store
            .get(&tables::DIALOGUE, &en.dialogue_key())
            .unwrap()
            .is_none()
    );

    // Another user is not affected, and is answered in their language when limited.
    let zh = user("2", "zh-CN");
    for _ in 0..3 {
        assert!(!text(&bot, &zh, "/fit qwen2.5-7b int4").contains("秒后再试"));
    }
    let refused = text(&bot, &zh, "/fit qwen2.5-7b int4");
    assert!(refused.contains("秒后再试"), "{refused}");
    assert!(!refused.is_ascii());
}

/// QA round 12 (wire10): an inline query typed letter by letter reaches the bot once per
/// pause in typing; each that reads as an expensive request must not spend the person's chat
/// budget. Inline queries have a budget of their own (the same size, spent only by queries
/// that would run): past it the query gets no article (the frontend still offers the private
/// chat) and no notice, and the person's messages are answered as before.
#[test]
fn inline_queries_typed_letter_by_letter_never_spend_the_chat_budget() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::load(None).unwrap()), store);
    bot.rate_limit = Some(RateLimit::new(Limit {
        burst: 3,
        per: Duration::from_secs(3600),
    }));
    let en = user("31", "en");
    let typed = "/fit qwen2.5-7b int4";
    let mut answered = 0;
    for end in 1..=typed.len() {
        if let Some(found) = bot.inline(&en, &typed[..end]) {
            let said: String = found
                .answer
                .replies
                .iter()
                .map(|r| Localizer::get().render_plain(found.answer.lang, r))
                .collect();
            assert!(!said.contains("try again in"), "no notice inline: {said}");
            answered += 1;
        }
    }
    assert!(answered >= 1, "the first complete readings are answered");
    assert!(
        answered <= 3,
        "{answered} inline answers past a budget of 3"
    );
    // The chat budget is whole: three expensive messages answered.
    for _ in 0..3 {
        let said = text(&bot, &en, "/fit qwen2.5-7b int4");
        assert!(said.contains("GiB"), "{said}");
    }
    // And the chat's own limit still holds.
    assert!(text(&bot, &en, "/fit qwen2.5-7b int4").contains("try again in"));
}
