//! A span of days run 24 hours a day (`部署一个月 24小时`, `24小时不停 跑一周`, `24 hours a day for
//! two weeks`): the span held whole, a month or months the monthly plan (`always`). Read apart,
//! the month and the whole day had made a daily share (24 h over 30 days: `daily 48m`, a bill a
//! thirtieth of the month), a day's job (`1d`) or a month where a week was said.

use super::Reading;
use super::question::Question;
use super::request::Request;
use crate::billing::Pattern;
use rust_decimal::Decimal;

/// A whole day said as the day's hours or as never stopping.
const WHOLE_DAY: &[&str] = &[
    "24小时",
    "24个小时",
    "24h",
    "24 hours",
    "24 hrs",
    "24/7",
    "7x24",
    "全天",
    "around the clock",
    "round the clock",
];
/// Before the whole day, it is hours used in a longer period (`一个月用24小时`, `每月24小时`).
const USED_BEFORE: &[&str] = &["用", "每月", "每个月", "每周", "每星期"];
/// After it, the same (`24 hours a month`, `24h/month`, `24小时每月`).
const PER_AFTER: &[&str] = &[
    "a month",
    "per month",
    "a week",
    "per week",
    "/month",
    "/week",
    "每月",
    "每个月",
    "每周",
    "一个月",
];

/// Whether the text says a whole day of each day, not hours shared over a period.
fn whole_day(padded: &str) -> bool {
    WHOLE_DAY.iter().any(|w| {
        padded.match_indices(w).any(|(k, _)| {
            let before = padded[..k].trim_end();
            let after = padded[k + w.len()..].trim_start();
            // `124h` is no whole day.
            !padded[..k].ends_with(|c: char| c.is_ascii_digit())
                && !USED_BEFORE.iter().any(|u| before.ends_with(u))
                && !PER_AFTER.iter().any(|p| after.starts_with(p))
        })
    })
}

/// `r` priced over the span of days said when a whole day of each of them is said.
pub(super) fn with_span(q: &Question, r: Reading) -> Reading {
    let Reading::Command(mut req) = r else {
        return r;
    };
    if let Request::Cost(j) | Request::Compare(j) = &mut req
        && whole_day(q.padded)
        && let Some(days) = super::daily_days::days_said(q.padded)
    {
        let day = Decimal::from(86_400);
        let all_day = match j.job.pattern {
            Pattern::AlwaysOn { .. } => true,
            // The whole day spread over the month or week said (`daily 48m`), or every day.
            Pattern::Daily { hours, .. } => {
                hours * Decimal::from(3600) * Decimal::from(30) == day
                    || hours * Decimal::from(3600) * Decimal::from(7) == day
                    || hours >= Decimal::from(24)
            }
            Pattern::OneOff => j.job.work == day,
        };
        if all_day {
            j.job.pattern = if days % 30 == 0 {
                Pattern::AlwaysOn { months: days / 30 }
            } else {
                j.job.work = day * Decimal::from(days);
                Pattern::OneOff
            };
        }
    }
    Reading::Command(req)
}
