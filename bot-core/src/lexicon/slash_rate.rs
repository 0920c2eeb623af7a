//! Hours over a period written with a slash (`6h/day`, `10 hrs/day`, `6h/天`, `20h/week`): the
//! same hours a day or a week the length readers take in words (`6 hours a day`, `每天6小时`),
//! written so before any reader sees them (helper und_dy, issue 26 §4). A price per hour
//! (`$2/h`, `3块/小时`) has no hour word before its slash and is left alone.

/// Hour words that may stand between the number and the slash, longest first.
const HOUR_UNITS: &[&str] = &[
    "个小时",
    "个钟头",
    "hours",
    "小时",
    "钟头",
    "hour",
    "hrs",
    "hr",
    "h",
];

/// Period words after the slash, longest first, and whether the period is a week.
const PERIODS: &[(&str, bool)] = &[
    ("days", false),
    ("day", false),
    ("d", false),
    ("weeks", true),
    ("week", true),
    ("wk", true),
    ("天", false),
    ("日", false),
    ("星期", true),
    ("周", true),
];

/// `text` with each `N <hour word>/<period>` written as hours a day or a week in words: in
/// Chinese where the unit or the period is Chinese, else in English.
pub fn slash_rate_folded(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if let Some((end, words)) = rate_at(&chars, i) {
            out.push_str(&words);
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// The rate starting at `at` (a number's first digit, not inside another number or word), its
/// end and its words.
fn rate_at(c: &[char], at: usize) -> Option<(usize, String)> {
    let glued = |ch: char| ch.is_ascii_alphanumeric() || ch == '.';
    if !c[at].is_ascii_digit() || at > 0 && glued(c[at - 1]) {
        return None;
    }
    let mut i = at;
    while i < c.len() && (c[i].is_ascii_digit() || c[i] == '.' && i > at) {
        i += 1;
    }
    let number: String = c[at..i].iter().collect();
    number.parse::<f64>().ok()?;
    i = skip_spaces(c, i);
    let unit = HOUR_UNITS.iter().find(|u| starts(c, i, u))?;
    i = skip_spaces(c, i + unit.chars().count());
    if !matches!(c.get(i), Some('/' | '／')) {
        return None;
    }
    i = skip_spaces(c, i + 1);
    let (period, week) = PERIODS.iter().find(|(p, _)| {
        starts(c, i, p)
            && !c
                .get(i + p.chars().count())
                .is_some_and(|x| x.is_ascii_alphabetic())
    })?;
    let end = i + period.chars().count();
    let zh = !unit.is_ascii() || !period.is_ascii();
    let words = match (zh, week) {
        (true, false) => format!("每天{number}小时"),
        (true, true) => format!("每周{number}小时"),
        (false, false) => format!("{number} hours a day"),
        (false, true) => format!("{number} hours a week"),
    };
    Some((end, words))
}

fn starts(c: &[char], at: usize, word: &str) -> bool {
    let w: Vec<char> = word.chars().collect();
    c.len() >= at + w.len()
        && c[at..at + w.len()]
            .iter()
            .zip(&w)
            .all(|(a, b)| a.to_ascii_lowercase() == *b)
}

fn skip_spaces(c: &[char], mut i: usize) -> usize {
    while i < c.len() && c[i] == ' ' {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::slash_rate_folded as f;

    #[test]
    fn hours_over_a_slash_are_hours_a_day_or_a_week() {
        assert_eq!(f("6h/day"), "6 hours a day");
        assert_eq!(f("10 hrs / day pls"), "10 hours a day pls");
        assert_eq!(f("2.5H/Day"), "2.5 hours a day");
        assert_eq!(f("20h/week"), "20 hours a week");
        assert_eq!(f("6h/天"), "每天6小时");
        assert_eq!(f("大概6个小时/天吧"), "大概每天6小时吧");
        assert_eq!(f("14小时/周"), "每周14小时");
    }

    #[test]
    fn a_price_a_card_or_another_word_is_left() {
        for t in [
            "$2/h",
            "3块/小时",
            "4090/day",
            "6h/dayz",
            "h100/day",
            "6h/month",
            "a6h/day",
        ] {
            assert_eq!(f(t), t);
        }
    }
}
