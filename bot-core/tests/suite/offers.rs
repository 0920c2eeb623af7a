//! `/offers` filters and `/report` through the bot, as users type them: vastai-style filters
//! over live and catalog offers, bad filters refused without a panic, unknown cards found by
//! their raw name, memory filters never passing an offer whose memory nobody gave, and
//! `/report` refused (and nothing written) for anyone but an operator.

use bot_core::availability::{
    FeedInfo, FetchOutcome, Offer, OfferKind, StockLevel, format_rfc3339, gpu_key, now_unix,
    record_fetch, record_import, sightings,
};
use bot_core::reply::Reply;
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use rust_decimal::Decimal;
use std::sync::Arc;

fn who(user: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "telegram".into(),
        chat: "c".into(),
        user: user.into(),
        locale: Some(locale.into()),
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

pub(super) fn say(b: &Bot, user: &str, line: &str) -> String {
    let a = b.handle(&who(user, "en-US"), Input::Text(line.into()));
    text(&a.replies, a.lang)
}

#[allow(clippy::too_many_arguments)]
pub(super) fn offer(
    provider: &str,
    gpu: &str,
    cards: u32,
    vram: Option<f64>,
    cents: i64,
    kind: OfferKind,
    region: &str,
    at: i64,
) -> Offer {
    Offer {
        provider: provider.into(),
        gpu: gpu.into(),
        raw_name: gpu.into(),
        cards,
        vram_gb: vram,
        price_per_gpu_hour: Decimal::new(cents, 2),
        price_per_instance_hour: Decimal::new(cents * i64::from(cards), 2),
        currency: "USD".into(),
        kind,
        region: Some(region.into()),
        stock: StockLevel::Available,
        available_count: None,
        fetched_at: at,
        source: format!("{provider} test"),
    }
}

pub(super) fn world() -> (Bot, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.operators = vec!["telegram:op".into()];
    let now = now_unix();
    record_fetch(
        &bot.store,
        "vast",
        FetchOutcome::Offers(vec![
            offer(
                "vast",
                "h100-sxm",
                8,
                Some(80.0),
                210,
                OfferKind::OnDemand,
                "Texas, US",
                now,
            ),
            offer(
                "vast",
                "h100-sxm",
                1,
                Some(80.0),
                190,
                OfferKind::Spot,
                "Quebec, CA",
                now,
            ),
            offer(
                "vast",
                "rtx-4090",
                2,
                Some(24.0),
                35,
                OfferKind::OnDemand,
                "Spain, ES",
                now,
            ),
            offer(
                "vast",
                "Quantum Flux 9000",
                1,
                None,
                500,
                OfferKind::OnDemand,
                "US",
                now,
            ),
        ]),
        now,
    )
    .unwrap();
    record_import(
        &bot.store,
        FeedInfo {
            feed: "skypilot/lambda".into(),
            source: "test".into(),
            as_of: "2026-11-20".into(),
            ..FeedInfo::default()
        },
        vec![offer(
            "lambda",
            "h100-sxm",
            8,
            Some(80.0),
            299,
            OfferKind::OnDemand,
            "us-east-1",
            0,
        )],
    )
    .unwrap();
    (bot, dir)
}

#[test]
fn filters_read_the_way_vastai_search_offers_people_write_them() {
    let (b, _d) = world();
    let t = say(&b, "u", "/offers h100");
    assert!(t.contains("3 offers match"), "{t}");
    // Live first, then the catalog row, labelled.
    let lambda_at = t.find("Lambda").unwrap();
    assert!(t.find("Vast.ai").unwrap() < lambda_at, "{t}");
    assert!(t.contains("price only"), "{t}");
    assert!(say(&b, "u", "/offers h100 spot").contains("1 offer match"));
    assert!(say(&b, "u", "/offers h100 cards>=8 live").contains("1 offer match"));
    assert!(say(&b, "u", "/offers num_gpus>=8").contains("2 offers match"));
    assert!(say(&b, "u", "/offers 2x").contains("1 offer match"));
    assert!(say(&b, "u", "/offers region=ca").contains("1 offer match"));
    assert!(say(&b, "u", "/offers geolocation=ES 4090").contains("1 offer match"));
    assert!(say(&b, "u", "/offers max=2").contains("2 offers match"));
    assert!(say(&b, "u", "/offers dph<1").contains("1 offer match"));
    assert!(say(&b, "u", "/offers lambda").contains("1 offer match"));
    // Memory nobody gave never passes a memory filter.
    let t = say(&b, "u", "/offers vram>=16");
    assert!(
        t.contains("4 offers match") && !t.contains("Quantum"),
        "{t}"
    );
    // Sorted dearest first: the $5 unknown card leads the live rows.
    let t = say(&b, "u", "/offers sort=-price");
    let first = t.lines().nth(2).unwrap_or_default();
    assert!(first.contains("Quantum Flux 9000"), "{t}");
    // A card only a provider names is found by its raw name.
    assert!(say(&b, "u", "/offers quantum flux 9000").contains("1 offer match"));
}

#[test]
fn bad_filters_are_refused_clearly_and_nothing_panics() {
    let (b, _d) = world();
    for (line, want) in [
        ("/offers cards>=many", "cards>=many"),
        ("/offers sort=colour", "sort=colour"),
        ("/offers colour=red", "colour=red"),
        ("/offers price>=2", "price>=2"),
        ("/offers cards>=4 cards<=2", "lower bound"),
        ("/offers h1000", "h1000"),
        ("/offers max=-1", "max=-1"),
    ] {
        let t = say(&b, "u", line);
        assert!(t.contains(want), "{line}: {t}");
    }
    for junk in [
        "/offers >=",
        "/offers ==",
        "/offers x0",
        "/offers 🚀>=1",
        "/offers vram>=1e400",
    ] {
        let _ = say(&b, "u", junk);
    }
    // Chinese.
    let a = b.handle(&who("z", "zh-CN"), Input::Text("/offers h100 spot".into()));
    let t = text(&a.replies, a.lang);
    assert!(t.contains("符合条件的报价共 1 条"), "{t}");
}

#[test]
fn report_is_for_operators_and_records_who_and_when() {
    let (b, _d) = world();
    let t = say(&b, "stranger", "/report autodl 4090 in");
    assert!(t.contains("Only the bot's operators"), "{t}");
    assert!(
        sightings(&b.store, &gpu_key("rtx-4090"))
            .unwrap()
            .is_empty()
    );
    let t = say(&b, "op", "/report autodl 4090 in ¥1.98");
    assert!(
        t.contains("Recorded: AutoDL") && t.contains("in stock"),
        "{t}"
    );
    assert!(t.contains("¥1.98") && t.contains("telegram:op"), "{t}");
    let s = sightings(&b.store, &gpu_key("rtx-4090")).unwrap();
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].price_per_gpu_hour, Some(Decimal::new(198, 2)));
    assert_eq!(s[0].currency.as_deref(), Some("CNY"));
    // The next report replaces it: out now.
    say(&b, "op", "/report autodl 4090 out");
    let s = sightings(&b.store, &gpu_key("rtx-4090")).unwrap();
    assert_eq!((s.len(), s[0].stock), (1, StockLevel::Unavailable));
    let t = say(&b, "u", "/stock 4090 autodl");
    assert!(t.contains("telegram:op (report)"), "{t}");
    // Bad reports change nothing.
    for line in [
        "/report autodl",
        "/report nowhere 4090 in",
        "/report autodl 4090 maybe",
        "/report autodl 4090 -3",
    ] {
        let t = say(&b, "op", line);
        assert!(!t.contains("Recorded"), "{line}: {t}");
    }
    assert_eq!(
        sightings(&b.store, &gpu_key("rtx-4090")).unwrap()[0].stock,
        StockLevel::Unavailable
    );
}

/// `/offers` answers from an in-memory index of the stored offers; every write of the
/// snapshots (a poll, an import, a failed fetch) must show in the very next answer.
#[test]
fn the_offer_index_follows_every_write_of_the_snapshots() {
    use bot_core::availability::{OfferFilter, search_offers};
    let (bot, _dir) = world();
    let now = now_unix();
    let h100 = |store: &Store| {
        let f = OfferFilter {
            gpu: Some("h100-sxm".into()),
            currency: "USD".into(),
            ..OfferFilter::default()
        };
        search_offers(store, &f, now, |_| Some(Decimal::ONE))
            .unwrap()
            .rows
            .iter()
            .map(|r| (r.offer.provider.clone(), r.offer.cards, r.price_only()))
            .collect::<Vec<_>>()
    };
    let first = h100(&bot.store);
    assert_eq!(first.len(), 3, "{first:?}");
    assert_eq!(h100(&bot.store), first, "the same answer from the index");
    // A new poll replaces vast's snapshot: one H100 offer is left.
    record_fetch(
        &bot.store,
        "vast",
        FetchOutcome::Offers(vec![offer(
            "vast",
            "h100-sxm",
            4,
            Some(80.0),
            150,
            OfferKind::OnDemand,
            "Texas, US",
            now,
        )]),
        now,
    )
    .unwrap();
    assert_eq!(
        h100(&bot.store),
        vec![("vast".into(), 4, false), ("lambda".into(), 8, true)]
    );
    // An import adds catalog rows.
    record_import(
        &bot.store,
        FeedInfo {
            feed: "gpuhunt/runpod".into(),
            source: "test".into(),
            as_of: "2026-11-21".into(),
            ..FeedInfo::default()
        },
        vec![offer(
            "runpod",
            "h100-sxm",
            2,
            Some(80.0),
            199,
            OfferKind::OnDemand,
            "EU",
            0,
        )],
    )
    .unwrap();
    assert_eq!(h100(&bot.store).len(), 3);
    // Inside an update, the update's own pending writes are seen (and not kept in the index
    // if the update never commits).
    let seen = bot
        .store
        .once("test:chat", 1, || {
            record_fetch(
                &bot.store,
                "vast",
                FetchOutcome::Offers(vec![offer(
                    "vast",
                    "rtx-4090",
                    1,
                    Some(24.0),
                    30,
                    OfferKind::OnDemand,
                    "Spain, ES",
                    now,
                )]),
                now,
            )
            .unwrap();
            h100(&bot.store)
        })
        .unwrap()
        .unwrap();
    assert_eq!(
        seen.len(),
        2,
        "vast's H100 is gone in the pending snapshot: {seen:?}"
    );
    assert_eq!(
        h100(&bot.store),
        seen,
        "and the commit shows after the update"
    );
}

/// A catalog row older than 30 days is marked `*` with the footnote every price list has, and a
/// recent one is not; the on-demand tier reads 按量 in Chinese as in /compare.
#[test]
fn an_old_catalog_price_is_marked_as_every_price_list_marks_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    let now = now_unix();
    for (feed, provider, days) in [
        ("skypilot/runpod", "runpod", 45),
        ("skypilot/lambda", "lambda", 3),
    ] {
        let at = now - days * 86_400;
        record_import(
            &bot.store,
            FeedInfo {
                feed: feed.into(),
                source: "test".into(),
                as_of: format_rfc3339(at)[..10].to_string(),
                ..FeedInfo::default()
            },
            vec![offer(
                provider,
                "l40s",
                1,
                Some(48.0),
                99,
                OfferKind::OnDemand,
                "us",
                at,
            )],
        )
        .unwrap();
    }
    let t = say(&bot, "u", "/offers l40s");
    let row = |name: &str| {
        t.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {t}"))
            .trim_end()
            .to_string()
    };
    assert!(row("RunPod").ends_with('*'), "{t}");
    assert!(!row("Lambda").ends_with('*'), "{t}");
    assert!(t.contains("older than 30 days"), "{t}");
    let a = bot.handle(
        &who("z", "zh-CN"),
        Input::Text("/offers l40s lambda".into()),
    );
    let zh = text(&a.replies, a.lang);
    assert!(zh.contains("按量") && !zh.contains("按需"), "{zh}");
    assert!(
        !zh.contains("超过 30 天"),
        "a recent row alone needs no footnote: {zh}"
    );
}

/// `region=cn|global` is the catalog's split of platforms (`/platforms cn`), so a Chinese
/// platform's rows, which carry no region text, are found by it; a region text still matches
/// as a part of the offer's own (`region=ca`).
#[test]
fn the_catalogs_regions_find_platforms_whose_rows_carry_no_region() {
    let (b, _d) = world();
    let mut cn = offer(
        "autodl",
        "rtx-4090",
        1,
        Some(24.0),
        28,
        OfferKind::OnDemand,
        "",
        0,
    );
    cn.region = None;
    cn.currency = "CNY".into();
    record_import(
        &b.store,
        FeedInfo {
            feed: "curated/autodl".into(),
            source: "test".into(),
            as_of: "2026-11-20".into(),
            ..FeedInfo::default()
        },
        vec![cn],
    )
    .unwrap();
    let t = say(&b, "u", "/offers 4090 region=cn");
    assert!(t.contains("1 offer match") && t.contains("AutoDL"), "{t}");
    let t = say(&b, "u", "/offers 4090 region=global");
    assert!(t.contains("1 offer match") && t.contains("Vast.ai"), "{t}");
    assert!(!t.contains("AutoDL"), "{t}");
    // Asked in words, in either language.
    for q in ["国内哪里有4090的货", "4090 offers inside china?"] {
        let a = b.handle(&who("u", "zh-CN"), Input::Text(q.into()));
        let t = text(&a.replies, a.lang);
        assert!(t.contains("region=cn") && t.contains("AutoDL"), "{q}: {t}");
    }
    let a = b.handle(&who("u", "zh-CN"), Input::Text("海外哪里有4090".into()));
    let t = text(&a.replies, a.lang);
    assert!(t.contains("region=global") && !t.contains("AutoDL"), "{t}");
}
