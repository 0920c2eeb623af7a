//! The reader's known leftovers (issue 26, session 9), as a new user meets them in both
//! languages: an alert on a card family takes the default form and offers the others (the
//! lead's decision, und-w; it was asked back); a huge or scientific amount in
//! `/convert` is a number (a clear localized error when too large, never "unknown currency");
//! `gptq int8` is one format; `半天` priced is asked as 4 h or 12 h.

use super::chat::{ask, who, world};
use bot_core::Input;
use bot_core::understand::{self, Reading};

/// The answer's text and the ids of its choices.
fn said(w: &super::chat::World, locale: &str, q: &str) -> (String, Vec<String>) {
    said_by(w, &who(locale), q)
}

/// [`said`] by a person in a chat of their own (an alert needs no admin there).
fn said_by(w: &super::chat::World, me: &bot_core::ChatRef, q: &str) -> (String, Vec<String>) {
    let replies = w.bot.handle(me, Input::Text(q.into())).replies;
    let ids = replies
        .iter()
        .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
        .collect();
    (super::chat::text(&replies, w.bot.lang_for(me)), ids)
}

#[test]
fn an_alert_on_a_card_family_sets_the_default_and_offers_the_others() {
    let w = world();
    for (locale, q, default, variants) in [
        (
            "en",
            "notify me when an A100 is under $1.5",
            "a100-80g-sxm",
            4,
        ),
        ("zh", "a100 低于5块钱一小时提醒我", "a100-80g-sxm", 4),
        ("zh", "h200到货了告诉我", "h200-sxm", 2),
        (
            "en",
            "ping me when an h100 on runpod drops below 2 bucks",
            "h100-sxm",
            3,
        ),
    ] {
        let (t, ids) = said_by(&w, &bot_core::ChatRef::terminal(Some(locale)), q);
        // Set on the default, which the answer names; each other form offered to tap.
        assert!(t.contains("Alert set") || t.contains("已设置"), "{q}: {t}");
        assert!(t.contains(default), "{q}: {t}");
        let offered = ids.iter().filter(|i| i.contains("/subscribe ")).count();
        assert_eq!(offered, variants - 1, "{q}: {t} {ids:?}");
    }
    // Named to the variant: set at once, nothing else offered.
    let me = bot_core::ChatRef::terminal(Some("en"));
    let (t, ids) = said_by(&w, &me, "notify me when an a100 80gb pcie is under $1.5");
    assert!(t.contains("Alert set"), "{t}");
    assert!(t.contains("a100-80g-pcie"), "{t}");
    assert!(!ids.iter().any(|i| i.contains("/subscribe ")), "{ids:?}");
}

#[test]
fn a_huge_or_scientific_amount_is_a_number_never_a_currency() {
    let w = world();
    for (locale, said, not) in [
        ("en", "too large to be real", "e309"),
        ("zh", "数字大得不合常理", "e309"),
    ] {
        for line in ["/convert 1e309 usd/h", "/convert 1e40 usd/hour to day"] {
            let t = ask(&w.bot, locale, line);
            assert!(t.contains(said), "{line}: {t}");
            assert!(!t.contains(not) || !t.contains("currency"), "{line}: {t}");
        }
    }
    // A scientific amount in range is that amount.
    let t = ask(&w.bot, "en", "/convert 1.5e1 usd/h to day");
    assert!(t.contains("$360.00"), "{t}");
}

#[test]
fn gptq_with_a_width_is_one_format() {
    let c = bot_core::Catalog::embedded().unwrap();
    for (q, want) in [
        ("qwen2.5 7b gptq int8 fits on a 4090?", "gptq-int8"),
        ("4090能跑qwen2.5-7b的gptq 8bit吗", "gptq-int8"),
        ("qwen2.5 7b gptq int4 on a 3060?", "gptq-int4"),
    ] {
        match understand::read(&c, q) {
            Reading::Command(r) => assert!(r.line().contains(want), "{q}: {}", r.line()),
            r => panic!("{q}: {:?}", r.lines()),
        }
    }
}

#[test]
fn half_a_day_priced_is_asked_never_stated_as_twelve_hours() {
    let w = world();
    for (locale, q) in [
        ("zh", "autodl 4090 跑半天多少钱"),
        ("zh", "3090半天哪家便宜"),
        ("en", "how much is half a day on a runpod h100"),
    ] {
        let (t, ids) = said(&w, locale, q);
        assert!(
            ids.iter().any(|i| i.ends_with(" 4h") || i.contains(" 4h "))
                && ids
                    .iter()
                    .any(|i| i.ends_with(" 12h") || i.contains(" 12h ")),
            "{q}: {t} {ids:?}"
        );
    }
}
