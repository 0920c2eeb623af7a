//! An unknown minimum charge is read conservatively (one unit of the price a session), listed
//! as assumed; the kindest reading (none) is only the range's other end. /compare's footnote
//! states the rule each end follows, not one platform's.

use bot_core::billing::{Job, Origin, Rule, job_cost};
use bot_core::catalog::{BillingStart, PriceQuote};
use bot_core::fact::Fact;
use bot_core::units::TimeUnit;
use rust_decimal::Decimal;

use super::chat::{say, world};

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

#[test]
fn an_unknown_minimum_bills_one_unit_of_the_price_and_says_it_is_assumed() {
    // $0.60/h, per-minute increments known, minimum unknown, meter from boot: a 10-minute job.
    let mut r = Rule::unknown("USD", Origin::Catalog);
    r.increment = Fact::Known(d("60"));
    r.starts_at = Fact::Known(BillingStart::Boot);
    r.boot_billed = Fact::Known(false);
    r.pull_billed = Fact::Known(false);
    for (per, secs, price) in [
        (TimeUnit::Hour, "3600", "0.60"),
        (TimeUnit::Day, "86400", "14.40"),
    ] {
        let q = PriceQuote::user(d(price), per, "USD", "on_demand");
        let job = Job::one_off(d("600"));
        let (worst, _) = job_cost(&q, &r, &job, 1, None).unwrap();
        // Worst case: at least one unit of the price (an hour, a day), not 10 minutes.
        assert_eq!(worst.billed_seconds, d(secs), "{per:?}");
        let min = worst
            .assumptions
            .iter()
            .find(|a| a.key == "minimum")
            .expect("the minimum is listed");
        assert_eq!(min.origin, Origin::Assumed, "{per:?}");
        // Best case: no minimum, 10 minutes at the known 1-minute increment.
        let (best, _) = job_cost(&q, &r.best_case(), &job, 1, None).unwrap();
        assert_eq!(best.billed_seconds, d("600"), "{per:?}");
        // A known minimum is used as published, in both.
        let mut known = r.clone();
        known.minimum = Fact::Known(d("300"));
        let (k, _) = job_cost(&q, &known, &job, 1, None).unwrap();
        assert_eq!(k.billed_seconds, d("600"), "{per:?}");
    }
}

#[test]
fn the_range_footnote_states_each_ends_rule_in_both_languages() {
    let w = world();
    let en = say(&w, "en", "/compare 4090 20m");
    if en.contains("A–B") {
        assert!(en.contains("at its kindest"), "{en}");
        assert!(en.contains("at least one unit"), "{en}");
        assert!(!en.contains("B if per started hour from power-on"), "{en}");
        let zh = say(&w, "zh", "/compare 4090 20m");
        assert!(zh.contains("每次至少收一个单位"), "{zh}");
    } else {
        panic!("no range in /compare 4090 20m: {en}");
    }
}
