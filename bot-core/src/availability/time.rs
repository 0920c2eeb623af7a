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

/// Reads an RFC 3339 time: what [`format_rfc3339`] writes (`Z`), or one written with its UTC
/// offset (`2026-11-29T08:00:00+08:00` is midnight UTC); fractions of a second dropped. A
/// time with no zone is `None`: which zone it meant is unknown, and UTC would be a guess.
pub fn parse_rfc3339(text: &str) -> Option<i64> {
    let t = text.trim();
    let (date, rest) = t.split_once(['T', 't'])?;
    let days = crate::catalog::parse_date(date)?;
    let (clock, offset) = match rest.strip_suffix(['Z', 'z']) {
        Some(clock) => (clock, 0),
        None => {
            let at = rest.rfind(['+', '-'])?;
            let (clock, zone) = rest.split_at(at);
            (clock, utc_offset(zone)?)
        }
    };
    let clock = clock.split('.').next()?;
    let mut it = clock.splitn(3, ':');
    let h: i64 = it.next()?.parse().ok()?;
    let mi: i64 = it.next()?.parse().ok()?;
    let s: i64 = it.next()?.parse().ok()?;
    if h > 23 || mi > 59 || s > 60 {
        return None;
    }
    Some(days * 86_400 + h * 3600 + mi * 60 + s - offset)
}

/// `+08:00` / `-05:30` in seconds east of UTC (RFC 3339 writes the colon; hours to 23).
fn utc_offset(zone: &str) -> Option<i64> {
    let sign = match zone.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let (h, m) = zone[1..].split_once(':')?;
    let all_digits = |x: &str| x.len() == 2 && x.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(h) || !all_digits(m) {
        return None;
    }
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    (h <= 23 && m <= 59).then_some(sign * (h * 3600 + m * 60))
}

/// Whether `text` is a date with a time of day but no zone (`2026-11-29T08:00:00`), so the
/// caller can say that is what is missing.
pub fn is_time_without_zone(text: &str) -> bool {
    let t = text.trim();
    t.split_once(['T', 't', ' ']).is_some_and(|(date, clock)| {
        crate::catalog::parse_date(date).is_some()
            && clock.contains(':')
            && clock
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b':' || b == b'.')
    })
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
