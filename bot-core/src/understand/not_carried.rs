//! What a question named that its one command cannot carry (issue 26, helper und_cx;
//! `docs/misses/und_und_cx.md`), beside [`super::dropped::kept`]'s page readings: a bill (`/cost`,
//! `/compare`), `/stock`, `/offers`, `/fit` or `/tco` has no slot for some of what a sentence
//! names — a model beside a bill (`autodl上4090跑qwen2.5-72b三个小时多少钱`: the bill is the
//! card's time, and a 72B model in BF16 does not fit a 4090), a budget or a length beside the
//! stock, a price per hour or a platform beside a fit, a second card beside `/tco`. The reading
//! stays the one command; each thing it leaves is said beside the answer with the command that
//! uses it (`qwen2.5-72b: /fit qwen2.5-72b rtx-4090`, `answer::asides`), never dropped in
//! silence. What a reader set aside on purpose (a platform refused, beaten) is not said again.

use super::Reading;
use super::dropped::Named;
use super::request::{self, Cards, Request, Usage};
use super::set_aside::SetAside;
use crate::billing::PriceUnit;
use crate::catalog::Catalog;
use crate::units::TimeUnit;
use rust_decimal::Decimal;

/// One thing a question named that its reading does not carry, and the command that does.
#[derive(Debug, Clone, PartialEq)]
pub struct NotCarried {
    /// What was named, as a command line writes it: `qwen2.5-72b`, `rtx-3090`, `autodl`, `500`,
    /// `3cny/hour`, `3d`.
    pub said: String,
    /// The command that uses it, with the reading's card where it needs one.
    pub offer: Request,
}

/// What `n` names and the command `reading` is does not carry (module doc); nothing for a
/// reading asked back, a page (its own guard asks), or a command not listed there.
pub(super) fn not_carried(
    catalog: &Catalog,
    n: &Named,
    aside: &[SetAside],
    reading: &Reading,
) -> Vec<NotCarried> {
    let Reading::Command(r) = reading else {
        return Vec::new();
    };
    let line = r.line();
    let words: Vec<&str> = line.split([' ', '=']).collect();
    // `2xrtx-4090`: the card after its count.
    let id = |w: &str| -> String {
        match w.split_once('x') {
            Some((count, gpu)) if count.parse::<u32>().is_ok() => gpu.to_string(),
            _ => w.to_string(),
        }
    };
    let cards: Vec<String> = (words.iter().map(|w| id(w)))
        .filter(|w| catalog.gpus.iter().any(|g| g.id == *w))
        .collect();
    let card = cards.first().map(|gpu| Cards {
        gpu: gpu.clone(),
        count: 1,
    });
    // The reading's card with its count (`2xrtx-4090`), for a bill of the same machine.
    let machine = words.iter().find_map(|w| {
        let (count, gpu) = w.split_once('x')?;
        let count = count.parse::<u32>().ok()?;
        cards.contains(&gpu.to_string()).then(|| Cards {
            gpu: gpu.to_string(),
            count,
        })
    });
    let model_carried = words
        .iter()
        .any(|w| catalog.models.iter().any(|m| m.id == *w));
    let mut out = Vec::new();
    let mut said = |what: String, offer: Option<Request>| {
        if let Some(offer) = offer {
            out.push(NotCarried { said: what, offer });
        }
    };
    let hour = Usage::Once(Decimal::from(3600));
    match r {
        Request::Cost(_) | Request::Compare(_) | Request::Stock(_) | Request::Offers(_) => {
            // A model beside a bill or the stock: its fit on the card.
            if let Some(m) = n.model.as_ref().filter(|_| !model_carried) {
                said(
                    m.clone(),
                    Some(request::fit(m, None, None, Vec::new(), card.as_ref())),
                );
            }
        }
        _ => {}
    }
    match (r, card.as_ref()) {
        (Request::Stock(s), Some(c)) => {
            // A sum to spend beside the stock: the card's hour everywhere, the price it is set
            // against; a price per hour is the stock's own cap (read by its reader).
            if let Some(m) = n.amount.as_ref().filter(|m| m.per.is_none())
                && s.max.is_none()
            {
                said(m.amount_word(), request::compare(c, &hour));
            }
            // A length beside the stock: its bill everywhere.
            if let Some(u) = &n.usage {
                said(u.word(), request::compare(c, u));
            }
        }
        (Request::Fit(_), Some(c)) => {
            match &n.amount {
                Some(m) if m.per == Some(PriceUnit::Time(TimeUnit::Hour)) => said(
                    m.rate_word(PriceUnit::Time(TimeUnit::Hour)),
                    Some(Request::Stock(request::stock_args(&c.gpu, None, Some(m)))),
                ),
                Some(m) if m.per.is_none() => said(m.amount_word(), request::compare(c, &hour)),
                _ => {}
            }
            let usage = n.usage.as_ref();
            // A platform beside a fit (no platform slot) that lists the card: the machine's
            // bill there, for the length said (one line for both); a platform that does not
            // list it was named for something else (`在colab上T4爆显存，换成4090够不够`).
            let carried = super::set_aside::carried(catalog, r);
            let there: Vec<&String> = (n.platforms.iter())
                .filter(|p| !carried.contains(p) && !aside.iter().any(|a| a.platform == **p))
                .filter(|p| catalog.cheapest_hourly_usd_on(&c.gpu, p).is_some())
                .collect();
            let m = machine.as_ref().unwrap_or(c);
            for p in &there {
                said((*p).clone(), request::cost(p, m, usage.unwrap_or(&hour)));
            }
            if let Some(u) = usage.filter(|_| there.is_empty()) {
                said(u.word(), request::compare(m, u));
            }
        }
        (Request::Tco(t), Some(_)) => {
            // A second card beside rent-vs-API (`用4090还是3090自己部署`): its own `/tco`.
            for other in n.cards.iter().filter(|g| !cards.contains(g)) {
                let mut t = t.clone();
                t.gpu = Some(other.clone());
                t.cards = None;
                said(other.clone(), Some(Request::Tco(t)));
            }
        }
        _ => {}
    }
    out
}
