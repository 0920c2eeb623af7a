//! Prices a user can actually pay (issue 25), through the bot as a user types them: spot only
//! when asked, whole instances, the newest reading, a bare number's currency said, barriers as
//! filters.

use super::chat::{self, ask, bot_with, priced, today};
use bot_core::Catalog;
use bot_core::billing::{self, Job, Tiers};
use bot_core::catalog::{Platform, PriceQuote};
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

fn quote(gpu: &str, amount: &str, tier: &str, cards: u32, as_of: &str) -> PriceQuote {
    let mut q = priced(gpu, amount, "USD", tier);
    q.cards = cards;
    q.as_of = as_of.into();
    q
}

/// The embedded catalog with one USD platform's prices replaced (a platform of our own making,
/// so the test does not hang on today's data).
fn catalog_with(prices: Vec<PriceQuote>) -> (Catalog, String) {
    let cat = Catalog::embedded().unwrap();
    let mut platforms: Vec<Platform> = cat.platforms.clone();
    let at = platforms.iter().position(|p| p.id == "lambda").unwrap();
    platforms[at].prices = prices;
    let id = platforms[at].id.clone();
    (chat::with_platforms(&cat, platforms), id)
}

#[test]
fn spot_never_prices_a_default_answer_and_appears_when_asked() {
    let cat = Catalog::embedded().unwrap();
    // Every card any platform sells only as spot still has a row under `spot`.
    for g in &cat.gpus {
        let default = billing::compare(&cat, &g.id, 1, &Job::one_off(d("10800")), "USD", today())
            .unwrap_or_default();
        assert!(
            default
                .iter()
                .all(|o| !billing::is_interruptible(&o.quote.tier)),
            "{}",
            g.id
        );
        let spot_job = Job {
            tiers: Tiers::WithSpot,
            ..Job::one_off(d("10800"))
        };
        let with_spot = billing::compare(&cat, &g.id, 1, &spot_job, "USD", today()).unwrap();
        for p in cat.platforms_quoting(&g.id) {
            assert!(
                with_spot.iter().any(|o| o.platform_id == p.id),
                "{} {}",
                g.id,
                p.id
            );
        }
    }
    // A 24/7 service is never offered the spot line.
    assert!(
        billing::spot_alternative(&cat, "rtx-4090", 1, &Job::always_on(1), "CNY", today())
            .is_none()
    );
    // Through the chat: the spot platform is an extra, labelled line, and ranks under `spot`.
    let (bot, _dir) = bot_with(cat.clone());
    let plain = ask(&bot, "en", "/compare 4090 3h");
    let spot_at = plain.find("Spot (can be reclaimed").expect(&plain);
    let table = &plain[..spot_at];
    assert!(!table.contains("spot"), "{plain}");
    let asked = ask(&bot, "en", "/compare 4090 3h spot");
    assert!(!asked.contains("Spot (can be reclaimed"), "{asked}");
    assert!(asked.contains("spot"), "{asked}");
    // The cheapest pay-as-you-go hour (/fit, /tco) is never a spot price either: it is the
    // cheapest of the one-card prices that cannot be reclaimed, nor a "from" floor (the
    // 4090 has firm prices, so Matpool's `from ¥1.54` is not one a user can count on).
    let usd = billing::cheapest_hourly_usd(&cat, "rtx-4090").unwrap().usd;
    let fx = cat.fx_rate("CNY", "USD").unwrap().0;
    let standard_min = cat
        .quotes_for("rtx-4090")
        .filter(|(_, q)| !billing::is_interruptible(&q.tier) && q.cards == 1 && !q.from)
        .map(|(_, q)| {
            if q.currency == "USD" {
                q.amount
            } else {
                q.amount * fx
            }
        })
        .min()
        .unwrap();
    assert_eq!(usd, standard_min);
}

#[test]
fn a_job_smaller_than_an_instance_pays_for_the_whole_instance() {
    let (cat, id) = catalog_with(vec![quote(
        "a100-80g-sxm",
        "22.32",
        "on_demand",
        8,
        "2026-11-20",
    )]);
    let p = cat.platform(&id).unwrap();
    let o = billing::platform_cost(
        &cat,
        p,
        "a100-80g-sxm",
        1,
        &Job::one_off(d("10800")),
        "USD",
        today(),
    )
    .unwrap();
    // Three hours of an 8-card instance at 22.32 an hour, not an eighth of it.
    assert_eq!(o.cost.compute_cost, d("66.96"));
    assert_eq!(o.instance_cards, Some(8));
    let o9 = billing::platform_cost(
        &cat,
        p,
        "a100-80g-sxm",
        9,
        &Job::one_off(d("3600")),
        "USD",
        today(),
    )
    .unwrap();
    assert_eq!(o9.instance_cards, Some(16));
    assert_eq!(o9.cost.compute_cost, d("44.64"));
    let (bot, _dir) = bot_with(cat.clone());
    let plain = ask(
        &bot,
        "en",
        &format!("/cost {id} a100-80g-sxm 3h boot=0 pull=0"),
    );
    assert!(plain.contains("only as 8-card instances"), "{plain}");
    assert!(plain.contains("per 8-card instance"), "{plain}");
    let zh = ask(
        &bot,
        "zh",
        &format!("/cost {id} a100-80g-sxm 3h boot=0 pull=0"),
    );
    assert!(zh.contains("8 卡整机"), "{zh}");
}

#[test]
fn the_newest_reading_wins_and_current_disagreement_is_a_range() {
    let (cat, id) = catalog_with(vec![
        quote("h100-sxm", "2.69", "on_demand", 1, "2026-06-21"),
        quote("h100-sxm", "3.49", "on_demand", 1, "2026-10-24"),
        quote("h100-sxm", "3.20", "on_demand", 1, "2026-10-10"),
    ]);
    let p = cat.platform(&id).unwrap();
    let o = billing::platform_cost(
        &cat,
        p,
        "h100-sxm",
        1,
        &Job::one_off(d("3600")),
        "USD",
        today(),
    )
    .unwrap();
    assert_eq!(o.quote.amount, d("3.49"));
    let range = o.range.as_ref().expect("two current readings disagree");
    assert_eq!((range.low, range.high), (d("3.20"), d("3.49")));
    let (bot, _dir) = bot_with(cat.clone());
    let plain = ask(&bot, "en", "/compare h100 1h");
    assert!(
        plain.contains("current readings of this price disagree"),
        "{plain}"
    );
    assert!(plain.contains("2026-10-10"), "{plain}");
}

#[test]
fn a_bare_number_says_its_currency_and_a_symbol_wins() {
    let cat = Catalog::embedded().unwrap();
    let (bot, _dir) = bot_with(cat);
    for (locale, line, want) in [
        ("en", "/tco qwen2.5-7b int4 4090 20m 0.3", "read as USD"),
        // The chat chose no currency: USD for every reader, whatever their language.
        ("zh", "/tco qwen2.5-7b int4 4090 20m 0.3", "美元"),
        ("en", "/cost 2.5/h 3h", "read as USD"),
    ] {
        let plain = ask(&bot, locale, line);
        let second = plain.lines().nth(1).unwrap_or_default();
        assert!(second.contains(want), "{line}: {plain}");
    }
    for line in ["/tco qwen2.5-7b int4 4090 20m $0.3", "/cost ¥2.5/h 3h"] {
        let plain = ask(&bot, "en", line);
        assert!(!plain.contains("without a currency"), "{line}: {plain}");
    }
}

#[test]
fn platforms_filter_by_barriers_known_first_unknown_labelled_failures_out() {
    let cat = Catalog::embedded().unwrap();
    let (bot, _dir) = bot_with(cat.clone());
    let plain = ask(&bot, "en", "/platforms alipay cn");
    assert!(
        plain.contains("Platforms known to meet every need"),
        "{plain}"
    );
    // No platform outside mainland China is listed.
    for p in cat.platforms.iter().filter(|p| p.region != "cn") {
        assert!(
            !plain.contains(&format!("\n{} ", p.id)),
            "{}: {plain}",
            p.id
        );
    }
    let zh = ask(&bot, "zh", "/platforms 支付宝 免实名");
    assert!(zh.contains("已知满足全部条件"), "{zh}");
    let bad = ask(&bot, "en", "/platforms bogus");
    assert!(bad.contains("`bogus` is not a filter"), "{bad}");
}
