//! Dates in the catalog (`as_of = "2026-11-30"`) as days since the Unix epoch, and today's.

/// Days since 1970-01-01 for a `YYYY-MM-DD` date, or `None` when it is not one.
pub fn parse_date(date: &str) -> Option<i64> {
    let mut it = date.trim().splitn(3, '-');
    let y: i64 = it.next()?.parse().ok()?;
    let m: i64 = it.next()?.parse().ok()?;
    let d: i64 = it.next()?.parse().ok()?;
    if date.trim().len() != 10 || !(1..=12).contains(&m) || !(1900..=9999).contains(&y) {
        return None;
    }
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let month_days = match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=month_days).contains(&d) {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// Today's date as days since the epoch (UTC), from the system clock.
pub fn today() -> i64 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    (secs / 86_400) as i64
}

#[cfg(test)]
mod tests {
    use super::parse_date;

    #[test]
    fn impossible_dates_are_not_dates() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert!(parse_date("2024-02-29").is_some());
        for bad in [
            "2026-02-29",
            "2026-04-31",
            "2026-13-01",
            "2026-00-10",
            "yesterday",
            "2026-1-1",
            "2026-11-30x",
        ] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
    }
}
