//! `/trend` and the stock rhythm from the hourly history the snapshots leave: summaries per
//! platform, the hours a card is usually in stock (UTC for English, UTC+8 for Chinese), the
//! nearest card with as much memory that is in stock when it is out, and the retention pass.

use bot_core::answer::trend::{self, TrendQuery};
use bot_core::availability::{
    FetchOutcome, Offer, OfferKind, StockLevel, gpu_key, history, latest_offers, prune_history,
    record_fetch,
};
use bot_core::chart::{ChartRenderer, PriceChart};
use bot_core::context::Ctx;
use bot_core::store::{Store, db_path};
use bot_core::{Catalog, ChatRef, Lang, Localizer, Reply};
use rust_decimal::Decimal;
use std::sync::Mutex;

/// 2026-12-01T00:00:00Z, a whole hour.
const NOW: i64 = 1_796_083_200;
const HOUR: i64 = 3600;

fn offer(provider: &str, gpu: &str, price: &str, stock: StockLevel, at: i64) -> Offer {
    let p: Decimal = price.parse().unwrap();
    Offer {
        provider: provider.into(),
        gpu: gpu.into(),
        raw_name: gpu.to_uppercase(),
        cards: 1,
        vram_gb: None,
        price_per_gpu_hour: p,
        price_per_instance_hour: p,
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region: None,
        stock,
        available_count: None,
        fetched_at: at,
        source: "test".into(),
    }
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let s = Store::open(&db_path(dir.path())).unwrap();
    (dir, s)
}

fn fetch(s: &Store, provider: &str, offers: Vec<Offer>, at: i64) {
    record_fetch(s, provider, FetchOutcome::Offers(offers), at).unwrap();
}

/// Keeps the chart it was asked to draw; answers with fixed bytes or an error.
struct Recorder {
    charts: Mutex<Vec<PriceChart>>,
    fail: bool,
}

impl ChartRenderer for Recorder {
    fn price_chart(&self, chart: &PriceChart) -> Result<Vec<u8>, String> {
        self.charts.lock().unwrap().push(chart.clone());
        if self.fail {
            Err("no".into())
        } else {
            Ok(b"\x89PNG fake".to_vec())
        }
    }
}

fn ctx<'a>(cat: &'a Catalog, s: &'a Store, who: &'a ChatRef, lang: Lang) -> Ctx<'a> {
    Ctx {
        catalog: cat,
        store: s,
        who,
        lang,
        currency: lang.default_currency().into(),
        bare_currency: "USD".into(),
        today: NOW / 86_400,
        is_operator: false,
    }
}

fn text(lang: Lang, reply: &Reply) -> String {
    for id in reply.message_ids() {
        for l in [Lang::En, Lang::Zh] {
            assert!(
                Localizer::get().ids(l).iter().any(|i| i == id),
                "{id} missing in {l:?}"
            );
        }
    }
    let out = Localizer::get().render_plain(lang, reply);
    println!("{out}");
    out
}

#[test]
fn a_month_of_history_gives_a_summary_per_platform_and_a_chart() {
    let (_d, s) = store();
    // Every 6 hours for 40 days: vast falls from 0.50 to 0.40, runpod stays at 0.69.
    for i in 0..160 {
        let at = NOW - (159 - i) * 6 * HOUR;
        let vast = if i < 80 { "0.50" } else { "0.40" };
        fetch(
            &s,
            "vast",
            vec![offer("vast", "rtx-4090", vast, StockLevel::Available, at)],
            at,
        );
        fetch(
            &s,
            "runpod",
            vec![offer("runpod", "rtx-4090", "0.69", StockLevel::Low, at)],
            at,
        );
    }
    let cat = Catalog::embedded().unwrap();
    let who = ChatRef::terminal(None);
    let c = ctx(&cat, &s, &who, Lang::En);
    let q = trend::parse(&c, "4090").unwrap();
    assert_eq!(
        q,
        TrendQuery {
            gpu: "rtx-4090".into(),
            days: 30,
            job: None,
        }
    );
    let rep = trend::report(&c, &q, NOW).unwrap();
    assert_eq!(rep.series.len(), 2);
    let vast = rep.summaries.iter().find(|x| x.provider == "vast").unwrap();
    // 30 days at one point per 6 hours = 120 points; the first 40 at 0.50, then 0.40.
    assert_eq!(vast.points, 120);
    assert_eq!(vast.lowest, Decimal::new(40, 2));
    assert_eq!(vast.median, Decimal::new(40, 2));
    assert_eq!(vast.change_percent, Some(Decimal::new(-200, 1)));
    let runpod = rep
        .summaries
        .iter()
        .find(|x| x.provider == "runpod")
        .unwrap();
    assert_eq!(runpod.change_percent, Some(Decimal::ZERO));
    assert_eq!(runpod.in_stock_hours, 120, "low counts as in stock");

    let rec = Recorder {
        charts: Mutex::new(Vec::new()),
        fail: false,
    };
    let reply = trend::reply(&c, &rep, Some(&rec));
    let image = reply.image.as_ref().expect("a chart with a renderer");
    assert!(image.png.starts_with(b"\x89PNG"));
    let charts = rec.charts.lock().unwrap();
    let chart = &charts[0];
    let labels: Vec<&str> = chart.lines.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(labels, ["runpod", "vast"]);
    assert_eq!(chart.lines[1].points.len(), 120);
    assert!(chart.title.is_ascii() && chart.title.contains("rtx-4090"));
    assert_eq!(chart.to_hour - chart.from_hour + 1, 30 * 24);
    let out = text(Lang::En, &reply);
    assert!(
        out.contains("lowest $0.40, median $0.40, $0.50 → $0.40 (-20%)"),
        "{out}"
    );
    assert!(out.contains("$0.69 → $0.69 (0%)"), "{out}");

    // Chinese: the same figures, times in UTC+8, no English words left in the sentences.
    let cz = ctx(&cat, &s, &who, Lang::Zh);
    let rep_zh = trend::report(&cz, &trend::parse(&cz, "4090 7天").unwrap(), NOW).unwrap();
    assert_eq!(rep_zh.days, 7);
    assert_eq!(rep_zh.offset_hours, 8);
    let zh = text(Lang::Zh, &trend::reply(&cz, &rep_zh, None));
    assert!(zh.contains("最低 $0.40"), "{zh}");
    assert!(zh.contains("UTC+8"), "{zh}");
    assert!(!zh.contains("lowest") && !zh.contains("median"), "{zh}");
}

#[test]
fn a_chart_that_cannot_be_drawn_still_leaves_the_figures() {
    let (_d, s) = store();
    fetch(
        &s,
        "vast",
        vec![offer(
            "vast",
            "h100-sxm",
            "2.10",
            StockLevel::Available,
            NOW,
        )],
        NOW,
    );
    let cat = Catalog::embedded().unwrap();
    let who = ChatRef::terminal(None);
    let c = ctx(&cat, &s, &who, Lang::En);
    let rec = Recorder {
        charts: Mutex::new(Vec::new()),
        fail: true,
    };
    let rep = trend::report(&c, &trend::parse(&c, "h100 sxm").unwrap(), NOW).unwrap();
    let reply = trend::reply(&c, &rep, Some(&rec));
    assert!(reply.image.is_none());
    let out = text(Lang::En, &reply);
    assert!(out.contains("could not be drawn"), "{out}");
    assert!(out.contains("$2.10 → $2.10 (a single point)"), "{out}");
}

#[test]
fn bad_arguments_are_refused_and_unknown_cards_named() {
    let (_d, s) = store();
    let cat = Catalog::embedded().unwrap();
    let who = ChatRef::terminal(None);
    for lang in [Lang::En, Lang::Zh] {
        let c = ctx(&cat, &s, &who, lang);
        for bad in ["4090 0", "4090 400d", "4090 days=9999"] {
            let r = trend::parse(&c, bad).unwrap_err();
            assert!(r.message_ids().contains(&"trend-error-days"), "{bad}");
            text(lang, &r);
        }
        let r = trend::parse(&c, "frobnitz-9000").unwrap_err();
        let out = text(lang, &r);
        assert!(out.contains("frobnitz-9000"), "{out}");
        let r = trend::chat(&c, "4090", NOW, None);
        let out = text(lang, &r);
        assert!(r.message_ids().contains(&"trend-no-history"), "{out}");
        assert!(r.image.is_none());
    }
    let c = ctx(&cat, &s, &who, Lang::En);
    assert_eq!(trend::parse(&c, "4090 7").unwrap().days, 7);
    assert_eq!(trend::parse(&c, "4090 days=90").unwrap().days, 90);
}

#[test]
fn the_rhythm_is_shown_in_the_users_zone_and_an_out_card_names_one_in_stock() {
    let (_d, s) = store();
    // A week, hourly: the 4090 is in stock 02:00-05:00 UTC only. Today it is out.
    let start = NOW - 7 * 24 * HOUR + HOUR;
    for t in (start..=NOW).step_by(HOUR as usize) {
        let hour_of_day = (t / HOUR).rem_euclid(24);
        let level = if (2..5).contains(&hour_of_day) && t != NOW {
            StockLevel::Available
        } else {
            StockLevel::Unavailable
        };
        fetch(
            &s,
            "vast",
            vec![
                offer("vast", "rtx-4090", "0.45", level, t),
                // A bigger card, in stock now: what to rent instead.
                offer("vast", "a100-80g-sxm", "1.20", StockLevel::Available, t),
            ],
            t,
        );
    }
    let cat = Catalog::embedded().unwrap();
    let who = ChatRef::terminal(None);
    let en = ctx(&cat, &s, &who, Lang::En);
    let rep = trend::report(&en, &trend::parse(&en, "4090 7").unwrap(), NOW).unwrap();
    assert_eq!(rep.in_stock_now, Some(false));
    let (best, worst) = rep.rhythms[0].best_and_worst(3).unwrap();
    assert_eq!((best.start_hour, best.share_percent), (2, 100));
    assert_eq!(worst.share_percent, 0);
    let alt = rep.alternative.as_ref().expect("an alternative in stock");
    assert!(
        cat.gpu(&alt.gpu).unwrap().vram_gb >= cat.gpu("rtx-4090").unwrap().vram_gb,
        "{alt:?}"
    );
    assert_eq!(alt.provider, "vast");
    let out = text(Lang::En, &trend::reply(&en, &rep, None));
    assert!(out.contains("best 02:00–05:00 (100%)"), "{out}");
    assert!(out.contains("out of stock on every platform"), "{out}");

    let zh = ctx(&cat, &s, &who, Lang::Zh);
    let rep = trend::report(&zh, &trend::parse(&zh, "4090 7").unwrap(), NOW).unwrap();
    let out = text(Lang::Zh, &trend::reply(&zh, &rep, None));
    assert!(out.contains("最容易有货 10:00–13:00（100%）"), "{out}");
    assert!(out.contains("现在有货、显存不小于它的卡"), "{out}");

    // /stock carries the same rhythm and alternative for a card that is out...
    let notes = trend::out_of_stock_notes(&en, &stock_query(&en, "4090"), NOW)
        .expect("notes for an out card");
    let out = text(Lang::En, &notes);
    assert!(out.contains("best 02:00–05:00"), "{out}");
    // ...and nothing for one that is in stock, or for a narrower question.
    assert!(trend::out_of_stock_notes(&en, &stock_query(&en, "a100-80g-sxm"), NOW).is_none());
    assert!(trend::out_of_stock_notes(&en, &stock_query(&en, "4090 vast"), NOW).is_none());
}

#[test]
fn retention_drops_old_points_and_keeps_recent_ones_and_the_snapshot() {
    let (_d, s) = store();
    let days = |d: i64| NOW - d * 24 * HOUR;
    for at in [days(120), days(91), days(89), days(1), NOW] {
        fetch(
            &s,
            "vast",
            vec![offer("vast", "rtx-4090", "0.40", StockLevel::Available, at)],
            at,
        );
    }
    assert_eq!(history(&s, "vast", "rtx-4090").unwrap().len(), 5);
    let gone = prune_history(&s, 90, NOW).unwrap();
    assert_eq!(gone, 2);
    let left: Vec<i64> = history(&s, "vast", "rtx-4090")
        .unwrap()
        .iter()
        .map(|p| p.hour)
        .collect();
    assert_eq!(
        left,
        [days(89) / HOUR, days(1) / HOUR, NOW / HOUR],
        "the last 90 days stay"
    );
    assert_eq!(
        latest_offers(&s, &gpu_key("rtx-4090"), None).unwrap().len(),
        1
    );
    assert_eq!(
        prune_history(&s, 90, NOW).unwrap(),
        0,
        "a second pass finds nothing"
    );
    // With one day kept, the 89-day-old point goes; the one exactly a day old stays until
    // an hour later.
    assert_eq!(prune_history(&s, 1, NOW).unwrap(), 1);
    assert_eq!(prune_history(&s, 1, NOW).unwrap(), 0);
    assert_eq!(prune_history(&s, 1, NOW + HOUR).unwrap(), 1);
}

#[test]
fn with_a_job_the_alternative_must_hold_it_not_just_match_memory() {
    let (_d, s) = store();
    // The 4090 is out; a 5090 (32 GB) and an A100 80GB are in stock.
    fetch(
        &s,
        "vast",
        vec![
            offer("vast", "rtx-4090", "0.40", StockLevel::Unavailable, NOW),
            offer("vast", "rtx-5090", "0.70", StockLevel::Available, NOW),
            offer("vast", "a100-80g-sxm", "1.20", StockLevel::Available, NOW),
        ],
        NOW,
    );
    let cat = Catalog::embedded().unwrap();
    let who = ChatRef::terminal(None);
    let en = ctx(&cat, &s, &who, Lang::En);
    // By memory alone the 5090 is the nearest card with as much.
    let rep = trend::report(&en, &trend::parse(&en, "4090").unwrap(), NOW).unwrap();
    assert_eq!(rep.alternative.as_ref().unwrap().gpu, "rtx-5090");
    // A 72B model in int4 needs ~48 GB: neither the 4090 nor the 5090 holds it.
    let q = trend::parse(&en, "4090 7 for qwen2.5-72b int4").unwrap();
    assert_eq!((q.days, q.job.as_deref()), (7, Some("qwen2.5-72b int4")));
    let rep = trend::report(&en, &q, NOW).unwrap();
    assert_eq!(rep.job_fits_card, Some(false));
    let alt = rep.alternative.as_ref().expect("a card that holds the job");
    assert_eq!(alt.gpu, "a100-80g-sxm", "{alt:?}");
    assert_eq!(alt.cards, 1);
    let out = text(Lang::En, &trend::reply(&en, &rep, None));
    assert!(
        out.contains("one GeForce RTX 4090 cannot hold qwen2.5-72b int4"),
        "{out}"
    );
    assert!(
        out.contains("holds qwen2.5-72b int4: NVIDIA A100 80GB"),
        "{out}"
    );
    let zh = ctx(&cat, &s, &who, Lang::Zh);
    let rep = trend::report(
        &zh,
        &trend::parse(&zh, "4090 跑 qwen2.5-72b int4").unwrap(),
        NOW,
    );
    let out = text(Lang::Zh, &trend::reply(&zh, &rep.unwrap(), None));
    assert!(out.contains("能跑 qwen2.5-72b int4 的"), "{out}");
    // A job nothing in stock can hold is said so; a model typo is refused before anything.
    let rep = trend::report(
        &en,
        &trend::parse(&en, "4090 for llama-3.1-405b bf16").unwrap(),
        NOW,
    );
    let out = text(Lang::En, &trend::reply(&en, &rep.unwrap(), None));
    assert!(
        out.contains("No card that holds llama-3.1-405b bf16"),
        "{out}"
    );
    let bad = trend::parse(&en, "4090 for qwen9.9-1t").unwrap_err();
    assert!(!text(Lang::En, &bad).is_empty());
    assert!(trend::parse(&en, "4090 for").is_err());
}

#[test]
fn plain_questions_about_price_history_read_as_trend() {
    use bot_core::understand::read;
    let cat = Catalog::embedded().unwrap();
    for (q, line) in [
        ("4090 价格走势", "/trend rtx-4090"),
        ("H100 SXM 什么时候有货", "/trend h100-sxm"),
        ("price history of the 4090?", "/trend rtx-4090"),
        ("when is the 4090 usually in stock", "/trend rtx-4090"),
    ] {
        assert_eq!(read(&cat, q).lines(), [line], "{q}");
    }
    // Stock questions stay /stock.
    assert_eq!(read(&cat, "4090 哪家有货").lines(), ["/stock rtx-4090"]);
}

#[test]
fn stock_for_a_card_that_is_out_adds_the_rhythm_and_what_is_in_stock() {
    use bot_core::availability::now_unix;
    use bot_core::{Bot, Input};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let s = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let now = now_unix();
    for h in (0..48).rev() {
        let at = now - h * HOUR;
        let level = if h % 24 < 3 {
            StockLevel::Available
        } else {
            StockLevel::Unavailable
        };
        let level = if h == 0 {
            StockLevel::Unavailable
        } else {
            level
        };
        fetch(
            &s,
            "vast",
            vec![
                offer("vast", "rtx-4090", "0.40", level, at),
                offer("vast", "rtx-5090", "0.70", StockLevel::Available, at),
            ],
            at,
        );
    }
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), s);
    let who = ChatRef::terminal(Some("en-US"));
    let answer = bot.handle(&who, Input::Text("/stock 4090".into()));
    let ids = answer.replies[0].message_ids();
    assert!(ids.contains(&"stock-title"), "{ids:?}");
    assert!(ids.contains(&"trend-rhythm-title"), "{ids:?}");
    assert!(ids.contains(&"trend-alternative"), "{ids:?}");
    // In stock: /stock stays as it was.
    let answer = bot.handle(&who, Input::Text("/stock 5090".into()));
    let ids = answer.replies[0].message_ids();
    assert!(!ids.iter().any(|id| id.starts_with("trend-")), "{ids:?}");
}

/// `/stock`'s query for a line's words, as its command reads them.
fn stock_query(ctx: &Ctx, args: &str) -> bot_core::availability::StockQuery {
    bot_core::commands::stock::StockArgs::parse(ctx, args)
        .unwrap_or_else(|_| panic!("{args}"))
        .query(ctx)
}
