//! A deadline and its time taken out before any length is read (`ddl 前三天` was a 3-day
//! rental, `deadline next week` a 7-day price history): the time says when the job must end,
//! not how long it runs, so the question's other words (现在能开 → stock, tell me →
//! subscribe) decide. The words are the lexicon's ([`crate::lexicon::DEADLINE_WORDS`]).

use crate::catalog::Catalog;
use crate::lexicon::{DEADLINE_TIME_WORDS, DEADLINE_TIME_ZH, DEADLINE_WORDS, WEEKDAYS};

/// Units after which a number belongs to a deadline's time (`前3天`, `in 2 days`).
const UNITS: &[&str] = &[
    "天", "号", "日", "周", "个", "小时", "月", "day", "days", "week", "weeks", "hour", "hours",
    "h", "d", "th", "st", "nd", "rd",
];

/// Words before a deadline that belong to it (`before the deadline`, `离ddl`); a number
/// before it is left, as `3 days before the deadline` may be the job's own length.
const BEFORE: &[&str] = &[
    "before", "until", "till", "the", "my", "our", "a", "离", "距离", "距",
];

/// `s` with each deadline word and the time said with it replaced by a space.
pub(super) fn plain(_: &Catalog, s: &str) -> String {
    let mut out = s.to_string();
    let mut from = 0;
    while let Some((at, len)) = next_deadline(&out, from) {
        let end = forward(&out, at + len);
        let start = backward(&out, at);
        out.replace_range(start..end, " ");
        from = start + 1;
    }
    out
}

/// The next deadline word at or after `from`, as a whole word where it is Latin.
fn next_deadline(s: &str, from: usize) -> Option<(usize, usize)> {
    DEADLINE_WORDS
        .iter()
        .filter_map(|w| {
            let mut k = from;
            while let Some(f) = s.get(k..)?.find(w) {
                let at = k + f;
                let latin = w.is_ascii();
                let before = s[..at].chars().next_back();
                let after = s[at + w.len()..].chars().next();
                let apart = |c: Option<char>| !c.is_some_and(|c| c.is_ascii_alphanumeric());
                if !latin || (apart(before) && apart(after)) {
                    return Some((at, w.len()));
                }
                k = at + w.len();
            }
            None
        })
        .min_by_key(|(at, len)| (*at, usize::MAX - len))
}

/// The end of the time said after a deadline word at `i`.
fn forward(s: &str, mut i: usize) -> usize {
    let mut end = i;
    let mut last = "";
    loop {
        let rest = &s[i..];
        let trimmed = rest.trim_start_matches([' ', '\'']);
        let skip = rest.len() - trimmed.len();
        let word_len = trimmed
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(trimmed.len());
        let digits = trimmed
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(trimmed.len());
        let took = if digits > 0 {
            let after = trimmed[digits..].trim_start();
            let unit = UNITS.iter().any(|u| {
                after.starts_with(u)
                    && !(u.is_ascii()
                        && after[u.len()..]
                            .chars()
                            .next()
                            .is_some_and(|c| c.is_ascii_alphabetic()))
            });
            let weekday = ["周", "星期", "礼拜"].contains(&last);
            (unit || weekday).then_some(digits)
        } else if word_len > 0 {
            // A whole word: `a` of `a100` is a card's name.
            let whole = !trimmed[word_len..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit());
            let w = &trimmed[..word_len];
            (whole && (DEADLINE_TIME_WORDS.contains(&w) || WEEKDAYS.contains(&w)))
                .then_some(word_len)
        } else {
            DEADLINE_TIME_ZH
                .iter()
                .filter(|w| trimmed.starts_with(*w))
                .map(|w| w.len())
                .max()
        };
        let Some(n) = took else {
            return end;
        };
        last = &trimmed[..n];
        i += skip + n;
        end = i;
    }
}

/// The start of the words before a deadline word at `i` that belong to it.
fn backward(s: &str, i: usize) -> usize {
    let mut start = i;
    loop {
        let head = s[..start].trim_end();
        match BEFORE.iter().find(|w| {
            head.ends_with(*w)
                && !(w.is_ascii()
                    && head[..head.len() - w.len()]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_ascii_alphanumeric()))
        }) {
            Some(w) => start = head.len() - w.len(),
            None => return start,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(s: &str) -> String {
        let cat = Catalog::embedded().unwrap();
        plain(&cat, s)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_deadline_and_its_time_go() {
        assert_eq!(said("ddl 前3天 急需 4090"), "急需 4090");
        assert_eq!(
            said("l40s tell me (deadline next week)"),
            "l40s tell me ( )"
        );
        assert_eq!(said("截止前1周 a100 现在有吗"), "a100 现在有吗");
        assert_eq!(said("my deadline is friday. lora"), ". lora");
        assert_eq!(
            said("离ddl还有2天 4090 跑 10 小时多少钱"),
            "4090 跑 10 小时多少钱"
        );
        // A length before the deadline, and a number that is a card, are kept.
        assert_eq!(said("4090 3 days before the deadline"), "4090 3 days");
        assert_eq!(said("ddl is a 4090 job"), "4090 job");
        assert_eq!(said("截止前1周 a100 有吗"), "a100 有吗");
        // A word containing one is no deadline.
        assert_eq!(said("overdue 4090"), "overdue 4090");
    }
}
