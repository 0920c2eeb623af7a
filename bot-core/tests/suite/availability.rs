//! Live offers in the store: a failed or empty fetch never turns "in stock" into "out of
//! stock", a good one replaces the snapshot whole, and `/stock` says how old everything is.

use bot_core::availability::{
    FetchOutcome, Offer, OfferKind, Recorded, StockLevel, StockQuery, latest_offers,
    provider_state, record_fetch, stock,
};
use bot_core::context::Ctx;
use bot_core::store::{Store, db_path};
use bot_core::{Catalog, ChatRef, Lang, Localizer};
use rust_decimal::Decimal;

const NOW: i64 = 1_764_581_400; // 2025-12-01T09:30:00Z

pub(super) fn offer(provider: &str, gpu: &str, price: &str, stock: StockLevel, at: i64) -> Offer {
    let p: Decimal = price.parse().unwrap();
    Offer {
        provider: provider.into(),
        gpu: gpu.into(),
        raw_name: gpu.to_uppercase(),
        cards: 1,
        vram_gb: Some(80.0),
        price_per_gpu_hour: p,
        price_per_instance_hour: p,
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region: Some("US".into()),
        stock,
        available_count: None,
        fetched_at: at,
        source: "test".into(),
    }
}

pub(super) fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&db_path(dir.path())).unwrap();
    (dir, s)
}

fn query(gpu: &str) -> StockQuery {
    StockQuery {
        gpu: gpu.into(),
        provider: None,
        max_per_gpu_hour: None,
        max_currency: "USD".into(),
    }
}

fn levels(s: &Store, gpu: &str, now: i64) -> Vec<StockLevel> {
    stock(s, &query(gpu), now, |_| Some(Decimal::ONE))
        .unwrap()
        .rows
        .iter()
        .map(|r| r.offer.stock)
        .collect()
}

#[test]
fn a_failed_or_empty_fetch_never_turns_in_stock_into_out_of_stock() {
    let (_d, s) = store();
    let good = vec![offer(
        "vast",
        "h100-sxm",
        "2.10",
        StockLevel::Available,
        NOW,
    )];
    assert_eq!(
        record_fetch(&s, "vast", FetchOutcome::Offers(good), NOW).unwrap(),
        Recorded::Replaced { offers: 1, gpus: 1 }
    );
    let later = NOW + 600;
    assert_eq!(
        record_fetch(&s, "vast", FetchOutcome::Failed("HTTP 500".into()), later).unwrap(),
        Recorded::KeptAfterFailure
    );
    assert_eq!(levels(&s, "h100-sxm", later), [StockLevel::Available]);
    assert_eq!(
        record_fetch(&s, "vast", FetchOutcome::Offers(vec![]), later + 600).unwrap(),
        Recorded::KeptAfterEmpty
    );
    assert_eq!(levels(&s, "h100-sxm", later + 600), [StockLevel::Available]);
    let state = provider_state(&s, "vast").unwrap().unwrap();
    assert_eq!((state.misses_total, state.misses_in_a_row), (2, 2));
    assert_eq!(state.last_good_at, Some(NOW));
    assert!(state.last_problem.unwrap().contains("no offers"));
    // The old snapshot ages honestly: stale after 2 h, hidden after 24 h — never "out".
    let view = stock(&s, &query("h100-sxm"), NOW + 25 * 3600, |_| {
        Some(Decimal::ONE)
    })
    .unwrap();
    assert!(view.rows.is_empty());
    assert_eq!(view.providers[0].hidden_old, 1);
}

#[test]
fn a_good_fetch_replaces_the_whole_snapshot_and_resets_the_misses() {
    let (_d, s) = store();
    let first = vec![
        offer("runpod", "h100-sxm", "2.69", StockLevel::Available, NOW),
        offer("runpod", "rtx-4090", "0.69", StockLevel::Low, NOW),
    ];
    record_fetch(&s, "runpod", FetchOutcome::Offers(first), NOW).unwrap();
    record_fetch(
        &s,
        "runpod",
        FetchOutcome::Failed("timeout".into()),
        NOW + 60,
    )
    .unwrap();
    let second = vec![offer(
        "runpod",
        "h100-sxm",
        "2.99",
        StockLevel::Unavailable,
        NOW + 120,
    )];
    record_fetch(&s, "runpod", FetchOutcome::Offers(second), NOW + 120).unwrap();
    // The provider answered that the H100 is out: that is a real "out".
    assert_eq!(levels(&s, "h100-sxm", NOW + 130), [StockLevel::Unavailable]);
    // The 4090 is gone from the latest answer, so it is gone from the store.
    assert!(latest_offers(&s, "rtx4090", None).unwrap().is_empty());
    let state = provider_state(&s, "runpod").unwrap().unwrap();
    assert_eq!(state.misses_in_a_row, 0);
    assert_eq!(state.misses_total, 1);
    // Offers filed under another provider's name are not stored (a bug guard).
    let stray = vec![offer("lambda", "a10", "0.75", StockLevel::Available, NOW)];
    assert_eq!(
        record_fetch(&s, "vast", FetchOutcome::Offers(stray), NOW).unwrap(),
        Recorded::KeptAfterEmpty
    );
}

#[test]
fn in_stock_comes_first_then_the_cheapest_and_a_price_limit_filters() {
    let (_d, s) = store();
    record_fetch(
        &s,
        "vast",
        FetchOutcome::Offers(vec![
            offer("vast", "h100-sxm", "1.50", StockLevel::Unavailable, NOW),
            offer("vast", "h100-sxm", "2.40", StockLevel::Available, NOW),
        ]),
        NOW,
    )
    .unwrap();
    record_fetch(
        &s,
        "runpod",
        FetchOutcome::Offers(vec![
            offer("runpod", "h100-sxm", "1.99", StockLevel::Available, NOW),
            offer("runpod", "h100-sxm", "1.80", StockLevel::Unknown, NOW),
        ]),
        NOW,
    )
    .unwrap();
    let prices: Vec<String> = stock(&s, &query("h100-sxm"), NOW + 60, |_| Some(Decimal::ONE))
        .unwrap()
        .rows
        .iter()
        .map(|r| r.offer.price_per_gpu_hour.to_string())
        .collect();
    assert_eq!(prices, ["1.99", "2.40", "1.80", "1.50"]);
    let mut q = query("h100-sxm");
    q.max_per_gpu_hour = Some("2".parse().unwrap());
    let view = stock(&s, &q, NOW + 60, |_| Some(Decimal::ONE)).unwrap();
    assert_eq!(view.rows.len(), 3);
    assert_eq!(
        view.providers.iter().map(|p| p.over_price).sum::<usize>(),
        1
    );
}

fn ask(s: &Store, lang: Lang, args: &str, now: i64) -> String {
    let cat = Catalog::embedded().unwrap();
    let who = ChatRef::terminal(None);
    let ctx = Ctx {
        catalog: &cat,
        store: s,
        who: &who,
        lang,
        currency: lang.default_currency().into(),
        bare_currency: "USD".into(),
        today: now / 86_400,
        is_operator: false,
    };
    let reply = match bot_core::commands::stock::StockArgs::parse(&ctx, args) {
        Ok(a) => {
            let q = a.query(&ctx);
            let r = bot_core::answer::stock::chat(&ctx, &q, now);
            // As `/stock` answers: the card's other variants named.
            bot_core::answer::stock::with_siblings(&ctx, &q, r, bot_core::commands::stock::DEF.name)
        }
        Err(r) => r,
    };
    for id in reply.message_ids() {
        for l in [Lang::En, Lang::Zh] {
            assert!(
                Localizer::get().ids(l).iter().any(|i| i == id),
                "{id} missing in {l:?}"
            );
        }
    }
    println!("{}", Localizer::get().render_plain(lang, &reply));
    Localizer::get().render_plain(lang, &reply)
}

#[test]
fn a_student_asks_who_has_h100s_and_hears_how_old_each_figure_is() {
    let (_d, s) = store();
    record_fetch(
        &s,
        "vast",
        FetchOutcome::Offers(vec![offer(
            "vast",
            "h100-sxm",
            "2.10",
            StockLevel::Available,
            NOW,
        )]),
        NOW,
    )
    .unwrap();
    record_fetch(&s, "runpod", FetchOutcome::Failed("HTTP 502".into()), NOW).unwrap();
    let en = ask(&s, Lang::En, "h100", NOW + 3 * 3600);
    assert!(en.contains("$2.10"), "{en}");
    assert!(en.contains("3 h ago *"), "{en}");
    assert!(en.contains("stale"), "{en}");
    assert!(en.contains("RunPod: no data yet"), "{en}");
    assert!(en.contains("Lambda"), "{en}");
    let zh = ask(&s, Lang::Zh, "h100", NOW + 3 * 3600);
    assert!(zh.contains("有货"), "{zh}");
    assert!(zh.contains("3 小时前"), "{zh}");
    assert!(zh.contains("已过时"), "{zh}");
    // A price limit in the user's words, a platform, and an unknown card.
    let limited = ask(&s, Lang::En, "h100 vast $2", NOW + 60);
    assert!(limited.contains("above $2"), "{limited}");
    let missing = ask(&s, Lang::En, "h1000", NOW);
    assert!(missing.contains("h1000"), "{missing}");
    let bad = ask(&s, Lang::En, "h100 nowhere", NOW);
    assert!(bad.contains("nowhere"), "{bad}");
}

#[test]
fn with_no_data_at_all_the_answer_says_how_to_get_some() {
    let (_d, s) = store();
    let en = ask(&s, Lang::En, "4090", NOW);
    assert!(en.contains("poll --once"), "{en}");
    let zh = ask(&s, Lang::Zh, "4090", NOW);
    assert!(zh.contains("还没有任何平台数据"), "{zh}");
    let autodl = ask(&s, Lang::En, "4090 autodl", NOW);
    assert!(autodl.contains("no live feed"), "{autodl}");
}

#[test]
fn an_unknown_sku_is_found_under_its_raw_name() {
    let (_d, s) = store();
    let mut o = offer(
        "vast",
        "Quantum Flux 9000",
        "5.00",
        StockLevel::Available,
        NOW,
    );
    o.raw_name = "Quantum Flux 9000".into();
    record_fetch(&s, "vast", FetchOutcome::Offers(vec![o]), NOW).unwrap();
    let en = ask(&s, Lang::En, "quantum flux 9000 vast", NOW + 60);
    assert!(en.contains("$5.00"), "{en}");
}

/// `/stock a100` is the A100 80GB SXM4; with only the 40 GB card in stock on Lambda, the
/// answer had said the 80 GB card was out everywhere and no more. Now the family's other
/// variants are named (both languages) and offered to tap; a card with no variants is not.
#[test]
fn a_family_name_in_stock_names_its_other_variants() {
    let (_d, s) = store();
    record_fetch(
        &s,
        "lambda",
        FetchOutcome::Offers(vec![offer(
            "lambda",
            "a100-40g-sxm",
            "1.29",
            StockLevel::Available,
            NOW,
        )]),
        NOW,
    )
    .unwrap();
    let en = ask(&s, Lang::En, "a100", NOW + 60);
    assert!(
        en.contains("A100 40GB SXM4 is") || en.contains("A100 40GB SXM4,"),
        "{en}"
    );
    assert!(en.contains("have their own stock"), "{en}");
    let zh = ask(&s, Lang::Zh, "a100 lambda", NOW + 60);
    assert!(
        zh.contains("库存和价格另算") && zh.contains("A100 40GB"),
        "{zh}"
    );
    let one = ask(&s, Lang::En, "rtx-4090", NOW + 60);
    assert!(!one.contains("have their own stock"), "{one}");
}
