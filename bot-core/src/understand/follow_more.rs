//! Follow-ups [`super::follow_on`] did not read, joined in [`super::follow_up_of`]:
//! - a change said relative to the last reading ([`super::follow_relative`]): `再加一张`,
//!   `double the context`, `多跑2小时`;
//! - another platform for the same job (`有没有更便宜的平台`, `other providers?`): the job
//!   ranked on every platform, its length and count kept;
//! - a length after a fit on a card (`跑3小时呢`, `for 5 hours?`, `在autodl上跑一天呢`): that
//!   card's price for it, with the fit's count of cards;
//! - `cancel it`, `取消` after an alert: this chat's alerts, each with how to remove it;
//! - a fit asked after a reading with no model (`a100 fit?` after a price): no follow-up, so
//!   the model is asked for, never the price answered again on that card.
//!
//! A question of its own that merely contains one of these words (`加卡能跑70b吗` names its
//! model; `h100比a100快2倍吗` asks specs) is read alone.

use super::follow_apply::{self, Change};
use super::follow_relative::{self as rel, Slot};
use super::request::{self as make, Cards, Request};
use super::text::has;
use super::{Reading, follow_on, follow_up};
use crate::catalog::Catalog;

/// Words that ask for the same job on other platforms.
const ELSEWHERE: &[&str] = &[
    "便宜点的平台",
    "便宜一点的平台",
    "更便宜的平台",
    "便宜的平台",
    "其他平台",
    "其它平台",
    "别的平台",
    "别家",
    "其他家",
    "其它家",
    "换个平台",
    "换一个平台",
    "换家",
    "换一家",
    "other platforms",
    "other providers",
    "another platform",
    "another provider",
    "elsewhere",
    "somewhere else",
    "somewhere cheaper",
    "anywhere cheaper",
    "cheaper platform",
    "cheaper provider",
    "cheaper site",
    "cheaper elsewhere",
];

/// Words that ask whether a model fits (not `跑`, which a job's length says too).
const FIT_ASKED: &[&str] = &[
    "能跑",
    "跑得动",
    "跑得了",
    "放得下",
    "装得下",
    "够不够",
    "能不能跑",
    "fit",
    "fits",
    "can it run",
    "can i run",
    "enough",
    "够用",
];

/// Read before [`follow_on`]: a cancel after an alert, a relative change, the same job
/// elsewhere. `plain`: the message read alone.
pub(super) fn before(
    catalog: &Catalog,
    norm: &str,
    plain: &Reading,
    last: &Request,
) -> Option<Reading> {
    let padded = format!(" {norm} ");
    if matches!(last, Request::Subscribe(_)) && super::missing::only_cancel(norm) {
        return Some(Reading::Command(Request::Subs));
    }
    if !alone_is_fragment(catalog, plain, last) {
        return None;
    }
    let alternatives = follow_on::changes(catalog, norm);
    let said = match alternatives.as_slice() {
        [c] => c.clone(),
        // A number's readings (cards or hours) are the relative change's to settle.
        [] => Change::default(),
        cs if cs.iter().all(|c| c.bare) => Change::default(),
        _ => return None,
    };
    let span = match &said.usage {
        Some(super::request::Usage::Once(s)) => Some(*s),
        _ => None,
    };
    if let Some(r) = rel::relative(norm, span, said.gpu.is_some()) {
        let mut said = said;
        // `half the time`: the factor's `half` is no half precision.
        if matches!(r.by, rel::By::Times(_))
            && said.quant == Some(crate::vram::Quant::Fp16)
            && !has(&padded, &["fp16", "半精度", "precision", "f16"])
        {
            said.quant = None;
        }
        return relative(catalog, last, r, &said);
    }
    // `多少钱` again after a priced job: that job, its length kept (never the default hour).
    if matches!(last, Request::Cost(_) | Request::Compare(_))
        && matches!(plain, Reading::Unknown)
        && said.is_empty()
        && has(&padded, super::words::COST_WORDS)
        && !asks_other(&padded)
    {
        return Some(Reading::Command(last.clone()));
    }
    if let Request::Cost(j) = last
        && j.names.len() == 2
        && has(&padded, ELSEWHERE)
        && said.platform.is_none()
    {
        let change = Change {
            cheaper: true,
            ..said
        };
        return follow_apply::apply(catalog, last, &change).map(Reading::Command);
    }
    None
}

/// The relative change put in; the other slots the message names (a card, a platform)
/// put in beside it.
fn relative(catalog: &Catalog, last: &Request, r: rel::Relative, said: &Change) -> Option<Reading> {
    // What the message also names, less the words the relative change was read from.
    let mut rest = said.clone();
    rest.count = None;
    rest.usage = None;
    rest.context = None;
    rest.batch = None;
    rest.bare = false;
    // `再加一张h100`: one card more of another card is a mixed machine no bill prices; that
    // card instead, as many or one more, asked.
    if rest.gpu.is_some() && r.slot == Some(Slot::Cards) && rest.gpu != card_of(last) {
        let more = rel::change(last, Slot::Cards, r.by)?;
        let read: Vec<Request> = [more, Change::default()]
            .into_iter()
            .filter_map(|c| {
                let c = Change {
                    count: c.count,
                    ..rest.clone()
                };
                follow_apply::apply(catalog, last, &c)
            })
            .collect();
        return (!read.is_empty()).then_some(Reading::Ask(read));
    }
    let with = |c: Change| -> Option<Request> {
        let mut c = Change {
            count: c.count,
            usage: c.usage,
            context: c.context,
            batch: c.batch,
            ..rest.clone()
        };
        c.bare = false;
        follow_apply::apply(catalog, last, &c)
    };
    match r.slot {
        Some(slot) => {
            let change = rel::change(last, slot, r.by)?;
            with(change).map(Reading::Command)
        }
        None => {
            let read: Vec<Request> = rel::slots_of(last)
                .into_iter()
                .filter_map(|s| rel::change(last, s, r.by))
                .filter_map(with)
                .collect();
            (!read.is_empty()).then_some(Reading::Ask(read))
        }
    }
}

/// The card a request is about, when it names one.
fn card_of(r: &Request) -> Option<String> {
    match r {
        Request::Fit(f) => f.gpu.clone(),
        Request::Cost(j) if j.names.len() == 2 => Some(j.names[1].clone()),
        Request::Compare(j) => j.names.first().cloned(),
        Request::Tco(t) => t.gpu.clone(),
        Request::Stock(s) => Some(s.gpu.clone()),
        Request::Subscribe(s) => Some(s.stock.gpu.clone()),
        Request::Gpu(g) if g.gpus.len() == 1 => Some(g.gpus[0].clone()),
        Request::Trend(t) => Some(t.gpu.clone()),
        _ => None,
    }
}

/// Whether the message alone reads as nothing of its own: nothing, a fragment (a card's
/// specs, a platform's page, a fit on no card), or the last request's own command on its
/// own card (`4090 再加一张卡要多少钱` after `/cost autodl rtx-4090 3h`).
fn alone_is_fragment(catalog: &Catalog, plain: &Reading, last: &Request) -> bool {
    let _ = catalog;
    let same_card = |r: &Request| {
        let job = |r: &Request| matches!(r, Request::Cost(_) | Request::Compare(_));
        (r.command() == last.command() || (job(r) && job(last)))
            && card_of(r).is_some()
            && card_of(r) == card_of(last)
    };
    match plain {
        Reading::Unknown => true,
        Reading::Command(r) => follow_up::fragment(r) || same_card(r),
        Reading::Ask(rs) => rs.iter().all(follow_up::fragment),
    }
}

/// Read after [`follow_on`] found nothing: a length said after a fit on a card is that card's
/// price for it (`/compare`, or `/cost` where a platform is named), for the fit's cards.
pub(super) fn priced_after_fit(
    catalog: &Catalog,
    norm: &str,
    plain: &Reading,
    last: &Request,
) -> Option<Reading> {
    let Request::Fit(f) = last else { return None };
    let gpu = f.gpu.clone()?;
    let only_platform = |r: &Request| matches!(r, Request::Platform(_));
    let alone = match plain {
        Reading::Unknown => true,
        Reading::Command(r) => only_platform(r),
        Reading::Ask(rs) => rs.iter().all(only_platform),
    };
    if !alone {
        return None;
    }
    let [c] = follow_on::changes(catalog, norm).try_into().ok()?;
    let usage = c.usage.clone()?;
    let fit_only = c.model.is_some()
        || c.size.is_some()
        || c.quant.is_some()
        || c.task.is_some()
        || c.context.is_some()
        || c.batch.is_some()
        || c.volume.is_some()
        || c.price.is_some()
        || c.cheaper
        || c.bare;
    if fit_only {
        return None;
    }
    let cards = Cards {
        gpu: c.gpu.clone().unwrap_or(gpu),
        count: c.count.unwrap_or(f.cards.unwrap_or(1)),
    };
    let base = make::compare(&cards, &usage)?;
    let rest = Change {
        platform: c.platform.clone(),
        currency: c.currency.clone(),
        spot: c.spot,
        ..Change::default()
    };
    follow_apply::apply(catalog, &base, &rest).map(Reading::Command)
}

/// Whether the message asks a fit of a card with no model, after a reading that has none
/// (`a100 fit?` after a price): no follow-up of it, so the model is asked for. `plain`: the
/// message read alone (a fit of a model it names is a question of its own).
pub(super) fn fit_without_model(norm: &str, plain: &Reading, last: &Request) -> bool {
    let sized = matches!(last, Request::Fit(_) | Request::Tco(_));
    let model_named = match plain {
        Reading::Command(r) => matches!(r, Request::Fit(_) | Request::Tco(_)),
        Reading::Ask(rs) => rs
            .iter()
            .any(|r| matches!(r, Request::Fit(_) | Request::Tco(_))),
        Reading::Unknown => false,
    };
    !sized && !model_named && has(&format!(" {norm} "), FIT_ASKED)
}

/// Whether the message asks something besides a price (a history, stock, an alert, specs).
fn asks_other(padded: &str) -> bool {
    use super::words::{ALERT_WORDS, SPECS_WORDS, STOCK_WORDS, TREND_WORDS};
    [TREND_WORDS, STOCK_WORDS, ALERT_WORDS, SPECS_WORDS]
        .iter()
        .any(|w| has(padded, w))
}
