//! Seconds since the epoch, their RFC 3339 text, and how fresh a fetch is.

/// A snapshot younger than this is fresh (2 h).
pub const FRESH_FOR_SECS: i64 = 2 * 3600;
/// A snapshot older than this is not shown as live data (24 h).
pub const HIDDEN_AFTER_SECS: i64 = 24 * 3600;

/// How far a stated time of day may lie ahead of our clock and still be believed: 15 minutes,
/// for a writer's clock that is somewhat off (a synced clock is off by well under a second).
pub const CLOCK_SKEW_SECS: i64 = 15 * 60;
/// A date without a time may already be "today" where the day starts first (UTC+14).
pub const EARLIEST_ZONE_SECS: i64 = 14 * 3600;

/// Is a time of day `at` later than `now` could explain (beyond [`CLOCK_SKEW_SECS`])?
pub fn is_future(at: i64, now: i64) -> bool {
    at > now.saturating_add(CLOCK_SKEW_SECS)
}

/// Is the day starting at `day_start` (00:00 UTC) not yet begun anywhere on Earth?
pub fn date_is_future(day_start: i64, now: i64) -> bool {
    day_start > now.saturating_add(EARLIEST_ZONE_SECS)
}

/// How much to trust a fetch of a given age.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Freshness {
    /// Under [`FRESH_FOR_SECS`].
    Fresh,
    /// Older, but under [`HIDDEN_AFTER_SECS`]: shown, labelled stale.
    Stale,
    /// Too old to show as live data.
    Hidden,
}

impl Freshness {
    /// A clock that ran backwards (fetched "in the future") counts as age zero.
    pub fn of_age(age_secs: i64) -> Freshness {
        let age = age_secs.max(0);
        if age < FRESH_FOR_SECS {
            Freshness::Fresh
        } else if age < HIDDEN_AFTER_SECS {
            Freshness::Stale
        } else {
            Freshness::Hidden
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            Freshness::Fresh => "fresh",
            Freshness::Stale => "stale",
            Freshness::Hidden => "hidden",
        }
    }
}

/// Now, in seconds since the Unix epoch (UTC).
pub fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// `2026-12-01T09:30:00Z`.
pub fn format_rfc3339(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// `2026-12-01 09:30 UTC`: a moment as a reader reads it in a chat answer (alerts, reports),
/// the same in every language.
pub fn format_minute_utc(secs: i64) -> String {
    let t = format_rfc3339(secs);
    format!("{} {} UTC", &t[..10], &t[11..16])
}

/// Reads what [`format_rfc3339`] writes (`Z` or `+00:00`; fractions of a second dropped).
pub fn parse_rfc3339(text: &str) -> Option<i64> {
    let t = text.trim();
    let (date, rest) = t.split_once('T')?;
    let days = crate::catalog::parse_date(date)?;
    let clock = rest
        .strip_suffix('Z')
        .or_else(|| rest.strip_suffix("+00:00"))?;
    let clock = clock.split('.').next()?;
    let mut it = clock.splitn(3, ':');
    let h: i64 = it.next()?.parse().ok()?;
    let mi: i64 = it.next()?.parse().ok()?;
    let s: i64 = it.next()?.parse().ok()?;
    if h > 23 || mi > 59 || s > 60 {
        return None;
    }
    Some(days * 86_400 + h * 3600 + mi * 60 + s)
}

/// Howard Hinnant's civil_from_days.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// serde for `fetched_at`: RFC 3339 text in JSON, seconds in memory.
pub(crate) mod rfc3339 {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(secs: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::format_rfc3339(*secs))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        let text = String::deserialize(d)?;
        super::parse_rfc3339(&text).ok_or_else(|| D::Error::custom(format!("not a time: {text}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_round_trip_and_freshness_has_three_bands() {
        for secs in [0, 1_764_581_400, 951_782_400 + 86_399] {
            assert_eq!(parse_rfc3339(&format_rfc3339(secs)), Some(secs));
        }
        assert_eq!(format_rfc3339(1_764_581_400), "2025-12-01T09:30:00Z");
        assert_eq!(Freshness::of_age(-50), Freshness::Fresh);
        assert_eq!(Freshness::of_age(FRESH_FOR_SECS - 1), Freshness::Fresh);
        assert_eq!(Freshness::of_age(FRESH_FOR_SECS), Freshness::Stale);
        assert_eq!(Freshness::of_age(HIDDEN_AFTER_SECS), Freshness::Hidden);
        assert_eq!(parse_rfc3339("2025-12-01T25:00:00Z"), None);
    }
}
