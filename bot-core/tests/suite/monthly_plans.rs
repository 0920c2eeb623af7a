//! Prepaid plans (issue 25 story 5): a published monthly or weekly plan prices a job that
//! stays on when it is cheaper than hours × hourly, labelled as prepaid (billed whether the
//! instance is on or off); a short job never pays for a plan. Fixture rows on one platform.

use super::chat::{self, ask, bot_with, priced};
use bot_core::catalog::{Platform, PriceQuote};
use bot_core::units::TimeUnit;
use bot_core::{Bot, Catalog, ChatRef, Lang, Localizer, Store};
use std::sync::Arc;

fn quote(gpu: &str, amount: &str, per: TimeUnit, tier: &str) -> PriceQuote {
    let mut q = priced(gpu, amount, "USD", tier);
    q.per = per;
    q
}

/// The embedded catalog where Lambda's H100 PCIe is $2.00/h on demand, $900 a month prepaid
/// (730 h × $2.00 = $1,460) or $250 a week (168 h × $2.00 = $336); no other platform has it.
fn catalog() -> Catalog {
    let cat = Catalog::embedded().unwrap();
    let mut platforms: Vec<Platform> = cat.platforms.clone();
    let gpu = "h100-pcie";
    for p in &mut platforms {
        p.prices.retain(|q| q.gpu != gpu);
        if p.id == "lambda" {
            p.prices
                .push(quote(gpu, "2.00", TimeUnit::Hour, "on_demand"));
            p.prices.push(quote(gpu, "900", TimeUnit::Month, "month"));
            p.prices.push(quote(gpu, "250", TimeUnit::Week, "week"));
        }
    }
    chat::with_platforms(&cat, platforms)
}

fn bot() -> (Bot, tempfile::TempDir) {
    bot_with(catalog())
}

const PREPAID_EN: &str = "billed whether the instance is on or off";
const PREPAID_ZH: &str = "开机关机都计费";

#[test]
fn monthly_words_price_the_plan_and_say_it_is_prepaid() {
    let (bot, _d) = bot();
    for (locale, line) in [
        ("en", "/compare h100 pcie monthly"),
        ("en", "/compare h100 pcie always"),
        ("zh", "/compare h100 pcie 包月"),
        ("zh", "/compare h100 pcie 一直在线"),
        ("en", "/cost lambda h100 pcie always"),
    ] {
        let text = ask(&bot, locale, line);
        let label = if locale == "en" {
            PREPAID_EN
        } else {
            PREPAID_ZH
        };
        assert!(text.contains("$900.00"), "{line}: {text}");
        assert!(text.contains(label), "{line}: {text}");
        // Never the 730 hourly prices the plan undercuts.
        assert!(!text.contains("1460"), "{line}: {text}");
    }
}

#[test]
fn a_job_that_is_not_kept_on_long_never_pays_for_a_plan() {
    let (bot, _d) = bot();
    // 3 h: $6. (10 days is no longer 240 h × $2 = $480: one week and three days at $2/h,
    // $394, is what a renter pays; see the plan-mix test below.)
    let (line, total) = ("/compare h100 pcie 3h", "$6.00");
    let text = ask(&bot, "en", line);
    assert!(
        text.contains("on demand") && text.contains(total),
        "{line}: {text}"
    );
    assert!(!text.contains(PREPAID_EN), "{line}: {text}");
    // 6 days: 144 h × $2 = $288 (plus boot) is dearer than the $250 week, which wins.
    let text = ask(&bot, "en", "/compare h100 pcie 6d");
    assert!(
        text.contains("$250.00") && text.contains(PREPAID_EN),
        "{text}"
    );
}

#[test]
fn tco_runs_around_the_clock_on_the_plan_when_cheaper() {
    let (bot, _d) = bot();
    let text = ask(&bot, "en", "/tco qwen2.5-7b int4 h100-pcie 20m");
    // $900 per 730 h month = $29.59 a day, against 24 × $2.00 = $48.00.
    let day = (900.0_f64 * 24.0 / 730.0 * 100.0).round() / 100.0;
    assert!(text.contains(&format!("({day:.2} USD/day)")), "{text}");
    assert!(!text.contains("48.00 USD/day"), "{text}");
    // Right under the card's price and the line naming whose price it is.
    let plan = text.lines().nth(3).unwrap_or_default();
    assert!(
        plan.contains("prepaid plan") && plan.contains("Lambda"),
        "{text}"
    );
    let zh = ask(&bot, "zh", "/tco qwen2.5-7b int4 h100-pcie 20m");
    assert!(zh.contains("包月") && zh.contains("开不开机都计费"), "{zh}");
    // A price the user gives is theirs: no plan replaces it.
    let own = ask(&bot, "en", "/tco qwen2.5-7b int4 h100-pcie 20m price=$2");
    assert!(
        own.contains("48.00 USD/day") && !own.contains("prepaid plan"),
        "{own}"
    );
}

#[test]
fn pick_for_an_always_on_service_uses_the_plan_labelled() {
    let (bot, _d) = bot();
    let who = ChatRef::terminal(Some("en"));
    let last = chat::walk(
        &bot,
        &who,
        &[
            (false, "/pick"),
            (true, "t:serve"),
            (true, "m:qwen2.5-7b"),
            (true, "q:bf16"),
            (true, "c:4096"),
            (true, "n:1"),
            (true, "u:always"),
            (false, "h100 pcie"),
            (true, "b:done"),
        ],
    )
    .iter()
    .map(|r| Localizer::get().render_plain(Lang::En, r))
    .collect::<Vec<_>>()
    .join("\n");
    assert!(
        last.contains("$900.00") && last.contains(PREPAID_EN),
        "{last}"
    );
}

/// A rental period typed in weeks or months (`1mo`, `2mo`, `4w`, `包周`, `2个月`) is the time the
/// machine is held, boot and setup inside it: the plan of that length covers it whole. Before,
/// 730 h plus the first run's minutes overran one monthly plan and the dearer hourly row won.
#[test]
fn a_rental_period_is_held_whole_and_its_plan_covers_it() {
    let (bot, _d) = bot();
    for (line, total) in [
        // One month: the $900 plan, not 730 h × $2 = $1,460 (nor two plans).
        ("/cost lambda h100 pcie 1mo", "$900.00"),
        ("/cost lambda h100 pcie 2mo", "$1800.00"),
        // One week: the $250 week plan, not 168 h × $2 = $336.
        ("/cost lambda h100 pcie 1w", "$250.00"),
        ("/cost lambda h100 pcie weekly", "$250.00"),
        // Four weeks (672 h): one month ($900) is cheaper than four weeks ($1,000).
        ("/compare h100 pcie 4w", "$900.00"),
        ("/compare h100 pcie 2mo", "$1800.00"),
    ] {
        let text = ask(&bot, "en", line);
        assert!(text.contains(total), "{line}: {text}");
        assert!(text.contains(PREPAID_EN), "{line}: {text}");
        assert!(text.contains("boot and setup inside"), "{line}: {text}");
        assert!(!text.contains("Counted 3m of boot"), "{line}: {text}");
    }
    // In Chinese the same plans, in yuan at the catalog's rate.
    let (rate, _) = catalog().fx_rate("USD", "CNY").unwrap();
    for (line, usd) in [
        ("/cost lambda h100 pcie 包周", "250"),
        ("/cost lambda h100 pcie 2个月", "1800"),
        ("/compare h100 pcie 包月", "900"),
    ] {
        let text = ask(&bot, "zh", line);
        let cny = (usd.parse::<rust_decimal::Decimal>().unwrap() * rate)
            .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
        assert!(text.contains(&format!("¥{cny}")), "{line}: {text}");
        assert!(text.contains(PREPAID_ZH), "{line}: {text}");
    }
    // A question reads the same period: a week held on the week plan.
    let text = ask(&bot, "zh", "lambda h100 pcie 包周多少钱");
    assert!(text.contains("租用") && text.contains(PREPAID_ZH), "{text}");
    // A run typed in hours is work: its boot and setup come on top (2 h 5 min at $2/h).
    let text = ask(&bot, "en", "/cost lambda h100 pcie 2h");
    assert!(text.contains("2h5m") && text.contains("of work"), "{text}");
    assert!(!text.contains(PREPAID_EN), "{text}");
}

/// A held period that is no whole number of any plan is bought as a renter buys it: whole
/// periods of a plan, then the rest on the platform's cheapest quote for the rest (issue 25
/// item 2: a plan's period is billed per period). Fixture: $2.00/h, $900/month, $250/week.
#[test]
fn a_period_between_plans_is_whole_plans_then_the_rest_at_its_cheapest() {
    let (bot, _d) = bot();
    for (line, total, why) in [
        // 45 days = 1,080 h: one month ($900) + 350 h at $2 ($700) = $1,600, below two months
        // ($1,800), seven weeks ($1,750), six weeks + 72 h ($1,644) and 1,080 h ($2,160).
        (
            "/cost lambda h100 pcie 45d",
            "$1600.00",
            "1 × the monthly plan, then",
        ),
        // 10 days: one week ($250) + 3 days at $2/h ($144) = $394, below two weeks ($500)
        // and 240 h ($480).
        (
            "/cost lambda h100 pcie 10d",
            "$394.00",
            "1 × the weekly plan, then 3 days",
        ),
        (
            "/compare h100 pcie 10d",
            "$394.00",
            "1 × the weekly plan, then 3 days",
        ),
        // 9 weeks = 1,512 h: two months ($1,800) + 52 h ($104) = $1,904, below one month +
        // 782 h at $2 ($2,464), one month + 5 weeks ($2,150) and nine weeks ($2,250).
        (
            "/cost lambda h100 pcie 9w",
            "$1904.00",
            "2 × the monthly plan, then 52 hours",
        ),
    ] {
        let text = ask(&bot, "en", line);
        assert!(text.contains(total), "{line}: {text}");
        assert!(text.contains(why), "{line}: {text}");
        assert!(text.contains(PREPAID_EN), "{line}: {text}");
    }
    // A whole number of a plan stays one plan, and a short run never touches a plan.
    let text = ask(&bot, "en", "/cost lambda h100 pcie 2w");
    assert!(
        text.contains("$500.00") && !text.contains("× the"),
        "{text}"
    );
    let text = ask(&bot, "en", "/cost lambda h100 pcie 3h");
    assert!(
        !text.contains("× the") && !text.contains(PREPAID_EN),
        "{text}"
    );
    // In Chinese: the same split, said in Chinese.
    let text = ask(&bot, "zh", "/cost lambda h100 pcie 10天");
    assert!(
        text.contains("先买 1 个包周") && text.contains("按量价格"),
        "{text}"
    );
}

/// The embedded catalog's UCompShare RTX 4090 as read on 2026-05-13 (¥1,001.95 a month,
/// ¥36.73 a day; its newer ¥1,154.64 monthly reading of 2026-10-04 taken out, since with it
/// 45 days at the daily rate are cheaper): 45 days is one month and 15 days (350 h rounded up
/// to whole days), ¥1,552.90 — not 45 days at the daily rate (¥1,652.85) nor two months
/// (¥2,003.90).
#[test]
fn ucompshare_45_days_is_a_month_and_fifteen_days() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.redb")).unwrap();
    let mut bot = Bot::new(Arc::new(ucompshare_may()), Arc::new(store));
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    let text = ask(&bot, "zh", "/cost ucompshare 4090 45天");
    assert!(text.contains("¥1552.90"), "{text}");
    assert!(
        text.contains("先买 1 个包月") && text.contains("包天"),
        "{text}"
    );
}

/// Always on for a month where the platform sells only weeks: four weeks, then the 58 hours
/// left at the hourly price — not five weeks. Fixture: Lambda's H100 PCIe at $2.00/h and
/// $250 a week, no monthly plan.
#[test]
fn always_on_without_a_monthly_plan_is_whole_weeks_then_hours() {
    let cat = catalog();
    let mut platforms = cat.platforms.clone();
    for p in &mut platforms {
        p.prices
            .retain(|q| !(q.gpu == "h100-pcie" && q.tier == "month"));
    }
    let cat = chat::with_platforms(&cat, platforms);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.redb")).unwrap();
    let mut bot = Bot::new(Arc::new(cat), Arc::new(store));
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    // 730 h = 4 weeks (672 h, $1,000) + 58 h × $2 ($116) = $1,116; five weeks are $1,250
    // and 730 h × $2 is $1,460.
    for line in ["/cost lambda h100 pcie always", "/compare h100 pcie always"] {
        let text = ask(&bot, "en", line);
        assert!(text.contains("$1116.00"), "{line}: {text}");
        assert!(
            text.contains("4 × the weekly plan, then 58 hours on the hourly price"),
            "{line}: {text}"
        );
    }
}

/// The reason line names what is billed: a rest priced on a prepaid plan is whole plans
/// (the span rounded up to the package), said as a count of that plan with the hours it
/// covers, never "350 hours on the daily plan" beside a bill of 15 whole days.
#[test]
fn a_rest_on_a_plan_is_said_as_whole_plans() {
    // UCompShare's RTX 4090 as read on 2026-05-13: a month and a day plan, no hour.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.redb")).unwrap();
    let mut bot = Bot::new(Arc::new(ucompshare_may()), Arc::new(store));
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    let en = ask(&bot, "en", "/cost ucompshare 4090 45d");
    assert!(en.contains("Total: $230.10"), "{en}");
    assert!(
        en.contains("1 × the monthly plan, then 15 × the daily plan (whole plans, for the remaining 350 hours)"),
        "{en}"
    );
    assert!(!en.contains("350 hours on the daily plan"), "{en}");
    let zh = ask(&bot, "zh", "/cost ucompshare 4090 45天");
    assert!(zh.contains("剩下的 350 小时再买 15 个包天"), "{zh}");

    // Fixture of my own: $900 a month, $40 a day, no hour. 9 weeks = 1,512 h: two months
    // ($1,800) + 52 h billed as 3 whole days ($120) = $1,920, below nine weeks ($2,250).
    let cat = catalog();
    let mut platforms = cat.platforms.clone();
    for p in &mut platforms {
        if p.id == "lambda" {
            p.prices
                .retain(|q| !(q.gpu == "h100-pcie" && q.tier == "on_demand"));
            p.prices
                .push(quote("h100-pcie", "40", TimeUnit::Day, "day"));
        }
    }
    let cat = chat::with_platforms(&cat, platforms);
    let store = Store::open(&dir.path().join("u.redb")).unwrap();
    let mut bot = Bot::new(Arc::new(cat), Arc::new(store));
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    let en = ask(&bot, "en", "/cost lambda h100 pcie 9w");
    assert!(en.contains("$1920.00"), "{en}");
    assert!(
        en.contains("2 × the monthly plan, then 3 × the daily plan (whole plans, for the remaining 52 hours)"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/cost lambda h100 pcie 63天");
    assert!(zh.contains("¥12957.89"), "{zh}");
    assert!(
        zh.contains("先买 2 个包月，剩下的 52 小时再买 3 个包天"),
        "{zh}"
    );
}

/// The embedded catalog without UCompShare's 2026-10-04 monthly reading for the RTX 4090
/// (¥1,154.64), so its plans are the 2026-05-13 pair (¥1,001.95 a month, ¥36.73 a day).
fn ucompshare_may() -> Catalog {
    let cat = Catalog::embedded().unwrap();
    let mut platforms = cat.platforms.clone();
    for p in &mut platforms {
        p.prices.retain(|q| {
            !(p.id == "ucompshare"
                && q.gpu == "rtx-4090"
                && q.tier == "month"
                && q.as_of == "2026-10-04")
        });
    }
    chat::with_platforms(&cat, platforms)
}
