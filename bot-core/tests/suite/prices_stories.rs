//! Issue 25's stories re-verified end to end on cases of our own (the L40S, which no story
//! test used): spot only when asked or as a labelled line, and a spot-only platform still
//! listed under `spot`; whole instances; the newest reading; a fresh live snapshot outranking
//! the catalog. Fixture rows on three platforms; every other L40S row is removed.

use super::chat::{self, priced};
use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, now_unix, record_fetch};
use bot_core::billing;
use bot_core::catalog::{Platform, PriceQuote};
use bot_core::{Bot, Catalog, Store};
use rust_decimal::Decimal;
use std::sync::Arc;

const GPU: &str = "l40s";

fn quote(amount: &str, tier: &str, cards: u32, as_of: &str) -> PriceQuote {
    let mut q = priced(GPU, amount, "USD", tier);
    q.cards = cards;
    q.as_of = as_of.into();
    q
}

/// RunPod: $1.00 on demand (2026-11-10) and an older, cheaper $0.50 (2026-03-01).
/// Vast.ai: only spot, $0.40. Lambda: a 4-card instance at $8.00/h.
fn catalog() -> Catalog {
    let cat = Catalog::embedded().unwrap();
    let mut platforms: Vec<Platform> = cat.platforms.clone();
    for p in &mut platforms {
        p.prices.retain(|q| q.gpu != GPU);
        match p.id.as_str() {
            "runpod" => {
                p.prices.push(quote("1.00", "on_demand", 1, "2026-11-10"));
                p.prices.push(quote("0.50", "on_demand", 1, "2026-03-01"));
            }
            "vast" => p.prices.push(quote("0.40", "spot", 1, "2026-11-10")),
            "lambda" => p.prices.push(quote("8.00", "on_demand", 4, "2026-11-10")),
            _ => {}
        }
    }
    chat::with_platforms(&cat, platforms)
}

fn bot() -> (Bot, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.redb")).unwrap();
    let mut bot = Bot::new(Arc::new(catalog()), Arc::new(store));
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    (bot, dir)
}

fn ask(bot: &Bot, line: &str) -> String {
    chat::ask(bot, "en", line)
}

/// The table row naming `platform`, if any.
fn row<'a>(text: &'a str, platform: &str) -> Option<&'a str> {
    text.lines()
        .find(|l| l.split_whitespace().nth(1) == Some(platform))
}

#[test]
fn spot_is_an_extra_line_by_default_and_a_spot_only_platform_ranks_under_spot() {
    let (bot, _d) = bot();
    let plain = ask(&bot, "/compare l40s 3h boot=0 pull=0");
    assert!(row(&plain, "RunPod").is_some(), "{plain}");
    assert!(
        row(&plain, "Vast.ai").is_none(),
        "spot in the default table: {plain}"
    );
    let spot_line = plain
        .lines()
        .find(|l| l.starts_with("Spot (can be reclaimed"))
        .unwrap_or_default();
    assert!(spot_line.contains("Vast.ai"), "{plain}");
    let asked = ask(&bot, "/compare l40s 3h spot boot=0 pull=0");
    let vast = row(&asked, "Vast.ai").unwrap_or_default();
    assert!(vast.contains("$1.20") && vast.contains("spot"), "{asked}");
    // A 24/7 service gets no spot line at all.
    let always = ask(&bot, "/compare l40s always");
    assert!(!always.contains("Vast.ai"), "{always}");
    // The cheapest pay-as-you-go hour (/fit, /tco) is neither the spot row nor the old one.
    let p = billing::cheapest_hourly_usd(&catalog(), GPU).unwrap();
    assert_eq!(
        (p.usd, p.as_of.as_str(), p.from),
        (Decimal::ONE, "2026-11-10", false)
    );
}

#[test]
fn the_newest_reading_wins_and_a_whole_instance_is_paid_whole() {
    let (bot, _d) = bot();
    let plain = ask(&bot, "/compare l40s 3h boot=0 pull=0");
    // RunPod: $1.00 × 3 h, not the older $0.50.
    let runpod = row(&plain, "RunPod").unwrap_or_default();
    assert!(
        runpod.contains("$3.00") && !runpod.contains("$1.50"),
        "{plain}"
    );
    // Lambda sells 4-card instances only: one card for 3 h pays the instance, $24.00.
    let lambda = row(&plain, "Lambda").unwrap_or_default();
    assert!(lambda.contains("$24.00"), "{plain}");
    // Five cards need two instances: $16.00 an hour.
    let five = ask(&bot, "/cost lambda l40s 1h cards=5 boot=0 pull=0");
    assert!(five.contains("Total: $16.00"), "{five}");
}

#[test]
fn a_fresh_live_snapshot_outranks_the_catalog_and_a_stale_one_does_not() {
    let (bot, _d) = bot();
    let now = now_unix();
    let live = |cents: i64, at: i64| Offer {
        provider: "runpod".into(),
        gpu: GPU.into(),
        raw_name: "L40S".into(),
        cards: 1,
        vram_gb: Some(48.0),
        price_per_gpu_hour: Decimal::new(cents, 2),
        price_per_instance_hour: Decimal::new(cents, 2),
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region: Some("US".into()),
        stock: StockLevel::Available,
        available_count: None,
        fetched_at: at,
        source: "runpod test feed".into(),
    };
    // A day-old snapshot: the list price stands.
    let stale = now - 86_400;
    record_fetch(
        &bot.store,
        "runpod",
        FetchOutcome::Offers(vec![live(79, stale)]),
        stale,
    )
    .unwrap();
    let plain = ask(&bot, "/compare l40s 3h boot=0 pull=0");
    assert!(
        row(&plain, "RunPod").unwrap_or_default().contains("$3.00"),
        "{plain}"
    );
    // A fresh one replaces it, and the answer says so.
    record_fetch(
        &bot.store,
        "runpod",
        FetchOutcome::Offers(vec![live(79, now)]),
        now,
    )
    .unwrap();
    let plain = ask(&bot, "/compare l40s 3h boot=0 pull=0");
    let runpod = row(&plain, "RunPod").unwrap_or_default();
    assert!(runpod.contains("$2.37"), "{plain}");
    assert!(plain.contains("$0.79"), "{plain}");
}
