//! Alerts set inside a topic of a chat (a Telegram forum topic, a channel's direct-messages
//! topic `dm:<n>`): stored with the topic and queued for it, listed and removed per topic;
//! rows written before topics were kept still load as the chat itself.

use bot_core::alerts::{self, Access, AccessCheck, AlertConfig, ChatKind, detect, outbox};
use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, record_fetch};
use bot_core::store::{Store, TypedTable, db_path, tables};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use rust_decimal::Decimal;
use serde_json::json;
use std::sync::Arc;

const T0: i64 = 1_764_581_400;

/// Everyone manages their own place (a topic reads like a private chat here).
struct Anyone;
impl AccessCheck for Anyone {
    fn check(&self, _who: &ChatRef) -> Result<Access, String> {
        Ok(Access {
            kind: ChatKind::Group,
            may_manage: true,
        })
    }
}

fn setup() -> (tempfile::TempDir, Bot) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.access.register("test", Arc::new(Anyone));
    (dir, bot)
}

fn at(chat: &str, user: &str, thread: Option<&str>) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: chat.into(),
        user: user.into(),
        locale: Some("en".into()),
        thread: thread.map(str::to_string),
    }
}

fn say(bot: &Bot, w: &ChatRef, text: &str) -> String {
    let a = bot.handle(w, Input::Text(text.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

fn offers(bot: &Bot, at: i64, level: StockLevel) -> Vec<Offer> {
    let gpu = bot.catalog.gpu("h100").unwrap().id.clone();
    vec![Offer {
        provider: "runpod".into(),
        raw_name: "H100".into(),
        gpu,
        cards: 1,
        vram_gb: Some(80.0),
        price_per_gpu_hour: Decimal::new(239, 2),
        price_per_instance_hour: Decimal::new(239, 2),
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region: None,
        stock: level,
        available_count: Some(2),
        fetched_at: at,
        source: "test".into(),
    }]
}

/// Out for two polls, then in for two: one "back" alert per subscription.
fn flip_to_in_stock(bot: &Bot) {
    let cfg = AlertConfig {
        debounce_polls: 2,
        debounce_secs: 0,
        cooldown_secs: 0,
    };
    for (i, level) in [
        StockLevel::Unavailable,
        StockLevel::Unavailable,
        StockLevel::Available,
        StockLevel::Available,
    ]
    .into_iter()
    .enumerate()
    {
        let t = T0 + 60 * i as i64;
        record_fetch(
            &bot.store,
            "runpod",
            FetchOutcome::Offers(offers(bot, t, level)),
            t,
        )
        .unwrap();
        detect(&bot.store, &bot.catalog, &cfg, t).unwrap();
    }
}

#[test]
fn two_topics_of_one_chat_keep_list_and_remove_their_own_alerts() {
    let (_d, bot) = setup();
    let (mei, li, room) = (
        at("-100777", "501", Some("dm:41")),
        at("-100777", "502", Some("dm:42")),
        at("-100777", "503", None),
    );
    // The same alert in two topics is two alerts, not a duplicate.
    assert!(say(&bot, &mei, "/subscribe h100").contains("Alert set"));
    assert!(say(&bot, &li, "/subscribe h100").contains("Alert set"));
    assert!(say(&bot, &li, "/subscribe h100").contains("already has"));
    let all = alerts::list_chat(&bot.store, "test", "-100777").unwrap();
    assert_eq!(all.len(), 2);
    let ids: Vec<u32> = all.iter().map(|s| s.id).collect();
    assert_ne!(ids[0], ids[1], "ids stay unique in the chat: {ids:?}");
    let mei_id = all.iter().find(|s| s.created_by == "501").unwrap().id;

    // Each place sees its own.
    let listed = say(&bot, &li, "/subs");
    assert!(listed.contains("1 stock alert"), "{listed}");
    assert!(
        say(&bot, &room, "/subs").contains("no stock alerts"),
        "the chat outside its topics"
    );
    // Li cannot remove Mei's, nor clear it with "all".
    let refused = say(&bot, &li, &format!("/unsubscribe {mei_id}"));
    assert!(refused.contains("no alert"), "{refused}");
    assert!(say(&bot, &li, "/unsubscribe all").contains("1 alert removed"));
    let left = alerts::list_chat(&bot.store, "test", "-100777").unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].thread.as_deref(), Some("dm:41"));

    // The limit counts a place's own: a full topic leaves the next one free.
    for gpu in [
        "a100", "4090", "l40s", "h200", "a10", "l4", "3090", "v100", "t4",
    ] {
        say(&bot, &mei, &format!("/subscribe {gpu}"));
    }
    assert_eq!(
        alerts::list_place(&bot.store, "test", "-100777", Some("dm:41"))
            .unwrap()
            .len(),
        alerts::MAX_PER_CHAT
    );
    assert!(say(&bot, &mei, "/subscribe b200").contains("10"));
    assert!(say(&bot, &li, "/subscribe b200").contains("Alert set"));
}

#[test]
fn an_alert_is_queued_for_the_topic_it_was_set_in() {
    let (_d, bot) = setup();
    say(
        &bot,
        &at("-100777", "501", Some("dm:41")),
        "/subscribe h100",
    );
    say(&bot, &at("-100888", "601", Some("55")), "/subscribe h100");
    say(&bot, &at("-100999", "701", None), "/subscribe h100");
    flip_to_in_stock(&bot);
    let mut places: Vec<(String, Option<String>)> = outbox::pending(&bot.store, 100)
        .unwrap()
        .into_iter()
        .map(|i| (i.chat, i.thread))
        .collect();
    places.sort();
    assert_eq!(
        places,
        [
            ("-100777".to_string(), Some("dm:41".to_string())),
            ("-100888".to_string(), Some("55".to_string())),
            ("-100999".to_string(), None),
        ]
    );
}

#[test]
fn rows_written_before_topics_load_as_the_chat_itself() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    {
        let store = Store::open(&path).unwrap();
        let raw: TypedTable<serde_json::Value> = TypedTable::new(tables::SUBSCRIPTIONS.name());
        let record = json!({"id": 1, "platform": "test", "chat": "-100777", "kind": "group",
            "created_by": "501", "created_at": T0 - 600, "lang": "en-US", "currency": "USD",
            "gpu": "h100-sxm", "provider": null, "max_price": null, "max_currency": "USD",
            "min_cards": null, "track": {}});
        // One as the versioned record, one bare (before versions).
        store
            .put(
                &raw,
                "sub:test:-100777:000001",
                &json!({"v": 1, "r": record}),
            )
            .unwrap();
        let mut bare = record.clone();
        bare["id"] = json!(2);
        bare["gpu"] = json!("a100-80gb-sxm");
        store.put(&raw, "sub:test:-100777:000002", &bare).unwrap();
    }
    let bot = Bot::new(
        Arc::new(Catalog::embedded().unwrap()),
        Arc::new(Store::open(&path).unwrap()),
    );
    bot.access.register("test", Arc::new(Anyone));
    let old = alerts::list_place(&bot.store, "test", "-100777", None).unwrap();
    assert_eq!(old.len(), 2);
    assert!(old.iter().all(|s| s.thread.is_none()));
    // Listed in the chat, not in a topic of it; a new alert in a topic takes the next id.
    let room = at("-100777", "501", None);
    assert!(say(&bot, &room, "/subs").contains("2 stock alerts"));
    let topic = at("-100777", "501", Some("dm:9"));
    assert!(say(&bot, &topic, "/subs").contains("no stock alerts"));
    // A forum topic still sees (and manages) the group's own alerts, as before topics.
    let forum_topic = at("-100777", "501", Some("55"));
    assert!(say(&bot, &forum_topic, "/subs").contains("2 stock alerts"));
    assert!(say(&bot, &topic, "/subscribe h100").contains("Alert set"));
    let new = alerts::list_place(&bot.store, "test", "-100777", Some("dm:9")).unwrap();
    assert_eq!(new[0].id, 3);
    // The old alerts still alert, to the chat itself.
    flip_to_in_stock(&bot);
    let queued = outbox::pending(&bot.store, 100).unwrap();
    assert!(
        queued
            .iter()
            .any(|i| i.sub == Some(1) && i.thread.is_none()),
        "{queued:?}"
    );
    assert!(
        queued
            .iter()
            .any(|i| i.sub == Some(3) && i.thread.as_deref() == Some("dm:9"))
    );
}

#[test]
fn a_queued_alert_row_written_before_topics_reads_as_the_chat() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&db_path(dir.path())).unwrap();
    let raw: TypedTable<serde_json::Value> = TypedTable::new(tables::OUTBOX.name());
    let item = json!({"key": "test:-100777:1-5:runpod:0", "platform": "test", "chat": "-100777",
        "kind": "group", "sub": 1, "lang": "en-US", "reply": {"parts": [], "choices": []}, "created_at": T0});
    store
        .put(
            &raw,
            &format!("q:{T0:012}:test:-100777:1-5:runpod:0"),
            &json!({"v": 1, "r": item}),
        )
        .unwrap();
    let pending = outbox::pending(&store, 10).unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].chat, "-100777");
    assert_eq!(pending[0].thread, None);
}
