//! Billing advice after the usage step, and the small-trial plan that ends the dialogue.

use super::result::ranked_offers;
use super::state::{PickState, TaskKind, Usage};
use crate::billing::{self};
use crate::context::Ctx;
use crate::fact::Fact;
use crate::reply::{Msg, Reply};
use rust_decimal::Decimal;

/// Billing-unit advice for the usage answer (seed §2 and FAQ).
pub fn usage_advice(s: &PickState) -> Reply {
    let usage = s.usage.unwrap_or(Usage::OneOff {
        hours: Decimal::ONE,
    });
    let mut r = Reply::default();
    match usage {
        Usage::OneOff { hours } if hours <= Decimal::ONE => r.push(Msg::new("pick-advice-short")),
        Usage::OneOff { .. } => r.push(Msg::new("pick-advice-hours")),
        Usage::Daily { .. } => r.push(Msg::new("pick-advice-daily")),
        Usage::Always => r.push(Msg::new("pick-advice-always")),
    };
    let intermittent = !matches!(usage, Usage::Always);
    if s.task == Some(TaskKind::Serve) && intermittent {
        r.push(Msg::new("pick-advice-api"));
    }
    r
}

/// The trial priced where the whole job was advised (the first row of the rental step): a
/// platform cheaper only for half an hour (no minimum charge said) is not the one the job will
/// run on, and a trial there checks nothing the job needs.
fn trial_offer(
    ctx: &Ctx,
    s: &PickState,
    trial: &PickState,
    gpu: &str,
    cards: u32,
) -> Option<billing::RankedOffer> {
    let advised = ranked_offers(ctx, s, gpu, cards)
        .into_iter()
        .next()
        .map(|(o, _)| o.platform_id);
    let mut offers = ranked_offers(ctx, trial, gpu, cards).into_iter();
    let first = offers.next()?.0;
    if Some(&first.platform_id) == advised.as_ref() {
        return Some(first);
    }
    offers
        .map(|(o, _)| o)
        .find(|o| Some(&o.platform_id) == advised.as_ref())
        .or(Some(first))
}

/// The seed's §5 as a checklist, sized for the first-ranked platform.
pub fn trial_plan(ctx: &Ctx, s: &PickState) -> Reply {
    // The plan is the last step, whichever step it is shown from.
    let last = PickState {
        step: super::state::Step::Trial,
        ..s.clone()
    };
    let mut r = Reply::text(super::flow::step_header(&last)).with(Msg::new("pick-trial-title"));
    let (Some(gpu), Some(cards)) = (s.gpu.as_deref(), s.cards) else {
        return r.with(Msg::new("pick-fit-failed"));
    };
    // A reduced real run: a tenth of the job, at least 30 minutes, at most 2 hours.
    let full = match s.usage.unwrap_or(Usage::OneOff {
        hours: Decimal::ONE,
    }) {
        Usage::OneOff { hours } => hours,
        Usage::Daily { hours } => hours,
        Usage::Always => Decimal::from(2),
    };
    let trial_hours = (full / Decimal::from(10)).clamp(Decimal::new(5, 1), Decimal::from(2));
    let mut trial = s.clone();
    trial.usage = Some(Usage::OneOff { hours: trial_hours });
    match trial_offer(ctx, s, &trial, gpu, cards) {
        Some(o) => {
            let o = &o;
            let p = ctx.catalog.platform(&o.platform_id).ok();
            let zh = ctx.lang == crate::i18n::Lang::Zh;
            // Top up the trial cost rounded up to a whole unit, or the platform's minimum —
            // converted into the answer's currency when the platform bills in another one, so
            // the advice never says "top up ¥4" where the platform takes no less than $10.
            let mut topup = o.cost.total_cost.ceil();
            let mut min_note = None;
            let min_here = p.and_then(|p| match p.barriers.min_topup {
                Fact::Known(min) if p.currency == o.cost.currency => Some(min),
                Fact::Known(min) => ctx
                    .catalog
                    .fx_rate(&p.currency, &o.cost.currency)
                    .map(|(rate, _)| (min * rate).ceil()),
                Fact::Unknown => None,
            });
            if let Some(min) = min_here
                && min > topup
            {
                topup = min;
                min_note = Some(min);
            }
            // Nobody documented the platform's minimum top-up: the trial's cost is said, never
            // a top-up amount the platform may refuse.
            let min_known = p.and_then(|p| p.barriers.min_topup.known().map(|m| (*m, p)));
            // Then the figure is what the trial costs, as /cost prices it: a top-up rounded up
            // to a whole unit would be said as the cost ($0.10 shown as "about $1.00").
            let (id, amount) = if min_known.is_some() {
                ("pick-trial-topup", topup)
            } else {
                ("pick-trial-cost-min-unknown", o.cost.total_cost)
            };
            r.push(
                Msg::new(id)
                    .arg(
                        "platform",
                        p.map(|p| p.display_name(zh).to_string())
                            .unwrap_or_default(),
                    )
                    .arg("amount", billing::format_money(amount, &o.cost.currency))
                    .arg("hours", trial_hours.normalize().to_string()),
            );
            if min_note.is_some() && p.is_some_and(|p| p.currency == o.cost.currency) {
                r.push(Msg::new("pick-trial-min-topup"));
            } else if let Some((min, p)) = min_known
                && p.currency != o.cost.currency
                && !min.is_zero()
            {
                // A minimum in the platform's own currency: said as it is, not converted.
                r.push(
                    Msg::new("pick-trial-min-topup-is")
                        .arg("amount", billing::format_money(min, &p.currency)),
                );
            }
            if let Some(p) = p {
                for m in crate::catalog::warn::data_loss_warnings(p, ctx.lang, 3) {
                    r.push(m);
                }
            }
        }
        None => {
            r.push(Msg::new("pick-trial-topup-unknown"));
        }
    }
    r.push(Msg::new(match s.task {
        Some(TaskKind::FineTune) => "pick-trial-task-tune",
        Some(TaskKind::Serve) => "pick-trial-task-serve",
        _ => "pick-trial-task-exp",
    }));
    r.push(Msg::new("pick-trial-record"));
    r.push(Msg::new("pick-trial-ledger").arg("gpu", gpu));
    r.push(Msg::new("pick-trial-switch"));
    r.push(Msg::new("pick-trial-scale"));
    // The card's name in the sentence, its id in the command to send.
    let name = ctx
        .catalog
        .gpu(gpu)
        .map_or(gpu, |g| g.display_name(ctx.lang == crate::i18n::Lang::Zh));
    r.push(
        Msg::new("pick-subscribe-offer")
            .arg("gpu", gpu)
            .arg("name", name),
    );
    r = r.with_choice("x:done", Msg::new("pick-done"));
    // Choice ids travel in callback data: short ASCII only.
    if let Some(alert) = crate::choice::ChoiceId::Alert(gpu.to_string()).wire_within(48) {
        r = r.with_choice(&alert, Msg::new("pick-alert-me"));
    }
    r
}
