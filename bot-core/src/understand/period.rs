//! Hours used over a week or a month (`每周用20小时`, `about 10 hours a week`, `一个月大概用100个
//! 小时`, `40h/month`): regular use, priced as `/compare`'s daily form over a month (`daily 5h`
//! for 35 hours a week, the line saying the daily share), so monthly plans are weighed; never
//! one long job, the period held always on (`一个月` alone is a month's rent) nor the default
//! hour.

use super::Reading;
use super::request::Request;
use super::request::Usage;
use super::span::span_at;
use crate::billing::Pattern;
use rust_decimal::Decimal;

const WEEK: i64 = 7 * 86_400;
const MONTH: i64 = crate::units::HOURS_PER_MONTH as i64 * 3600;

/// The period a word names: a week or a month, as its start (`每周用`, `个月大概用`, `week`).
fn period_of(word: &str) -> Option<i64> {
    let w = word.trim_start_matches('每').trim_start_matches('个');
    if w.starts_with('周') || w.starts_with("星期") || w.starts_with("礼拜") {
        return Some(WEEK);
    }
    if w.starts_with('月') {
        return Some(MONTH);
    }
    match word {
        "week" | "weeks" | "wk" | "weekly" | "/week" | "/wk" | "/w" => Some(WEEK),
        "month" | "months" | "monthly" | "/month" | "/mo" => Some(MONTH),
        _ => None,
    }
}

/// Words that count one period (`每`, `per`, `a`): the span is per each one of them.
const EACH_EN: &[&str] = &["a", "an", "per", "every", "each", "one", "1", "in"];

/// The periods said right before the span at `i`: `每周用` (one word), `要是每周只用`, `1 个月大概
/// 用`, `every week i use about`, in the last six words with no number among them but a
/// period's count.
fn period_before(toks: &[String], i: usize) -> Option<i64> {
    let w = |j: usize| toks.get(j).map(String::as_str).unwrap_or("");
    let prev = i.checked_sub(1).map_or("", w);
    let cjk = |s: &str| s.chars().next().is_some_and(crate::lexicon::is_han);
    if cjk(prev) {
        // `每周用`, `要是每个月只用`: the period with its `每`.
        if let Some(at) = prev.find('每') {
            return period_of(&prev[at..]);
        }
        // `1周用`, `2个月大概用`: that many periods.
        let n: i64 = i.checked_sub(2).map_or("", w).parse().ok()?;
        return period_of(prev).map(|p| p * n).filter(|_| n >= 1);
    }
    // English: `(every|a|per) (week|month)` or `weekly` within four words before.
    let from = i.saturating_sub(6);
    for j in (from..i).rev() {
        let t = w(j);
        if t.chars().next().is_some_and(|c| c.is_ascii_digit())
            && !(j + 1 < i && period_of(w(j + 1)).is_some())
        {
            return None;
        }
        if let Some(p) = period_of(t) {
            let each = j > 0 && EACH_EN.contains(&w(j - 1));
            if each || t.ends_with("ly") {
                return Some(p);
            }
        }
    }
    None
}

/// A period said right after the span ending before `k` (`a week`, `per month`, `weekly`,
/// `每周`, `/week`), or in the rest of its unit's word (`小时每周`).
fn period_after(toks: &[String], unit_rest: &str, k: usize) -> Option<i64> {
    let w = |j: usize| toks.get(j).map(String::as_str).unwrap_or("");
    if unit_rest.starts_with('每') {
        return period_of(unit_rest);
    }
    if let Some(p) = period_of(w(k)).filter(|_| w(k).ends_with("ly") || w(k).starts_with('/')) {
        return Some(p);
    }
    if EACH_EN.contains(&w(k)) && w(k) != "in" {
        return period_of(w(k + 1)).filter(|_| w(k + 1).is_ascii());
    }
    // `20小时 每周`, `20小时一周` (`1 周`).
    if w(k).starts_with('每') {
        return period_of(w(k));
    }
    (w(k) == "1").then(|| period_of(w(k + 1))).flatten()
}

/// A day said next to the span (`每天8小时`, `8 hours a day`): the daily rule's, not a period's.
fn daily_near(toks: &[String], i: usize, k: usize) -> bool {
    let w = |j: usize| toks.get(j).map(String::as_str).unwrap_or("");
    let prev = i.checked_sub(1).map_or("", w);
    let unit = k.checked_sub(1).map_or("", w);
    super::span::daily_earlier(toks, i)
        || (!prev.is_ascii() && (prev.contains('天') || prev.contains('日')))
        || prev == "daily"
        || unit.contains("每天")
        || w(k) == "daily"
        || w(k).starts_with("每天")
        || (EACH_EN.contains(&w(k)) && w(k + 1) == "day")
}

/// The hours a sentence says are used per week or month: a span (more than an hour, less
/// than the period) with a period said before or after it.
pub(super) fn per_period(toks: &[String], taken: &[bool]) -> Option<Usage> {
    // Days a week are no hours used: the day's hours are read, then shared (`week_days`).
    if days_a_week(toks, taken).is_some() {
        return None;
    }
    let (hours, period) = hours_per_period(toks, taken)?;
    // A week is 7 days; a month the 30 days `daily` is billed over. The daily share is taken
    // to the whole minute (50 h a month is 1h40m a day, the user's 50 h again over the month);
    // the line and the bill both use those seconds (`daily_seconds`).
    let days = Decimal::from(if period == WEEK { 7 } else { 30 });
    let minutes = (hours / days / Decimal::from(60)).round();
    (minutes >= Decimal::ONE).then(|| Usage::Daily(minutes * Decimal::from(60)))
}

/// `3 days a week`, `每周3天`, `一周5天`: days used in a week (1 to 6), said with the week.
/// They are no hours used (`4 hours a day, 3 days a week` had been 72 hours a week: a daily
/// share of 10h17m, six times the 4 h × 3 days said).
fn days_a_week(toks: &[String], taken: &[bool]) -> Option<i64> {
    (0..toks.len()).find_map(|i| {
        let (secs, used) = span_at(toks, taken, i)?;
        let day = Decimal::from(86_400);
        let days = i64::try_from(secs / day)
            .ok()
            .filter(|_| (secs % day).is_zero())?;
        let k = i + used.min(2);
        let unit = toks.get(k - 1).map(String::as_str).unwrap_or("");
        let rest = unit.strip_prefix('天').unwrap_or("");
        let week = period_before(toks, i).or_else(|| period_after(toks, rest, k)) == Some(WEEK);
        (week && (1..=6).contains(&days)).then_some(days)
    })
}

/// The usage read, hours a day, as their daily share on the days a week said (`4 hours a day,
/// 3 days a week` → 4 h × 3 / 7 a day, priced over the month as hours a week are).
pub(super) fn week_days(toks: &[String], taken: &[bool], usage: &mut Option<Usage>) {
    let (Some(days), Some(Usage::Daily(secs))) = (days_a_week(toks, taken), usage.as_ref()) else {
        return;
    };
    let minutes = (*secs * Decimal::from(days) / Decimal::from(7 * 60)).round();
    if minutes >= Decimal::ONE {
        *usage = Some(Usage::Daily(minutes * Decimal::from(60)));
    }
}

/// The hours used and the period they are used in (seconds each).
fn hours_per_period(toks: &[String], taken: &[bool]) -> Option<(Decimal, i64)> {
    let mut i = 0;
    while i < toks.len() {
        let (mut total, mut k) = (Decimal::ZERO, i);
        // `20h/week` as one word.
        if let Some((span, per)) = toks[i].split_once('/')
            && !taken[i]
            && let Some(p) = period_of(&format!("/{per}"))
            && let Ok(secs) = crate::lexicon::duration(span)
            && secs > Decimal::from(3600)
            && secs < Decimal::from(p)
        {
            return Some((secs, p));
        }
        // Parts add up only as minutes after hours (`2小时30分钟`): `1周 20小时` is a week
        // and then the hours used in it.
        while let Some((secs, used)) = span_at(toks, taken, k) {
            if !total.is_zero() && secs >= Decimal::from(3600) {
                break;
            }
            total += secs;
            k += used.min(2);
            if used > 2 {
                break;
            }
        }
        if total > Decimal::from(3600) && daily_near(toks, i, k) {
            i = k;
        } else if total > Decimal::from(3600) {
            // The rest of a Chinese unit word (`小时每周`).
            let unit = toks.get(k - 1).map(String::as_str).unwrap_or("");
            let rest = ["个小时", "小时"]
                .iter()
                .find_map(|u| unit.strip_prefix(u))
                .unwrap_or("");
            let period = period_before(toks, i).or_else(|| period_after(toks, rest, k));
            if let Some(p) = period
                && total < Decimal::from(p)
            {
                // Several weeks or months (`两周用40小时`) are a rate per one of them.
                let one = if p % MONTH == 0 { MONTH } else { WEEK };
                return Some((total * Decimal::from(one) / Decimal::from(p), one));
            }
            i = k;
        } else {
            i += 1;
        }
    }
    None
}

/// `两个月 包月`, `for 2 months on a monthly plan`, `包年` (12个月): how many months an
/// always-on rental is held, when more than one is said.
fn months_held(toks: &[String]) -> Option<u32> {
    toks.windows(2).find_map(|w| {
        let n: u32 = w[0].parse().ok()?;
        let unit = w[1].as_str();
        (unit.starts_with("个月") || unit == "month" || unit == "months")
            .then_some(n)
            .filter(|n| (2..=120).contains(n))
    })
}

/// A reading of a month's rent held always on (`Usage::Always` is one month) with the months
/// the sentence says (`/compare rtx-4090 always months=2`), as `/compare 4090 两个月 包月` reads.
pub(super) fn with_months_held(r: Reading, toks: &[String]) -> Reading {
    let Some(n) = months_held(toks) else {
        return r;
    };
    let set = |req: &mut Request| {
        if let Request::Cost(j) | Request::Compare(j) = req
            && let Pattern::AlwaysOn { months } = &mut j.job.pattern
        {
            *months = n;
        }
    };
    match r {
        Reading::Command(mut q) => {
            set(&mut q);
            Reading::Command(q)
        }
        Reading::Ask(mut qs) => {
            qs.iter_mut().for_each(set);
            Reading::Ask(qs)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::{normalize, tokens};
    use super::*;

    fn hours(t: &str) -> Option<Decimal> {
        let toks = tokens(&normalize(t));
        hours_per_period(&toks, &vec![false; toks.len()]).map(|(s, _)| s / Decimal::from(3600))
    }

    fn daily(t: &str) -> Option<Usage> {
        let toks = tokens(&normalize(t));
        per_period(&toks, &vec![false; toks.len()])
    }

    #[test]
    fn regular_use_is_a_daily_share_over_a_month() {
        let m = |x: i64| Some(Usage::Daily(Decimal::from(x * 60)));
        assert_eq!(daily("每周跑35个小时 4090"), m(300));
        assert_eq!(daily("一个月大概用90个小时"), m(180));
        // 20 h a week: 2 h 51 min a day (171.4 min, to the minute).
        assert_eq!(daily("4090 20h/week"), m(171));
        // 50 h a month: 1 h 40 min a day, the 50 h again over 30 days.
        assert_eq!(daily("h100 每个月用50小时左右"), m(100));
        // 30 h a week: 257.1 min a day.
        assert_eq!(daily("我有两张4090 要是每周只用30小时"), m(257));
        assert_eq!(daily("a week I'll use roughly 15 hours of a 3090"), m(129));
        assert_eq!(daily("两周用28小时"), m(120));
    }

    #[test]
    fn hours_per_week_or_month_are_the_job() {
        let h = |x: i64| Some(Decimal::from(x));
        assert_eq!(hours("每周用20小时"), h(20));
        assert_eq!(hours("4090 about 10 hours a week"), h(10));
        assert_eq!(hours("一个月大概用100个小时"), h(100));
        assert_eq!(hours("每个月跑60个小时 a100"), h(60));
        assert_eq!(hours("一周大概跑15个小时 3090多少钱"), h(15));
        assert_eq!(hours("I use around 40 hours per month"), h(40));
        assert_eq!(hours("every week i need about 12 hours on an a100"), h(12));
        assert_eq!(hours("30 hours weekly on a 4090"), h(30));
        assert_eq!(hours("4090 25h/week"), h(25));
        assert_eq!(hours("4090 一周20个小时"), h(20));
        assert_eq!(hours("4090 20个小时每周"), h(20));
        assert_eq!(hours("两周用40小时"), h(20));
        // No period, a daily span, a month alone, an hour's rate: none.
        assert_eq!(hours("4090 跑20小时"), None);
        assert_eq!(hours("每天8小时 一个月"), None);
        assert_eq!(hours("每天用4090跑6个小时 一个月下来哪家最省"), None);
        assert_eq!(hours("4090 一个月多少钱"), None);
        assert_eq!(hours("3块一小时 一个月多少钱"), None);
        assert_eq!(hours("$0.5 per hour, how much for a month"), None);
        // More than the period holds is no use per period.
        assert_eq!(hours("每周用200小时"), None);
    }
}
