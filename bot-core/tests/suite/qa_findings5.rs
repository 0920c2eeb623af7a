//! QA findings of session 9 (helper wire2), replayed through the chat as a new user in both
//! languages; each checked on the mechanism, with cases of our own.

use crate::chat::{bot_with, text};
use bot_core::{Catalog, ChatRef, Input};

fn who(locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: "qa5".into(),
        user: "qa5".into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

/// `/convert 1e309 usd/h` answered "I don't know the currency "e309usd"": the number's
/// exponent was read as the start of a currency word. Scientific notation is one number
/// (`2e-7 usd/token` is a real per-token price); one out of range is "too large", never a
/// currency, in both languages.
#[test]
fn a_number_in_scientific_notation_is_one_number_and_an_impossible_one_is_said_so() {
    let (bot, _dir) = bot_with(Catalog::embedded().unwrap());
    let ask = |locale: &str, line: &str| {
        let a = bot.handle(&who(locale), Input::Text(line.into()));
        text(&a.replies, a.lang)
    };
    for (locale, line) in [
        ("en-US", "/convert 1e309 usd/h"),
        ("zh-CN", "/convert 1e309 usd/h"),
        ("en-US", "/convert 2.5E+40 usd/h to day"),
        ("zh-CN", "/convert $1e30/小时"),
    ] {
        let got = ask(locale, line);
        assert!(
            !got.contains("e309") && !got.contains("e+40usd"),
            "{line}\n{got}"
        );
        assert!(
            got.contains("too large") || got.contains("大得不合常理"),
            "{line}\n{got}"
        );
    }
    // In range: the same number as written out.
    assert_eq!(
        ask("en-US", "/convert 2.5e0 usd/h to day"),
        ask("en-US", "/convert 2.5 usd/h to day")
    );
    assert_eq!(
        ask("zh-CN", "/convert 3E2 cny/month to hour"),
        ask("zh-CN", "/convert 300 cny/month to hour")
    );
    let tiny = ask("en-US", "/convert 1e-4 usd/s to hour");
    assert!(tiny.contains("$0.36"), "{tiny}");
    // An exponent too small to hold is no number (not zero, not a currency).
    let under = ask("en-US", "/convert 1e-40 usd/s to hour");
    assert!(
        under.contains("1e-40") && !under.contains("the currency"),
        "{under}"
    );
}
