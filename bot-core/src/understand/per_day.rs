//! A daily length written with a slash (`3h/day`, `40 mins/day`, `3小时/天`): the day's, as `a
//! day` and `每天` are read (it had been no length at all, and the card's specs answered).
//! Only after a time unit with its number: `$2/day` is a price per day, left to the price.

/// Time units a daily length ends with, longest first.
const UNITS: &[&str] = &[
    "minutes",
    "minute",
    "hours",
    "hour",
    "mins",
    "min",
    "hrs",
    "hr",
    "h",
    "m",
    "个小时",
    "小时",
    "分钟",
    "钟头",
    "个钟",
];

/// `s` with each `<number><unit>/day` as `<number><unit> a day` (`/天`, `/日`: `每天`).
pub(super) fn per_day(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let mut out = String::with_capacity(s.len() + 8);
    let mut from = 0;
    for (at, _) in lower.match_indices('/') {
        let after = &lower[at + 1..];
        let word = if after.starts_with("day") && !after[3..].starts_with(char::is_alphabetic) {
            Some((" a day", 3))
        } else if after.starts_with('天') || after.starts_with('日') {
            Some((" 每天", 3))
        } else {
            None
        };
        let Some((said, len)) = word.filter(|_| timed(lower[..at].trim_end())) else {
            continue;
        };
        out.push_str(&s[from..at]);
        out.push_str(said);
        from = at + 1 + len;
    }
    out.push_str(&s[from..]);
    out
}

/// Whether `before` ends with a number and a time unit (`3h`, `40 mins`, `3小时`).
fn timed(before: &str) -> bool {
    UNITS.iter().any(|u| {
        before
            .strip_suffix(u)
            .is_some_and(|n| n.trim_end().ends_with(|c: char| c.is_ascii_digit()))
    })
}

#[cfg(test)]
mod tests {
    use super::per_day;

    #[test]
    fn a_slash_day_after_a_length_is_a_day() {
        assert_eq!(per_day("4090 3h/day"), "4090 3h a day");
        assert_eq!(per_day("l4 40 mins/day"), "l4 40 mins a day");
        assert_eq!(per_day("a100 3小时/天"), "a100 3小时 每天");
        assert_eq!(per_day("4090 3 Hours/Day"), "4090 3 Hours a day");
        // A price per day, a path, a plural: left as they are.
        assert_eq!(per_day("$2/day"), "$2/day");
        assert_eq!(per_day("50块/天"), "50块/天");
        assert_eq!(per_day("3h/days"), "3h/days");
        assert_eq!(per_day("qwen/qwen2.5-7b"), "qwen/qwen2.5-7b");
    }
}
