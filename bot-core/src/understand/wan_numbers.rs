//! Chinese numbers written in digits before the numeral pass reads them: a count of
//! 万 or 千 with one numeral after it is the next place down (`一万五` is 15,000, never 10,005;
//! `两万一个月` is 20,000 a month), and thousands or hundreds before 万/亿 (`一千五百万` is
//! `1500万`, never `1千5百万`, which read 5 million).

use super::numerals::{digit, value_of};
use super::spoken_forms::zh_small;

/// A Chinese digit as its character (`幺` → `1`).
fn zh_digit(c: char) -> Option<char> {
    digit(c).and_then(|d| char::from_digit(d, 10))
}

/// `一万五`, `两万五一个月`, `1万2`, `三千五`: a count of 万 (or 千) with one more numeral after
/// it, the next place down (`一万五` is 15,000, never 10,005), written in digits before the
/// numerals are read. A numeral that starts a count of its own (`一万五一个月`) is kept.
pub(crate) fn wan_tail(s: &str) -> String {
    if !s.contains('万') && !s.contains('千') && !s.contains('亿') {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let (mut i, mut read_to) = (0, 0);
    while i < chars.len() {
        let found = yi_and_wan(&chars, i)
            .map(|(start, n)| (start, format!("{n}万"), i + 1))
            .or_else(|| {
                hundreds_before_wan(&chars, i)
                    .map(|(start, n)| (start, format!("{n}{}", chars[i]), i + 1))
            })
            .or_else(|| wan_at(&chars, i));
        match found.filter(|(start, _, _)| *start >= read_to) {
            Some((start, value, end)) => {
                // The count's characters were pushed one by one: taken back.
                for _ in start..i {
                    out.pop();
                }
                out.push_str(&value);
                i = end;
                read_to = end;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

/// At `i`, a `万`/`亿` after a count of hundreds or thousands in Chinese numerals (`一千五百万`,
/// `两千万`): where the count starts and its value, so `一千五百万` is `1500万` (never `1千5百万`,
/// which read 5 million).
fn hundreds_before_wan(chars: &[char], i: usize) -> Option<(usize, u32)> {
    if !matches!(chars[i], '万' | '亿') {
        return None;
    }
    let len = chars[..i]
        .iter()
        .rev()
        .take(9)
        .take_while(|c| zh_digit(**c).is_some() || matches!(**c, '十' | '百' | '千'))
        .count();
    let start = i - len;
    let run = &chars[start..i];
    // A count that starts with its numeral, not inside a number already written
    // (`2块5一百万`, `2 百万`); `五百万`, `一百万` are read as they are (`5百万`).
    let units = run
        .iter()
        .filter(|c| matches!(c, '十' | '百' | '千'))
        .count();
    let inside = chars[..start]
        .iter()
        .rev()
        .find(|c| **c != ' ')
        .is_some_and(|c| c.is_ascii_digit() || *c == '.');
    let tail = run.last().is_some_and(|c| zh_digit(*c).is_some());
    let worth = run.contains(&'千') || units >= 2 || (units == 1 && tail);
    if !(2..=8).contains(&len) || inside || !worth || zh_digit(run[0]).is_none() {
        return None;
    }
    let total = value_of(run).and_then(|v| u32::try_from(v).ok())?;
    (total > 0).then_some((start, total))
}

/// At `i`, a `亿` with a count before it and a count of `万` after it (`一亿五千万`,
/// `两亿零五百万`, `1亿5000万`): where the number starts and its value in `万` (`15000`), so the
/// volume is one number (the `万` part alone was read, or only the `亿`: 50 or 100 million for
/// 150).
fn yi_and_wan(chars: &[char], i: usize) -> Option<(usize, u64)> {
    if chars[i] != '万' {
        return None;
    }
    let numeral = |c: &&char| digit(**c).is_some() || c.is_ascii_digit() || "十百千".contains(**c);
    let part = chars[..i].iter().rev().take(8).take_while(numeral).count();
    let yi = i.checked_sub(part + 1)?;
    if part == 0 || chars[yi] != '亿' {
        return None;
    }
    let count = chars[..yi].iter().rev().take(4).take_while(numeral).count();
    let start = yi - count;
    // A number already running before the count (`3.5亿`) is not this reading's.
    if count == 0 || (start > 0 && (chars[start - 1] == '.' || chars[start - 1].is_ascii_digit())) {
        return None;
    }
    let wan = value_of(&chars[yi + 1..i]).filter(|n| (1..10_000).contains(n))?;
    Some((
        start,
        value_of(&chars[start..yi])?.checked_mul(10_000)? + wan,
    ))
}

/// At `i`, a `万`/`千`/`亿` with a count before it and one numeral after: where the count
/// starts, the number in digits (`15000`; `1.5亿` for a `亿`, as the volume reader reads it) and
/// where the phrase ends.
fn wan_at(chars: &[char], i: usize) -> Option<(usize, String, usize)> {
    let place: u64 = match chars[i] {
        '万' => 10_000,
        '千' => 1_000,
        '亿' => 100_000_000,
        _ => return None,
    };
    // `一亿五`: hundreds of millions keep their word (`1.5亿`); a count in digits reads.
    let written = |n: u64, d: Option<u64>| match (place, d) {
        (100_000_000, Some(d)) => format!("{}.{d}亿", n / place),
        (100_000_000, None) => format!("{}亿", n / place),
        _ => n.to_string(),
    };
    let count_len = chars[..i]
        .iter()
        .rev()
        .take(4)
        .take_while(|c| c.is_ascii_digit() || zh_digit(**c).is_some() || **c == '十')
        .count()
        .min(3);
    if count_len == 0 {
        return None;
    }
    let start = i - count_len;
    // A number already running before the count (`3.5万`) is not this reading's.
    if start > 0 && (chars[start - 1] == '.' || chars[start - 1].is_ascii_alphanumeric()) {
        return None;
    }
    let count_s: String = chars[start..i].iter().collect();
    let count = count_s
        .parse::<u64>()
        .ok()
        .or_else(|| zh_small(&count_s).map(u64::from))?;
    let tail = chars.get(i + 1).copied()?;
    let d = u64::from(
        zh_digit(tail)
            .or(tail.is_ascii_digit().then_some(tail))?
            .to_digit(10)?,
    );
    let next = chars.get(i + 2).copied();
    // `两万一个月`: `一` counts the period (20,000 a month), not the thousands; another
    // numeral is the thousands (`两千五个小时` is 2,500 hours).
    if tail == '一' && next.is_some_and(|c| "个月天周年小".contains(c)) {
        return Some((start, written(count * place, None), i + 1));
    }
    if tail == '两' || d == 0 {
        return None;
    }
    match next {
        None => {}
        Some(c) if "千百十万亿点.".contains(c) || c.is_ascii_digit() => return None,
        Some(c) if zh_digit(c).is_some() => {
            let period = chars
                .get(i + 3)
                .is_some_and(|c| "个月天周年小".contains(*c));
            if !period {
                return None;
            }
        }
        Some(_) => {}
    }
    Some((
        start,
        written(count * place + d * place / 10, Some(d)),
        i + 2,
    ))
}

#[cfg(test)]
mod wan_tests {
    use super::wan_tail;

    #[test]
    fn the_place_down() {
        assert_eq!(wan_tail("一万五一个月"), "15000一个月");
        assert_eq!(wan_tail("两万五 一个月"), "25000 一个月");
        assert_eq!(wan_tail("1万2的预算"), "12000的预算");
        assert_eq!(wan_tail("三千五块"), "3500块");
        assert_eq!(wan_tail("一万五千"), "一万五千");
        assert_eq!(wan_tail("一万"), "一万");
        assert_eq!(wan_tail("3.5万"), "3.5万");
        assert_eq!(wan_tail("一万五十"), "一万五十");
        assert_eq!(wan_tail("两万一个月"), "20000一个月");
        assert_eq!(wan_tail("两千五个小时"), "2500个小时");
        assert_eq!(wan_tail("一千五百万token"), "1500万token");
        assert_eq!(wan_tail("两千万"), "2000万");
        assert_eq!(wan_tail("三百五十万"), "350万");
        assert_eq!(wan_tail("一千零五十万"), "1050万");
        assert_eq!(wan_tail("一千五万"), "1500万");
        assert_eq!(wan_tail("五百亿"), "五百亿");
        assert_eq!(wan_tail("一块五一百万"), "一块五一百万");
        assert_eq!(wan_tail("2块5一百万"), "2块5一百万");
        assert_eq!(wan_tail("每天 2 百万"), "每天 2 百万");
        // A `亿` with its `万` part is one number; one numeral after it the place down.
        assert_eq!(wan_tail("一亿五千万token"), "15000万token");
        assert_eq!(wan_tail("每天两亿五千万"), "每天25000万");
        assert_eq!(wan_tail("三亿零五百万token"), "30500万token");
        assert_eq!(wan_tail("1亿5000万"), "15000万");
        assert_eq!(wan_tail("一亿五token"), "1.5亿token");
        assert_eq!(wan_tail("两亿一个月"), "2亿一个月");
        assert_eq!(wan_tail("3.5亿5000万"), "3.5亿5000万");
    }
}
