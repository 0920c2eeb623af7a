//! How people say the conversations a service holds at once when they do not say "at once": as
//! the peak (`高峰大概4个`, `峰值6个吧`, `at peak maybe 5`), as "just me" (`就我自己用`, `just me`:
//! one), or as a range of tens (`十几个人`, `二十几个`), and a range of two numerals written with a
//! mark between (`三十到五十块`), which `said_range` reads only in digits.

use rust_decimal::Decimal;

/// Words that say the count after them is the busiest moment's (`高峰`, `峰值`, `at peak`).
pub const PEAK_WORDS: &[&str] = &[
    "高峰期",
    "高峰时",
    "高峰",
    "峰值",
    "最忙的时候",
    "最多的时候",
    "最多时",
    "最多",
    "at peak",
    "at the peak",
    "peak",
    "at most",
    "at the busiest",
    "busiest",
    "max",
];

/// Whole messages that say one person uses it (`就我自己用`, `just me`): one conversation at a
/// time, the smallest service.
pub const ALONE_WORDS: &[&str] = &[
    "就我自己用",
    "就我自己",
    "就我一个人用",
    "就我一个人",
    "就我一个",
    "就我用",
    "就我",
    "只有我一个人用",
    "只有我一个人",
    "只有我自己用",
    "只有我自己",
    "只有我用",
    "只有我",
    "我自己用",
    "我一个人用",
    "自己用",
    "自用",
    "个人用",
    "一个人用",
    "just me",
    "only me",
    "just myself",
    "only myself",
    "me alone",
    "only i use it",
    "just me using it",
    "only me using it",
    "just for me",
    "only for me",
    "for myself",
    "for me only",
    "by myself",
    "myself",
];

/// Particles and marks a whole message may carry around what it says (`就我自己用吧`, `just me lol`).
const AROUND: &[char] = &['吧', '啊', '呀', '啦', '嘛', '哈', '的', '了'];

/// Whether the whole message says one person uses it ([`ALONE_WORDS`]).
pub fn alone_said(text: &str) -> bool {
    // The use verb with its aspect (`只有我自己在用`, `就我一个人使用`, `只有我用着`) is the verb.
    let t = [("在用", "用"), ("使用", "用"), ("用着", "用")]
        .iter()
        .fold(text.trim().to_lowercase(), |t, (a, b)| t.replace(a, b));
    let t = t.trim_matches(|c: char| !c.is_alphanumeric() || AROUND.contains(&c));
    let t = t
        .strip_suffix(" lol")
        .or_else(|| t.strip_suffix(" tbh"))
        .unwrap_or(t);
    let t = t.trim();
    // `就我一个user`, `就我一个用户`: a person noun after the words says the same one person.
    let t = [" users", " user", "users", "user", "用户", "人"]
        .iter()
        .find_map(|n| t.strip_suffix(n))
        .filter(|head| ALONE_WORDS.contains(&head.trim()))
        .unwrap_or(t);
    ALONE_WORDS.contains(&t.trim())
}

/// Words before a count that keep or bring back a figure said before (`还是十个`, `那就8个吧`,
/// `still 10`, `back to 10`): the count is what follows them (helper und_dr).
const SAME_AGAIN: &[&str] = &[
    "还是",
    "那就",
    "仍然",
    "依然",
    "改回",
    "still ",
    "back to ",
    "make it ",
    "keep it at ",
    "stay at ",
    "let's say ",
];

/// The message with a lead that keeps or brings back a count dropped, and the particles after
/// it (`还是10个吧` → `10个`); as written where it has none.
pub fn count_lead_dropped(text: &str) -> &str {
    let t = text.trim();
    let low = t.to_lowercase();
    match SAME_AGAIN.iter().find(|w| low.starts_with(**w)) {
        Some(w) if low.len() == t.len() => t[w.len()..]
            .trim()
            .trim_end_matches(|c: char| AROUND.contains(&c) || c == '。' || c == '.'),
        _ => t,
    }
}

/// The one count written in digits after a peak word (`高峰4个`, `峰值6个吧`, `at peak maybe 5`,
/// hedges already dropped or not), with nothing after it but a measure of conversations or
/// people; `None` without a peak word, with two counts, or a count of something else (`峰值
/// 32k`).
pub fn peak_count(norm: &str) -> Option<u32> {
    let l = norm.to_lowercase();
    let (at, w) = PEAK_WORDS
        .iter()
        .filter_map(|w| l.find(w).map(|at| (at, *w)))
        .min_by_key(|&(at, w)| (at, std::cmp::Reverse(w.len())))?;
    if w.is_ascii()
        && (l[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
            || l[at + w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()))
    {
        return None;
    }
    let runs: Vec<(usize, usize)> = super::numerals::digit_runs(&l).collect();
    let [(a, b)] = runs[..] else {
        return None;
    };
    if a < at + w.len() {
        return None;
    }
    let after = l[b..].trim_start();
    const MEASURES: &[&str] = &[
        "个",
        "路",
        "人",
        "位",
        "并发",
        "同时",
        "会话",
        "请求",
        "吧",
        "左右",
        "people",
        "users",
        "conversations",
        "chats",
        "requests",
        "sessions",
        "at once",
        "at a time",
        "concurrent",
        "or so",
        "ish",
    ];
    let fits = after.is_empty()
        || MEASURES.iter().any(|m| after.starts_with(m))
        || after.starts_with(|c: char| !c.is_alphanumeric());
    fits.then(|| l[a..b].parse().ok()).flatten()
}

/// `十几` (11 to 19), `二十几` (21 to 29): a number of tens and some more, up to nine, said as
/// such; `None` when the message says no such number, or more than one.
pub fn tens_and_some(text: &str) -> Option<(u64, u64)> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for (i, c) in chars.iter().enumerate() {
        if *c != '几' || i == 0 || chars[i - 1] != '十' {
            continue;
        }
        let tens = match i.checked_sub(2).map(|k| chars[k]) {
            Some(d) if super::numerals::digit(d).is_some_and(|d| d > 0) => {
                u64::from(super::numerals::digit(d)?)
            }
            _ => 1,
        };
        found.push((tens * 10 + 1, tens * 10 + 9));
    }
    match found[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// Marks between two numerals of a range (`三十到五十`, `三十至五十`, `三十~五十`).
const NUMERAL_RANGE_MARKS: &[char] = &['到', '至', '~', '～', '-', '—', '–'];

/// A range written as two Chinese numerals with a mark between (`三十到五十块` 30–50), smaller
/// first; `None` when the message says none, or more than one.
pub fn numeral_range(text: &str) -> Option<(Decimal, Decimal)> {
    let chars: Vec<char> = text.chars().collect();
    let run_end = |from: usize| {
        (from..chars.len())
            .find(|&k| !super::numerals::is_numeral(chars[k]))
            .unwrap_or(chars.len())
    };
    let mut found = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        if !super::numerals::is_numeral(chars[k]) {
            k += 1;
            continue;
        }
        let end = run_end(k);
        let lo = super::numerals::value_of(&chars[k..end]);
        if let (Some(lo), Some(m)) = (lo, chars.get(end))
            && NUMERAL_RANGE_MARKS.contains(m)
            && chars
                .get(end + 1)
                .is_some_and(|c| super::numerals::is_numeral(*c))
        {
            let hi_end = run_end(end + 1);
            if let Some(hi) = super::numerals::value_of(&chars[end + 1..hi_end])
                && lo < hi
            {
                found.push((Decimal::from(lo), Decimal::from(hi)));
            }
            k = hi_end;
            continue;
        }
        k = end;
    }
    match found[..] {
        [one] => Some(one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peaks_alone_and_ranges_read() {
        assert_eq!(peak_count("高峰4个"), Some(4));
        assert_eq!(peak_count("峰值6个吧"), Some(6));
        assert_eq!(peak_count("at peak maybe 5"), Some(5));
        assert_eq!(peak_count("高峰的时候大概12个人"), Some(12));
        assert_eq!(peak_count("峰值32k"), None);
        assert_eq!(peak_count("高峰4个，平时2个"), None);
        assert_eq!(peak_count("4个"), None);
        assert_eq!(peak_count("maximum 5"), None);
        for t in [
            "就我自己用",
            "就我自己用吧",
            "just me",
            "Just me lol",
            "只有我一个人用",
            "by myself",
        ] {
            assert!(alone_said(t), "{t}");
        }
        for t in ["就我自己用4090", "me and my team", "我们自己用"] {
            assert!(!alone_said(t), "{t}");
        }
        assert_eq!(tens_and_some("十几个人同时问吧"), Some((11, 19)));
        assert_eq!(tens_and_some("二十几个人"), Some((21, 29)));
        assert_eq!(tens_and_some("几十个人"), None);
        assert_eq!(
            numeral_range("预算三十到五十块"),
            Some((Decimal::from(30), Decimal::from(50)))
        );
        assert_eq!(numeral_range("预算五十块"), None);
        assert_eq!(numeral_range("五十到三十"), None);
    }
}
