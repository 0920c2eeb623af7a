//! Time units and durations as people type them ("90s", "1h30m", "40分钟", "2小时", "1mo").
//!
//! A month is 730 hours (the AWS / infracost convention: 8760 h / 12); answers that use it say so.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Hours in a billing month (8760 / 12).
pub const HOURS_PER_MONTH: u32 = 730;

/// A unit a price can be quoted per, or a duration written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TimeUnit {
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Month,
    Year,
}

impl TimeUnit {
    pub const ALL: [TimeUnit; 7] = [
        TimeUnit::Second,
        TimeUnit::Minute,
        TimeUnit::Hour,
        TimeUnit::Day,
        TimeUnit::Week,
        TimeUnit::Month,
        TimeUnit::Year,
    ];

    /// Length of one unit in seconds.
    pub fn seconds(self) -> u64 {
        match self {
            TimeUnit::Second => 1,
            TimeUnit::Minute => 60,
            TimeUnit::Hour => 3600,
            TimeUnit::Day => 86_400,
            TimeUnit::Week => 7 * 86_400,
            TimeUnit::Month => HOURS_PER_MONTH as u64 * 3600,
            TimeUnit::Year => 8760 * 3600,
        }
    }

    /// Stable English key, used in JSON and as the Fluent selector.
    pub fn key(self) -> &'static str {
        match self {
            TimeUnit::Second => "second",
            TimeUnit::Minute => "minute",
            TimeUnit::Hour => "hour",
            TimeUnit::Day => "day",
            TimeUnit::Week => "week",
            TimeUnit::Month => "month",
            TimeUnit::Year => "year",
        }
    }

    /// Parses a unit word in English or Chinese, singular, plural or abbreviated.
    pub fn parse(word: &str) -> Option<TimeUnit> {
        let w = word.trim().to_lowercase();
        let w = w.trim_start_matches('/').trim_start_matches("per").trim();
        Some(match w {
            "s" | "sec" | "secs" | "second" | "seconds" | "秒" | "秒钟" => TimeUnit::Second,
            "m" | "min" | "mins" | "minute" | "minutes" | "分" | "分钟" | "分鐘" => {
                TimeUnit::Minute
            }
            "h" | "hr" | "hrs" | "hour" | "hours" | "小时" | "小時" | "时" | "個小時"
            | "个小时" | "钟头" => TimeUnit::Hour,
            "d" | "day" | "days" | "天" | "日" => TimeUnit::Day,
            "w" | "wk" | "wks" | "week" | "weeks" | "周" | "週" | "星期" | "个星期" => {
                TimeUnit::Week
            }
            "mo" | "mon" | "mth" | "month" | "months" | "月" | "个月" | "個月" => {
                TimeUnit::Month
            }
            "y" | "yr" | "yrs" | "year" | "years" | "年" => TimeUnit::Year,
            _ => return None,
        })
    }
}

impl fmt::Display for TimeUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for TimeUnit {
    type Err = DurationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TimeUnit::parse(s).ok_or_else(|| DurationError::UnknownUnit(s.to_string()))
    }
}

/// Why a duration could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    #[error("empty duration")]
    Empty,
    #[error("unknown time unit `{0}`")]
    UnknownUnit(String),
    #[error("`{0}` is not a number")]
    BadNumber(String),
    #[error("a duration cannot be negative")]
    Negative,
    #[error("duration is too large")]
    TooLarge,
}

/// Longest duration we accept: 100 years. Anything longer is a typo, and it keeps every
/// later multiplication far inside `Decimal`'s range.
pub const MAX_DURATION_SECONDS: u64 = 100 * 8760 * 3600;

/// Parses a duration such as `90s`, `40m`, `1h30m`, `1.5h`, `2d`, `1mo`, `40分钟`, `2小时`,
/// `1小时30分钟`, or a bare number of seconds. Returns exact seconds (may be fractional).
pub fn parse_duration(input: &str) -> Result<Decimal, DurationError> {
    let s: String = input
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if s.is_empty() {
        return Err(DurationError::Empty);
    }
    if s.starts_with('-') {
        return Err(DurationError::Negative);
    }
    let mut total = Decimal::ZERO;
    let mut rest = s.as_str();
    while !rest.is_empty() {
        let num_len = rest
            .char_indices()
            .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
            .map_or(rest.len(), |(i, _)| i);
        if num_len == 0 {
            return Err(DurationError::BadNumber(rest.to_string()));
        }
        let number = &rest[..num_len];
        let value =
            Decimal::from_str(number).map_err(|_| DurationError::BadNumber(number.to_string()))?;
        rest = &rest[num_len..];
        let unit_len = rest
            .char_indices()
            .find(|(_, c)| c.is_ascii_digit() || *c == '.')
            .map_or(rest.len(), |(i, _)| i);
        let unit_word = &rest[..unit_len];
        rest = &rest[unit_len..];
        let unit = if unit_word.is_empty() {
            TimeUnit::Second
        } else {
            TimeUnit::parse(unit_word)
                .ok_or_else(|| DurationError::UnknownUnit(unit_word.to_string()))?
        };
        let secs = value
            .checked_mul(Decimal::from(unit.seconds()))
            .ok_or(DurationError::TooLarge)?;
        total = total.checked_add(secs).ok_or(DurationError::TooLarge)?;
        if total > Decimal::from(MAX_DURATION_SECONDS) {
            return Err(DurationError::TooLarge);
        }
    }
    Ok(total)
}

/// Formats whole seconds compactly: `1h30m`, `40m`, `90s` -> `1m30s`, `2d`.
pub fn format_duration(seconds: Decimal) -> String {
    let mut secs = seconds.ceil().to_string().parse::<u64>().unwrap_or(0);
    if secs == 0 {
        return "0s".into();
    }
    let mut out = String::new();
    for (unit, label) in [(86_400u64, "d"), (3600, "h"), (60, "m"), (1, "s")] {
        if secs >= unit {
            out.push_str(&format!("{}{label}", secs / unit));
            secs %= unit;
        }
    }
    out
}

/// [`format_duration`] as a Chinese reader writes it: `3小时5分`, `40分钟`, `1分30秒`, `2天`.
/// English answers keep the compact form (`3h5m`), which is also what people type.
pub fn format_duration_in(seconds: Decimal, zh: bool) -> String {
    if !zh {
        return format_duration(seconds);
    }
    let mut secs = seconds.ceil().to_string().parse::<u64>().unwrap_or(0);
    if secs == 0 {
        return "0秒".into();
    }
    // Minutes alone read "40分钟"; after hours the short "5分" is usual.
    let alone = secs < 3600 && secs % 60 == 0;
    let mut out = String::new();
    for (unit, label) in [(86_400u64, "天"), (3600, "小时"), (60, "分"), (1, "秒")] {
        if secs >= unit {
            out.push_str(&format!("{}{label}", secs / unit));
            secs %= unit;
        }
    }
    if alone {
        out.push('钟');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn parses_the_forms_people_type() {
        assert_eq!(parse_duration("90s").unwrap(), dec("90"));
        assert_eq!(parse_duration("40m").unwrap(), dec("2400"));
        assert_eq!(parse_duration("1h30m").unwrap(), dec("5400"));
        assert_eq!(parse_duration("1.5h").unwrap(), dec("5400"));
        assert_eq!(parse_duration("2d").unwrap(), dec("172800"));
        assert_eq!(parse_duration("1mo").unwrap(), dec("2628000"));
        assert_eq!(parse_duration("40分钟").unwrap(), dec("2400"));
        assert_eq!(parse_duration("2小时").unwrap(), dec("7200"));
        assert_eq!(parse_duration("1小时30分钟").unwrap(), dec("5400"));
        assert_eq!(parse_duration("3 hours").unwrap(), dec("10800"));
        assert_eq!(parse_duration("120").unwrap(), dec("120"));
    }

    #[test]
    fn rejects_what_it_cannot_read() {
        assert_eq!(parse_duration(""), Err(DurationError::Empty));
        assert_eq!(parse_duration("-5m"), Err(DurationError::Negative));
        assert!(matches!(
            parse_duration("5 fortnights"),
            Err(DurationError::UnknownUnit(_))
        ));
        assert!(matches!(
            parse_duration("h"),
            Err(DurationError::BadNumber(_))
        ));
        assert!(matches!(
            parse_duration("1.2.3h"),
            Err(DurationError::BadNumber(_))
        ));
        assert_eq!(
            parse_duration("99999999999999y"),
            Err(DurationError::TooLarge)
        );
        assert_eq!(parse_duration("101y"), Err(DurationError::TooLarge));
    }

    #[test]
    fn formats_compactly() {
        assert_eq!(format_duration(dec("5400")), "1h30m");
        assert_eq!(format_duration(dec("90")), "1m30s");
        assert_eq!(format_duration(dec("0")), "0s");
        assert_eq!(format_duration_in(dec("11100"), true), "3小时5分");
        assert_eq!(format_duration_in(dec("2400"), true), "40分钟");
        assert_eq!(format_duration_in(dec("90"), true), "1分30秒");
        assert_eq!(format_duration_in(dec("172800"), true), "2天");
        assert_eq!(format_duration_in(dec("0"), true), "0秒");
        assert_eq!(format_duration_in(dec("11100"), false), "3h5m");
    }
}
