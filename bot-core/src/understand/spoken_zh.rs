//! Chinese numerals (`digit`, `numeral_value`, which `text` reads with), and numbers as
//! people say them that the counter pass (`text::chinese_numerals`) does not read: minutes after hours (`两小时四十分`, `一个小时零十分` → `2小时40分钟`,
//! `1个小时10分钟`; the minutes were dropped and 2 h billed) and amounts in hundreds and
//! thousands (`一千块`, `两百块`, `一千五百元`, `3千块` → `1000块`; read as `1千块`, no
//! amount at all). Both run before the counter pass, each one walk; yuan, jiao and fen as a
//! price is said (`7块2`, `2毛5`, `5分钱`) after it.

/// `小时` (or `钟头`), `零`/`又` maybe, a number of minutes, then `分`/`分钟` or the word's
/// end: the minutes written with their unit (`小时40分钟`).
pub(super) fn minutes_after_hours(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        let hour = (c == '时' && i > 1 && chars[i - 2] == '小')
            || (c == '头' && i > 1 && chars[i - 2] == '钟');
        // `每小时10分钱` is a rate, not a length.
        if !hour || (i > 2 && chars[i - 3] == '每') {
            continue;
        }
        let mut j = i;
        if matches!(chars.get(j), Some('零' | '又')) {
            j += 1;
        }
        let start = j;
        while j < chars.len() && (digit(chars[j]).is_some() || chars[j] == '十') {
            j += 1;
        }
        let value = if j > start {
            numeral_value(&chars[start..j])
        } else {
            while j < chars.len() && chars[j].is_ascii_digit() && j - start < 2 {
                j += 1;
            }
            chars[start..j].iter().collect::<String>().parse().ok()
        };
        let Some(minutes) = value.filter(|m| (1..60).contains(m)) else {
            continue;
        };
        // `分` or `分钟` after it, or nothing more of the word (`两小时四十 多少钱`).
        let unit = match (chars.get(j), chars.get(j + 1)) {
            (Some('分'), Some('钟')) => 2,
            (Some('分'), Some('钱')) => continue,
            (Some('分'), _) => 1,
            (None, _) => 0,
            (Some(a), _) if !(a.is_alphanumeric() || *a == '.') => 0,
            _ => continue,
        };
        out.push_str(&format!("{minutes}分钟"));
        i = j + unit;
    }
    out
}

/// The value of a number said with `百`, `千` or `万` (`一千五百` 1500, `两百` 200, `3千` 3000,
/// `一千五` 1500: one digit after the unit is the next unit down, as said): the one numeral
/// reader's.
fn large_value(run: &[char]) -> Option<u64> {
    super::numerals::value_of(run)
}

/// `一千块`, `两百元`, `一千五百块钱`, `3千块`: the amount in digits (`1000块`).
pub(super) fn large_amounts(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let numeral = |c: char| c.is_ascii_digit() || digit(c).is_some() || "十百千万".contains(c);
    while i < chars.len() {
        // `3090五千块`: a Chinese digit right after ASCII digits starts a number of its own
        // (a card, then a price), never one number (`30905000`, a wrong figure).
        let after_digits = i > 0 && chars[i - 1].is_ascii_digit() && digit(chars[i]).is_some();
        // Inside a number not started (`api百万2块`: a letter before it) no run starts, so
        // `万2块` is never read alone as ¥20000's part.
        let inside = i > 0 && !chars[i - 1].is_ascii_digit() && numeral(chars[i - 1]);
        let starts = numeral(chars[i])
            && !inside
            && (i == 0
                || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '.')
                || after_digits);
        if starts {
            let mut j = i;
            while j < chars.len()
                && numeral(chars[j])
                && !(j > i && chars[j - 1].is_ascii_digit() && digit(chars[j]).is_some())
                // `一百万2块钱`: a count of millions (tokens) ends its number; the amount after
                // it is a number of its own, never ¥2000.
                && !(j > i + 1 && chars[j - 1] == '万' && "百千".contains(chars[j - 2]))
            {
                j += 1;
            }
            if after_digits {
                out.push(' ');
            }
            // `预算两千`, `月预算一千五一个月`: an amount after a budget word, whatever follows;
            // a period's own count after it (`一个月`) is no part of the amount.
            let budget = after_budget_word(&chars[..i]);
            if budget {
                j = period_count_apart(&chars[i..j], &chars[j..]).map_or(j, |n| i + n);
            }
            let run = &chars[i..j];
            let rest: String = chars[j..].iter().take(4).collect();
            // `两千五个小时`: a length in thousands as well.
            let money = budget
                || crate::lexicon::MONEY_WORDS
                    .iter()
                    .chain(&["个小时", "小时", "天", "分钟", "个月"])
                    .any(|w| rest.trim_start().starts_with(w));
            if money
                && run.iter().any(|c| "百千万".contains(*c))
                && let Some(v) = large_value(run)
            {
                out.push_str(&v.to_string());
                i = j;
                continue;
            }
            out.extend(run);
            i = j;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Whether the text before a number ends with a budget word (`预算`, `预算是`, `预算大概`) or a
/// rent's (`月租`, `一天要`): the number after it is money, said with a currency or not.
fn after_budget_word(before: &[char]) -> bool {
    let t: String = before
        .iter()
        .rev()
        .take(8)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let t = t.trim_end();
    let t = [
        "大概",
        "大约",
        "差不多",
        "是",
        "在",
        "约",
        "有",
        "只有",
        "：",
        ":",
    ]
    .iter()
    .fold(t, |t, w| t.strip_suffix(w).unwrap_or(t).trim_end());
    // A rent or a cost said after its period (`每月租金两千`, `一天要四百八`) is money too.
    ["预算", "最多花", "能花", "经费"]
        .iter()
        .chain(RENT_WORDS)
        .any(|w| t.ends_with(w))
}

/// A rent, or a period's cost (`一天要`), before its amount.
const RENT_WORDS: &[&str] = &[
    "租金", "月租", "日租", "周租", "年租", "天要", "月要", "周要", "年要", "时要", "费用",
];

/// `一千五一个月`: where the amount ends when its last numeral is the count of a period said
/// right after it (`一个月`, `一周`, `一天`), so the count is never read into the amount.
fn period_count_apart(run: &[char], after: &[char]) -> Option<usize> {
    let rest: String = after.iter().take(3).collect();
    let period = ["个月", "月", "周", "天", "星期", "年"]
        .iter()
        .any(|w| rest.starts_with(w));
    let n = run.len();
    (period && n >= 2 && digit(run[n - 1]).is_some() && large_value(&run[..n - 1]).is_some())
        .then_some(n - 1)
}

/// A Chinese digit (the one numeral reader's), and `双` as two before a counter (`双卡3090`).
pub(super) fn digit(c: char) -> Option<u32> {
    super::numerals::digit(c).or((c == '双').then_some(2))
}

/// The value of a Chinese numeral: `三` 3, `十二` 12, `二十` 20, `二十三` 23, `幺二八` 128,
/// `一百二十八` 128 (the one numeral reader's); a range said with two adjacent digits is its
/// top (`三四个小时`, `三五天`, `十二三个小时`, `七八十块`: the longer end, so a bill never falls
/// short; `三五天` had been 35 days).
pub(super) fn numeral_value(numeral: &[char]) -> Option<u32> {
    // A long run of digits with no unit is not a count (and must not overflow).
    if numeral.is_empty()
        || (numeral.len() > 6 && !numeral.iter().any(|c| matches!(c, '十' | '百' | '千')))
    {
        return None;
    }
    // `双卡`: two, as a count.
    let run: Vec<char> = numeral
        .iter()
        .map(|&c| if c == '双' { '两' } else { c })
        .collect();
    super::numerals::value_or_top(&run).and_then(|v| u32::try_from(v).ok())
}

/// `7块2` → `7.2块`, `2块5` → `2.5块`, `3元5` → `3.5元`: yuan and jiao as people say a price.
/// `2块3090` (two cards) stays: the jiao is one digit that ends its word.
pub(super) fn spoken_amounts(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // Jiao, or jiao and fen (`1块88`): one or two digits that end the amount.
        let cents = (1..=2)
            .take_while(|k| chars.get(i + k).is_some_and(|d| d.is_ascii_digit()))
            .count();
        let unit = (c == '块' || c == '元')
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && cents > 0
            && chars.get(i + cents + 1).is_none_or(|n| {
                // `4块1百万`: a count of millions after the amount, no jiao.
                !(n.is_ascii_alphanumeric()
                    || *n == '.'
                    || "小分个天周月张卡秒钟百千万亿".contains(*n))
            });
        if unit {
            out.push('.');
            out.extend(&chars[i + 1..=i + cents]);
            i += cents + 1;
            // `2块5毛`: the jiao said with its unit, and a fen after it (`1块9毛8`).
            if cents == 1 && matches!(chars.get(i), Some('毛' | '角')) {
                i += 1;
                if let Some(fen) = fen_after(&chars, i) {
                    out.push(fen);
                    i = skip_fen_word(&chars, i + 1);
                }
            }
            out.push(c);
            continue;
        }
        // `5分钱` (five fen): hundredths of a yuan, with `钱` after it (`5分` alone may be
        // minutes).
        if c.is_ascii_digit()
            && chars.get(i + 1) == Some(&'分')
            && chars.get(i + 2) == Some(&'钱')
            && (i == 0 || !(chars[i - 1].is_ascii_digit() || chars[i - 1] == '.'))
        {
            out.push_str("0.0");
            out.push(c);
            out.push('块');
            i += 3;
            continue;
        }
        // `5毛`, `3角` (half a yuan, 0.3): jiao alone are tenths of a yuan, with a fen after
        // them (`2毛5` is 0.25).
        if c.is_ascii_digit()
            && matches!(chars.get(i + 1), Some('毛' | '角'))
            && (i == 0 || !(chars[i - 1].is_ascii_digit() || chars[i - 1] == '.'))
        {
            out.push_str("0.");
            out.push(c);
            i += 2;
            if let Some(fen) = fen_after(&chars, i) {
                out.push(fen);
                i = skip_fen_word(&chars, i + 1);
            }
            // `5毛美元`, `8毛美金`: tenths of the currency said after them, never of a yuan.
            if !currency_after(&chars, i) {
                out.push('块');
            }
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Whether a currency other than the yuan is named at `i` (`美元`, `美金`, `刀`, `usd`).
fn currency_after(chars: &[char], i: usize) -> bool {
    const OTHER: &[&str] = &["美元", "美金", "刀", "usd", " usd", "dollar", " dollar"];
    let rest: String = chars[i.min(chars.len())..].iter().take(8).collect();
    OTHER.iter().any(|w| rest.starts_with(w))
}

/// The fen at `i` after a jiao (`9毛8`, `2毛5分`): one digit that ends the amount.
fn fen_after(chars: &[char], i: usize) -> Option<char> {
    let d = *chars.get(i).filter(|d| d.is_ascii_digit())?;
    // `2毛5分钟` is a length after the amount.
    let minutes = chars.get(i + 1) == Some(&'分') && chars.get(i + 2) == Some(&'钟');
    let ends = chars.get(i + 1).is_none_or(|n| {
        !(n.is_ascii_alphanumeric() || *n == '.' || "小个天周月张卡秒钟".contains(*n))
    });
    (ends && !minutes).then_some(d)
}

/// Past the `分` said after a fen (`2毛5分`), if it is there.
fn skip_fen_word(chars: &[char], i: usize) -> usize {
    i + usize::from(chars.get(i) == Some(&'分'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minutes_after_hours_keep_their_unit() {
        assert_eq!(
            minutes_after_hours("两小时四十分 多少钱"),
            "两小时40分钟 多少钱"
        );
        assert_eq!(minutes_after_hours("一个小时零十分"), "一个小时10分钟");
        assert_eq!(minutes_after_hours("3小时又15分钟"), "3小时15分钟");
        assert_eq!(minutes_after_hours("两个钟头二十五分"), "两个钟头25分钟");
        assert_eq!(minutes_after_hours("2小时40分"), "2小时40分钟");
        // Not minutes: a card, an hourly price, more than an hour's minutes.
        assert_eq!(minutes_after_hours("1小时4090"), "1小时4090");
        assert_eq!(minutes_after_hours("每小时两块"), "每小时两块");
        assert_eq!(minutes_after_hours("2小时70分"), "2小时70分");
        assert_eq!(minutes_after_hours("每小时10分钱"), "每小时10分钱");
        assert_eq!(minutes_after_hours("1小时50分钱"), "1小时50分钱");
    }

    #[test]
    fn amounts_in_hundreds_and_thousands() {
        assert_eq!(large_amounts("一千块一个月"), "1000块一个月");
        assert_eq!(large_amounts("预算两百块"), "预算200块");
        assert_eq!(large_amounts("一千五百元"), "1500元");
        assert_eq!(large_amounts("一千五块"), "1500块");
        assert_eq!(large_amounts("3千块"), "3000块");
        assert_eq!(large_amounts("两万块"), "20000块");
        assert_eq!(large_amounts("三十块"), "三十块");
        // Not money: token volumes and cards stay for their own passes.
        assert_eq!(large_amounts("每天一千万token"), "每天一千万token");
        assert_eq!(large_amounts("a100千块"), "a100千块");
    }

    #[test]
    fn jiao_keep_the_currency_said_after_them() {
        assert_eq!(spoken_amounts("每卡5毛美元以内"), "每卡0.5美元以内");
        assert_eq!(spoken_amounts("8毛美金"), "0.8美金");
        assert_eq!(spoken_amounts("3毛刀一小时"), "0.3刀一小时");
        // No currency after them: yuan.
        assert_eq!(spoken_amounts("5毛一小时"), "0.5块一小时");
    }
}
