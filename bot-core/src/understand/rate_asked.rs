//! A per-second or per-minute price asked per hour or per day, or an hourly one per second or
//! minute (`runpod lists $0.00031/s,
//! what's that per hour?`, `modal bills $0.000583 per second for an A10G, per hour?`,
//! `恒源云的 4090 0.05元每分钟 一小时是多少`): the rate in another unit (`/convert`), even with a
//! platform or a card named beside it. It had been a job of an hour at that price (`/cost`),
//! priced under a billing rule the user never gave.
//! An hourly price asked per week, month or year with `that` (`$0.79 an hour running nonstop,
//! what's that per week`) is the rate in that unit too, whatever the verb: it had been a job of
//! that length at the user's price (the same total, with no conversion said).

use super::Reading;
use super::price::convert_request;
use super::question::Question;
use super::words::ALERT_WORDS;

/// A rate asked in a longer unit: the unit as a rate, not a job's length.
const RATE_ASKED: &[&str] = &[
    " per hour",
    " hourly",
    " per day",
    " daily",
    " an hour?",
    "每小时",
    "1小时是多少",
    "1小时合",
    "合1小时",
    "1天是多少",
    "1天合",
    "合1天",
    "每天",
    // `$0.0003 each second, how much for one hour` (und_dz).
    "how much for 1 hour",
    "how much for 1 day",
];
/// A smaller unit asked of an hourly or daily price (`lambda lists $2.99/hr, per second
/// that's?`, `4090 一小时 2 块，每分钟合多少`): the rate again.
const SMALL_ASKED: &[&str] = &[
    "per second that",
    "that per second",
    "per second?",
    "per sec?",
    "per minute that",
    "that per minute",
    "per minute?",
    "per min?",
    "每秒多少",
    "每秒是多少",
    "每秒合",
    "合每秒",
    "每分钟多少",
    "每分钟是多少",
    "每分钟合",
    "合每分钟",
];
/// Billing by the second or minute (`per second billing?`, `按秒计费吗`): the platform's rule
/// asked, not a rate.
const BILLING: &[&str] = &[
    "billing",
    "billed",
    "bill by",
    "bills by",
    "计费",
    "按秒",
    "按分钟",
];

/// `for 3 hours`, `for a day`: a job's length said.
fn length_said(padded: &str) -> bool {
    padded.match_indices(" for ").any(|(at, w)| {
        let rest = &padded[at + w.len()..];
        // `how much for 1 hour` after a rate: the one unit asked, no job's length (und_dz).
        if padded[..at].ends_with("how much") && rest.starts_with("1 ") {
            return false;
        }
        rest.starts_with(|c: char| c.is_ascii_digit())
            || ["an hour", "a day", "a week", "a month", "one "]
                .iter()
                .any(|l| rest.starts_with(l))
    })
}

/// The price converted to the unit asked, when it is per second or minute.
pub(super) fn rate_asked(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let asked = match p.per.map(|u| u.key()) {
        Some("second" | "minute") => q.has(RATE_ASKED),
        Some("hour" | "day") => q.has(SMALL_ASKED) && !q.has(BILLING),
        _ => false,
    };
    if !asked || !q.nothing_to_size() || q.e.gpus.len() > 1 {
        return None;
    }
    // A job said by its verb (the lexicon's `JOB_VERBS`: `跑 3 小时`, `running it`): a bill.
    if crate::lexicon::job_verb_said(q.padded)
        || length_said(q.padded)
        || q.has(ALERT_WORDS)
        || q.ceiling_said()
    {
        return None;
    }
    convert_request(q.padded, p).map(Reading::Command)
}

/// A calendar unit asked of the rate said (`what's that per week`, `that a month?`): never a
/// job's length, whatever the verb beside the price.
const CALENDAR_ASKED: &[&str] = &[
    "that per week",
    "that a week",
    "that weekly",
    "that per month",
    "that a month",
    "that monthly",
    "that per year",
    "that a year",
    "that per day",
    "that a day",
];

/// One's own hourly price asked per calendar unit with `that`: the rate converted.
pub(super) fn rate_per_calendar(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let hourly = matches!(p.per.map(|u| u.key()), Some("hour" | "minute" | "second"));
    if !hourly || !q.has(CALENDAR_ASKED) || !q.nothing_to_size() || q.e.gpus.len() > 1 {
        return None;
    }
    if !q.e.platforms.is_empty() || length_said(q.padded) || q.has(ALERT_WORDS) || q.ceiling_said()
    {
        return None;
    }
    convert_request(q.padded, p).map(Reading::Command)
}
