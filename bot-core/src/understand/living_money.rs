//! Money one lives on, said with its period and amount (`我一个月生活费1500`, `一个月零花钱就800`,
//! `my monthly allowance is $300`) beside a card asked about: who is asking, not the job. Its
//! month had been read as the rental's length (`always`, winning over `跑一天` said after it)
//! and its amount as a price per month. Taken out, the job's own length and price decide.

use super::text::has;
use crate::catalog::Catalog;

/// Money one lives on (or is paid), never money for the rental itself.
const LIVING: &[&str] = &[
    "生活费",
    "零花钱",
    "零用钱",
    "工资",
    "月薪",
    "薪水",
    "收入",
    "allowance",
    "stipend",
    "salary",
    "pocket money",
    "income",
];
/// A period said with it, before or after (`一个月生活费`, `$300 a month`): the lexicon's month
/// and week words (`lexicon::EACH_PERIOD`; this list had lacked `each/every month`, `每星期`,
/// `per week`), longest first, and `/月` beside them (a price's slash, said of money only).
fn period() -> Vec<&'static str> {
    use crate::lexicon::{Period, words_longest_first};
    let mut v = words_longest_first(&[Period::Month, Period::Week]);
    v.push("/月");
    v
}
/// Words between it and its amount (`生活费就800`, `allowance is $300`).
const BETWEEN: &[&str] = &[
    "is", "of", "只有", "是", "有", "就", "才", "只", "大概", "约", ":", "=", "$", "¥", "￥",
];
/// The living money phrase taken out where a card is named and no guidance asked.
pub(super) fn plain(catalog: &Catalog, s: &str) -> String {
    let padded = format!(" {s} ");
    if !has(&padded, LIVING) || has(&padded, super::budget_said::GUIDE) {
        return s.to_string();
    }
    super::budget_said::cut_beside_card(catalog, s, LIVING, span)
}

/// The bytes of the phrase around the word at `at`: a period before it (`的` between), the
/// amount after with its unit, and a period after.
fn span(s: &str, at: usize, len: usize) -> (usize, usize) {
    let before = s[..at].trim_end();
    let before = before.strip_suffix('的').unwrap_or(before).trim_end();
    let periods = period();
    let start = periods
        .iter()
        .find_map(|p| before.strip_suffix(p))
        .map_or(at, str::len);
    let mut end = at + len;
    let rest = |end: usize| s[end..].trim_start();
    // Where a rest of `s` starts in it.
    let at_rest = |r: &str| s.len() - r.len();
    loop {
        let r = rest(end);
        match BETWEEN.iter().find(|w| r.starts_with(**w)) {
            Some(w) => end = at_rest(r) + w.len(),
            None => break,
        }
    }
    let r = rest(end);
    let digits = r
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(r.len());
    if digits == 0 {
        return (start, end);
    }
    end = at_rest(r) + digits;
    let r = rest(end);
    if let Some(u) = ["k", "千", "万", "w"].iter().find(|u| r.starts_with(**u)) {
        end = at_rest(r) + u.len();
    }
    let r = rest(end);
    if let Some(u) = crate::lexicon::MONEY_WORDS
        .iter()
        .find(|u| r.starts_with(**u))
    {
        end = at_rest(r) + u.len();
    }
    let r = rest(end);
    if let Some(p) = periods.iter().find(|p| r.starts_with(**p)) {
        end = at_rest(r) + p.len();
    }
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn living_money_is_taken_out_beside_a_card() {
        let c = Catalog::embedded().unwrap();
        let out = plain(&c, "我1个月生活费1500，租4090跑1天要多少钱");
        assert!(!out.contains("个月") && !out.contains("1500"), "{out}");
        let out = plain(
            &c,
            "my monthly allowance is $300, how much is an a6000 for 3 hours",
        );
        assert!(!out.contains("monthly") && !out.contains("300"), "{out}");
        // No card: the money may be a budget that guides, kept.
        let s = "1个月生活费1500，推荐什么卡";
        assert_eq!(plain(&c, s), s);
    }
}
