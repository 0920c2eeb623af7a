//! A budget said per month (`预算每月2000`, `每个月预算500块`, `budget $300 a month`): kept as
//! the budget for a month of use, and said so. A service and a daily job are costed over one
//! month (`card::job_for`), so the two compare as they are; one run's cost over a month's
//! budget is over it too. It had been dropped (`预算每月2000`) or said as one job's budget.

use rust_decimal::Decimal;
use std::str::FromStr;

const MONTH: &[&str] = &[
    "每个月",
    "每月",
    "一个月",
    "一月",
    "月预算",
    "包月",
    "/月",
    "a month",
    "per month",
    "/month",
    "monthly",
    "/mo",
    " a mo",
];
const BUDGET: &[&str] = &["预算", "budget", "最多花", "花费", "spend"];

/// The amount, its currency when written, and the text without them.
pub(super) fn split(text: &str) -> Option<(Decimal, Option<&'static str>, String)> {
    let t = format!(" {} ", crate::understand::normalize(text).to_lowercase());
    let month = MONTH
        .iter()
        .filter_map(|w| t.find(w).map(|i| (i, *w)))
        .min()?;
    let cue = BUDGET
        .iter()
        .filter_map(|w| t.find(w).map(|i| (i, *w)))
        .min()?;
    // The number nearest the month word, not glued to a letter (`qwen2.5`, `7b`).
    let b = t.as_bytes();
    let mut found: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let glued = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.');
        if !b[i].is_ascii_digit() || glued {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
            j += 1;
        }
        let after = t[j..].trim_start();
        let unit = after.starts_with(|c: char| c.is_ascii_alphabetic())
            && ![
                "usd", "rmb", "cny", "dollar", "bucks", "a month", "per", "monthly",
            ]
            .iter()
            .any(|w| after.starts_with(w));
        let other = ["小时", "个小时", "天", "张", "卡", "个人", "人", "h ", "k"]
            .iter()
            .any(|w| after.starts_with(w));
        if !unit && !other {
            found.push((i, j));
        }
        i = j;
    }
    let near = |(i, _): &(usize, usize)| i.abs_diff(month.0).min(i.abs_diff(cue.0));
    let best = found.into_iter().min_by_key(near);
    let (i, j) = best?;
    let amount = Decimal::from_str(&t[i..j])
        .ok()
        .filter(|a| *a > Decimal::ZERO)?;
    // A few characters either side (never cut inside one).
    let before: Vec<char> = t[..i].chars().rev().take(4).collect();
    let before: String = before.into_iter().rev().collect();
    let after: String = t[j..].chars().take(8).collect();
    let around = format!("{before}{after}");
    let currency = crate::understand::currency_word(&around).or_else(|| {
        around
            .contains('$')
            .then_some("USD")
            .or_else(|| (around.contains('¥') || around.contains('￥')).then_some("CNY"))
    });
    // Everything from the first of the three words to the last is the phrase.
    let from = i.min(month.0).min(cue.0);
    let mut to = j.max(month.0 + month.1.len()).max(cue.0 + cue.1.len());
    for w in [
        "块钱", "块", "元", "刀", "美元", "usd", "rmb", "dollars", "bucks",
    ] {
        if t[to..].trim_start().starts_with(w) && to == j {
            to = t.len() - t[to..].trim_start().len() + w.len();
        }
    }
    if t[from..to].chars().count() > 30 {
        return None;
    }
    let rest = format!("{} {}", &t[..from], &t[to..]);
    Some((
        amount,
        currency,
        rest.split_whitespace().collect::<Vec<_>>().join(" "),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_per_month() {
        for (t, amount, cur) in [
            ("部署qwen2.5 7b 一直在线 预算每月2000", "2000", None),
            ("每个月预算500块", "500", Some("CNY")),
            (
                "always-on llama 3.1 8b api for my app, budget $300 a month",
                "300",
                Some("USD"),
            ),
            ("monthly budget 150 usd", "150", Some("USD")),
        ] {
            let (a, c, rest) = split(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!((a, c), (Decimal::from_str(amount).unwrap(), cur), "{t}");
            assert!(!rest.contains(amount), "{t}: {rest}");
        }
        for t in [
            "预算50",
            "包月4090多少钱",
            "跑一个月 qwen2.5 7b",
            "budget $20 for 4 hours",
        ] {
            assert!(split(t).is_none(), "{t}");
        }
    }
}
