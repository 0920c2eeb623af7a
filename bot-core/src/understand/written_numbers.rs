//! Numbers written in forms the readers had no word for, rewritten as the forms they read, on the
//! raw text before any stage (helper und_dz, issue 26). Each was a wrong figure: a duration read
//! as the default hour, an amount dropped or read as another number.
//! - Financial numerals (`叁`, `贰佰`, `伍佰万`) are the plain numerals; a run of numerals with `〇`
//!   is positional digits (`二〇元` 20, `三〇〇〇` 3000).
//! - Digits grouped by 万 (`1,0000`, a comma before exactly four digits) are one number.
//! - An ISO 8601 duration (`PT2H30M`, `P1DT12H`) is its length (`2h30m`, `1d12h`).
//! - A compound length (`1周零3天`, `1 week and 3 days`) is its sum in days, never its first part.
//! - Digits glued to `token` (`12000token`) are apart, as the volume readers read them.
//!
//! Date ranges are read in [`super::written_dates`] (after these, with this file's numbers).
//! Rates (requests × tokens, tokens a second all day) and a node's price with its card count are
//! in [`super::written_rates`].

/// The financial numerals and the plain ones they stand for.
const FINANCIAL: &[(char, char)] = &[
    ('壹', '一'),
    ('贰', '二'),
    // Traditional two (U+8CB3), written as its code point: this table reads the raw text before the Traditional fold,
    // and the fold's own test keeps fold-changed characters out of the lexicon's source.
    ('\u{8CB3}', '二'),
    // 參 is left out: it is also 參數 (parameters) and 參考, words of this domain.
    ('叁', '三'),
    ('肆', '四'),
    ('伍', '五'),
    ('陆', '六'),
    ('陸', '六'),
    ('柒', '七'),
    ('捌', '八'),
    ('玖', '九'),
    ('拾', '十'),
    ('佰', '百'),
    ('仟', '千'),
];

/// `text` with every form above written as the readers read it.
pub(super) fn plain(text: &str) -> String {
    // `5.000.000`, `20，000，000`: digit groups are one number for the stages that read the raw
    // text too (they had read `5` as the volume), as `normalize` reads them (und_eb).
    let s = financial(&super::typed_marks::grouped_digits(text));
    let s = ling_digits(&s);
    let s = wan_grouped(&s);
    let s = iso_durations(&s);
    let s = weeks_and_days(&s);
    token_apart(&thousands_counted(&s))
}

/// `1.5k个请求`: a `k` glued to a Chinese counter is a thousand of what it counts (never money:
/// the counter says so), in digits as the count readers read them (`1500个请求`).
fn thousands_counted(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find(['k', 'K']) {
        let head = &rest[..at];
        let start = head
            .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
            .map_or(0, |p| {
                p + head[p..].chars().next().map_or(1, char::len_utf8)
            });
        let number = &head[start..];
        let counted = rest[at + 1..].starts_with(['个', '次', '条', '人']);
        let value = number
            .parse::<rust_decimal::Decimal>()
            .ok()
            .filter(|_| counted && !number.starts_with('.'))
            .map(|n| (n * rust_decimal::Decimal::from(1000)).normalize());
        match value {
            Some(v) if v.fract().is_zero() => {
                out.push_str(&head[..start]);
                out.push_str(&v.to_string());
            }
            _ => {
                out.push_str(head);
                out.push(rest[at..].chars().next().unwrap_or('k'));
            }
        }
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
    out
}

fn financial(s: &str) -> String {
    // `伍` alone is also a surname; read only beside another numeral or a unit after it.
    let chars: Vec<char> = s.chars().collect();
    let big = |c: char| FINANCIAL.iter().find(|(b, _)| *b == c).map(|(_, p)| *p);
    let numeric = |c: Option<&char>| {
        c.is_some_and(|&c| {
            big(c).is_some()
                || "一二三四五六七八九十百千万亿〇零两小时个块元天周月每".contains(c)
                || c.is_ascii_digit()
        })
    };
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| match big(c) {
            // `大陆每小时`, `大陸每小時`: the mainland, never a six.
            Some(_) if matches!(c, '陆' | '陸') && i > 0 && chars[i - 1] == '大' => c,
            Some(p) if numeric(chars.get(i + 1)) || (i > 0 && numeric(chars.get(i - 1))) => p,
            _ => c,
        })
        .collect()
}

fn zh_digit(c: char) -> Option<u32> {
    "〇一二三四五六七八九"
        .chars()
        .position(|d| d == c)
        .map(|d| d as u32)
        .or_else(|| (c == '零').then_some(0))
}

/// A run of two numerals or more with `〇` is written digit by digit (`二〇` 20): in digits.
fn ling_digits(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let end = (i..chars.len())
            .find(|&k| zh_digit(chars[k]).is_none())
            .unwrap_or(chars.len());
        let run = &chars[i..end];
        if run.len() >= 2 && run.contains(&'〇') {
            out.extend(
                run.iter()
                    .filter_map(|&c| zh_digit(c))
                    .map(|d| char::from_digit(d, 10).unwrap_or('0')),
            );
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// `1,0000`, `2,5000,0000`: a comma before exactly four digits groups by 万 (thousands are
/// grouped by three): the number without its commas.
fn wan_grouped(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            !(c == ',' && i > 0 && digit(i - 1) && (1..=4).all(|k| digit(i + k)) && !digit(i + 5))
        })
        .map(|(_, &c)| c)
        .collect()
}

/// `PT2H30M` → `2h30m`: a word that is an ISO 8601 duration (P, then days, then T and hours,
/// minutes, seconds; at least one part), either case.
fn iso_durations(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find(['P', 'p']) {
        let before_ok = rest[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        let word_len = rest[at..]
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len() - at);
        let word = &rest[at..at + word_len];
        // An instance's name (`p4d.24xlarge`, `p5-48`) is no duration: a duration has its
        // time part (`PT…`) or is written in capitals, and ends its word.
        let after_ok = !rest[at + word_len..].starts_with(['.', '-', '_']);
        let shaped = word.to_ascii_uppercase().contains('T')
            || word.chars().all(|c| !c.is_ascii_lowercase());
        match (before_ok && after_ok && shaped)
            .then(|| iso_length(word))
            .flatten()
        {
            Some(length) => {
                out.push_str(&rest[..at]);
                out.push_str(&length);
            }
            None => out.push_str(&rest[..at + word_len]),
        }
        rest = &rest[at + word_len..];
    }
    out.push_str(rest);
    out
}

/// The length of one ISO 8601 duration word, as the readers write lengths.
fn iso_length(word: &str) -> Option<String> {
    let upper = word.to_ascii_uppercase();
    let body = upper.strip_prefix('P')?;
    let (date, time) = match body.split_once('T') {
        Some((d, t)) => (d, Some(t)),
        None => (body, None),
    };
    let mut parts = Vec::new();
    let mut take = |text: &str, units: &[(char, &str)]| -> Option<()> {
        let mut num = String::new();
        for c in text.chars() {
            if c.is_ascii_digit() {
                num.push(c);
                continue;
            }
            let (_, unit) = units.iter().find(|(u, _)| *u == c)?;
            if num.is_empty() {
                return None;
            }
            let n: u32 = num.parse().ok()?;
            parts.push(if *unit == "w" {
                format!("{}d", n * 7)
            } else {
                format!("{n}{unit}")
            });
            num.clear();
        }
        num.is_empty().then_some(())
    };
    take(date, &[('W', "w"), ('D', "d")])?;
    if let Some(t) = time {
        take(t, &[('H', "h"), ('M', "m"), ('S', "s")])?;
    }
    (!parts.is_empty()).then(|| parts.concat())
}

/// A number at `i`: ASCII digits, or one Chinese numeral (`一周零三天`); its value and end.
pub(super) fn small_number(chars: &[char], i: usize) -> Option<(u32, usize)> {
    let end = (i..chars.len())
        .find(|&k| !chars[k].is_ascii_digit())
        .unwrap_or(chars.len());
    if end > i {
        let n: String = chars[i..end].iter().collect();
        return n.parse().ok().map(|n| (n, end));
    }
    let c = *chars.get(i)?;
    let n = zh_digit(c)
        .filter(|&d| d > 0)
        .or((c == '两').then_some(2))?;
    Some((n, i + 1))
}

fn starts(chars: &[char], i: usize, word: &str) -> Option<usize> {
    let w: Vec<char> = word.chars().collect();
    (chars.len() >= i + w.len() && chars[i..i + w.len()] == w[..]).then_some(i + w.len())
}

fn skip_spaces(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| *c == ' ') {
        i += 1;
    }
    i
}

/// `1周零3天`, `1 week and 3 days`: weeks then days joined, their sum in days.
fn weeks_and_days(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        match compound_at(&chars, i) {
            Some((days, end, zh)) => {
                out.push_str(&if zh {
                    format!("{days}天")
                } else {
                    format!("{days} days")
                });
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

/// Days of a weeks-and-days length starting at `i`, its end and whether it was Chinese.
fn compound_at(chars: &[char], i: usize) -> Option<(u32, usize, bool)> {
    if i > 0 && (chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '.') {
        return None;
    }
    let (weeks, k) = small_number(chars, i)?;
    let k = skip_spaces(chars, k);
    let zh_week = ["个星期", "个礼拜", "星期", "礼拜", "周"]
        .iter()
        .find_map(|w| starts(chars, k, w));
    if let Some(k) = zh_week {
        let k = skip_spaces(chars, k);
        // The joiner is needed: `一周5天` is five days a week, `一周7天` a whole week.
        let k = ["零", "又", "加"]
            .iter()
            .find_map(|w| starts(chars, k, w))?;
        let (days, k) = small_number(chars, skip_spaces(chars, k))?;
        let k = skip_spaces(chars, k);
        let end = starts(chars, k, "天").or_else(|| starts(chars, k, "日"))?;
        return (days < 7).then_some((weeks * 7 + days, end, true));
    }
    let k = ["weeks", "week", "wks", "wk"]
        .iter()
        .find_map(|w| starts(chars, k, w))?;
    let k = skip_spaces(chars, k);
    let k = ["and", "+", "&"].iter().find_map(|w| starts(chars, k, w))?;
    let (days, k) = small_number(chars, skip_spaces(chars, k))?;
    let k = skip_spaces(chars, k);
    let end = ["days", "day", "d"]
        .iter()
        .find_map(|w| starts(chars, k, w))
        .filter(|&e| chars.get(e).is_none_or(|c| !c.is_ascii_alphanumeric()))?;
    (days < 7).then_some((weeks * 7 + days, end, false))
}

/// `12000token`: digits glued to `token` written apart (glued, no volume reader saw it).
fn token_apart(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 4);
    let mut prev: Option<char> = None;
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        let numeral = |p: char| p.is_ascii_digit() || "一二三四五六七八九两".contains(p);
        if prev.is_some_and(numeral) && rest.to_ascii_lowercase().starts_with("token") {
            out.push(' ');
        }
        out.push(c);
        prev = Some(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn forms_are_plain() {
        assert_eq!(plain("租叁小时"), "租三小时");
        assert_eq!(plain("伍先生"), "伍先生");
        // Words of this domain that hold a numeral's character are never numbers: the mainland
        // before a price (`大陆每小时`), parameters after a size (`7參數`).
        assert_eq!(plain("大陆每小时多少"), "大陆每小时多少");
        assert_eq!(plain("大陸每小時多少"), "大陸每小時多少");
        assert_eq!(plain("7參數"), "7參數");
        assert_eq!(plain("租\u{8CB3}天"), "租二天");
        assert_eq!(plain("低于二〇元"), "低于20元");
        assert_eq!(plain("每月三〇〇〇元"), "每月3000元");
        assert_eq!(plain("每天 1,0000 次"), "每天 10000 次");
        assert_eq!(plain("1,000 次"), "1,000 次");
        assert_eq!(plain("runpod PT2H30M cost"), "runpod 2h30m cost");
        assert_eq!(plain("p1dt12h"), "1d12h");
        assert_eq!(plain("P2W"), "14d");
        assert_eq!(plain("gpt pro PT"), "gpt pro PT");
        assert_eq!(plain("a p4d.24xlarge or p5"), "a p4d.24xlarge or p5");
        assert_eq!(plain("p2d cost"), "p2d cost");
        assert_eq!(plain("h20 租1周零3天"), "h20 租10天");
        assert_eq!(plain("一周零三天"), "10天");
        // No joiner: days a week, or a whole week, never added.
        assert_eq!(plain("一周7天不停跑"), "一周7天不停跑");
        assert_eq!(plain("一周5天"), "一周5天");
        assert_eq!(plain("for 2 weeks and 1 day"), "for 15 days");
        assert_eq!(plain("每天12000token"), "每天12000 token");
        assert_eq!(plain("每天一万二token"), "每天一万二 token");
        // A unit's numeral (`每千token`, per thousand tokens) stays glued to its word.
        assert_eq!(plain("每千token 0.002元"), "每千token 0.002元");
        assert_eq!(plain("每天1.5k个请求"), "每天1500个请求");
        assert_eq!(plain("预算1.5k"), "预算1.5k");
    }
}
