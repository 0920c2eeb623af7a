//! A date range said as a rental's length (`从12月10号租到12月13号`, `from dec 20 to dec 23`): the
//! days between its ends (3), written as the readers read a length (`租3天`, `for 3 days`).
//! Read alone, each date's number was dropped and the job billed as the default hour (helper
//! und_dz, issue 26). Only a range whose end is after its start, within one month or across to
//! the next, is read; February's length depends on a year nobody said, so a range across its
//! end is left as it was.

use super::written_numbers::small_number;

const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// Days in each month of a year that is not a leap year (February left out of any range).
const DAYS_IN: [u32; 12] = [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/// Days from `(m1, d1)` to `(m2, d2)`, the end after the start, in one month or the next.
fn days_between((m1, d1): (u32, u32), (m2, d2): (u32, u32)) -> Option<u32> {
    let valid = |m: u32, d: u32| (1..=12).contains(&m) && d >= 1 && d <= DAYS_IN[m as usize - 1];
    if !valid(m1, d1) || !valid(m2, d2) {
        return None;
    }
    if m1 == m2 {
        return (d2 > d1).then(|| d2 - d1);
    }
    (m2 == m1 % 12 + 1).then(|| DAYS_IN[m1 as usize - 1] - d1 + d2)
}

/// `text` with each date range written as its days.
pub(super) fn ranges(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        match zh_range(&chars, i).or_else(|| en_range(&chars, i)) {
            Some((text, end)) => {
                out.push_str(&text);
                i = end;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

fn at(chars: &[char], i: usize, word: &str) -> Option<usize> {
    let w: Vec<char> = word.chars().collect();
    (chars.len() >= i + w.len() && chars[i..i + w.len()] == w[..]).then_some(i + w.len())
}

fn spaces(chars: &[char], mut i: usize) -> usize {
    while chars.get(i) == Some(&' ') {
        i += 1;
    }
    i
}

/// `12月10号`: a month (optional for the second date) and a day with its `号`/`日`.
fn zh_date(chars: &[char], i: usize, month_needed: bool) -> Option<(Option<u32>, u32, usize)> {
    let (first, k) = small_number(chars, i)?;
    if let Some(k) = at(chars, k, "月") {
        let (day, k) = small_number(chars, spaces(chars, k))?;
        let end = at(chars, k, "号").or_else(|| at(chars, k, "日"))?;
        return Some((Some(first), day, end));
    }
    if month_needed {
        return None;
    }
    let end = at(chars, k, "号").or_else(|| at(chars, k, "日"))?;
    Some((None, first, end))
}

/// `从12月10号租到12月13号` → `租3天`, the verb kept.
fn zh_range(chars: &[char], i: usize) -> Option<(String, usize)> {
    if i > 0 && chars[i - 1].is_ascii_digit() {
        return None;
    }
    let k = at(chars, i, "从").map_or(i, |k| spaces(chars, k));
    let (m1, d1, k) = zh_date(chars, k, true)?;
    let k = spaces(chars, k);
    // A verb of one or two characters before `到` (`租到`, `用到`, `开到`).
    let (verb, k) = (0..=2).find_map(|n| {
        let stop = k + n;
        let verb: String = chars.get(k..stop)?.iter().collect();
        let plain = verb.chars().all(|c| "租用跑开借包".contains(c));
        ["到", "至", "-", "~"]
            .iter()
            .find_map(|w| at(chars, stop, w))
            .filter(|_| plain)
            .map(|e| (verb, e))
    })?;
    let (m2, d2, end) = zh_date(chars, spaces(chars, k), false)?;
    let days = days_between((m1?, d1), (m2.or(m1)?, d2))?;
    Some((format!("{verb}{days}天"), end))
}

/// `dec 20`, `december 20th`: a month's name and a day.
fn en_date(chars: &[char], i: usize) -> Option<(Option<u32>, u32, usize)> {
    let word_end = (i..chars.len())
        .find(|&k| !chars[k].is_ascii_alphabetic())
        .unwrap_or(chars.len());
    let word: String = chars[i..word_end].iter().collect::<String>().to_lowercase();
    let month = (word.len() >= 3)
        .then(|| MONTHS.iter().position(|m| word.starts_with(m)))
        .flatten()
        .filter(|&m| {
            let full = [
                "january",
                "february",
                "march",
                "april",
                "may",
                "june",
                "july",
                "august",
                "september",
                "october",
                "november",
                "december",
            ][m];
            full.starts_with(word.as_str()) || word == "sept"
        });
    let (month, k) = match month {
        Some(m) => (Some(m as u32 + 1), spaces(chars, word_end)),
        None => (None, i),
    };
    let (day, k) = small_number(chars, k).filter(|(_, e)| *e > k)?;
    let k = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|w| at(chars, k, w))
        .unwrap_or(k);
    if chars.get(k).is_some_and(char::is_ascii_alphanumeric) {
        return None;
    }
    Some((month, day, k))
}

/// `from dec 20 to dec 23` → `for 3 days`.
fn en_range(chars: &[char], i: usize) -> Option<(String, usize)> {
    if i > 0 && chars[i - 1].is_ascii_alphanumeric() {
        return None;
    }
    let k = spaces(chars, at(chars, i, "from ")?);
    let (m1, d1, k) = en_date(chars, k)?;
    let k = spaces(chars, k);
    let k = ["to ", "until ", "till ", "through ", "- ", "-"]
        .iter()
        .find_map(|w| at(chars, k, w))?;
    let (m2, d2, end) = en_date(chars, spaces(chars, k))?;
    let days = days_between((m1?, d1), (m2.or(m1)?, d2))?;
    Some((format!("for {days} days"), end))
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn ranges_are_days() {
        assert_eq!(
            ranges("3090 从12月10号租到12月13号 多少钱"),
            "3090 租3天 多少钱"
        );
        assert_eq!(ranges("从3月30日用到4月2日"), "用3天");
        assert_eq!(ranges("12月10号到13号"), "3天");
        assert_eq!(
            ranges("a100 from dec 20 to dec 23, cost?"),
            "a100 for 3 days, cost?"
        );
        assert_eq!(ranges("from March 30th to April 2nd"), "for 3 days");
        // An end before its start, or across February, is left as it was.
        assert_eq!(ranges("从12月13号到12月10号"), "从12月13号到12月10号");
        assert_eq!(ranges("from feb 27 to mar 2"), "from feb 27 to mar 2");
        assert_eq!(ranges("from 3 to 5 cards"), "from 3 to 5 cards");
    }
}
