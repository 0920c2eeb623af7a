//! A bound said after its amount (`每月500以内`, `一天30块以下`, `$200 a month max`, `50 a day
//! tops`): beside a period, the amount is a budget for that period with no budget word, as a
//! bound said before it already was (`一个月最多两百`, `max $150 a month`; `dialogue::monthly`).
//! Read from the lexicon's one ceiling table (its words said after their amount); an amount per
//! hour beside one stays the hourly cap, and a number with a unit of its own (`每天3小时以内`)
//! is never the amount (`monthly::split`'s own guards).

use crate::lexicon::{Bound, CEILINGS, CeilingSide};

/// The ceiling words said after their amount that bound it at most or below.
pub(super) fn bounds_after() -> impl Iterator<Item = &'static str> {
    CEILINGS
        .iter()
        .filter(|c| c.side == CeilingSide::After && matches!(c.bound, Bound::AtMost | Bound::Below))
        .map(|c| c.word)
}

/// Whether a period word names each period (`每月`, `每个月`, `per month`, `every day`): a
/// rhythm or a budget's period, never one run's length, so a run verb of the clause before it
/// (`四个人同时用，每月500以内`, its comma gone in the reader's pass) does not make it one.
pub(super) fn each_period(word: &str) -> bool {
    ["每", "per ", "every", "each"]
        .iter()
        .any(|e| word.trim_start().starts_with(e))
}

#[cfg(test)]
mod tests {
    use super::super::monthly::{Per, split};
    use rust_decimal::Decimal;

    #[test]
    fn a_bound_after_the_amount_beside_a_period_is_that_periods_budget() {
        for (t, amount, per) in [
            ("每月500以内", 500, Per::Month),
            ("每个月800以下", 800, Per::Month),
            ("一天30块以内", 30, Per::Day),
            ("$200 a month max", 200, Per::Month),
            ("每周100块之内", 100, Per::Week),
            (
                "想拿qwen2.5 7b做个一直在线的客服，8k上下文，四个人同时用，每月500以内",
                500,
                Per::Month,
            ),
        ] {
            let (a, _, _, p) = split(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!((a, p), (Decimal::from(amount), per), "{t}");
        }
        for t in [
            // A bound on hours, and one with no period: no budget per period.
            "每天3小时以内",
            "500以内",
            "8卡以下",
        ] {
            assert!(split(t).is_none(), "{t}");
        }
    }
}
