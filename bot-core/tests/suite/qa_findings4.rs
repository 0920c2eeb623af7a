//! QA findings of session 8 (helper wire), replayed through the chat as a new user in both
//! languages; each checked on the mechanism, with cases of our own.

use crate::chat::{bot_with, text};
use bot_core::{Catalog, ChatRef, Input};

/// `/report autodl 4090 in ¥1.98` answered "… by terminal:local at 2026-12-02T19:28:13Z": a
/// machine timestamp in a reader's sentence, in Chinese too. The moment is said the way alerts
/// say it, `2026-12-02 19:28 UTC`, in both languages.
#[test]
fn a_report_says_its_moment_as_a_reader_reads_it() {
    let (mut bot, _dir) = bot_with(Catalog::embedded().unwrap());
    bot.operators = vec!["test:op".into()];
    for (locale, line) in [
        ("en-US", "/report autodl 4090 in ¥1.98"),
        ("zh-CN", "/report runpod h100 out"),
        ("zh-CN", "/report vast 4090 $0.35"),
    ] {
        let who = ChatRef {
            platform: "test".into(),
            chat: "ops".into(),
            user: "op".into(),
            locale: Some(locale.into()),
            thread: None,
        };
        let a = bot.handle(&who, Input::Text(line.into()));
        let got = text(&a.replies, a.lang);
        let stamp = got
            .split_whitespace()
            .find(|w| w.len() == 10 && w.as_bytes()[4] == b'-' && w.as_bytes()[7] == b'-');
        assert!(stamp.is_some(), "{line}\n{got}");
        assert!(got.contains(" UTC"), "{line}\n{got}");
        assert!(
            !got.split_whitespace()
                .any(|w| w.ends_with('Z') && w.contains('T')),
            "{line}\n{got}"
        );
    }
    // /status says when a feed was last read the same way.
    let now = bot_core::availability::now_unix();
    bot_core::availability::record_fetch(
        &bot.store,
        "vast",
        bot_core::availability::FetchOutcome::Failed("HTTP 503".into()),
        now - 120,
    )
    .unwrap();
    for locale in ["en-US", "zh-CN"] {
        let who = ChatRef {
            platform: "test".into(),
            chat: "ops".into(),
            user: "op".into(),
            locale: Some(locale.into()),
            thread: None,
        };
        let a = bot.handle(&who, Input::Text("/status".into()));
        let got = text(&a.replies, a.lang);
        let stamp = bot_core::availability::format_minute_utc(now - 120);
        assert!(got.contains(&stamp), "{stamp}\n{got}");
    }
}

/// With no live data yet, `/stock`, `/offers` and `/trend` told a Telegram or Discord user to
/// run `gpuscout poll --once` — a command only whoever runs the bot can run. A chat user is
/// told to ask again later and where the dated list prices are; the terminal, where the
/// reader runs the bot, keeps the operator's hint.
#[test]
fn no_live_data_yet_tells_a_chat_user_what_they_can_do_and_the_operator_what_to_run() {
    let (bot, _dir) = bot_with(Catalog::embedded().unwrap());
    for platform in ["telegram", "discord", "terminal"] {
        for locale in ["en-US", "zh-CN"] {
            let who = ChatRef {
                platform: platform.into(),
                chat: "c1".into(),
                user: "u1".into(),
                locale: Some(locale.into()),
                thread: None,
            };
            for line in ["/stock 4090", "/offers 4090", "/trend 4090"] {
                let a = bot.handle(&who, Input::Text(line.into()));
                let got = text(&a.replies, a.lang);
                if platform == "terminal" {
                    assert!(got.contains("gpuscout"), "{platform} {line}\n{got}");
                } else {
                    assert!(
                        !got.contains("gpuscout") && got.contains("/gpu"),
                        "{platform} {locale} {line}\n{got}"
                    );
                }
            }
        }
    }
}
