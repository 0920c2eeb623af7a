//! Numbers as people type them in a hurry, made plain before the counter pass reads them:
//! an approximate count (`二十来个小时`, `10来天`, `个把小时`) as the number it rounds (the echo
//! line says which: `20h`), `w` for 万 (`1.5w`, `1w小时`; `300w` is a card's watts, kept), and
//! `k` for a thousand before an amount (`3k块`, `3k budget`; `32k` alone is a context window).
//! Each pass is one walk.

use super::spoken_zh::digit;

/// Units after which an approximate `来` count is that count (`二十来个小时`).
const UNITS: &[&str] = &[
    "个", "小时", "天", "分钟", "张", "块", "台", "周", "星期", "元", "刀", "万", "千",
];

/// Words after a `k` number that make it a length or a budget (`3k budget`, `1k hours`); an
/// amount's words (`3k块`, `2k刀`) are the lexicon's [`crate::lexicon::MONEY_WORDS`]. `32k`
/// before `context` or alone is a context window, kept.
const AFTER_K: &[&str] = &[
    "budget",
    "预算",
    "hours",
    "hour",
    "hrs",
    "hr",
    "小时",
    "个小时",
    "minutes",
    "mins",
    "分钟",
    "gpu-hours",
    "gpu hours",
    "卡时",
];

/// `二十来个小时` → `二十个小时`, `10来天` → `10天`: `来` after a number and before its unit
/// ("about") dropped; `个把小时` is about an hour.
pub(super) fn approximate(s: &str) -> String {
    let s = s
        .replace("个把小时", "1个小时")
        .replace("个把钟头", "1个小时")
        .replace("个把月", "1个月")
        .replace("个把星期", "1个星期");
    let chars: Vec<char> = s.chars().collect();
    let numeral = |c: char| c.is_ascii_digit() || digit(c).is_some() || "十百千".contains(c);
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        // `十几个小时`, `二十几天`: tens and some more, up to nine; a length's top (19 hours), as
        // a range said is read (it was a few hours asked back: 2, 4 or 8).
        if c == '几' && i > 0 && chars[i - 1] == '十' {
            let rest: String = chars[i + 1..].iter().take(2).collect();
            if UNITS.iter().any(|u| rest.starts_with(u)) {
                out.push('九');
                continue;
            }
        }
        if c == '来' && i > 0 && numeral(chars[i - 1]) {
            let rest: String = chars[i + 1..].iter().take(2).collect();
            if UNITS.iter().any(|u| rest.starts_with(u)) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// `1.5w` → `1.5万`, `1w小时` → `1万小时`: a number up to 99 (or with decimals) and `w` ends a
/// word; `3k块`, `3k budget` → `3000块`: a thousand before (or after `预算`, `budget`, a
/// currency sign) an amount.
pub(super) fn wan_and_k(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '.'));
        if !starts {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.') {
            j += 1;
        }
        // `1,000 hours`, `2,500块`: thousands grouped with commas before a unit, as one number.
        let mut grouped = j;
        while j - i <= 3
            && chars.get(grouped) == Some(&',')
            && (1..=3).all(|d| chars.get(grouped + d).is_some_and(char::is_ascii_digit))
            && !chars.get(grouped + 4).is_some_and(char::is_ascii_digit)
        {
            grouped += 4;
        }
        if grouped > j && money_beside("", &chars[grouped..]) {
            let digits: String = chars[i..grouped].iter().filter(|c| **c != ',').collect();
            out.push_str(&digits);
            i = grouped;
            continue;
        }
        let number: String = chars[i..j].iter().collect();
        let unit = chars.get(j).copied();
        let ends = chars
            .get(j + 1)
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || *c == '.'));
        let value = number.parse::<f64>().ok();
        match (unit, value) {
            (Some('w'), Some(v))
                if ends && (number.contains('.') || v <= 99.0 || tokens_after(&chars[j + 1..])) =>
            {
                out.push_str(&number);
                out.push('万');
                i = j + 1;
            }
            // `1kw token`: `k` and `w` together are 千万, ten million (chat shorthand), before
            // tokens only (`1kw` alone is a kilowatt).
            (Some('k'), Some(v))
                if chars.get(j + 1) == Some(&'w')
                    && chars
                        .get(j + 2)
                        .is_none_or(|c| !(c.is_ascii_alphanumeric() || *c == '.'))
                    && tokens_after(&chars[j + 2..]) =>
            {
                out.push_str(&format!("{}万", (v * 1000.0).round()));
                i = j + 2;
            }
            (Some('k'), Some(v)) if ends && money_beside(&out, &chars[j + 1..]) => {
                let thousand = (v * 1000.0).round();
                out.push_str(&format!("{thousand}"));
                i = j + 1;
            }
            _ => {
                out.push_str(&number);
                i = j;
            }
        }
    }
    out
}

/// Whether tokens are counted right after a number (`300w token`, `1000w个token`): `w` is 万
/// there at any size, never a card's watts.
fn tokens_after(after: &[char]) -> bool {
    let after: String = after.iter().take(10).collect();
    let after = after.trim_start();
    let after = after.strip_prefix('个').unwrap_or(after).trim_start();
    after.starts_with("tok")
}

/// Whether an amount's word is just after (`块`, ` budget`) or just before (`预算`, `$`,
/// `budget of`) a number.
fn money_beside(before: &str, after: &[char]) -> bool {
    let after: String = after.iter().take(8).collect();
    let b = before.trim_end();
    // `context 32k budget $800`, `上下文32k 预算…`: a count right after a window word is the
    // window's (32,768 by the lexicon's written rule, `count::WINDOW`), never money though a
    // budget word follows it (und_dr: it had been 32,000 tokens).
    let low = b.to_lowercase();
    if crate::lexicon::WINDOW_WORDS
        .iter()
        .any(|w| low.ends_with(w))
    {
        return false;
    }
    (crate::lexicon::MONEY_WORDS.iter().chain(AFTER_K)).any(|w| after.trim_start().starts_with(w))
        || ["预算", "budget", "budget of", "$", "¥", "￥"]
            .iter()
            .any(|w| b.ends_with(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_approximate_count_is_the_number_it_rounds() {
        assert_eq!(approximate("跑二十来个小时"), "跑二十个小时");
        assert_eq!(approximate("10来天"), "10天");
        assert_eq!(approximate("跑个把小时"), "跑1个小时");
        // `来` elsewhere stays.
        assert_eq!(approximate("一来一回"), "一来一回");
        assert_eq!(approximate("3来看看"), "3来看看");
    }

    #[test]
    fn w_is_wan_and_k_before_an_amount_is_a_thousand() {
        assert_eq!(wan_and_k("预算1.5w"), "预算1.5万");
        assert_eq!(wan_and_k("跑1w小时"), "跑1万小时");
        assert_eq!(wan_and_k("3k块"), "3000块");
        assert_eq!(wan_and_k("3k budget"), "3000 budget");
        assert_eq!(wan_and_k("预算2.5k"), "预算2500");
        // A window's count stays its own before a budget word (und_dr).
        assert_eq!(
            wan_and_k("context 32k budget $800"),
            "context 32k budget $800"
        );
        assert_eq!(
            wan_and_k("上下文32k 预算每个月800元"),
            "上下文32k 预算每个月800元"
        );
        // Watts, context windows and names stay.
        assert_eq!(wan_and_k("4090 450w"), "4090 450w");
        assert_eq!(wan_and_k("ctx 32k"), "ctx 32k");
        assert_eq!(wan_and_k("qwen2.5-7b 8k上下文"), "qwen2.5-7b 8k上下文");
        assert_eq!(wan_and_k("a100 2w"), "a100 2万");
        assert_eq!(wan_and_k("每天 300w token"), "每天 300万 token");
        assert_eq!(wan_and_k("每天1000w个token"), "每天1000万个token");
        assert_eq!(wan_and_k("a 300w card"), "a 300w card");
        assert_eq!(wan_and_k("每天1kw token"), "每天1000万 token");
        assert_eq!(wan_and_k("1.5kw tokens a day"), "1500万 tokens a day");
        assert_eq!(wan_and_k("a 1kw power supply"), "a 1kw power supply");
        assert_eq!(wan_and_k("a100 1k hours"), "a100 1000 hours");
        assert_eq!(wan_and_k("a100 1,000 hours"), "a100 1000 hours");
        assert_eq!(wan_and_k("预算 2,500块"), "预算 2500块");
        // A list or a token count keeps its commas.
        assert_eq!(wan_and_k("4090,3090"), "4090,3090");
        assert_eq!(wan_and_k("2,000,000 tokens"), "2,000,000 tokens");
    }
}
