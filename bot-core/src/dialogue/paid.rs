//! What the user already paid for a run like this one (`上次在autodl花了50块跑了3小时`, `I paid
//! $4 for 2 hours`): kept beside the job, echoed, and set against the cheapest option in the
//! result, never dropped and never taken as the budget.

use super::state::{Paid, PickState};
use crate::billing::{CostBreakdown, format_money};
use crate::context::Ctx;
use crate::reply::Msg;
use crate::understand;
use rust_decimal::Decimal;

/// Words that say money was already spent, followed by the sum.
const PAID_WORDS: &[&str] = &[
    "花了",
    "扣了",
    "付了",
    "花掉了",
    "花掉",
    "用掉了",
    "实付",
    "paid",
    "spent",
    "cost me",
    "charged me",
    "billed me",
];

/// The sum said after a word that it was paid: amount and its currency when written.
pub(super) fn paid_in(text: &str) -> Option<Paid> {
    let norm = understand::normalize(text);
    PAID_WORDS.iter().find_map(|w| {
        let at = norm.find(w)? + w.len();
        let rest = norm[at..].trim_start();
        // The sum is the next word: digits with their sign or unit (`50块`, `$4.10`, `30 元`).
        let signed = rest.trim_start_matches(['¥', '$']);
        let end = signed
            .char_indices()
            .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
            .map_or(signed.len(), |(i, _)| i);
        let amount: Decimal = signed[..end].parse().ok()?;
        let unit: String = signed[end..]
            .trim_start()
            .chars()
            .take_while(|c| !c.is_whitespace() && !c.is_ascii_digit())
            .take(8)
            .collect();
        let sign = &rest[..rest.len() - signed.len()];
        let currency = understand::currency_word(sign)
            .or_else(|| understand::currency_word(&unit))
            .map(str::to_string);
        // `花了3小时` is time, not money: a sum needs a currency or nothing after it but words.
        let timed = ["小时", "分钟", "h", "min", "hour", "天", "day"]
            .iter()
            .any(|u| unit.starts_with(u));
        (amount > Decimal::ZERO && !timed).then_some(Paid { amount, currency })
    })
}

/// Keeps the sum paid that `text` states; the echo line, or `None` when it states none.
pub(super) fn apply(ctx: &Ctx, s: &mut PickState, text: &str) -> Option<Msg> {
    let paid = paid_in(text)?;
    let shown = paid_text(ctx, &paid);
    s.paid = Some(paid);
    Some(Msg::new("pick-understood-paid").arg("paid", shown))
}

/// The sum as said, in its currency (a bare one in the dialogue's, as a bare budget is).
fn paid_text(ctx: &Ctx, p: &Paid) -> String {
    format_money(p.amount, p.currency.as_deref().unwrap_or(&ctx.currency))
}

/// "You paid ¥50 for a run like this; the cheapest option here is ¥12.30": the sum beside the
/// cheapest total, in the total's currency at the catalog's dated rate (none: the sum alone).
pub(super) fn compared(ctx: &Ctx, s: &PickState, cheapest: Option<&CostBreakdown>) -> Option<Msg> {
    let paid = s.paid.as_ref()?;
    let said = paid_text(ctx, paid);
    let Some(cost) = cheapest else {
        return Some(Msg::new("pick-paid-before").arg("paid", said));
    };
    let currency = paid.currency.as_deref().unwrap_or(&ctx.currency);
    let rate = if currency.eq_ignore_ascii_case(&cost.currency) {
        Some(Decimal::ONE)
    } else {
        ctx.catalog
            .fx_rate(currency, &cost.currency)
            .map(|(r, _)| r)
    };
    Some(match rate {
        Some(r) => Msg::new("pick-paid-vs-cheapest")
            .arg("paid", said)
            .arg("cheapest", format_money(cost.total_cost, &cost.currency))
            .arg(
                "cheaper",
                if cost.total_cost < paid.amount * r {
                    "yes"
                } else {
                    "no"
                },
            ),
        None => Msg::new("pick-paid-before").arg("paid", said),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_paid() {
        let p = paid_in("上次在autodl花了50块跑了3小时").unwrap();
        assert_eq!(
            (p.amount, p.currency.as_deref()),
            (Decimal::from(50), Some("CNY"))
        );
        let p = paid_in("I paid $4.10 for 2 hours").unwrap();
        assert_eq!(
            (p.amount, p.currency.as_deref()),
            (Decimal::new(410, 2), Some("USD"))
        );
        let p = paid_in("花了 30").unwrap();
        assert_eq!((p.amount, p.currency), (Decimal::from(30), None));
        assert_eq!(paid_in("花了3小时跑完"), None);
        assert_eq!(paid_in("预算50"), None);
    }
}
