//! A decimal written apart (helper und_ee, issue 26): a keyboard's auto-space after a full stop
//! (`1. 5 刀`, `$1. 5/hr`, `0. 3 刀`), the point said aloud by voice input or typed as its word
//! (`1点5小时`, `2点5刀`, `三点五个小时`), half an hour glued to an `h` (`2h半`), and cents
//! (`45¢/hr`: $0.45). Read apart,
//! each had put the fraction alone in the figure's place (`1. 5 刀` → $5, `1点5小时` → 5 h): a
//! wrong figure, the worst answer. Joined before any stage reads the text, for every reader.
//!
//! The rule: a whole part of one to three digits that starts its number (no mark or word glued
//! before it), the point, a fraction of one or two digits, and then what only a figure has: a
//! unit of money or time, or a currency sign before the whole part (`$1. 5`), or a zero whole
//! part (no list counts from 0). A numbered list's item (`1. 5 hours 2. 4090`) and a clock time
//! (`3点5分`, `8点半`) stay as typed: the pass never makes a figure up.

use crate::lexicon::UNIT_SPELLINGS;
use crate::lexicon::numerals::digit;

/// Units that follow only a figure: money, a multiplier, a month and a rate's period. The units of
/// a duration are the lexicon's one table ([`UNIT_SPELLINGS`]), read beside these.
const UNITS: &[&str] = &[
    "刀",
    "块",
    "元",
    "美元",
    "美金",
    "人民币",
    "个月",
    "万",
    "亿",
    "倍",
    "/",
    "每小时",
    "一小时",
    "usd",
    "dollars",
    "dollar",
    "bucks",
    "cny",
    "rmb",
    "yuan",
    "months",
    "month",
    "k",
];

/// `text` with each decimal written apart joined (`1. 5 刀` → `1.5 刀`, `1点5小时` →
/// `1.5小时`, `2h半` → `2.5h`).
pub(super) fn joined(text: &str) -> String {
    if !(text.contains(". ") || text.contains(['点', '半', '¢'])) {
        return text.to_string();
    }
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        if let Some((number, end)) = apart_at(&c, i).or_else(|| numeral_point(&c, i)) {
            out.push_str(&number);
            i = end;
            continue;
        }
        out.push(c[i]);
        i += 1;
    }
    out
}

/// The number written apart that starts at `i` and where it ends, if one does.
fn apart_at(c: &[char], i: usize) -> Option<(String, usize)> {
    let prev = i.checked_sub(1).map(|k| c[k]);
    // A whole part starts its number: nothing of a word or of another number glued before it.
    if prev.is_some_and(|p| p.is_alphanumeric() || ".,。、·".contains(p)) {
        return None;
    }
    let whole_end = (i..c.len()).take_while(|&k| c[k].is_ascii_digit()).last()? + 1;
    if whole_end - i > 3 {
        return None;
    }
    let whole: String = c[i..whole_end].iter().collect();
    cents(c, &whole, whole_end)
        .or_else(|| half_after_h(c, &whole, whole_end))
        .or_else(|| spaced_point(c, i, &whole, whole_end))
        .or_else(|| said_point(c, &whole, whole_end))
}

/// `45¢`: cents written as dollars (`$0.45`), the sign the readers know.
fn cents(c: &[char], whole: &str, at: usize) -> Option<(String, usize)> {
    let n: u32 = whole.parse().ok()?;
    (c.get(at) == Some(&'¢')).then(|| (format!("${}.{:02}", n / 100, n % 100), at + 1))
}

/// `2h半`: the hours and a half.
fn half_after_h(c: &[char], whole: &str, at: usize) -> Option<(String, usize)> {
    let h = ["hrs", "hr", "h"]
        .iter()
        .find(|u| starts(c, at, u))?
        .chars()
        .count();
    (c.get(at + h) == Some(&'半')).then(|| (format!("{whole}.5h "), at + h + 1))
}

/// `1. 5 刀`, `$1. 5/hr`, `0. 3 刀`: a point, one space, one or two digits.
fn spaced_point(c: &[char], i: usize, whole: &str, at: usize) -> Option<(String, usize)> {
    if !(c.get(at) == Some(&'.') && c.get(at + 1) == Some(&' ')) {
        return None;
    }
    let f = at + 2;
    let f_end = (f..c.len()).take_while(|&k| c[k].is_ascii_digit()).count() + f;
    if !(1..=2).contains(&(f_end - f)) {
        return None;
    }
    let sign = i.checked_sub(1).is_some_and(|k| "$¥￥".contains(c[k]));
    let figure = sign || whole == "0" || unit_after(c, f_end);
    (figure && !listed(c, whole)).then(|| {
        (
            format!("{whole}.{}", c[f..f_end].iter().collect::<String>()),
            f_end,
        )
    })
}

/// `1点5小时`, `2点5刀`: the point said as its word before a unit (never `3点5分`, a clock).
fn said_point(c: &[char], whole: &str, at: usize) -> Option<(String, usize)> {
    if c.get(at) != Some(&'点') {
        return None;
    }
    let f = at + 1;
    let f_end = (f..c.len()).take_while(|&k| c[k].is_ascii_digit()).count() + f;
    ((1..=2).contains(&(f_end - f)) && unit_after(c, f_end)).then(|| {
        (
            format!("{whole}.{}", c[f..f_end].iter().collect::<String>()),
            f_end,
        )
    })
}

/// Whether a unit of [`UNITS`] or [`UNIT_SPELLINGS`] follows at `at` (one space allowed), a Latin unit ending its word.
fn unit_after(c: &[char], at: usize) -> bool {
    let at = at + usize::from(c.get(at) == Some(&' '));
    let spelled = UNIT_SPELLINGS.iter().map(|(w, _, _)| *w);
    UNITS.iter().copied().chain(spelled).any(|u| {
        let n = u.chars().count();
        starts(c, at, u)
            && !(u.is_ascii()
                && u.starts_with(|x: char| x.is_ascii_alphabetic())
                && c.get(at + n).is_some_and(|x| x.is_ascii_alphabetic()))
    })
}

/// Whether the characters at `at` spell `word`, case aside.
fn starts(c: &[char], at: usize, word: &str) -> bool {
    word.chars()
        .enumerate()
        .all(|(k, w)| c.get(at + k).is_some_and(|x| x.to_ascii_lowercase() == w))
}

/// Whether `N. ` is a numbered list's item: the next or the one before stands in the text too.
fn listed(c: &[char], whole: &str) -> bool {
    let Ok(n) = whole.parse::<u32>() else {
        return false;
    };
    let text: String = c.iter().collect();
    [n + 1, n.saturating_sub(1)]
        .into_iter()
        .filter(|&m| m > 0 && m != n)
        .any(|m| {
            let item = format!("{m}. ");
            text.match_indices(&item).any(|(k, _)| {
                k == 0 || text[..k].ends_with(|p: char| p.is_whitespace() || !p.is_alphanumeric())
            })
        })
}

/// `三点五个小时`, `两点5刀`: one Chinese digit on either side of `点` before a unit (no clock
/// has a unit), the numeral run starting there (`十三点五` is left to the numeral readers).
fn numeral_point(c: &[char], i: usize) -> Option<(String, usize)> {
    let zh = |k: usize| {
        c.get(k)
            .filter(|x| !x.is_ascii_digit())
            .and_then(|&x| digit(x))
    };
    let whole = zh(i)?;
    if i.checked_sub(1)
        .is_some_and(|k| crate::lexicon::numerals::is_numeral(c[k]))
        || c.get(i + 1) != Some(&'点')
    {
        return None;
    }
    let (frac, end) = match zh(i + 2) {
        Some(f) => (f.to_string(), i + 3),
        None => {
            let end = (i + 2..c.len())
                .take_while(|&k| c[k].is_ascii_digit())
                .count()
                + i
                + 2;
            if !(1..=2).contains(&(end - i - 2)) {
                return None;
            }
            (c[i + 2..end].iter().collect(), end)
        }
    };
    unit_after(c, end).then(|| (format!("{whole}.{frac}"), end))
}

#[cfg(test)]
mod tests {
    use super::joined;

    #[test]
    fn a_point_written_apart_is_joined() {
        for (typed, read) in [
            ("a100 降到 1. 5 刀以下", "a100 降到 1.5 刀以下"),
            ("what's $1. 5/hr", "what's $1.5/hr"),
            ("0. 3 刀以下", "0.3 刀以下"),
            ("1. 5 dollars per hour", "1.5 dollars per hour"),
            ("跑 1点5小时", "跑 1.5小时"),
            ("2点5刀每小时", "2.5刀每小时"),
            ("3090 2h半 多少", "3090 2.5h  多少"),
            ("45¢/hr", "$0.45/hr"),
            ("5¢ a minute", "$0.05 a minute"),
        ] {
            assert_eq!(joined(typed), read, "{typed}");
        }
        assert_eq!(joined("跑三点五个小时"), "跑3.5个小时");
        assert_eq!(joined("两点5刀一小时"), "2.5刀一小时");
    }

    #[test]
    fn a_list_item_a_clock_or_a_sentence_stays() {
        for typed in [
            "1. 5 hours 2. 4090",
            "明天3点5分开始",
            "8点半提醒我",
            "预算500. 4090哪家便宜",
            "qwen2. 5 7b",
            "1. 4090 2. a100",
            "v1. 5 release",
            "三点五分出发",
            "便宜一点",
        ] {
            assert_eq!(joined(typed), typed, "{typed}");
        }
    }
}
