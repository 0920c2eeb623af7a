//! A token volume's period said before the count with other words between (`每个月大概3亿token`,
//! `月用量6000万token`, `monthly usage is around 600 million tokens`, `per month we burn roughly
//! 90M tokens`): a month's volume is 30 days', a week's 7. Read as a day's, the rent-vs-API sum
//! carried 30 times the load (renting looked far better than it is).

/// Month cues before a count beyond the lexicon's words of each month: `个月` also covers
/// `这个月` (the count standing after it is this month's).
const MONTH: &[&str] = &["个月"];
/// How many words before the count the period may stand.
const REACH: usize = 5;

/// The days of the period said in the few words before the count at word `i` (stopping at
/// another number, whose period it would be): 30 or 7, `None` when no month or week is said or a
/// day is said too.
pub(super) fn said_before(toks: &[String], i: usize) -> Option<f64> {
    let from = i.saturating_sub(REACH);
    let words: Vec<&str> = toks[from..i]
        .iter()
        .rev()
        .take_while(|w| !w.starts_with(|c: char| c.is_ascii_digit()) || is_month_one(w))
        .map(String::as_str)
        .collect();
    let window = format!(
        " {} ",
        words.into_iter().rev().collect::<Vec<_>>().join(" ")
    );
    use crate::lexicon::{Period, says};
    // A day said nearer the count keeps it a day's (`跑一个月 每天3000万token`).
    if says(&window, Period::Day) {
        None
    } else if says(&window, Period::Month) || MONTH.iter().any(|c| window.contains(c)) {
        Some(30.0)
    } else if says(&window, Period::Week) {
        Some(7.0)
    } else {
        None
    }
}

/// `1个月差不多` (the text reaches here with `一个月` as `1个月`): a digit that is the month's.
fn is_month_one(w: &str) -> bool {
    w == "1"
}

#[cfg(test)]
mod tests {
    use super::super::text::{normalize, tokens};
    use super::said_before;

    fn days(s: &str, count: &str) -> Option<f64> {
        let t = tokens(&normalize(s));
        let i = t.iter().position(|w| w == count).unwrap();
        said_before(&t, i)
    }

    #[test]
    fn a_period_said_before_the_count() {
        assert_eq!(days("每个月大概3亿token", "3"), Some(30.0));
        assert_eq!(days("月用量6000万token的qwen2.5-14b", "6000"), Some(30.0));
        assert_eq!(
            days("monthly usage is around 600 million tokens", "600"),
            Some(30.0)
        );
        assert_eq!(days("每周大概7000万token", "7000"), Some(7.0));
        assert_eq!(days("跑一个月 每天3000万token", "3000"), None);
        assert_eq!(days("qwen2.5-7b 3000万token", "3000"), None);
    }
}
