//! Live prices where fresh, list prices otherwise, and the answer says which: `/compare`, the
//! `/fit` options and the `/pick` result use a provider's fresh snapshot (under 2 h), say so
//! with its age and stock, keep the list price for a provider whose offers are all out, and
//! are exactly the catalog-only answers when the snapshot is stale or absent.

use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, now_unix, record_fetch};
use bot_core::reply::Reply;
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use rust_decimal::Decimal;
use std::sync::Arc;

fn bot(dir: &std::path::Path) -> Bot {
    let store = Arc::new(Store::open(&db_path(dir)).unwrap());
    Bot::new(Arc::new(Catalog::embedded().unwrap()), store)
}

fn who() -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: "u".into(),
        locale: Some("en-US".into()),
        thread: None,
    }
}

fn text(replies: &[Reply], lang: Lang) -> String {
    replies
        .iter()
        .map(|r| Localizer::get().render_plain(lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

fn say(b: &Bot, line: &str) -> String {
    let a = b.handle(&who(), Input::Text(line.into()));
    text(&a.replies, a.lang)
}

fn tap(b: &Bot, id: &str) -> (String, Vec<String>) {
    let a = b.handle(&who(), Input::Choice(id.into()));
    let ids = a
        .replies
        .iter()
        .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
        .collect();
    (text(&a.replies, a.lang), ids)
}

/// A one-card US on-demand offer at `cents` per hour (also the price suites' live row).
pub(crate) fn offer(provider: &str, gpu: &str, cents: i64, stock: StockLevel, at: i64) -> Offer {
    Offer {
        provider: provider.into(),
        gpu: gpu.into(),
        raw_name: gpu.into(),
        cards: 1,
        vram_gb: Some(24.0),
        price_per_gpu_hour: Decimal::new(cents, 2),
        price_per_instance_hour: Decimal::new(cents, 2),
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region: Some("US".into()),
        stock,
        available_count: None,
        fetched_at: at,
        source: format!("{provider} test feed"),
    }
}

fn record(b: &Bot, provider: &str, offers: Vec<Offer>, at: i64) {
    record_fetch(&b.store, provider, FetchOutcome::Offers(offers), at).unwrap();
}

#[test]
fn compare_uses_fresh_live_prices_and_says_so_and_is_unchanged_without_them() {
    let empty = tempfile::tempdir().unwrap();
    let catalog_only = say(&bot(empty.path()), "/compare 4090 3h");
    assert!(!catalog_only.contains("live price"), "{catalog_only}");

    // A snapshot three hours old is stale: the answer is the catalog's, byte for byte.
    let dir = tempfile::tempdir().unwrap();
    let b = bot(dir.path());
    let old = now_unix() - 3 * 3600;
    record(
        &b,
        "vast",
        vec![offer("vast", "rtx-4090", 5, StockLevel::Available, old)],
        old,
    );
    assert_eq!(say(&b, "/compare 4090 3h"), catalog_only);

    // Fresh: Vast's live 5 cents beats every list price and says so; RunPod is all out and
    // keeps its list price, said too.
    let now = now_unix();
    record(
        &b,
        "vast",
        vec![
            offer("vast", "rtx-4090", 9, StockLevel::Unavailable, now),
            offer("vast", "rtx-4090", 5, StockLevel::Available, now),
        ],
        now,
    );
    record(
        &b,
        "runpod",
        vec![offer("runpod", "rtx-4090", 1, StockLevel::Unavailable, now)],
        now,
    );
    let t = say(&b, "/compare 4090 3h currency=usd");
    assert!(
        t.contains("Vast.ai: live price $0.05 per GPU-hour (in stock, fetched just now)"),
        "{t}"
    );
    assert!(
        t.contains("RunPod: every offer for this card was out"),
        "{t}"
    );
    assert!(
        t.contains("The other rows are the catalog's list prices"),
        "{t}"
    );
    let first_row = t
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_default();
    assert!(first_row.contains("Vast.ai"), "{t}");
    // RunPod's out-of-stock 1 cent was not used as its price.
    assert!(!t.contains("$0.01/hour"), "{t}");
}

#[test]
fn fit_options_and_the_pick_result_name_fresh_live_prices() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(dir.path());
    let before = say(&b, "/fit qwen2.5-7b");
    assert!(!before.contains("Live now"), "{before}");
    let now = now_unix();
    // A 2-card machine: it holds the 1-card /fit option and the /pick job on two cards.
    let two = Offer {
        cards: 2,
        price_per_instance_hour: Decimal::new(10, 2),
        ..offer("vast", "rtx-4090", 5, StockLevel::Low, now)
    };
    record(&b, "vast", vec![two], now);
    let t = say(&b, "/fit qwen2.5-7b");
    assert!(t.contains("Live now:"), "{t}");
    assert!(t.contains("$0.05 per GPU-hour on Vast.ai (low"), "{t}");
    // A named card that fits lists no options, so no live line either.
    assert!(!say(&b, "/fit qwen2.5-7b 4090").contains("Live now"));

    // /pick to the result, choosing two 4090s. The card step's buttons are the cheapest
    // list prices for the job, which since AutoDL's full list (V100, A40, ... at ¥1.98–3.14/h)
    // are not the 4090 (a LoRA of 25.8 GiB needs two of them); a card is typed at that step
    // as a user can at every step.
    say(&b, "/pick");
    tap(&b, "t:tune");
    tap(&b, "m:qwen2.5-7b");
    tap(&b, "q:lora");
    tap(&b, "c:4096");
    tap(&b, "u:3h");
    let needs = say(&b, "2x 4090");
    assert!(
        needs.contains("What do you need to get started?"),
        "{needs}"
    );
    let (result, _) = tap(&b, "b:done");
    assert!(result.contains("Where to rent"), "{result}");
    assert!(result.contains("Vast.ai: live price $0.05"), "{result}");
    assert!(!result.contains("Stock: unknown"), "{result}");
}

/// A job on several cards of one machine is priced on a live offer whose machine holds it:
/// eight fresh 1-card Vast rentals are not one 8-card node, so an 8-card job pays Vast's 8-card
/// machine (dearer per GPU), and with no machine that large Vast gets no live price at all;
/// RunPod rents any count of a type per GPU, so its per-GPU price scales.
#[test]
fn a_multi_card_job_is_priced_on_a_live_machine_that_holds_it() {
    use bot_core::availability::live_quotes;
    let dir = tempfile::tempdir().unwrap();
    let b = bot(dir.path());
    let now = now_unix();
    let machine = |cards: u32, cents_per_gpu: i64| Offer {
        cards,
        price_per_instance_hour: Decimal::new(cents_per_gpu * i64::from(cards), 2),
        ..offer(
            "vast",
            "rtx-4090",
            cents_per_gpu,
            StockLevel::Available,
            now,
        )
    };
    record(
        &b,
        "vast",
        vec![machine(1, 30), machine(8, 45), machine(2, 35)],
        now,
    );
    record(
        &b,
        "runpod",
        vec![offer("runpod", "rtx-4090", 50, StockLevel::Available, now)],
        now,
    );
    let per = |cards: u32| {
        let q = live_quotes(&b.store, "rtx-4090", cards, now).unwrap();
        let vast = q
            .iter()
            .find(|q| q.provider == "vast")
            .map(|q| (q.cards, q.price_per_gpu_hour));
        let runpod = q
            .iter()
            .find(|q| q.provider == "runpod")
            .map(|q| (q.cards, q.price_per_gpu_hour));
        (vast, runpod)
    };
    assert_eq!(
        per(1),
        (
            Some((1, Decimal::new(30, 2))),
            Some((1, Decimal::new(50, 2)))
        )
    );
    assert_eq!(
        per(2),
        (
            Some((2, Decimal::new(35, 2))),
            Some((1, Decimal::new(50, 2)))
        )
    );
    // Three cards: the smallest machine that holds them is the 8-card one, paid whole.
    assert_eq!(
        per(3),
        (
            Some((8, Decimal::new(45, 2))),
            Some((1, Decimal::new(50, 2)))
        )
    );
    assert_eq!(
        per(8),
        (
            Some((8, Decimal::new(45, 2))),
            Some((1, Decimal::new(50, 2)))
        )
    );
    assert_eq!(per(9).0, None);
    // In the answer: 8 cards on Vast cost 8 × $0.45 = $3.60/hour, not 8 × $0.30.
    let t = say(&b, "/compare 8x 4090 1h currency=usd boot=0 pull=0");
    let vast = t
        .lines()
        .find(|l| l.contains("Vast.ai") && l.contains("hour"))
        .unwrap_or_else(|| panic!("{t}"));
    assert!(vast.contains("$3.60"), "{vast}\n{t}");
    assert!(!vast.contains("$2.40"), "{vast}\n{t}");
}
