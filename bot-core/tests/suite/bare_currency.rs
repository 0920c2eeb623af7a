//! A number typed without a currency (issue 25 story 4): read in the chat's `/currency`, never
//! in the reader's language, so two members of one chat who type the same bare number get the
//! same verdict; the answer says which currency it read, in its first lines; `¥ $ 元 刀 usd cny`
//! typed always win.

use bot_core::alerts::{Access, AccessCheck, ChatKind};
use bot_core::{Bot, ChatRef, Input, Localizer};
use std::sync::Arc;

/// `boss` administers every group.
struct Admins;
impl AccessCheck for Admins {
    fn check(&self, who: &ChatRef) -> Result<Access, String> {
        Ok(Access {
            kind: ChatKind::Group,
            may_manage: who.user == "boss",
        })
    }
}

fn member(user: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "telegram".into(),
        chat: "group".into(),
        user: user.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

fn say(bot: &Bot, who: &ChatRef, line: &str) -> String {
    let a = bot.handle(who, Input::Text(line.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

fn world() -> (Bot, tempfile::TempDir) {
    let (bot, dir) = super::offers::world();
    bot.access.register("telegram", Arc::new(Admins));
    (bot, dir)
}

/// The number of offers an `/offers` or `/stock` answer found, in either language: its
/// table's body rows (the lines naming a platform of the test world).
fn rows(text: &str) -> usize {
    text.lines()
        .filter(|l| l.contains("Vast.ai") || l.contains("Lambda"))
        // A provider's feed line ("Lambda: no data yet.") is no offer.
        .filter(|l| !l.contains(':') && !l.contains('：'))
        .count()
}

/// The currency the bare-number statement names, in either language.
fn stated(text: &str) -> Option<&'static str> {
    let line = text
        .lines()
        .take(3)
        .find(|l| l.contains("without a currency") || l.contains("没写币种"))?;
    if line.contains("USD") || line.contains("美元") {
        Some("USD")
    } else if line.contains("CNY") || line.contains("人民币") {
        Some("CNY")
    } else {
        None
    }
}

#[test]
fn the_same_bare_number_gives_every_member_the_same_verdict() {
    let (bot, _dir) = world();
    let (ann, li) = (member("ann", "en"), member("li", "zh"));
    for line in [
        "/offers h100 max=2.5",
        "/offers h100 dph<2",
        "/stock h100 2.5",
        "/stock h100 vast 2",
    ] {
        let (en, zh) = (say(&bot, &ann, line), say(&bot, &li, line));
        assert_eq!(rows(&en), rows(&zh), "{line}\n{en}\n---\n{zh}");
        assert_eq!(stated(&en), Some("USD"), "{line}: {en}");
        assert_eq!(stated(&zh), Some("USD"), "{line}: {zh}");
    }
    // $2.5 admits the $2.10 and $1.90 live H100s; read as ¥2.5 (about $0.35) it would not.
    assert!(rows(&say(&bot, &li, "/offers h100 max=2.5")) >= 2);
    // The chat chooses CNY: now the same bare number is yuan for both, and says so.
    say(&bot, &member("boss", "en"), "/currency cny");
    for line in ["/offers h100 max=2.5", "/stock h100 2.5"] {
        let (en, zh) = (say(&bot, &ann, line), say(&bot, &li, line));
        assert_eq!(rows(&en), rows(&zh), "{line}\n{en}\n---\n{zh}");
        assert_eq!(stated(&en), Some("CNY"), "{line}: {en}");
        assert_eq!(stated(&zh), Some("CNY"), "{line}: {zh}");
        assert_eq!(rows(&en), 0, "no H100 is under ¥2.5 an hour: {en}");
    }
}

#[test]
fn a_typed_currency_wins_and_is_not_restated() {
    let (bot, _dir) = world();
    let (ann, li) = (member("ann", "en"), member("li", "zh"));
    say(&bot, &member("boss", "zh"), "/currency cny");
    for line in [
        "/offers h100 max=$2.5",
        "/offers h100 max=2.5usd",
        "/offers h100 max=2.5刀",
        "/stock h100 $2.5",
    ] {
        let (en, zh) = (say(&bot, &ann, line), say(&bot, &li, line));
        assert_eq!(stated(&en), None, "{line}: {en}");
        assert!(
            rows(&en) >= 2 && rows(&en) == rows(&zh),
            "{line}\n{en}\n{zh}"
        );
    }
    for line in [
        "/offers h100 max=¥2.5",
        "/offers h100 max=2.5元",
        "/stock h100 2.5cny",
    ] {
        let en = say(&bot, &ann, line);
        assert_eq!(stated(&en), None, "{line}: {en}");
        assert_eq!(rows(&en), 0, "{line}: {en}");
    }
}

#[test]
fn a_subscription_stores_the_chats_currency_for_a_bare_cap() {
    let (bot, _dir) = world();
    let boss_zh = member("boss", "zh");
    let text = say(&bot, &boss_zh, "/subscribe h100 max=2.5");
    assert_eq!(stated(&text), Some("USD"), "{text}");
    let subs = bot_core::alerts::list_chat(&bot.store, "telegram", "group").unwrap();
    assert_eq!(subs.len(), 1);
    assert_eq!(
        subs[0].max_currency, "USD",
        "a zh reader's bare cap is not yuan"
    );
    say(&bot, &boss_zh, "/currency cny");
    say(&bot, &member("boss", "en"), "/subscribe a100 max=9");
    let subs = bot_core::alerts::list_chat(&bot.store, "telegram", "group").unwrap();
    let a100 = subs
        .iter()
        .find(|s| s.max_price.is_some() && s.gpu.contains("a100"));
    assert_eq!(
        a100.map(|s| s.max_currency.as_str()),
        Some("CNY"),
        "{subs:?}"
    );
}

#[test]
fn tco_and_cost_read_a_bare_price_alike_in_both_languages() {
    let (bot, _dir) = world();
    let (ann, li) = (member("ann", "en"), member("li", "zh"));
    for line in [
        "/tco qwen2.5-7b int4 4090 20m 0.3",
        "/cost 2.5/h 3h",
        "/trial vast 4090 1h 3",
    ] {
        let (en, zh) = (say(&bot, &ann, line), say(&bot, &li, line));
        let want = if line.starts_with("/trial") {
            None
        } else {
            Some("USD")
        };
        if want.is_some() {
            assert_eq!(stated(&en), want, "{line}: {en}");
            assert_eq!(stated(&zh), want, "{line}: {zh}");
        }
        // The first line carries the same amount for both readers.
        let money = |t: &str| t.contains("$") && !t.contains("¥3.00");
        assert!(money(&en) && money(&zh), "{line}\n{en}\n---\n{zh}");
    }
}

/// A `/pick` is one person's dialogue and prices in their currency (the chat's `/currency`,
/// else theirs, else their language's): a bare `预算 40` is ¥40 beside prices in ¥, never $40,
/// and the echo says which currency it was read in (issue 26).
#[test]
fn a_pick_budget_is_in_the_currency_the_dialogue_prices_in() {
    let (bot, _dir) = world();
    let (li, ann) = (member("li", "zh"), member("ann", "en"));
    let line = "微调 qwen2.5-7b lora，跑 3 小时，预算 40，要支付宝";
    for (who, shown, not) in [(&li, "¥40", "$40"), (&ann, "$40", "¥40")] {
        assert!(!say(&bot, who, "/pick").is_empty());
        let text = say(&bot, who, line);
        assert!(text.contains(shown) && !text.contains(not), "{text}");
        assert!(
            text.contains("预算没写币种") || text.contains("The budget has no currency"),
            "{text}"
        );
        say(&bot, who, "/cancel");
    }
    // The chat's own `/currency` is everyone's.
    say(&bot, &member("boss", "en"), "/currency usd");
    say(&bot, &li, "/pick");
    let text = say(&bot, &li, line);
    assert!(text.contains("$40") && !text.contains("¥40"), "{text}");
}

/// A currency written with the number wins in every spelling, glued or spaced, for both readers
/// and whatever the chat chose, and the answer then states no bare-number currency.
#[test]
fn a_written_currency_wins_glued_or_spaced() {
    let (bot, _dir) = world();
    let (ann, li) = (member("ann", "en"), member("li", "zh"));
    let total = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("Total:") || l.starts_with("合计："))
            .map(|l| {
                l.trim_start_matches("Total:")
                    .trim_start_matches("合计：")
                    .trim()
                    .to_string()
            })
    };
    for chat_currency in [None, Some("cny"), Some("usd")] {
        if let Some(c) = chat_currency {
            say(&bot, &member("boss", "en"), &format!("/currency {c}"));
        }
        // 3 h plus the first run's minutes, per started hour: 4 × 2.5.
        for (line, want) in [
            ("/cost 2.5 usd/h 3h", "$10.00"),
            ("/cost 2.5 $/h 3h", "$10.00"),
            ("/cost 2.5刀/h 3h", "$10.00"),
            ("/cost 2.5美元/h 3h", "$10.00"),
            ("/cost 2.5 元/小时 3h", "¥10.00"),
            ("/cost 2.5块/h 3h", "¥10.00"),
            ("/cost ¥2.5/h 3h", "¥10.00"),
            ("/cost 2.5 cny/h 3h", "¥10.00"),
        ] {
            for who in [&ann, &li] {
                let text = say(&bot, who, line);
                assert_eq!(
                    total(&text).as_deref(),
                    Some(want),
                    "{chat_currency:?} {line}: {text}"
                );
                assert_eq!(stated(&text), None, "{line}: {text}");
            }
        }
    }
}

/// On Discord a channel is the chat: its members share the channel's currency for a bare number,
/// whatever each one's language, and `/currency` there is for administrators.
#[test]
fn discord_channel_members_share_the_channels_currency() {
    let (bot, _dir) = world();
    bot.access.register("discord", Arc::new(Admins));
    let on = |user: &str, locale: &str, channel: &str| ChatRef {
        platform: "discord".into(),
        chat: channel.into(),
        user: user.into(),
        locale: Some(locale.into()),
        thread: None,
    };
    let (ann, li) = (on("ann", "en-US", "c1"), on("li", "zh-CN", "c1"));
    // No choice yet: USD for both, said in the first lines.
    for who in [&ann, &li] {
        let text = say(&bot, who, "/cost 2.5/h 3h");
        assert_eq!(stated(&text), Some("USD"), "{text}");
        assert!(text.contains("$10.00"), "{text}");
    }
    // A member who is no administrator cannot change it for the channel.
    say(&bot, &li, "/currency cny");
    assert_eq!(stated(&say(&bot, &ann, "/cost 2.5/h 3h")), Some("USD"));
    // The administrator's choice holds for every member of that channel, and only there.
    say(&bot, &on("boss", "en-US", "c1"), "/currency cny");
    for who in [&ann, &li] {
        let text = say(&bot, who, "/cost 2.5/h 3h");
        assert_eq!(stated(&text), Some("CNY"), "{text}");
        assert!(text.contains("¥10.00"), "{text}");
    }
    // The administrator's bare caps, typed in either language, are stored in the channel's yuan.
    for (locale, line) in [
        ("en-US", "/subscribe h100 max=2.5"),
        ("zh-CN", "/subscribe a100 max=9"),
    ] {
        let sub = say(&bot, &on("boss", locale, "c1"), line);
        assert_eq!(stated(&sub), Some("CNY"), "{sub}");
    }
    let subs = bot_core::alerts::list_chat(&bot.store, "discord", "c1").unwrap();
    assert_eq!(subs.len(), 2, "{subs:?}");
    assert!(subs.iter().all(|s| s.max_currency == "CNY"), "{subs:?}");
    let other = say(&bot, &on("li", "zh-CN", "c2"), "/cost 2.5/h 3h");
    assert_eq!(stated(&other), Some("USD"), "{other}");
}
