//! Data that cannot lie in an alert or in `/status`: an interruptible bid is never the alert's
//! "from" price (nor what makes a card "back"), the count is cards as sold (a host's
//! on-demand row and its bid row are the same cards), and a provider's echoed key never
//! reaches the store or `/status`.

use bot_core::alerts::{Access, AccessCheck, AlertConfig, ChatKind, detect, outbox};
use bot_core::availability::{
    FetchOutcome, Offer, OfferKind, StockLevel, provider_state, record_fetch,
};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use rust_decimal::Decimal;
use std::sync::Arc;

const T0: i64 = 1_764_581_400;

struct Everyone;
impl AccessCheck for Everyone {
    fn check(&self, _: &ChatRef) -> Result<Access, String> {
        Ok(Access {
            kind: ChatKind::Private,
            may_manage: true,
        })
    }
}

fn setup() -> (tempfile::TempDir, Bot) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.access.register("test", Arc::new(Everyone));
    (dir, bot)
}

fn me() -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: "u1".into(),
        user: "u1".into(),
        locale: Some("en".into()),
        thread: None,
    }
}

fn say(bot: &Bot, text: &str) -> String {
    let a = bot.handle(&me(), Input::Text(text.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One host of `cards` H100s as Vast lists it: the on-demand row and, beside it, the bid row
/// for the same cards.
fn host(
    gpu: &str,
    cards: u32,
    on_demand: &str,
    bid: &str,
    stock: StockLevel,
    at: i64,
) -> Vec<Offer> {
    let row = |kind, per_gpu: &str| {
        let p: Decimal = per_gpu.parse().unwrap();
        Offer {
            provider: "vast".into(),
            gpu: gpu.into(),
            raw_name: "H100 SXM".into(),
            cards,
            vram_gb: Some(80.0),
            price_per_gpu_hour: p,
            price_per_instance_hour: p * Decimal::from(cards),
            currency: "USD".into(),
            kind,
            region: Some("US".into()),
            stock,
            available_count: stock.in_stock().then_some(cards),
            fetched_at: at,
            source: "test".into(),
        }
    };
    vec![
        row(OfferKind::OnDemand, on_demand),
        row(OfferKind::Spot, bid),
    ]
}

fn alerts_text(bot: &Bot) -> Vec<String> {
    outbox::pending(&bot.store, 100)
        .unwrap()
        .iter()
        .map(|i| Localizer::get().render_plain(i.lang, &i.reply))
        .collect()
}

fn cfg() -> AlertConfig {
    AlertConfig {
        debounce_polls: 1,
        debounce_secs: 0,
        cooldown_secs: 0,
    }
}

#[test]
fn the_from_price_is_on_demand_and_the_count_is_cards_as_sold() {
    let (_d, bot) = setup();
    let gpu = bot.catalog.gpu("h100").unwrap().id.clone();
    assert!(say(&bot, "/subscribe h100").contains("Alert set"));
    let poll = |at: i64, offers: Vec<Offer>| {
        record_fetch(&bot.store, "vast", FetchOutcome::Offers(offers), at).unwrap();
        detect(&bot.store, &bot.catalog, &cfg(), at).unwrap().alerts
    };
    // Baseline: out of stock.
    assert_eq!(
        poll(
            T0,
            host(&gpu, 3, "2.34", "0.18", StockLevel::Unavailable, T0)
        ),
        0
    );
    // Only a bid in stock (the on-demand row rented out): not "back" for a subscription.
    let mut bid_only = host(&gpu, 3, "2.34", "0.18", StockLevel::Unavailable, T0 + 60);
    bid_only[1].stock = StockLevel::Available;
    bid_only[1].available_count = Some(3);
    assert_eq!(poll(T0 + 60, bid_only), 0);
    assert!(alerts_text(&bot).is_empty());
    // One host of three cards in stock, on demand at $2.34, bid at $0.18.
    assert_eq!(
        poll(
            T0 + 120,
            host(&gpu, 3, "2.34", "0.18", StockLevel::Available, T0 + 120)
        ),
        1
    );
    let text = alerts_text(&bot).join("\n");
    assert!(text.contains("$2.34"), "{text}");
    assert!(!text.contains("0.18"), "{text}");
    assert!(
        text.contains("3 available") && !text.contains("6 available"),
        "{text}"
    );
}

#[test]
fn two_hosts_count_their_cards_once_each() {
    let (_d, bot) = setup();
    let gpu = bot.catalog.gpu("h100").unwrap().id.clone();
    say(&bot, "/subscribe h100");
    let poll = |at: i64, offers: Vec<Offer>| {
        record_fetch(&bot.store, "vast", FetchOutcome::Offers(offers), at).unwrap();
        detect(&bot.store, &bot.catalog, &cfg(), at).unwrap().alerts
    };
    poll(T0, host(&gpu, 1, "2.5", "0.2", StockLevel::Unavailable, T0));
    let mut both = host(&gpu, 1, "2.5", "0.2", StockLevel::Available, T0 + 60);
    both.extend(host(&gpu, 2, "2.2", "0.3", StockLevel::Available, T0 + 60));
    assert_eq!(poll(T0 + 60, both), 1);
    let text = alerts_text(&bot).join("\n");
    assert!(
        text.contains("from $2.20") || text.contains("from $2.2 "),
        "{text}"
    );
    assert!(text.contains("3 available"), "{text}");
}

#[test]
fn an_echoed_key_is_neither_stored_nor_shown_in_status() {
    let (_d, mut bot) = setup();
    bot.operators = vec!["test:u1".into()];
    let key = "rpa_5XK2M9QW7TZ3LB8V1NC4HD6FJ0";
    record_fetch(
        &bot.store,
        "runpod",
        FetchOutcome::Failed(format!(
            r#"HTTP 401: {{"error": "invalid api key", "auth": "Bearer {key}"}}"#
        )),
        T0,
    )
    .unwrap();
    let state = provider_state(&bot.store, "runpod").unwrap().unwrap();
    let problem = state.last_problem.unwrap();
    assert!(
        !problem.contains(key) && problem.contains("HTTP 401"),
        "{problem}"
    );
    let status = say(&bot, "/status");
    assert!(
        status.contains("HTTP 401") && !status.contains(key),
        "{status}"
    );
}
