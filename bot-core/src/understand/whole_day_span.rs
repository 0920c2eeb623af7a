//! A span of days run 24 hours a day (`部署一个月 24小时`, `24小时不停 跑一周`, `24 hours a day for
//! two weeks`): the span held whole, a month or months the monthly plan (`always`). Read apart,
//! the month and the whole day had made a daily share (24 h over 30 days: `daily 48m`, a bill a
//! thirtieth of the month), a day's job (`1d`) or a month where a week was said. Read where the
//! usage is read (`usage_said`, the last word on it), so the entities and the reading agree
//! (it was a completion that overrode the usage read earlier: two rules that disagreed).

use super::request::Usage;
use rust_decimal::Decimal;

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
    // Every way of saying a whole day is the lexicon's (`lexicon::whole_day_words`).
    crate::lexicon::whole_day_words().any(|w| {
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

/// The usage held over the span of days said when a whole day of each of them is said: a
/// usage that is all day (always on, a daily share equal to a whole day over 30 or 7 days,
/// every day's 24 h, a one-off day) becomes the span held whole: whole months always on (the
/// months counted by `period::with_months_held`), other spans one run of those days.
pub(super) fn held_whole(padded: &str, usage: &mut Option<Usage>) {
    let Some(u) = usage.as_ref() else {
        return;
    };
    if !whole_day(padded) {
        return;
    }
    let Some(days) = super::daily_days::days_said(padded) else {
        return;
    };
    let day = Decimal::from(86_400);
    let all_day = match u {
        Usage::Always => true,
        // The whole day spread over the span, month or week said (`daily 48m`, `daily 1h43m`
        // for two weeks), or every day.
        // The share is read to the minute: a minute a day either way.
        Usage::Daily(secs) => [days, 30, 7].iter().any(|n| {
            (*secs * Decimal::from(*n) - day).abs() < Decimal::from(60 * n) || *secs >= day
        }),
        // One day, or the span and its day's 24 hours added as two lengths (`10天 24小时`, 11d).
        Usage::Once(secs) => *secs == day || *secs == day * Decimal::from(days + 1),
    };
    if all_day {
        *usage = Some(if days % 30 == 0 {
            Usage::Always
        } else {
            Usage::Once(day * Decimal::from(days))
        });
    }
}
