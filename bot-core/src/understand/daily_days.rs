//! How many days a daily job runs, said beside its hours (`每天8小时，跑两周`, `8 hours a day for 2
//! weeks`, `每天跑3小时跑10天`): `/cost` and `/compare`'s `days=`. The hours a day were read and
//! the span dropped, so the bill was for the default 30 days where 14 or 10 were asked (twice or
//! three times the figure). A month (`跑一个月`, `for the next month`) is the default already.

use super::Reading;
use super::question::Question;
use super::request::Request;
use crate::billing::Pattern;

/// Units of a span of days, after its number, and the days each is.
const UNITS: &[(&str, u32)] = &[
    ("个星期", 7),
    ("个礼拜", 7),
    ("星期", 7),
    ("礼拜", 7),
    ("周", 7),
    ("个月", 30),
    ("天", 1),
    ("日", 1),
    (" weeks", 7),
    (" week", 7),
    (" months", 30),
    (" month", 30),
    (" days", 1),
    (" day", 1),
    ("weeks", 7),
    ("week", 7),
    ("days", 1),
    ("d", 1),
    ("w", 7),
];
/// A rhythm within a week said by its hours or times (`20 hours a week`, `每周`): how the days
/// repeat, not how many there are; left to the default. Days a week (`一周5天`, `5 days a week`,
/// weekdays as `lexicon::weekdays_as_rhythm` writes them) are spread by `period::week_days` and
/// keep the span said beside them (und_bf): only the rhythm's own days and week are no span.
const RHYTHM: &[&str] = &[
    "hours a week",
    "hours per week",
    "times a week",
    "每周",
    "周一",
    "工作日",
    "weekday",
];
/// A week said in words as the span (`for a week`): seven days.
const A_WEEK: &[&str] = &["for a week", "for one week", "for the week"];

/// The spans of days said, as `(days, start, end)` byte ranges of `padded`.
fn spans(padded: &str) -> Vec<(u32, usize, usize)> {
    let mut out = Vec::new();
    for (start, end) in super::numerals::digit_runs(padded) {
        let rest = &padded[end..];
        let unit = UNITS.iter().find(|(u, _)| {
            rest.starts_with(u)
                && !(u.is_ascii()
                    && rest[u.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()))
        });
        if let (Some((u, per)), Ok(n)) = (unit, padded[start..end].parse::<u32>()) {
            out.push((n.saturating_mul(*per), start, end + u.len()));
        }
    }
    out
}

/// `r` with the days its daily job runs, when a span of days is said beside the day's hours.
pub(super) fn with_days(q: &Question, r: Reading) -> Reading {
    let Reading::Command(mut req) = r else {
        return r;
    };
    if let Request::Cost(j) | Request::Compare(j) = &mut req
        && let Pattern::Daily { days, .. } = &mut j.job.pattern
        && let Some(n) = days_said(q.padded)
    {
        *days = n;
    }
    Reading::Command(req)
}

/// `一周用35个钟`, `1周大概用10个小时`: hours said a week (read as a day's share of them), no span.
fn hours_a_week(padded: &str) -> bool {
    ["1周", "1个星期", "1星期", "1个礼拜", "1礼拜"]
        .iter()
        .any(|w| {
            padded.match_indices(w).any(|(at, _)| {
                let rest: String = padded[at + w.len()..].chars().take(12).collect();
                // `1周5天每天8小时`: the week's days, then a day's hours.
                let days = rest
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .starts_with('天');
                !days && rest.contains(|c: char| c.is_ascii_digit()) && rest.contains("小时")
            })
        })
}

/// After the days of a week's rhythm (`5 days a week`, `5 days per week`).
const A_WEEK_AFTER: &[&str] = &["a week", "per week", "each week", "every week", "/week"];

/// Whether the span at `start..end` is a part of a days-a-week rhythm: the days after a week
/// (`1周5天`, `每周3天`), the days before `a week`, or the week before its days.
fn in_week_rhythm(padded: &str, start: usize, end: usize) -> bool {
    let before = padded[..start].trim_end();
    let after = padded[end..].trim_start().trim_start_matches([',', '，']);
    let unit = &padded[start..end];
    let days = unit.ends_with('天') || unit.ends_with("days");
    let week = unit.ends_with('周') || unit.ends_with("星期") || unit.ends_with("礼拜");
    (days && (before.ends_with('周') || A_WEEK_AFTER.iter().any(|w| after.starts_with(w))))
        || (week && after.starts_with(|c: char| c.is_ascii_digit()) && {
            let n = after.trim_start_matches(|c: char| c.is_ascii_digit());
            n.starts_with('天')
        })
}

/// A rhythm said whose days are no count: `每周` with no days after it, hours or times a week.
fn rhythm_said(padded: &str) -> bool {
    RHYTHM.iter().any(|w| {
        padded.match_indices(w).any(|(k, _)| {
            let rest = padded[k + w.len()..].trim_start_matches(|c: char| c.is_ascii_digit());
            !(*w == "每周" && rest.len() < padded.len() - k - w.len() && rest.starts_with('天'))
        })
    })
}

/// The one span of 2 to 366 days said (`1天` is the day of `一天8小时`, never a span), beside a
/// rhythm of days a week its own days and week left out; none beside any other rhythm.
pub(super) fn days_said(padded: &str) -> Option<u32> {
    if rhythm_said(padded) || hours_a_week(padded) {
        return None;
    }
    let week = A_WEEK.iter().any(|w| padded.contains(w)).then_some(7);
    let found: Vec<u32> = spans(padded)
        .into_iter()
        .filter(|(_, s, e)| !in_week_rhythm(padded, *s, *e))
        .map(|(d, _, _)| d)
        .chain(week)
        .filter(|d| (2..=366).contains(d))
        .collect();
    match found.as_slice() {
        [d] => Some(*d),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::normalize;
    use super::days_said;

    fn days(s: &str) -> Option<u32> {
        days_said(&format!(" {} ", normalize(s)))
    }

    #[test]
    fn a_span_of_days_beside_the_hours() {
        assert_eq!(days("每天8小时，跑两周"), Some(14));
        assert_eq!(days("8 hours a day for 2 weeks"), Some(14));
        assert_eq!(days("每天跑3小时跑10天"), Some(10));
        assert_eq!(days("every day 4h for 3 months"), Some(90));
        // A month is the default's 30; the day of the hours, a week's rhythm, two spans: none.
        assert_eq!(days("每天跑6小时跑一个月"), Some(30));
        assert_eq!(days("一天8小时"), None);
        assert_eq!(days("一周5天每天8小时"), None);
        assert_eq!(days("8h a day, 5 days a week"), None);
        assert_eq!(days("一周用三十五个钟 4090"), None);
        assert_eq!(days("每天跑8小时 跑一周"), Some(7));
        assert_eq!(days("8 hours a day for a week"), Some(7));
        assert_eq!(days("4 hours a day, 3 days a week"), None);
        assert_eq!(days("每天8小时 先跑10天 再跑两周"), None);
        // A week's days beside a span: the span (und_bf).
        assert_eq!(days("一周5天每天8小时 跑两周"), Some(14));
        assert_eq!(days("8h a day, 5 days a week, for 3 weeks"), Some(21));
        assert_eq!(days("每周3天 每天7小时 跑两个月"), Some(60));
    }
}
