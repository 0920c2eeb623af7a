//! QA round 13 (wire11), what bot-core decides for the frontends' wire cases: a chat the
//! platform says the bot can no longer post in (Telegram's `my_chat_member` left/kicked, a
//! refused send; Discord's 10003 Unknown Channel, 50013, 50007) stops being alerted at once,
//! keeps its subscriptions, has whoever set them told once however often the platform says
//! it, and is alerted again when it is back; and a turn that carries no locale (a Discord
//! DM) is answered in the language the person's platform said before (their interactions
//! carry `locale`), never English by default when that is known.

use super::alerts::{Admins, POLL, T0, queued, run_from, say, setup};
use bot_core::alerts;
use bot_core::{ChatRef, Input, Lang, Localizer};
use std::sync::Arc;

fn in_group(user: &str) -> ChatRef {
    ChatRef {
        platform: "telegram".into(),
        chat: "-1001313".into(),
        user: user.into(),
        locale: Some("en".into()),
        thread: None,
    }
}

#[test]
fn a_gone_chat_keeps_its_alerts_paused_is_told_once_and_is_alerted_again_when_back() {
    let (_d, bot) = setup();
    bot.access
        .register("telegram", Arc::new(Admins(vec!["42"])));
    let admin = in_group("42");
    assert!(say(&bot, &admin, "/subscribe h100").contains("Alert set"));
    assert!(say(&bot, &admin, "/subscribe 4090").contains("Alert set"));
    assert_eq!(
        alerts::chat_gone(&bot.store, "telegram", "-1001313", T0).unwrap(),
        2
    );
    // Kept: the rows are there, with their ids.
    let kept = alerts::list_chat(&bot.store, "telegram", "-1001313").unwrap();
    assert_eq!(kept.iter().map(|s| s.id).collect::<Vec<_>>(), [1, 2]);
    // Told once, however often the platform says so (each refused send, each update).
    alerts::chat_gone(&bot.store, "telegram", "-1001313", T0 + 5).unwrap();
    alerts::chat_gone(&bot.store, "telegram", "-1001313", T0 + 9).unwrap();
    let told = queued(&bot);
    assert_eq!(told.len(), 1, "{told:#?}");
    assert_eq!(told[0].chat, "42");
    let text = Localizer::get().render_plain(Lang::En, &told[0].reply);
    assert!(text.contains("-1001313") && text.contains('2'), "{text}");
    // Not alerted while gone: H100 back in stock for three polls writes nothing.
    assert_eq!(
        run_from(&bot, T0, &[Some(false), Some(true), Some(true)]),
        0
    );
    assert_eq!(queued(&bot).len(), 1);
    // Back: an alert set there again (the bot evidently hears and may post) wakes the others.
    assert!(say(&bot, &admin, "/subscribe a100").contains("Alert set"));
    let listed = say(&bot, &admin, "/subs");
    assert!(
        listed.contains("#1") && listed.contains("#2") && listed.contains("#3"),
        "{listed}"
    );
    // And their alerts come again, from a fresh reading (no stale "back" from before).
    let later = T0 + 10 * POLL;
    assert_eq!(
        run_from(&bot, later, &[Some(false), Some(true), Some(true)]),
        1
    );
}

#[test]
fn a_turn_without_a_locale_is_answered_in_the_language_the_platform_said_before() {
    let (_d, bot) = setup();
    let at = |chat: &str, locale: Option<&str>| ChatRef {
        platform: "discord".into(),
        chat: chat.into(),
        user: "410000000000000777".into(),
        locale: locale.map(str::to_string),
        thread: None,
    };
    // Never heard: English.
    assert_eq!(bot.lang_for(&at("900", None)), Lang::En);
    // A slash command from a Chinese client, then a DM (no locale): Chinese.
    let a = bot.handle(&at("900", Some("zh-CN")), Input::Text("/gpu 4090".into()));
    assert_eq!(a.lang, Lang::Zh);
    assert_eq!(bot.lang_for(&at("555", None)), Lang::Zh);
    let dm = bot.handle(&at("555", None), Input::Text("/gpu 4090".into()));
    assert_eq!(dm.lang, Lang::Zh);
    // The client switched to English: followed.
    bot.handle(&at("900", Some("en-GB")), Input::Text("/gpu 4090".into()));
    assert_eq!(bot.lang_for(&at("555", None)), Lang::En);
    // `/lang` beats what the platform says.
    bot.handle(&at("555", None), Input::Text("/lang zh".into()));
    bot.handle(&at("900", Some("en-US")), Input::Text("/gpu 4090".into()));
    assert_eq!(bot.lang_for(&at("555", None)), Lang::Zh);
    // Another person is not this one.
    let other = ChatRef {
        user: "410000000000000778".into(),
        ..at("555", None)
    };
    assert_eq!(bot.lang_for(&other), Lang::En);
}
