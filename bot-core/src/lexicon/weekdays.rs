//! Weekdays only (`工作日`, `周一到周五`, `weekdays`, `business days`) beside the hours of a day are
//! five days a week, read as `一周5天` / `5 days a week` are (und_r's rhythm: the day's hours
//! spread over every day of the span). They had been every day of the span: a month of weekdays
//! billed as 30 days, an over-bill of about 40 % (und_bf, issue 26). With no hours said
//! (`weekdays 的时候好租吗`) the words are left as said.

use super::Period;

/// Whether hours are said (`8小时`, `10h`, `6 hours`).
fn hours_said(s: &str) -> bool {
    s.match_indices(|c: char| c.is_ascii_digit()).any(|(k, _)| {
        let rest = s[k..].trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let rest = rest.trim_start().trim_start_matches('个');
        ["小时", "钟头", "hour", "hr", "h ", "h,", "h，"]
            .iter()
            .any(|u| rest.starts_with(u))
            || rest == "h"
    })
}

/// Units of a count of days after its number (`15天`, `20个工作日`, `10 working days`): the
/// weekday words themselves count working days.
const DAY_COUNT_UNITS: &[&str] = &[
    "个工作日",
    "工作日",
    "天",
    " working days",
    " business days",
    " work days",
    " workdays",
    " weekdays",
    " days",
    "days",
];
/// Words that make a count of days a rhythm within a week (`1周5天`, `5 days a week`).
const WEEK_AROUND: &[&str] = &["周", "星期", "礼拜", "week", "wk"];

/// The count of days said (`跑20天`, `15 working days`) as the byte range of its number and
/// unit, and the count: 2 to 366 days, a number standing alone (never a card's, `a100`, `3090`),
/// and no week beside it (`1周5天`, `5 days a week` are a rhythm, und_r's).
fn days_counted(s: &str) -> Option<(usize, usize, u32)> {
    s.match_indices(|c: char| c.is_ascii_digit())
        .find_map(|(k, _)| {
            let before = s[..k].trim_end();
            if s[..k].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '.') {
                return None;
            }
            let digits = s[k..].len()
                - s[k..]
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            let n: u32 = s[k..k + digits].parse().ok()?;
            let rest = &s[k + digits..];
            let unit = DAY_COUNT_UNITS.iter().find(|u| rest.starts_with(**u))?;
            let after = rest[unit.len()..].trim_start();
            let week = WEEK_AROUND.iter().any(|w| before.ends_with(w))
                || ["a week", "per week", "/week", "一周", "每周", "a wk"]
                    .iter()
                    .any(|w| after.starts_with(w));
            ((2..=366).contains(&n) && !week).then_some((k, k + digits + unit.len(), n))
        })
}

/// `s` with a count of days said beside weekdays as that many days of the day's hours
/// (`工作日每天开10小时，跑20天`, `weekdays 8h a day for 15 working days`): the user counted the
/// working days, so each is billed (20 × 10 h), never spread as a week's rhythm (20 × 5/7 days'
/// hours, an under-bill). The weekday words are dropped; `每天`/`daily` said where nothing said so.
fn counted_days(s: &str, daily: bool) -> Option<String> {
    let (start, end, n) = days_counted(s)?;
    let ascii = s[start..end].is_ascii();
    let rest = &s[end..];
    // The weekday words were the count's own unit (`20个工作日开8小时`): the daily word after it.
    let remains = super::period_words(Period::WorkingDays)
        .any(|w| s[..start].contains(w) || rest.contains(w));
    let unit = match (ascii, daily || remains) {
        (true, true) => " days",
        (true, false) => " days daily",
        (false, true) => "天",
        (false, false) => "天每天",
    };
    let mut out = format!("{}{n}{unit}{rest}", &s[..start]);
    let mut said_daily = daily;
    while let Some(w) = super::period_words(Period::WorkingDays).find(|w| out.contains(*w)) {
        let put = match (said_daily, w.is_ascii()) {
            (true, _) => " ",
            (false, true) => " daily ",
            (false, false) => " 每天",
        };
        out = out.replacen(w, put, 1);
        said_daily = true;
    }
    Some(out)
}

/// The text with weekdays beside a day's hours said as five days a week (and the hours as a
/// day's where nothing said them so); a count of days said beside them is that many working days.
pub fn weekdays_as_rhythm(s: &str) -> String {
    // Monday to Friday and each day are the one table's words (`each_period`).
    let Some(w) = super::period_words(Period::WorkingDays).find(|w| s.contains(*w)) else {
        return s.to_string();
    };
    if !hours_said(s) {
        return s.to_string();
    }
    let daily = super::says(s, Period::Day);
    if let Some(out) = counted_days(s, daily) {
        return out;
    }
    let said = match (w.is_ascii(), daily) {
        (true, true) => " 5 days a week ",
        (true, false) => " 5 days a week, daily ",
        (false, true) => " 1周5天 ",
        (false, false) => " 1周5天 每天",
    };
    s.replacen(w, said, 1)
}

#[cfg(test)]
mod tests {
    use super::{days_counted, weekdays_as_rhythm};

    #[test]
    fn weekdays_beside_hours_are_five_days_a_week() {
        assert_eq!(
            weekdays_as_rhythm("工作日每天开10小时"),
            " 1周5天 每天开10小时"
        );
        assert_eq!(weekdays_as_rhythm("工作日开10小时"), " 1周5天 每天开10小时");
        assert_eq!(
            weekdays_as_rhythm("weekdays only, 8 hours a day"),
            " 5 days a week  only, 8 hours a day"
        );
    }

    #[test]
    fn days_counted_beside_weekdays_are_working_days() {
        assert_eq!(
            weekdays_as_rhythm("工作日每天开10小时，跑20天"),
            " 每天开10小时，跑20天"
        );
        assert_eq!(
            weekdays_as_rhythm("weekdays 8h a day for 15 working days"),
            "  8h a day for 15 days"
        );
        assert_eq!(weekdays_as_rhythm("20个工作日开8小时"), "20天每天开8小时");
        // A week or a month keeps the rhythm; a card's number is no count of days.
        for s in [
            "工作日每天8小时 跑3周",
            "3090 weekdays 4h per day for 3 months",
        ] {
            assert!(weekdays_as_rhythm(s).contains("5"), "{s}");
        }
        assert_eq!(days_counted("一周5天 每天8小时"), None);
        assert_eq!(days_counted("a100 weekdays 8h"), None);
    }

    #[test]
    fn weekdays_without_hours_are_left() {
        for s in [
            "weekdays 的时候好租吗",
            "when is a 4090 in stock on weekdays",
        ] {
            assert_eq!(weekdays_as_rhythm(s), s);
        }
    }
}
