//! Weekdays only (`工作日`, `周一到周五`, `weekdays`, `business days`) beside the hours of a day are
//! five days a week, read as `一周5天` / `5 days a week` are (und_r's rhythm: the day's hours
//! spread over every day of the span). They had been every day of the span: a month of weekdays
//! billed as 30 days, an over-bill of about 40 % (und_bf, issue 26). With no hours said
//! (`weekdays 的时候好租吗`) the words are left as said.

/// The ways people say Monday to Friday, longest first where one contains another.
const WEEKDAY_WORDS: &[&str] = &[
    "周一到周五",
    "周一至周五",
    "星期一到星期五",
    "工作日",
    "monday to friday",
    "monday through friday",
    "monday-friday",
    "mon-fri",
    "business days",
    "working days",
    "work days",
    "workdays",
    "weekdays",
];

/// Words that already make the hours a day's.
const DAILY_WORDS: &[&str] = &[
    "每天",
    "每日",
    "一天",
    "a day",
    "per day",
    "each day",
    "every day",
    "daily",
    "/day",
];

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

/// The text with weekdays beside a day's hours said as five days a week (and the hours as a
/// day's where nothing said them so).
pub fn weekdays_as_rhythm(s: &str) -> String {
    let Some(w) = WEEKDAY_WORDS.iter().find(|w| s.contains(**w)) else {
        return s.to_string();
    };
    if !hours_said(s) {
        return s.to_string();
    }
    let daily = DAILY_WORDS.iter().any(|d| s.contains(d));
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
    use super::weekdays_as_rhythm;

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
    fn weekdays_without_hours_are_left() {
        for s in [
            "weekdays 的时候好租吗",
            "when is a 4090 in stock on weekdays",
        ] {
            assert_eq!(weekdays_as_rhythm(s), s);
        }
    }
}
