//! A pass sold by the period (`日卡`, `天卡`, `周卡`, `月卡`, `年卡`: the day, week, month or year
//! passes domestic platforms sell): its price is a price per that period, as `每周` would say.
//! `卡` after a period word is that pass, never a card counted (`4卡` counts cards: a number
//! before it, no period word).

/// A pass's word and its period (a billing unit's key: `day`, `week`, `month`, `year`).
pub const PASS_PERIODS: &[(&str, &str)] = &[
    ("日卡", "day"),
    ("天卡", "day"),
    ("周卡", "week"),
    ("月卡", "month"),
    ("年卡", "year"),
];

/// The period of the pass `word` starts with (`周卡300块` → week), with what follows it.
pub fn pass_period(word: &str) -> Option<(&'static str, &'static str, &str)> {
    PASS_PERIODS
        .iter()
        .find(|(p, _)| word.starts_with(p))
        .map(|(p, k)| (*p, *k, &word[p.len()..]))
}

/// Words between a period and its amount (`一天要480`, `每个月租金 3000`), longest first.
pub const PERIOD_AMOUNT_BETWEEN: &[&str] = &[
    "的租金",
    // `按周付费400元`, `按月计费2000`: how the period is paid, before its amount (und_dv).
    "付费",
    "收费",
    "计费",
    "租金",
    "费用",
    "价格",
    "需要",
    "大概",
    "要",
    "得",
    "收",
    "花",
    "是",
    "约",
];

#[cfg(test)]
mod tests {
    use super::pass_period;

    #[test]
    fn a_pass_is_its_period() {
        assert_eq!(pass_period("周卡300块"), Some(("周卡", "week", "300块")));
        assert_eq!(pass_period("月卡"), Some(("月卡", "month", "")));
        assert_eq!(pass_period("4卡"), None);
    }
}
