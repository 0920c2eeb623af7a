//! The trial ledger: a user records what a trial really took and sees it against the list price.

use bot_core::store::{Store, db_path, tables};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use std::sync::Arc;

fn setup() -> (tempfile::TempDir, Bot) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    (dir, bot)
}

fn who(user: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: user.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

fn say(bot: &Bot, w: &ChatRef, text: &str) -> String {
    let lang = bot.lang_for(w);
    bot.handle(w, Input::Text(text.into()))
        .replies
        .iter()
        .map(|r| Localizer::get().render_plain(lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

fn trials(bot: &Bot) -> usize {
    bot.store.scan_prefix(&tables::TRIALS, "").unwrap().len()
}

#[test]
fn a_trial_is_converted_to_card_hours_and_compared_with_the_list_price() {
    let (_d, bot) = setup();
    let u = who("u1", "en");
    // A trial is compared with the price any user pays: AutoDL's 4090 list price ¥1.98/h
    // (2026-10-04, stale by the 30-day rule), not its ¥1.88 member price. 1h20m for ¥3.10 is
    // 3.10 / (80/60) = ¥2.325 per card-hour; 2.325 / 1.98 - 1 = +17.4% -> "17% above".
    let out = say(&bot, &u, "/trial autodl 4090 1h20m ¥3.1");
    assert!(out.contains("1h20m"), "{out}");
    assert!(out.contains("¥2.33") || out.contains("¥2.325"), "{out}");
    assert!(out.contains("¥1.98") && !out.contains("¥1.88"), "{out}");
    assert!(out.contains("stale"), "{out}");
    assert!(out.contains("17% above"), "{out}");
    assert_eq!(trials(&bot), 1);
}

#[test]
fn explicit_card_hours_and_another_currency() {
    let (_d, bot) = setup();
    let u = who("u1", "en");
    // Two cards for 2 h: 4 card-hours for ¥4 = ¥1.00 per card-hour, against the ¥1.98 list
    // price -> 49% below (1 / 1.98 = 0.505).
    let out = say(&bot, &u, "/trial autodl rtx 4090 2h ¥4 4");
    assert!(out.contains("4 card-hours"), "{out}");
    assert!(out.contains("49% below"), "{out}");
    // Paid in USD: ¥1.98 at 6.7489 CNY per USD (2026-09-24) is $0.2934; $0.50 for one hour is
    // 0.5 / 0.2934 - 1 = 70.4% above.
    let out = say(&bot, &u, "/trial autodl 4090 1h $0.5");
    assert!(out.contains("$0.293") || out.contains("$0.29"), "{out}");
    assert!(
        out.contains("70% above") || out.contains("71% above"),
        "{out}"
    );
    assert!(out.contains("1 USD = 6.7489 CNY"), "{out}");
}

#[test]
fn the_list_shows_only_my_trials_in_my_language() {
    let (_d, bot) = setup();
    let me = who("me", "zh-CN");
    let other = who("other", "en");
    say(&bot, &me, "/trial autodl 4090 1h ¥2.5");
    say(&bot, &me, "/trial runpod 4090 30m $0.2");
    say(&bot, &other, "/trial runpod 4090 1h $0.5");
    let out = say(&bot, &me, "/trial list");
    assert!(out.contains("你记录的 2 次试跑"), "{out}");
    // Names, never catalog ids.
    assert!(
        out.contains("AutoDL 算力云") && out.contains("RunPod"),
        "{out}"
    );
    assert!(!out.contains("autodl"), "{out}");
    assert!(!out.contains("$0.50"), "another user's trial leaked: {out}");
    let out = say(&bot, &who("nobody", "en"), "/trial");
    assert!(out.contains("haven't recorded any trials"));
}

#[test]
fn bad_trial_lines_are_explained_and_store_nothing() {
    let (_d, bot) = setup();
    let u = who("u1", "en");
    let cases = [
        ("/trial autodl 4090 soon ¥3", "not a duration"),
        ("/trial autodl 4090 1h free", "not an amount"),
        ("/trial nowhere 4090 1h ¥3", "platform called \"nowhere\""),
        ("/trial autodl h1000 1h ¥3", "GPU called"),
        ("/trial autodl 4090", "I need: platform, GPU"),
        ("/trial autodl 4090 0s ¥3", "more than zero"),
        ("/trial autodl 4090 1h ¥3/h", "not an amount"),
        ("/trial autodl 4090 -1h ¥3", "not a duration"),
    ];
    for (line, expected) in cases {
        let out = say(&bot, &u, line);
        assert!(out.contains(expected), "{line}: {out}");
        assert!(
            out.contains("Usage: /trial")
                || out.contains("Did you mean")
                || out.contains("/gpus")
                || out.contains("/platforms"),
            "{line}: {out}"
        );
    }
    assert_eq!(trials(&bot), 0);
}
