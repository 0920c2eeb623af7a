//! The barriers step: asking what the user needs from a platform (web terminal, no real-name
//! check, payment method); the answers live in [`super::state::Needs`].

use super::state::{BudgetPer, Met, Needs, PickState, Usage};
use crate::billing::{CostBreakdown, RankedOffer, format_money};
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use rust_decimal::Decimal;

/// An offer with its barrier checks.
pub type CheckedOffer = (RankedOffer, Vec<(&'static str, Met)>);

/// 0 = every need known to be met, 1 = some need not verified, 2 = some need known to fail.
pub(super) fn need_rank(check: &[(&'static str, Met)]) -> u8 {
    if check.iter().any(|(_, m)| *m == Met::No) {
        2
    } else if check.iter().any(|(_, m)| *m == Met::Unknown) {
        1
    } else {
        0
    }
}

pub fn ask_barriers(ctx: &Ctx, s: &PickState, header: Msg) -> Reply {
    let n = &s.needs;
    let on = |b: bool| if b { "on" } else { "off" };
    let pay = |k: &str| on(n.payments.iter().any(|p| p == k));
    let mut r = Reply::text(header).with(Msg::new("pick-ask-barriers"));
    if let Some(b) = n.budget {
        r.push(
            Msg::new("pick-budget-set")
                .arg("budget", budget_text(ctx, n, b))
                .arg("per", budget_per(n)),
        );
        if n.budget_currency.is_none() {
            r.push(bare_note(ctx));
        }
    }
    r.with_choice(
        "b:web",
        Msg::new("pick-need-web").arg("state", on(n.web_terminal)),
    )
    .with_choice(
        "b:img",
        Msg::new("pick-need-img").arg("state", on(n.images)),
    )
    .with_choice(
        "b:nrn",
        Msg::new("pick-need-nrn").arg("state", on(n.no_real_name)),
    )
    .with_choice(
        "b:alipay",
        Msg::new("pick-need-pay")
            .arg("method", "alipay")
            .arg("state", pay("alipay")),
    )
    .with_choice(
        "b:wechat",
        Msg::new("pick-need-pay")
            .arg("method", "wechat")
            .arg("state", pay("wechat")),
    )
    .with_choice(
        "b:card",
        Msg::new("pick-need-pay")
            .arg("method", "card")
            .arg("state", pay("card")),
    )
    .with_choice(
        "b:crypto",
        Msg::new("pick-need-pay")
            .arg("method", "crypto")
            .arg("state", pay("crypto")),
    )
    .with_choice("b:done", Msg::new("pick-barriers-done"))
    // After `done`, so that the buttons before it keep their numbers.
    .with_choice(
        "b:bank_transfer",
        Msg::new("pick-need-pay")
            .arg("method", "bank_transfer")
            .arg("state", pay("bank_transfer")),
    )
}

pub(super) fn met_text(check: &[(&'static str, Met)], zh: bool) -> String {
    if check.is_empty() {
        return "-".into();
    }
    check
        .iter()
        .map(|(k, m)| {
            // The short codes read as words in Chinese answers (see `pick-result-legend`).
            let k = match (zh, *k) {
                (true, "web") => "终端",
                (true, "img") => "镜像",
                (true, "nrn") => "免实名",
                (true, "pay") => "支付",
                (true, "region") => "地区",
                (true, "place") => "机房",
                (_, k) => k,
            };
            format!(
                "{k}{}",
                match m {
                    Met::Yes => "✓",
                    Met::No => "✗",
                    Met::Unknown => "?",
                }
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The budget's currency: the one written with it (`预算30元`), else, for a bare amount, the
/// currency this person's dialogue shows its prices in (`Ctx::currency`: the chat's
/// `/currency`, else theirs, else their language's). A dialogue is one person's, so a bare
/// `预算50` in Chinese is ¥50, never $50 beside prices in ¥; the echo says which.
pub(super) fn budget_currency<'a>(ctx: &'a Ctx, n: &'a Needs) -> &'a str {
    n.budget_currency.as_deref().unwrap_or(&ctx.currency)
}

/// The budget as said, shown with its sign.
pub(super) fn budget_text(ctx: &Ctx, n: &Needs, budget: Decimal) -> String {
    format_money(budget, budget_currency(ctx, n))
}

/// The budget as the dialogue holds it, said once: its line with the period it is held
/// against (`预算：每月 ¥3000.00` for a month's, `预算：¥50.00` for the job's), then the note on
/// its currency when none was written. Every echo of a budget (the first sentence's, a fact
/// said later, a budget per period, the barriers step's) says it with this, so one sum is one
/// line and one period: it had been said twice (`¥3000.00` and `每月 ¥3000.00`) when a first
/// sentence's monthly budget came beside a payment need, the needs' echo reading the amount
/// without its period.
pub(super) fn budget_said(ctx: &Ctx, n: &Needs) -> Vec<Msg> {
    let Some(b) = n.budget else {
        return Vec::new();
    };
    let key = match n.budget_per {
        Some(BudgetPer::Day) => "pick-understood-budget-day",
        Some(BudgetPer::Week) => "pick-understood-budget-week",
        Some(BudgetPer::Month) => "pick-understood-budget-month",
        None => "pick-understood-budget",
    };
    let mut said = vec![Msg::new(key).arg("budget", budget_text(ctx, n, b))];
    if n.budget_currency.is_none() {
        said.push(bare_note(ctx));
    }
    said
}

/// The line saying which currency a budget written without one was read in: the currency
/// this dialogue shows its prices in (`Ctx::currency`: the chat's `/currency`, else the
/// person's, else their language's), so `预算50` in a Chinese chat is ¥50, said.
pub(super) fn bare_note(ctx: &Ctx) -> Msg {
    Msg::new("pick-budget-bare").arg("currency", ctx.currency.as_str())
}

/// Whether the cheapest job cost is over the budget, the budget first converted from its
/// currency into the cost's at the catalog's dated rate (no rate: not judged).
pub(super) fn over_budget(ctx: &Ctx, s: &PickState, cheapest: Option<&CostBreakdown>) -> bool {
    let (Some(budget), Some(cost)) = (s.needs.budget, cheapest) else {
        return false;
    };
    let currency = budget_currency(ctx, &s.needs);
    let rate = if currency.eq_ignore_ascii_case(&cost.currency) {
        Some(Decimal::ONE)
    } else {
        ctx.catalog
            .fx_rate(currency, &cost.currency)
            .map(|(r, _)| r)
    };
    rate.is_some_and(|r| cost.total_cost > budget * allowance(s) * r)
}

/// How many of the budget's periods the job is costed over: a day's or a week's budget
/// against a service's 730-hour month or a daily job's 30 days, or each day or week one run
/// spans (at least one); a budget for the whole job or for a month is taken as it is.
pub(super) fn allowance(s: &PickState) -> Decimal {
    let Some(days) = s.needs.budget_per.and_then(BudgetPer::days) else {
        return Decimal::ONE;
    };
    let period_hours = Decimal::from(24 * days);
    match s.usage {
        Some(Usage::Always) => Decimal::from(730) / period_hours,
        Some(Usage::Daily { .. }) => Decimal::from(30) / Decimal::from(days),
        Some(Usage::OneOff { hours }) => (hours / period_hours).ceil().max(Decimal::ONE),
        None => Decimal::ONE,
    }
}

/// The period a budget was said for, as the messages select on it.
pub(super) fn budget_per(n: &Needs) -> &'static str {
    match n.budget_per {
        Some(BudgetPer::Day) => "day",
        Some(BudgetPer::Week) => "week",
        Some(BudgetPer::Month) => "month",
        None => "none",
    }
}

/// The platforms known to fail one of the needs said so far (`Needs::check`), catalog ids:
/// those the result leaves out (`leave_out_failing`), and the card step prices no card on.
pub(super) fn failing_needs(ctx: &Ctx, s: &PickState) -> Vec<String> {
    ctx.catalog
        .platforms
        .iter()
        .filter(|p| need_rank(&s.needs.check(p)) == 2)
        .map(|p| p.id.clone())
        .collect()
}

/// The platforms the result never has a row for: those refused (`不要autodl`) and those known
/// to fail a need (`failing_needs`). A card rented only on these is not offered at the card
/// step; a platform only not known to be in the place asked still has its row, marked `?`.
pub(super) fn no_row(ctx: &Ctx, s: &PickState) -> Vec<String> {
    let mut out = s.excluded.clone();
    out.extend(failing_needs(ctx, s));
    out
}

/// Takes out the platforms known to fail one of the needs (they are never advised, not even
/// last) and returns their ids, in ranked order.
pub(super) fn leave_out_failing(offers: &mut Vec<CheckedOffer>) -> Vec<String> {
    let mut left_out = Vec::new();
    offers.retain(|(o, check)| {
        let fails = need_rank(check) == 2;
        if fails {
            left_out.push(o.platform_id.clone());
        }
        !fails
    });
    left_out
}

/// "Left out: 3 platforms known not to meet one of your needs (A, B, C)".
pub(super) fn left_out_line(ctx: &Ctx, left_out: &[String]) -> Option<Msg> {
    if left_out.is_empty() {
        return None;
    }
    Some(
        Msg::new("pick-left-out")
            .arg("count", left_out.len())
            .arg("platforms", names(ctx, left_out.iter().map(String::as_str))),
    )
}

/// The labelled second group among the shown rows: the platforms where a need could not be
/// verified, listed after every platform known to meet them all.
pub(super) fn unverified_group(ctx: &Ctx, offers: &[CheckedOffer]) -> Option<Msg> {
    let unsure: Vec<&str> = offers
        .iter()
        .take(3)
        .filter(|(_, check)| need_rank(check) == 1)
        .map(|(o, _)| o.platform_id.as_str())
        .collect();
    (!unsure.is_empty()).then(|| {
        Msg::new("pick-unverified-needs-lower").arg("platforms", names(ctx, unsure.into_iter()))
    })
}

fn names<'a>(ctx: &Ctx, ids: impl Iterator<Item = &'a str>) -> String {
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    ids.map(|id| {
        ctx.catalog
            .platform(id)
            .map(|p| p.display_name(zh).to_string())
            .unwrap_or_else(|_| id.to_string())
    })
    .collect::<Vec<_>>()
    .join(if zh { "、" } else { ", " })
}
