//! QA round 14 (wire12), round 13's leftovers that bot-core decides: a chat paused because
//! the platform said it is gone for good (Discord's 10003, a deleted channel, which no event
//! ever brings back) must not keep its rows forever: paused rows are dropped a stated time
//! after the pause, and whoever reads `/subs` or the notice is told when; `/status` counts
//! paused subscriptions apart from the ones alerting, in both languages.

use super::alerts::{Admins, T0, cfg, say, setup};
use bot_core::alerts;
use bot_core::{ChatRef, Localizer};
use std::sync::Arc;

const DAY: i64 = 86_400;

fn in_channel(channel: &str, user: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "discord".into(),
        chat: channel.into(),
        user: user.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

#[test]
fn status_counts_paused_subscriptions_apart_from_the_ones_alerting_in_both_languages() {
    let (_d, mut bot) = setup();
    bot.access
        .register("discord", Arc::new(Admins(vec!["410000000000001501"])));
    bot.operators = vec!["discord:410000000000001501".into()];
    let (gone, live) = ("300000000000001501", "300000000000001502");
    for (chat, gpu) in [(gone, "h100"), (gone, "4090"), (live, "a100")] {
        let me = in_channel(chat, "410000000000001501", "en-US");
        assert!(say(&bot, &me, &format!("/subscribe {gpu}")).contains("Alert set"));
    }
    alerts::chat_gone(&bot.store, "discord", gone, T0).unwrap();
    let en = say(
        &bot,
        &in_channel(live, "410000000000001501", "en-US"),
        "/status",
    );
    assert!(en.contains("1 alerting") && en.contains("2 paused"), "{en}");
    let zh = say(
        &bot,
        &in_channel(live, "410000000000001501", "zh-CN"),
        "/status",
    );
    assert!(
        zh.contains("1 条") && zh.contains("2 条") && zh.contains("暂停"),
        "{zh}"
    );
}

#[test]
fn a_deleted_channels_paused_alerts_are_dropped_after_the_stated_time_and_the_subs_list_says_when()
{
    let (_d, bot) = setup();
    let admin = "410000000000001511";
    bot.access
        .register("discord", Arc::new(Admins(vec![admin])));
    let channel = "300000000000001511";
    let here = in_channel(channel, admin, "en-US");
    for gpu in ["h100", "4090", "a100"] {
        assert!(say(&bot, &here, &format!("/subscribe {gpu}")).contains("Alert set"));
    }
    // Discord answered 10003: the channel was deleted. The notice says how long they are kept.
    alerts::chat_gone(&bot.store, "discord", channel, T0).unwrap();
    let told = alerts::outbox::pending(&bot.store, 100).unwrap();
    let notice = Localizer::get().render_plain(told[0].lang, &told[0].reply);
    assert!(notice.contains("30 days"), "{notice}");
    // `/subs` names the day they go (read where the rows are: a test can still ask there).
    let listed = say(&bot, &here, "/subs");
    assert!(listed.contains("2025-12-31"), "{listed}");
    // A day before: kept. After: gone, and the chat's count is back to nothing.
    alerts::detect(&bot.store, &bot.catalog, &cfg(), T0 + 29 * DAY).unwrap();
    assert_eq!(
        alerts::list_chat(&bot.store, "discord", channel)
            .unwrap()
            .len(),
        3
    );
    alerts::detect(&bot.store, &bot.catalog, &cfg(), T0 + 31 * DAY).unwrap();
    assert!(
        alerts::list_chat(&bot.store, "discord", channel)
            .unwrap()
            .is_empty()
    );
    // A chat that is reachable keeps its alerts however old they are.
    let other = "300000000000001512";
    assert!(say(&bot, &in_channel(other, admin, "en-US"), "/subscribe h100").contains("Alert set"));
    alerts::detect(&bot.store, &bot.catalog, &cfg(), T0 + 400 * DAY).unwrap();
    assert_eq!(
        alerts::list_chat(&bot.store, "discord", other)
            .unwrap()
            .len(),
        1
    );
}
