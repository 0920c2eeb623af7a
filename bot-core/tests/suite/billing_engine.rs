//! The billing engine: worked examples from the seed guide, properties over generated inputs,
//! and bad input. Expected values are derived by hand in the comments.

use bot_core::Catalog;
use bot_core::billing::{
    self, BillingError, Job, Origin, Pattern, PriceUnit, Rule, convert_price, job_cost,
    platform_cost, resolve_fx,
};
use bot_core::catalog::{BillingStart, PriceQuote};
use bot_core::fact::Fact;
use bot_core::units::TimeUnit;
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

fn quote(amount: &str, per: TimeUnit, currency: &str) -> PriceQuote {
    PriceQuote::user(d(amount), per, currency, "on_demand")
}

fn rule(currency: &str, increment: &str, minimum: &str, starts: BillingStart) -> Rule {
    let mut r = Rule::unknown(currency, Origin::User);
    r.increment = Fact::Known(d(increment));
    r.minimum = Fact::Known(d(minimum));
    r.starts_at = Fact::Known(starts);
    r
}

fn mins(m: i64) -> Decimal {
    Decimal::from(m * 60)
}

// --- Worked examples from the seed (§2 and FAQ) -------------------------------------------

#[test]
fn a_monthly_price_for_one_afternoon_pays_the_whole_month() {
    // ¥1000/month, billed per month; a 4-hour afternoon still pays one whole month:
    // billed = 730 h = 2,628,000 s; cost = ¥1000; per useful hour = 1000 / 4 = ¥250.
    let q = quote("1000", TimeUnit::Month, "CNY");
    let r = rule("CNY", "2628000", "0", BillingStart::Boot);
    let (c, _) = job_cost(&q, &r, &Job::one_off(d("14400")), 1, None).unwrap();
    assert_eq!(c.billed_seconds, d("2628000"));
    assert_eq!(c.total_cost, d("1000"));
    assert_eq!(c.effective_per_useful_hour, d("250"));
    // The same price billed per second would have cost 1000 × 14400 / 2628000 = ¥5.479...,
    // so the monthly plan is 1000 / 5.479 ≈ 182× worse for this job.
    let r2 = rule("CNY", "1", "0", BillingStart::Boot);
    let (c2, _) = job_cost(&q, &r2, &Job::one_off(d("14400")), 1, None).unwrap();
    assert_eq!(
        c2.total_cost,
        d("1000") * d("14400") / d("2628000"),
        "per-second share of the month"
    );
    assert!(
        c.assumptions
            .iter()
            .any(|a| a.key == "month" && a.value == "730h")
    );
}

#[test]
fn per_second_billing_also_bills_boot_and_setup() {
    // $0.0007/s, billed from boot: 40 min work + 3 min boot + 2 min image pull = 45 min
    // = 2700 s billed -> 2700 × 0.0007 = $1.89 (not the 2400 × 0.0007 = $1.68 the list suggests).
    // Per useful hour: 1.89 / (40/60) = $2.835 instead of the list's $2.52.
    let q = quote("0.0007", TimeUnit::Second, "USD");
    let r = rule("USD", "1", "0", BillingStart::Boot);
    let job = Job {
        boot: mins(3),
        pull: mins(2),
        ..Job::one_off(mins(40))
    };
    let (c, det) = job_cost(&q, &r, &job, 1, None).unwrap();
    assert_eq!(c.billed_seconds, d("2700"));
    assert_eq!(c.total_cost, d("1.89"));
    assert_eq!(c.effective_per_useful_hour, d("2.835"));
    assert_eq!(det.list_cost, d("1.68"));
    assert_eq!(det.startup_cost, d("0.21")); // 300 s × 0.0007
    // When the meter starts with the job, only the 40 minutes are billed.
    let r_job = rule("USD", "1", "0", BillingStart::Job);
    let (c, _) = job_cost(&q, &r_job, &job, 1, None).unwrap();
    assert_eq!(c.total_cost, d("1.68"));
}

#[test]
fn hourly_vs_per_second_for_a_40_minute_job() {
    // Hourly $2.00/h rounded up to the hour: 40 min -> 1 h -> $2.00.
    // Per-second $0.0007/s ($2.52/h list) with 5 min of billed boot+pull: 2700 s -> $1.89.
    // The per-second platform wins despite the higher list price; with 30 min of boot and
    // pull it loses: 70 min = 4200 s × 0.0007 = $2.94 > hourly 2 h?  No: hourly is billed
    // from boot too (70 min -> 2 h -> $4.00), so per-second still wins: $2.94 < $4.00.
    let hourly = quote("2", TimeUnit::Hour, "USD");
    let per_s = quote("0.0007", TimeUnit::Second, "USD");
    let r_h = rule("USD", "3600", "0", BillingStart::Boot);
    let r_s = rule("USD", "1", "0", BillingStart::Boot);
    let job = Job {
        boot: mins(3),
        pull: mins(2),
        ..Job::one_off(mins(40))
    };
    let (h, _) = job_cost(&hourly, &r_h, &job, 1, None).unwrap();
    let (s, _) = job_cost(&per_s, &r_s, &job, 1, None).unwrap();
    assert_eq!(h.total_cost, d("2"));
    assert_eq!(s.total_cost, d("1.89"));
    let long_setup = Job {
        boot: mins(15),
        pull: mins(15),
        ..Job::one_off(mins(40))
    };
    let (h, _) = job_cost(&hourly, &r_h, &long_setup, 1, None).unwrap();
    let (s, _) = job_cost(&per_s, &r_s, &long_setup, 1, None).unwrap();
    assert_eq!(h.total_cost, d("4"));
    assert_eq!(s.total_cost, d("2.94"));
    // A cheaper hourly list price ($1.50/h) beats per-second when boot is not billed there
    // and the job fits the hour: 1.50 < 1.89.
    let cheap = quote("1.5", TimeUnit::Hour, "USD");
    let r_job = rule("USD", "3600", "0", BillingStart::Job);
    let (c, _) = job_cost(&cheap, &r_job, &job, 1, None).unwrap();
    assert_eq!(c.total_cost, d("1.5"));
}

// --- Rules ----------------------------------------------------------------------------------

#[test]
fn minimum_charge_idle_storage_and_transfer_add_up() {
    // $0.60/h, per-minute billing with a 10-minute minimum; 2 min work + 1 min idle = 3 min
    // -> minimum 10 min = 600 s -> 0.60 × 600 / 3600 = $0.10.
    let q = quote("0.60", TimeUnit::Hour, "USD");
    let mut r = rule("USD", "60", "600", BillingStart::Boot);
    r.storage_price = Fact::Known(d("0.10"));
    r.stopped_storage_price = Fact::Known(d("0.20"));
    r.stopped_storage_billed = Fact::Known(true);
    r.egress_price = Fact::Known(d("0.05"));
    let job = Job {
        idle: mins(1),
        storage_gb: d("50"),
        // Kept 1 h: 3 min while running (instance on), 57 min stopped.
        stored: d("3600"),
        egress_gb: d("20"),
        ..Job::one_off(mins(2))
    };
    let (c, _) = job_cost(&q, &r, &job, 1, None).unwrap();
    assert_eq!(c.billed_seconds, d("600"));
    assert_eq!(c.compute_cost, d("0.1"));
    // Storage: 50 GB × (0.10 × 180 s + 0.20 × 3420 s) / 2,628,000 s
    //        = 50 × (18 + 684) / 2,628,000 = 35,100 / 2,628,000.
    assert_eq!(c.storage_cost, d("35100") / d("2628000"));
    // Transfer: 20 GB × $0.05 = $1.00.
    assert_eq!(c.egress_cost, d("1"));
    assert_eq!(
        c.total_cost,
        c.compute_cost + c.storage_cost + c.egress_cost
    );
}

#[test]
fn storage_not_billed_while_stopped_when_the_catalog_says_so() {
    let q = quote("1", TimeUnit::Hour, "USD");
    let mut r = rule("USD", "1", "0", BillingStart::Boot);
    r.storage_price = Fact::Known(d("0.73"));
    r.stopped_storage_billed = Fact::Known(false);
    let job = Job {
        storage_gb: d("100"),
        stored: d("7200"),
        ..Job::one_off(d("3600"))
    };
    // Only the running hour: 100 × 0.73 × 3600 / 2,628,000 = 262,800 / 2,628,000 = $0.10.
    let (c, _) = job_cost(&q, &r, &job, 1, None).unwrap();
    assert_eq!(c.storage_cost, d("0.1"));
}

#[test]
fn unknown_rules_are_assumed_conservatively_and_said_so() {
    // Nothing known about an hourly quote: increment assumed = 1 h, billing from boot.
    let q = quote("3", TimeUnit::Hour, "USD");
    let r = Rule::unknown("USD", Origin::Catalog);
    let job = Job {
        boot: mins(5),
        storage_gb: d("10"),
        ..Job::one_off(mins(50))
    };
    // 50 + 5 = 55 min -> 1 h -> $3.00; storage price unknown -> not included.
    let (c, _) = job_cost(&q, &r, &job, 1, None).unwrap();
    assert_eq!(c.total_cost, d("3"));
    let get = |k: &str| c.assumptions.iter().find(|a| a.key == k).unwrap();
    assert_eq!(get("increment").origin, Origin::Assumed);
    assert_eq!(get("increment").value, "1h");
    assert_eq!(get("boot_billed").origin, Origin::Assumed);
    assert_eq!(get("boot_billed").value, "yes");
    assert_eq!(get("storage_price").value, "unknown");
}

#[test]
fn commitment_tiers_pick_the_cheapest_that_covers_the_job() {
    // Catalog-like platform: hourly ¥3, weekly ¥300, monthly ¥900, increment 1 h.
    let cat = test_catalog(
        r#"
[[platform.price]]
gpu = "rtx-4090"
amount = "3"
per = "hour"
currency = "CNY"
source = "s"
as_of = "2026-11-20"
[[platform.price]]
gpu = "rtx-4090"
amount = "300"
per = "week"
currency = "CNY"
tier = "week"
source = "s"
as_of = "2026-11-20"
[[platform.price]]
gpu = "rtx-4090"
amount = "900"
per = "month"
currency = "CNY"
tier = "month"
source = "s"
as_of = "2026-11-20"
"#,
    );
    let p = &cat.platforms[0];
    let today = bot_core::catalog::parse_date("2026-11-30").unwrap();
    // 10 h: hourly 30 < week 300 -> hourly.
    let o = platform_cost(&cat, p, "4090", 1, &Job::one_off(d("36000")), "CNY", today).unwrap();
    assert_eq!(
        (o.quote.tier.as_str(), o.cost.total_cost),
        ("on_demand", d("30"))
    );
    // 5 days straight = 120 h: hourly 360 > one week 300 -> week.
    let five_days = Job::one_off(d("432000"));
    let o = platform_cost(&cat, p, "4090", 1, &five_days, "CNY", today).unwrap();
    assert_eq!(
        (o.quote.tier.as_str(), o.cost.total_cost),
        ("week", d("300"))
    );
    // Always on for a month: hourly 730 × 3 = 2190; weeks ceil(730/168) = 5 × 300 = 1500;
    // month 900 -> month.
    let o = platform_cost(&cat, p, "4090", 1, &Job::always_on(1), "CNY", today).unwrap();
    assert_eq!(
        (o.quote.tier.as_str(), o.cost.total_cost),
        ("month", d("900"))
    );
    assert!(!o.stale, "10 days old is fresh");
    // Daily 4 h for 30 days: hourly 120 h × 3 = 360 < month 900 (held 30 days) -> hourly.
    let o = platform_cost(&cat, p, "4090", 1, &Job::daily(d("4"), 30), "CNY", today).unwrap();
    assert_eq!(
        (o.quote.tier.as_str(), o.cost.total_cost),
        ("on_demand", d("360"))
    );
}

#[test]
fn cards_scale_the_single_card_price_and_say_so() {
    let q = quote("2", TimeUnit::Hour, "USD");
    let r = rule("USD", "3600", "0", BillingStart::Boot);
    // 4 cards × $2 × 1 h = $8.
    let (c, _) = job_cost(&q, &r, &Job::one_off(d("3600")), 4, None).unwrap();
    assert_eq!(c.total_cost, d("8"));
    assert!(
        c.assumptions
            .iter()
            .any(|a| a.key == "cards" && a.origin == Origin::Assumed)
    );
}

#[test]
fn daily_pattern_bills_each_session() {
    // 2 h a day for 10 days, 5 min boot each day, hourly increment:
    // each session 2 h 5 min -> 3 h; 10 sessions -> 30 h × $1 = $30.
    let q = quote("1", TimeUnit::Hour, "USD");
    let r = rule("USD", "3600", "0", BillingStart::Boot);
    let job = Job {
        boot: mins(5),
        ..Job::daily(d("2"), 10)
    };
    let (c, det) = job_cost(&q, &r, &job, 1, None).unwrap();
    assert_eq!(c.billed_seconds, d("108000"));
    assert_eq!(c.total_cost, d("30"));
    assert_eq!(det.useful_seconds, d("72000"));
    // Per useful hour: 30 / 20 h = $1.50.
    assert_eq!(c.effective_per_useful_hour, d("1.5"));
}

// --- Currency -------------------------------------------------------------------------------

#[test]
fn fx_converts_every_part_with_the_dated_rate() {
    let cat = Catalog::embedded().unwrap();
    let fx = resolve_fx(Some(&cat), "USD", "CNY", None).unwrap().unwrap();
    let row = cat
        .fx
        .iter()
        .find(|r| r.base == "USD" && r.quote == "CNY")
        .unwrap();
    assert_eq!(fx.rate, row.rate);
    assert_eq!(fx.as_of.as_deref(), Some(row.as_of.as_str()));
    let q = quote("1", TimeUnit::Hour, "USD");
    let r = rule("USD", "3600", "0", BillingStart::Boot);
    let (c, _) = job_cost(&q, &r, &Job::one_off(d("3600")), 1, Some(&fx)).unwrap();
    assert_eq!(c.currency, "CNY");
    assert_eq!(c.total_cost, row.rate);
    assert!(
        c.assumptions
            .iter()
            .any(|a| a.key == "fx" && a.origin == Origin::Catalog)
    );
    // An explicit rate wins and is marked as the user's.
    let mine = resolve_fx(Some(&cat), "USD", "CNY", Some(d("7")))
        .unwrap()
        .unwrap();
    assert_eq!((mine.rate, mine.origin), (d("7"), Origin::User));
    assert!(matches!(
        resolve_fx(Some(&cat), "USD", "JPY", None),
        Err(BillingError::NoFxRate { .. })
    ));
    assert_eq!(resolve_fx(Some(&cat), "CNY", "cny", None).unwrap(), None);
}

#[test]
fn conversion_is_exact_where_the_arithmetic_allows_and_round_trips() {
    let s = PriceUnit::Time(TimeUnit::Second);
    let h = PriceUnit::Time(TimeUnit::Hour);
    let m = PriceUnit::Time(TimeUnit::Month);
    // 0.0007 × 3600 = 2.52 exactly.
    assert_eq!(
        convert_price(d("0.0007"), s, h, None, None).unwrap(),
        d("2.52")
    );
    // $2/h = 2 × 730 = $1460/month.
    assert_eq!(convert_price(d("2"), h, m, None, None).unwrap(), d("1460"));
    // $2/h at 50 tok/s: 2 / (3600 × 50) × 1e6 = 11.111...
    let t = convert_price(d("2"), h, PriceUnit::MillionTokens, Some(d("50")), None).unwrap();
    assert_eq!(t.round_dp(6), d("11.111111"));
    assert_eq!(
        convert_price(d("2"), h, PriceUnit::MillionTokens, None, None),
        Err(BillingError::MissingThroughput)
    );
    // Round trips over every pair of units and a spread of amounts.
    let units: Vec<PriceUnit> = TimeUnit::ALL
        .iter()
        .map(|u| PriceUnit::Time(*u))
        .chain([PriceUnit::MillionTokens])
        .collect();
    for amount in ["0.0001", "0.69", "1.98", "7", "123.456", "99999"] {
        for a in &units {
            for b in &units {
                let x = d(amount);
                let there = convert_price(x, *a, *b, Some(d("37.5")), None).unwrap();
                let back = convert_price(there, *b, *a, Some(d("37.5")), None).unwrap();
                // Decimal keeps 28 places after the point, so a tiny per-second price keeps
                // ~18 significant digits: far beyond the 4 shown, but not bit-exact.
                let err = (back - x).abs();
                assert!(
                    err <= x * d("0.000000000000001"),
                    "{amount} {a:?}->{b:?}: {back}"
                );
            }
        }
    }
}

// --- Properties over generated inputs -------------------------------------------------------

/// A tiny deterministic generator (xorshift) so failures reproduce.
struct Gen(u64);
impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn upto(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_rule(g: &mut Gen) -> Rule {
    let incs = ["1", "60", "3600", "86400", "2628000"];
    let mut r = Rule::unknown("USD", Origin::User);
    r.increment = Fact::Known(d(incs[g.upto(5) as usize]));
    r.minimum = Fact::Known(Decimal::from(g.upto(4) * 600));
    r.starts_at = Fact::Known(if g.upto(2) == 0 {
        BillingStart::Boot
    } else {
        BillingStart::Job
    });
    r.storage_price = Fact::Known(Decimal::new(g.upto(50) as i64, 2));
    r.egress_price = Fact::Known(Decimal::new(g.upto(20) as i64, 2));
    r
}

fn random_job(g: &mut Gen) -> Job {
    Job {
        boot: Decimal::from(g.upto(900)),
        pull: Decimal::from(g.upto(1200)),
        idle: Decimal::from(g.upto(3600)),
        storage_gb: Decimal::from(g.upto(200)),
        egress_gb: Decimal::from(g.upto(50)),
        ..Job::one_off(Decimal::from(1 + g.upto(200_000)))
    }
}

#[test]
fn properties_hold_over_generated_jobs() {
    let mut g = Gen(0x9E37_79B9_7F4A_7C15);
    let units = [
        TimeUnit::Second,
        TimeUnit::Minute,
        TimeUnit::Hour,
        TimeUnit::Day,
        TimeUnit::Month,
    ];
    for _ in 0..400 {
        let r = random_rule(&mut g);
        let q = quote(
            &Decimal::new(1 + g.upto(100_000) as i64, 4).to_string(),
            units[g.upto(5) as usize],
            "USD",
        );
        let job = random_job(&mut g);
        let (c, det) = job_cost(&q, &r, &job, 1, None).unwrap();
        // Rounding never bills less than the metered time.
        let boot_pull = if r.starts_at == Fact::Known(BillingStart::Boot) {
            job.boot + job.pull
        } else {
            Decimal::ZERO
        };
        let metered = job.work + boot_pull + job.idle;
        assert!(c.billed_seconds >= metered, "{c:?}");
        assert_eq!(det.active_seconds, metered);
        // ... and not more than one increment (or the minimum) above it.
        let inc = *r.increment.known().unwrap();
        let min = *r.minimum.known().unwrap();
        assert!(c.billed_seconds < metered + inc || c.billed_seconds == min);
        // Totals add up, exactly.
        assert_eq!(
            c.total_cost,
            c.compute_cost + c.storage_cost + c.egress_cost
        );
        // The parts of the compute cost add up too (up to the last of 28 decimal places:
        // the list share is a quotient).
        let parts = det.list_cost + det.startup_cost + det.idle_cost + det.rounding_cost;
        assert!((c.compute_cost - parts).abs() < d("0.00000000000000000001"));
        assert!(det.rounding_cost >= Decimal::ZERO);
        // Monotone: more work, boot or idle never costs less.
        for (field, bump) in [("work", 1u8), ("boot", 2), ("idle", 3)] {
            let mut more = job.clone();
            let extra = Decimal::from(1 + g.upto(5000));
            match bump {
                1 => more.work += extra,
                2 => more.boot += extra,
                _ => more.idle += extra,
            }
            let (c2, _) = job_cost(&q, &r, &more, 1, None).unwrap();
            assert!(
                c2.total_cost >= c.total_cost,
                "{field} +{extra}: {c2:?} < {c:?}"
            );
        }
    }
}

#[test]
fn compare_ranks_the_whole_catalog_cheapest_first() {
    let cat = Catalog::embedded().unwrap();
    let today = bot_core::catalog::parse_date("2026-11-30").unwrap();
    let job = Job {
        boot: mins(3),
        ..Job::one_off(mins(40))
    };
    for gpu in &cat.gpus {
        let offers = billing::compare(&cat, &gpu.id, 1, &job, "USD", today).unwrap();
        // By default only platforms with a price that cannot be reclaimed are ranked...
        let standard = cat
            .platforms
            .iter()
            .filter(|p| {
                p.prices_for(&gpu.id)
                    .any(|q| !billing::is_interruptible(&q.tier))
            })
            .count();
        assert_eq!(offers.len(), standard, "{}", gpu.id);
        assert!(
            offers
                .iter()
                .all(|o| !billing::is_interruptible(&o.quote.tier))
        );
        // ...and with `spot` asked for, every platform with a price, spot-only ones too.
        let spot_job = Job {
            tiers: billing::Tiers::WithSpot,
            ..job.clone()
        };
        let with_spot = billing::compare(&cat, &gpu.id, 1, &spot_job, "USD", today).unwrap();
        let with_prices = cat
            .platforms
            .iter()
            .filter(|p| p.prices_for(&gpu.id).next().is_some())
            .count();
        assert_eq!(with_spot.len(), with_prices, "{}", gpu.id);
        // Firm prices first, then "from" floors; each cheapest first.
        for w in offers.windows(2) {
            let key = |o: &billing::RankedOffer| (o.is_floor(), o.cost.total_cost);
            assert!(key(&w[0]) <= key(&w[1]));
        }
        for o in &offers {
            assert_eq!(o.cost.currency, "USD");
            // Stale exactly when undated or more than 30 days old.
            let age = bot_core::catalog::parse_date(&o.quote.as_of).map(|x| today - x);
            let expect = o.quote.undated || age.is_none_or(|a| a > 30);
            assert_eq!(o.stale, expect, "{} {}", o.platform_id, o.quote.as_of);
        }
    }
    // Pattern variants work over the whole catalog too.
    assert!(
        !billing::compare(&cat, "rtx-4090", 1, &Job::daily(d("4"), 30), "CNY", today)
            .unwrap()
            .is_empty()
    );
    assert!(
        !billing::compare(&cat, "rtx-4090", 2, &Job::always_on(1), "CNY", today)
            .unwrap()
            .is_empty()
    );
    assert!(
        billing::compare(&cat, "no-such-gpu", 1, &job, "USD", today)
            .unwrap()
            .is_empty()
    );
    // A job nobody can price is the error /cost gives, not "no platform has a price".
    assert_eq!(
        billing::compare(
            &cat,
            "rtx-4090",
            1,
            &Job::one_off(Decimal::ZERO),
            "USD",
            today
        )
        .unwrap_err(),
        BillingError::ZeroWork
    );
    assert!(matches!(
        billing::compare(&cat, "rtx-4090", 1, &Job::daily(d("25"), 30), "USD", today),
        Err(BillingError::BadDailyHours { .. })
    ));
    assert!(matches!(
        billing::compare(&cat, "rtx-4090", 1, &job, "EUR", today),
        Err(BillingError::NoFxRate { .. })
    ));
}

// --- Bad input ------------------------------------------------------------------------------

#[test]
fn bad_input_is_a_clear_error_never_a_panic() {
    let q = quote("1", TimeUnit::Hour, "USD");
    let r = rule("USD", "60", "0", BillingStart::Boot);
    let neg = Job {
        boot: d("-1"),
        ..Job::one_off(d("60"))
    };
    assert_eq!(
        job_cost(&q, &r, &neg, 1, None).unwrap_err(),
        BillingError::Negative { what: "boot" }
    );
    assert_eq!(
        job_cost(&q, &r, &Job::one_off(Decimal::ZERO), 1, None).unwrap_err(),
        BillingError::ZeroWork
    );
    let zero_inc = rule("USD", "0", "0", BillingStart::Boot);
    assert_eq!(
        job_cost(&q, &zero_inc, &Job::one_off(d("60")), 1, None).unwrap_err(),
        BillingError::ZeroIncrement
    );
    // Overflow-sized numbers: a huge price × a century of seconds × many cards.
    let huge = quote("79228162514264337593543950", TimeUnit::Second, "USD");
    let century = Job::one_off(Decimal::from(bot_core::units::MAX_DURATION_SECONDS));
    assert_eq!(
        job_cost(&huge, &r, &century, 1000, None).unwrap_err(),
        BillingError::Overflow
    );
    let too_long =
        Job::one_off(Decimal::from(bot_core::units::MAX_DURATION_SECONDS) + Decimal::ONE);
    assert_eq!(
        job_cost(&q, &r, &too_long, 1, None).unwrap_err(),
        BillingError::TooLarge { what: "work" }
    );
    assert_eq!(
        job_cost(&q, &r, &Job::daily(d("25"), 3), 1, None).unwrap_err(),
        BillingError::BadDailyHours { hours: "25".into() }
    );
    assert_eq!(
        job_cost(&q, &r, &Job::always_on(0), 1, None).unwrap_err(),
        BillingError::ZeroPeriod
    );
    assert_eq!(
        job_cost(&q, &r, &Job::daily(d("1"), 0), 1, None).unwrap_err(),
        BillingError::ZeroPeriod
    );
    assert!(matches!(
        job_cost(
            &quote("1", TimeUnit::Hour, "CNY"),
            &r,
            &Job::one_off(d("60")),
            1,
            None
        ),
        Err(BillingError::CurrencyMismatch { .. })
    ));
    assert_eq!(
        bot_core::lexicon::parse_price("5 usd/fortnight").unwrap_err(),
        BillingError::UnknownUnit {
            text: "fortnight".into()
        }
    );
    assert!(matches!(
        bot_core::lexicon::parse_dur("work", "40 lightyears"),
        Err(BillingError::Duration { what: "work", .. })
    ));
    // Pattern on a Job is kept as given.
    assert!(matches!(
        Job::daily(d("4"), 30).pattern,
        Pattern::Daily { days: 30, .. }
    ));
}

fn test_catalog(prices: &str) -> Catalog {
    let platforms = format!(
        r#"
[[platform]]
id = "tiered"
name = "Tiered"
region = "cn"
currency = "CNY"
source = "s"
as_of = "2026-11-30"
[platform.billing]
units = ["hour", "week", "month"]
increment = "1h"
minimum_charge = "0s"
starts_at = "boot"
boot_billed = true
image_pull_billed = true
stopped_storage_billed = "unknown"
storage_price_per_gb_month = "unknown"
egress_price_per_gb = "0"
idle_auto_shutdown = "unknown"
commitment = ["week", "month"]
source = "s"
as_of = "2026-11-30"
[platform.barriers]
prebuilt_images = "unknown"
web_terminal = "unknown"
jupyter = "unknown"
ssh = "unknown"
real_name_verification = "unknown"
payment_methods = []
min_topup = "unknown"
source = "s"
as_of = "2026-11-30"
{prices}
"#
    );
    Catalog::from_sources(
        bot_core::catalog::EMBEDDED_GPUS,
        &platforms,
        bot_core::catalog::EMBEDDED_MODELS,
        bot_core::catalog::EMBEDDED_FX,
    )
    .unwrap()
}

/// A billing fact with a citation of its own (`[[platform.cite]]`) names that page and date in
/// the cost's notes, never the billing section's: every cited fact of the embedded catalog.
#[test]
fn a_fact_cited_on_its_own_names_its_own_source() {
    let cat = Catalog::embedded().unwrap();
    let keys = [
        ("billing.increment", "increment"),
        ("billing.minimum_charge", "minimum"),
        ("billing.starts_at", "starts_at"),
    ];
    let mut checked = 0;
    for p in &cat.platforms {
        let rule = Rule::from_platform(p).unwrap();
        for (field, key) in keys {
            let Some(cite) = p.cite_of(field) else {
                continue;
            };
            let Some(q) = p.prices.iter().find(|q| q.per == TimeUnit::Hour) else {
                continue;
            };
            let (c, _) = job_cost(q, &rule, &Job::one_off(d("5400")), 1, None).unwrap();
            let Some(a) = c.assumptions.iter().find(|a| a.key == key) else {
                continue;
            };
            if a.origin == Origin::Assumed {
                continue;
            }
            assert_eq!(
                a.source.as_deref(),
                Some(cite.source.as_str()),
                "{} {key}",
                p.id
            );
            assert_eq!(
                a.as_of.as_deref(),
                Some(cite.as_of.as_str()),
                "{} {key}",
                p.id
            );
            checked += 1;
        }
    }
    // 智星云's whole-hour increment is cited from its OpenAPI docs (2026-04-23), its billing
    // section from its home page: at least that one is checked.
    assert!(checked >= 1, "no cited billing fact in the catalog");
}
