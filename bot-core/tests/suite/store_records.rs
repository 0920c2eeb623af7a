//! Versioned records: the dialogue, trial and subscription rows a build before versions
//! wrote (the bare JSON of the record) still read, and what this build writes carries its
//! version.

use bot_core::alerts::{ChatKind, Subscription};
use bot_core::dialogue::PickState;
use bot_core::store::{TypedTable, tables};
use bot_core::trial::TrialEntry;
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer, Store};
use rust_decimal::Decimal;
use std::collections::BTreeMap;
use std::sync::Arc;

// The tables as the build before versions typed them: the record's own JSON.
const OLD_DIALOGUE: TypedTable<PickState> = TypedTable::new("dialogue");
const OLD_TRIALS: TypedTable<TrialEntry> = TypedTable::new("trials");
const OLD_SUBS: TypedTable<Subscription> = TypedTable::new("subscriptions");

fn say(bot: &Bot, who: &ChatRef, line: &str) -> String {
    let a = bot.handle(who, Input::Text(line.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn rows_written_before_versions_still_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.redb");
    let who = ChatRef::terminal(Some("en"));
    {
        // Today's format, written by the store directly: no bot-core code that knows versions.
        let store = Store::open(&path).unwrap();
        store
            .put(&OLD_DIALOGUE, &who.dialogue_key(), &PickState::new())
            .unwrap();
        let entry = TrialEntry {
            platform: "autodl".into(),
            gpu: "rtx-4090".into(),
            wall_seconds: Decimal::from(4800),
            cost: Decimal::new(31, 1),
            currency: "CNY".into(),
            card_hours: Decimal::new(15, 1),
            recorded_on: 20_000,
        };
        store
            .put(
                &OLD_TRIALS,
                &format!("{}:{:024}", who.user_key(), 1),
                &entry,
            )
            .unwrap();
        let sub = Subscription {
            id: 1,
            platform: "terminal".into(),
            chat: "local".into(),
            thread: None,
            kind: ChatKind::Private,
            created_by: "local".into(),
            created_at: 1_700_000_000,
            lang: Lang::En,
            currency: "USD".into(),
            gpu: "h100-sxm".into(),
            provider: None,
            max_price: None,
            max_currency: "USD".into(),
            min_cards: None,
            track: BTreeMap::new(),
            paused_at: None,
        };
        store.put(&OLD_SUBS, &sub.key(), &sub).unwrap();
    }
    let bot = Bot::new(
        Arc::new(Catalog::embedded().unwrap()),
        Arc::new(Store::open(&path).unwrap()),
    );
    // The dialogue is running: its question's choices are there, and /back answers in it.
    assert!(!bot.pending_choices(&who).is_empty());
    let other = ChatRef::terminal(Some("zh"));
    let mut other = other.clone();
    other.user = "someone-else".into();
    assert!(bot.pending_choices(&other).is_empty());
    // The trial is listed.
    let trials = say(&bot, &who, "/trial list");
    assert!(trials.contains("recorded trial"), "{trials}");
    // The subscription is listed.
    let subs = say(&bot, &who, "/subs");
    let none = Localizer::get().format(Lang::En, &bot_core::Msg::new("alerts-none"));
    assert!(!subs.contains(&none) && subs.contains("H100"), "{subs}");
}

#[test]
fn new_rows_carry_their_version() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&dir.path().join("t.redb")).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store.clone());
    let who = ChatRef::terminal(Some("en"));
    say(&bot, &who, "/pick");
    // Read raw: the row as stored, with its version beside the record.
    let raw: TypedTable<serde_json::Value> = TypedTable::new(tables::DIALOGUE.name());
    let row = store.get(&raw, &who.dialogue_key()).unwrap().unwrap();
    assert_eq!(row["v"], 2, "{row}");
    assert!(
        row["r"]["step"].is_string() || row["r"]["step"].is_object(),
        "{row}"
    );
    // And it reads back: the dialogue goes on.
    assert!(!bot.pending_choices(&who).is_empty());
}

/// The schema's own tables are typed: a bare row from before versions and a versioned row
/// both read through `tables::TRIALS` as the record, and a row from a newer build is refused
/// on its own (`scan_prefix_rows`) without hiding the rows around it.
#[test]
fn the_schema_tables_read_old_and_current_rows_and_refuse_newer_ones_one_by_one() {
    use bot_core::store::Versioned;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.redb")).unwrap();
    let entry = |gpu: &str| TrialEntry {
        platform: "autodl".into(),
        gpu: gpu.into(),
        wall_seconds: Decimal::from(3600),
        cost: Decimal::new(25, 1),
        currency: "CNY".into(),
        card_hours: Decimal::ONE,
        recorded_on: 20_100,
    };
    store.put(&OLD_TRIALS, "u:1", &entry("rtx-4090")).unwrap();
    store
        .put(&tables::TRIALS, "u:2", &Versioned(entry("a100-80g")))
        .unwrap();
    let raw: TypedTable<serde_json::Value> = TypedTable::new(tables::TRIALS.name());
    store
        .put(
            &raw,
            "u:3",
            &serde_json::json!({"v": 99, "r": {"gpu": "x"}}),
        )
        .unwrap();
    assert_eq!(store.get(&raw, "u:2").unwrap().unwrap()["v"], 1);
    let rows = store.scan_prefix_rows(&tables::TRIALS, "u:").unwrap();
    let gpus: Vec<Option<String>> = rows
        .iter()
        .map(|(_, r)| r.as_ref().ok().map(|Versioned(e)| e.gpu.clone()))
        .collect();
    assert_eq!(
        gpus,
        vec![Some("rtx-4090".into()), Some("a100-80g".into()), None]
    );
    let newer = rows[2].1.as_ref().unwrap_err().to_string();
    assert!(newer.contains("newer"), "{newer}");
    // Read whole, the newer row is an error rather than a guess.
    assert!(store.scan_prefix(&tables::TRIALS, "u:").is_err());
    assert_eq!(store.scan_prefix(&tables::TRIALS, "u:1").unwrap().len(), 1);
}
