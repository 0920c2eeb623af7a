//! Hours of a part of the day, over a span of days (`白天跑8小时晚上关掉，一个月`, `工作日开10小时,
//! 两周`, `nights only for two weeks`): a daily pattern, as `每天8小时` is, though no `每天` is
//! said (corpus69, issue 26). It had been one run of those hours, so a month was billed as a
//! single job. Written as the daily words the duration reader knows, before it reads them; with
//! no span of days said, the hours stay one run.

/// A span of several days said (a month, weeks, days).
const SPAN: &[&str] = &[
    "个月",
    "周",
    "星期",
    "礼拜",
    "month",
    "week",
    " days",
    "fortnight",
];

/// Day-parts with hours said right after them (`白天跑8小时`, `工作日开10小时`): every day's.
const PART_HOURS: &[&str] = &["白天", "工作日", "weekdays", "during the day", "daytime"];

/// Whether hours are said within a few characters after byte `at` (a verb between).
fn hours_soon(s: &str, at: usize) -> bool {
    let rest: String = s[at..].chars().take(12).collect();
    let Some(d) = rest.find(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    // Only a verb, spaces or a comma between (`白天跑8小时`, `weekdays, 10 hours`).
    if rest[..d].chars().any(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    let unit = rest[d..].trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let unit = unit.trim_start().trim_start_matches('个');
    ["小时", "钟头", "hour", "hrs", "h "]
        .iter()
        .any(|u| unit.starts_with(u))
}

/// The text with a day-part's hours over a span of days said as every day's.
pub(super) fn as_daily(s: &str) -> String {
    let nightly = nightly_as_daily(s);
    if nightly != s {
        return nightly;
    }
    if !SPAN.iter().any(|w| s.contains(w)) || s.contains("每天") && !s.contains("每天晚上") {
        return s.to_string();
    }
    let mut out = s.to_string();
    for part in PART_HOURS {
        if let Some(k) = out.find(part)
            && hours_soon(&out, k + part.len())
        {
            let daily = if part.is_ascii() { " daily " } else { "每天" };
            out.replace_range(k..k + part.len(), daily);
            return out;
        }
    }
    out
}

/// Nights as a habit (the lexicon's `每晚`, `只在晚上`, `nights only`), a span said or not: every
/// day's, a night's 8 hours each day, or the hours said each night (`每晚跑3小时`).
fn nightly_as_daily(s: &str) -> String {
    use crate::lexicon::{NightSense, night_said, nights_as};
    if night_said(s) != Some(NightSense::Nightly) {
        return s.to_string();
    }
    // A length in minutes or a half said each night is its length too (`每晚半个钟头`).
    if super::night::length_said(s) {
        // Hours each night beside a span or a package (`每天晚上跑4小时 哪家包月划算`) stay as
        // said: the plan or the span is the question, read by the span rules.
        let period = SPAN.iter().any(|w| s.contains(w))
            || crate::lexicon::PACKAGES.iter().any(|(w, _)| s.contains(w));
        if period {
            return s.to_string();
        }
        return nights_as(s, NightSense::Nightly, "每天", " daily ");
    }
    nights_as(s, NightSense::Nightly, "每天8小时", " 8 hours a day ")
}

#[cfg(test)]
mod tests {
    use super::as_daily;

    #[test]
    fn a_day_part_over_days_is_daily() {
        assert_eq!(
            as_daily("白天跑8小时晚上关掉 4090一个月多少钱"),
            "每天跑8小时晚上关掉 4090一个月多少钱"
        );
        assert_eq!(as_daily("只在晚上跑 跑两周"), "每天8小时跑 跑两周");
        let said = as_daily("nights only for two weeks");
        let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(said, "8 hours a day for two weeks");
    }

    #[test]
    fn without_a_span_the_hours_are_one_run() {
        for s in ["白天跑8小时多少钱", "4090跑8小时多少钱", "每天8小时 一个月"]
        {
            assert_eq!(as_daily(s), s);
        }
    }
}
