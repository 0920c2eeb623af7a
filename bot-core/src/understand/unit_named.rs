//! A price unit said with no amount, as the price itself (`l40s $/hr history 60d`, `h20
//! price/hr history 14 days`, `a100 ¥/h 走势`): beside a word of history it names the price
//! per hour whose history is asked, written `price` before reading. Read as a unit, the length
//! after it (`60d`) had made it a 60-day rental ranked today.

/// Words of a history asked.
const HISTORY: &[&str] = &[
    "history",
    "trend",
    "chart",
    "over time",
    "走势",
    "历史",
    "曲线",
];
/// What may stand before the unit's slash: a currency or the word price, never a number.
const BEFORE: &[&str] = &[
    "$", "¥", "usd", "cny", "rmb", "price", "pricing", "cost", "元", "刀",
];
/// The unit after the slash: an hour, or a card's hour.
const HOURS: &[&str] = &["hr", "h", "hour", "gpu-hr", "gpu-hour", "gpu-h", "小时"];

/// The text with an amountless per-hour unit written `price` where a history is asked.
pub(super) fn plain(norm: &str) -> String {
    if !HISTORY.iter().any(|w| norm.contains(w)) {
        return norm.to_string();
    }
    norm.split(' ')
        .map(|w| match w.split_once('/') {
            Some((before, unit)) if BEFORE.contains(&before) && HOURS.contains(&unit) => "price",
            _ => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn an_amountless_unit_beside_a_history_is_the_price() {
        assert_eq!(plain("l40s $/hr history 60d"), "l40s price history 60d");
        assert_eq!(
            plain("h20 price/hr history 14 days"),
            "h20 price history 14 days"
        );
        for s in [
            "l40s $/hr for 60d",
            "l40s $2/hr history 60d",
            "what is 2 $/hr in ¥/h",
        ] {
            assert_eq!(plain(s), s);
        }
    }
}
