//! A start and an end time said as a range (`从晚上11点跑到早上7点`, `9点到下午5点`, `from 10pm
//! to 6am`, `9am-5pm`, `晚上8点开到凌晨2点`) is how long the job runs: written as its length in
//! hours before the duration words are read (corpus69, issue 26). It had been no length at all,
//! so the default hour was billed: an eighth of the real bill, said with confidence.
//! A day-part (上午/下午/晚上/凌晨…, am/pm) sets its time's half of the day; a time said without
//! one takes the half that makes the range shortest (`晚上8点到10点` is 2 h, `8到10点` 2 h), and
//! a range past midnight wraps. A range whose two ends cannot be told apart (`8点到8点`, `from 9
//! to 9`: 12 h or 24 h) is left as said here and asked back with both lengths by [`asked_back`]
//! (und_bf): it had been billed as the default hour. After `from`, an end said as a bare number
//! is a time where no unit or count follows it (`from 9 to 5`, never `from 2 to 4 gpus`). A
//! clock time alone (`明天早上9点开始`) is no range and is left as said.

use super::Reading;
use crate::catalog::Catalog;
use crate::lexicon::clock_words::{
    DayPart as Part, NOT_A_TIME_AFTER as UNITS_AFTER, TIME_SEPARATORS as SEPARATORS,
    ZH_DAY_PARTS as ZH_PARTS, minutes_of_day,
};
use crate::lexicon::is_han;

/// One time read: minutes past its half-day's start, the part said, whether it was marked as a
/// time (`点`, `:30`, am/pm) and where it ends (a char index).
#[derive(Debug, Clone, Copy)]
struct Time {
    hour: u32,
    minute: u32,
    part: Option<Part>,
    marked: bool,
    end: usize,
}

fn starts(chars: &[char], at: usize, w: &str) -> bool {
    w.chars()
        .enumerate()
        .all(|(j, c)| chars.get(at + j) == Some(&c))
}

fn digits(chars: &[char], at: usize) -> Option<(u32, usize)> {
    let n = chars[at..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if n == 0 || n > 2 {
        return None;
    }
    let v: String = chars[at..at + n].iter().collect();
    Some((v.parse().ok()?, at + n))
}

/// An hour written in Chinese numerals right before `点` (`八点`, `十一点`, `两点`): the same clock
/// as its digits, so a range said in words is a length, or asked back, as one in digits is.
fn han_hour(chars: &[char], at: usize) -> Option<(u32, usize)> {
    // An hour is at most three numerals (`二十四`): a longer run is no hour, read no further.
    let n = chars[at..]
        .iter()
        .take(4)
        .take_while(|c| super::numerals::digit(**c).is_some() || **c == '十')
        .count();
    if n == 0 || n > 3 || chars.get(at + n) != Some(&'点') || !han_hour_may_start(chars, at) {
        return None;
    }
    let hour = super::numerals::value_of(&chars[at..at + n])?;
    (hour <= 24).then_some((u32::try_from(hour).ok()?, at + n))
}

/// `一点` after a word is "a little" (`快一点到八点`, `差一点到十点`, `早一点`): a numeral hour
/// starts the text, follows a space or a mark, 从/到/至/由, or a day-part of two characters.
fn han_hour_may_start(chars: &[char], at: usize) -> bool {
    let Some(prev) = at.checked_sub(1).map(|p| chars[p]) else {
        return true;
    };
    !is_han(prev)
        || "从到至由".contains(prev)
        || ZH_PARTS.iter().any(|(w, _)| {
            let w: Vec<char> = w.chars().collect();
            w.len() > 1 && at >= w.len() && chars[at - w.len()..at] == w[..]
        })
}

fn skip_spaces(chars: &[char], mut at: usize) -> usize {
    while chars.get(at) == Some(&' ') {
        at += 1;
    }
    at
}

/// Whether the bare number ending at `k` ends a time after `from`: spaces then the message's
/// end, a mark, or a word that is no unit or count (`from 9 to 9, how much`).
fn bare_end(chars: &[char], k: usize) -> bool {
    let n = skip_spaces(chars, k);
    let Some(&c) = chars.get(n) else {
        return true;
    };
    if !c.is_alphanumeric() {
        return true;
    }
    let word: String = chars[n..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    n > k && c.is_ascii_alphabetic() && !UNITS_AFTER.contains(&word.as_str())
}

/// A time starting at `at`: `[day-part] H[点[钟][半|MM[分]]|:MM][ ][am|pm]`.
fn time_at(chars: &[char], at: usize) -> Option<Time> {
    let mut k = at;
    let mut part = None;
    if let Some((w, p)) = ZH_PARTS.iter().find(|(w, _)| starts(chars, k, w)) {
        part = Some(*p);
        k = skip_spaces(chars, k + w.chars().count());
    }
    // The hour is its own number: not the tail of a longer one (`4090`) or a decimal.
    if k > 0 && (chars[k - 1].is_ascii_alphanumeric() || chars[k - 1] == '.') {
        return None;
    }
    let (hour, mut k) = digits(chars, k).or_else(|| han_hour(chars, k))?;
    let (mut minute, mut marked) = (0, false);
    if chars.get(k) == Some(&'点') {
        marked = true;
        k += 1;
        if chars.get(k) == Some(&'钟') {
            k += 1;
        }
        if chars.get(k) == Some(&'半') {
            minute = 30;
            k += 1;
        } else if let Some((m, e)) = digits(chars, k).filter(|(m, _)| *m < 60) {
            minute = m;
            k = e;
            if chars.get(k) == Some(&'分') {
                k += 1;
            }
        }
    } else if chars.get(k) == Some(&':')
        && let Some((m, e)) = digits(chars, k + 1).filter(|(m, e)| *m < 60 && e - k == 3)
    {
        minute = m;
        marked = true;
        k = e;
    }
    let s = skip_spaces(chars, k);
    for (w, p) in [
        ("a.m.", Part::Am),
        ("p.m.", Part::Pm),
        ("am", Part::Am),
        ("pm", Part::Pm),
    ] {
        let end = s + w.chars().count();
        if starts(chars, s, w) && chars.get(end).is_none_or(|c| !c.is_ascii_alphanumeric()) {
            part = Some(p);
            marked = true;
            k = end;
            break;
        }
    }
    // A length or an amount is no time (`8到10个小时`, `5-10块`): a bare number is one only
    // right before a separator.
    let n = skip_spaces(chars, k);
    let next = chars.get(n).copied();
    let sep = SEPARATORS.iter().any(|w| starts(chars, n, w));
    // A word that is no unit may follow a bare end after `from` (checked by the range).
    if !marked && !sep && next.is_some_and(|c| c.is_alphanumeric()) && !bare_end(chars, k) {
        return None;
    }
    (hour <= 24 && (part.is_none() || hour <= 12)).then_some(Time {
        hour,
        minute,
        part,
        marked,
        end: k,
    })
}

/// The minutes of the day a time may be (`lexicon::clock_words`, the house's one rule).
fn readings(t: &Time) -> Vec<u32> {
    minutes_of_day(t.hour, t.minute, t.part, false)
}

/// The same clock on both ends with a half unsaid (`从8点跑到8点`): 12 h or 24 h, unread.
fn same_clock(a: &Time, b: &Time) -> bool {
    (a.part.is_none() || b.part.is_none()) && (a.hour % 12, a.minute) == (b.hour % 12, b.minute)
}

/// The shortest length in minutes from `a` to `b` over their readings, wrapping past midnight;
/// none when it is nothing (the two ends the same).
fn length(a: &Time, b: &Time) -> Option<u32> {
    if same_clock(a, b) {
        return None;
    }
    let mut best: Option<u32> = None;
    for x in readings(a) {
        for y in readings(b) {
            let d = (y + 24 * 60 - x) % (24 * 60);
            if d > 0 && best.is_none_or(|b| d < b) {
                best = Some(d);
            }
        }
    }
    best
}

/// The separator after a start time: where the end time starts, the verb said before `到`.
fn separator(chars: &[char], at: usize) -> Option<(usize, String)> {
    let s = skip_spaces(chars, at);
    // A verb of one or two Han characters before `到` (`跑到`, `开到`, `用到`): kept.
    for verb in 0..=2 {
        let v: String = chars[s..].iter().take(verb).collect();
        if v.chars().count() != verb || !v.chars().all(is_han) {
            continue;
        }
        let k = s + verb;
        if let Some(w) = SEPARATORS.iter().find(|w| starts(chars, k, w)) {
            let e = k + w.chars().count();
            let ascii = w.is_ascii() && w.chars().all(|c| c.is_ascii_alphabetic());
            if ascii && chars.get(e).is_some_and(|c| c.is_ascii_alphabetic()) {
                continue;
            }
            if verb > 0 && !w.starts_with('到') && *w != "一直到" {
                continue;
            }
            return Some((skip_spaces(chars, e), v));
        }
    }
    None
}

/// The text with each clock range written as its length (`8小时`, `8 hours`).
pub(super) fn as_lengths(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if let Some((Some(len), verb, end)) = range_at(&chars, i) {
            let zh = chars[i..end].iter().any(|c| is_han(*c));
            let (h, m) = (len / 60, len % 60);
            let said = match (zh, m) {
                (true, 0) => format!("{h}小时"),
                (true, _) => format!("{h}小时{m}分钟"),
                (false, 0) => format!("{h} hours"),
                (false, _) => format!("{h}h{m}m"),
            };
            out.push_str(&format!("{verb}{said} "));
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// A range starting at char `i` (after an optional `从` / `from`): its length in minutes (none
/// where its ends read the same clock with a half unsaid), the verb said before `到`, where it
/// ends.
fn range_at(chars: &[char], i: usize) -> Option<(Option<u32>, String, usize)> {
    let from = if starts(chars, i, "从") {
        Some(i + 1)
    } else if starts(chars, i, "from ") && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()) {
        Some(i + 5)
    } else {
        None
    };
    // A range starts here, not at the space before it (kept as said).
    if from.is_none() && chars.get(i) == Some(&' ') {
        return None;
    }
    let at = skip_spaces(chars, from.unwrap_or(i));
    // A range starts at a day-part or a number, never inside a word.
    let first = chars.get(at)?;
    if from.is_none()
        && i > 0
        && (chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '.')
        && first.is_ascii_digit()
    {
        return None;
    }
    let a = time_at(chars, at)?;
    let (b_at, verb) = separator(chars, a.end)?;
    let b = time_at(chars, b_at)?;
    // The end told as a time (`点`, `:30`, am/pm); the start may be bare (`8到10点`, `9-5pm`).
    // After `from` both may be bare, hours of a half-day each, where no unit follows.
    let bare_ok = from.is_some_and(|f| chars[f - 1] == ' ')
        && !a.marked
        && a.hour <= 12
        && b.hour <= 12
        && bare_end(chars, b.end);
    if !b.marked && !bare_ok {
        return None;
    }
    if same_clock(&a, &b) {
        return Some((None, verb, b.end));
    }
    Some((Some(length(&a, &b)?), verb, b.end))
}

/// The text with its first range of the same clock at both ends written as 12 and as 24 hours.
fn unread_as(s: &str) -> Option<(String, String)> {
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    // Ranges read as lengths are passed whole, as `as_lengths` passes them.
    let (verb, end) = loop {
        if i >= chars.len() {
            return None;
        }
        match range_at(&chars, i) {
            Some((None, verb, end)) => break (verb, end),
            Some((Some(_), _, end)) => i = end,
            None => i += 1,
        }
    };
    {
        let zh = chars[i..end].iter().any(|c| is_han(*c));
        let said = |h: u32| {
            let len = if zh {
                format!("{h}小时")
            } else {
                format!("{h} hours")
            };
            let head: String = chars[..i].iter().collect();
            let tail: String = chars[end..].iter().collect();
            format!("{head}{verb}{len} {tail}")
        };
        Some((said(12), said(24)))
    }
}

/// The reading of `text` asked back with a range of the same clock at both ends (`从8点跑到8点`,
/// `from 9 to 9`) as 12 h and as 24 h, when the two read as different commands.
pub(super) fn asked_back(catalog: &Catalog, text: &str, reading: Reading) -> Reading {
    if !matches!(reading, Reading::Command(_) | Reading::Unknown) {
        return reading;
    }
    let Some((half, whole)) = unread_as(&text.to_lowercase()) else {
        return reading;
    };
    // The range is the word with two senses: 12 hours or 24.
    let senses = crate::lexicon::Senses {
        word: text.to_string(),
        said: vec![
            (crate::lexicon::Sense::Hours, half),
            (crate::lexicon::Sense::Hours, whole),
        ],
    };
    super::senses::asked_back(catalog, Some(senses), reading)
}

#[cfg(test)]
mod tests {
    use super::as_lengths;

    #[test]
    fn a_clock_range_is_its_length() {
        assert_eq!(
            as_lengths("从晚上11点跑到早上7点要多少钱").trim(),
            "跑8小时 要多少钱"
        );
        assert_eq!(as_lengths("9点到下午5点").trim(), "8小时");
        assert_eq!(as_lengths("from 10pm to 6am").trim(), "8 hours");
        assert_eq!(as_lengths("9am-5pm").trim(), "8 hours");
        assert_eq!(as_lengths("从晚上十一点跑到早上七点").trim(), "跑8小时");
        assert_eq!(as_lengths("两点到五点半").trim(), "3小时30分钟");
        // `一点` after a word is "a little", not one o'clock.
        assert_eq!(as_lengths("快一点到八点").trim(), "快一点到八点");
        assert_eq!(as_lengths("差一点到十点了").trim(), "差一点到十点了");
        assert_eq!(as_lengths("晚上8点开到凌晨2点").trim(), "开6小时");
        assert_eq!(as_lengths("8到10点").trim(), "2小时");
        assert_eq!(as_lengths("晚上8点到10点").trim(), "2小时");
        assert_eq!(as_lengths("9:30 to 5pm").trim(), "7h30m");
        assert_eq!(as_lengths("from 9 to 5, price").trim(), "8 hours , price");
        // The house's one clock (`lexicon::clock_words`): 晚上12点 is midnight (it had been noon
        // here, and the range from 8 in the evening 16 hours), 中午1点 one in the afternoon.
        assert_eq!(as_lengths("晚上8点到晚上12点").trim(), "4小时");
        assert_eq!(as_lengths("中午1点到晚上6点").trim(), "5小时");
    }

    #[test]
    fn the_same_clock_at_both_ends_is_read_both_ways() {
        let (half, whole) = super::unread_as("从8点跑到8点多少钱").unwrap();
        assert_eq!(
            (half.as_str(), whole.as_str()),
            ("跑12小时 多少钱", "跑24小时 多少钱")
        );
        let (half, _) = super::unread_as("a100 from 9 to 9, cost").unwrap();
        assert_eq!(half, "a100 12 hours , cost");
        assert_eq!(super::unread_as("早上8点到晚上8点"), None);
        // Said in Chinese numerals, the same clock is asked back as in digits.
        let (half, whole) = super::unread_as("从八点跑到八点").unwrap();
        assert_eq!((half.as_str(), whole.as_str()), ("跑12小时 ", "跑24小时 "));
    }

    #[test]
    fn what_is_no_range_is_left() {
        for s in [
            "明天早上9点开始",
            "8到10个小时",
            "5-10块",
            "4090 2-3小时",
            "从8点跑到8点",
            "qwen2.5 7b 到 14b",
            "2 to 3 hours",
            "from 2 to 4 gpus",
            "from 7 to 8b",
        ] {
            assert_eq!(as_lengths(s), s);
        }
    }
}
