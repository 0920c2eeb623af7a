//! The guard for cards, models, amounts and needs (issue 26, helper und_ct;
//! `docs/misses/und_und_ct.md`), beside the platforms' in [`super::set_aside::guarded`]: a page
//! reading (`/gpu`, `/platform`, `/platforms`) has no slot for most of what a sentence can name,
//! so where the sentence names something its reading cannot carry (a budget or a price per hour
//! beside a card's page, a platform need beside a card's page, a model beside the platforms'
//! list, two cards beside one platform's page), the readings that carry it are asked back beside
//! the page, never the page alone. Commands with slots of their own (`/cost`, `/compare`,
//! `/stock`, `/fit`…) carry what their readers took and set aside the rest on purpose; they are
//! left as read.

use super::Reading;
use super::question::Question;
use super::request::{self, Cards, Money, Request, Usage};
use crate::answer::billing::JobRequest;
use crate::billing::PriceUnit;
use crate::lexicon::Need;

/// What a sentence names that a reading may drop: its cards (catalog ids, in the order said,
/// once each), the model it sizes (one, where the family and size name one), the needs it says,
/// an amount (a price per hour, or a sum with no unit), the length of the job and the platforms.
/// Built once by the reader from its [`Question`] (its entities and price), never found again.
#[derive(Debug, Default, Clone)]
pub(super) struct Named {
    pub(super) cards: Vec<String>,
    pub(super) model: Option<String>,
    pub(super) needs: Vec<Need>,
    pub(super) amount: Option<Money>,
    pub(super) usage: Option<Usage>,
    pub(super) platforms: Vec<String>,
}

impl Named {
    /// What the question `q` names; `text` is the normalized text it was read from (before the
    /// price was taken out of it), for the budget, ceiling and need words.
    pub(super) fn of(q: &Question, text: &str) -> Named {
        let e = q.e;
        let mut cards: Vec<String> = Vec::new();
        for c in &e.gpus {
            if !cards.contains(&c.gpu) {
                cards.push(c.gpu.clone());
            }
        }
        // A model the fit engine sizes by its parameters (the catalog's language models); an
        // image pipeline runs on any platform's cards (corpus41: `need a platform … to run
        // sdxl` is the filtered list).
        let model = match e.models_asked() {
            Some(_) => None,
            None => e
                .models
                .first()
                .filter(|m| q.catalog.find_model(m).is_some())
                .cloned(),
        };
        // A budget said (`预算2000`, `budget is $300`): a sum to spend, as /pick reads it; an
        // amount with no unit said beside an hour (`每小时预算8块`, the ceiling table's hour
        // words), a price per hour.
        // Only an amount said as money to spend or a ceiling: a price quoted (`A40 | $0.44/hr —
        // is it ECC?`) is what the page is asked about, no budget.
        let budget = super::facts::facts(q.catalog, text).budget;
        let bound = budget.is_some() || crate::lexicon::ceiling_said(text);
        let found = q.price.cloned().filter(|_| bound);
        let hourly = crate::lexicon::PER_HOUR.iter().any(|w| text.contains(w));
        let amount = match (found, budget) {
            (Some(m), _) if m.per.is_none() && hourly => Some(Money {
                per: Some(PriceUnit::Time(crate::units::TimeUnit::Hour)),
                ..m
            }),
            (Some(m), _) => Some(m),
            (None, Some(b)) => Some(Money {
                amount: b,
                currency: None,
                per: None,
            }),
            (None, None) => None,
        };
        Named {
            cards,
            model,
            needs: super::needs_said::needs_said(text),
            amount,
            usage: e.usage.clone(),
            platforms: e.platforms.clone(),
        }
    }
}

fn hour() -> Usage {
    Usage::Once(rust_decimal::Decimal::from(3600))
}

fn per_hour(m: &Money) -> bool {
    m.per == Some(PriceUnit::Time(crate::units::TimeUnit::Hour))
}

/// The cards' hour ranked everywhere (or on the platforms meeting `needs`): one `/compare` of
/// every card named (`/compare a b 1h` ranks each).
fn ranked(cards: &[String], needs: &[Need]) -> Option<Request> {
    let mut j = JobRequest::of(cards.to_vec(), &hour(), 1).ok()?;
    j.needs = needs.to_vec();
    Some(Request::Compare(j))
}

/// `reading` with what the sentence named and the page reading drops asked back beside it
/// (module doc); `None` where the reading drops nothing it could have carried.
/// `two_asks`: the message is two asks (`哪家按秒收费 顺便说下4090价格`), the second set aside on
/// purpose (`second_ask::first_of_two`) with what it names: no guard.
pub(super) fn kept(n: &Named, two_asks: bool, r: &Request) -> Option<Reading> {
    if two_asks
        || !matches!(
            r,
            Request::Gpu(_) | Request::Platform(_) | Request::Platforms(_)
        )
    {
        return None;
    }
    let mut asked: Vec<Request> = Vec::new();
    match r {
        Request::Gpu(g) if !g.gpus.is_empty() => {
            // A need said: the card ranked where it is met. A place is none (`为啥国内只有h800`
            // tells; a place asked for machines is `/offers region=`, its own readers').
            let needs: Vec<Need> = (n.needs.iter())
                .filter(|x| !matches!(x, Need::Place(_) | Need::Region(_)))
                .cloned()
                .collect();
            if !needs.is_empty() {
                asked.extend(ranked(&g.gpus, &needs));
            }
            match &n.amount {
                // A price per hour: what is in stock under it, card by card.
                Some(m) if per_hour(m) => asked.extend(
                    g.gpus
                        .iter()
                        .map(|id| Request::Stock(request::stock_args(id, None, Some(m)))),
                ),
                // A sum to spend: the card's hour everywhere, the price it is set against.
                Some(m) if m.per.is_none() && needs.is_empty() => {
                    asked.extend(ranked(&g.gpus, &[]));
                }
                _ => {}
            }
            // A model said: its fit on the card.
            if let (Some(model), [gpu]) = (&n.model, g.gpus.as_slice()) {
                let card = Cards {
                    gpu: gpu.clone(),
                    count: 1,
                };
                asked.push(request::fit(model, None, None, Vec::new(), Some(&card)));
            }
        }
        Request::Platforms(p) => {
            if let Some(model) = &n.model {
                asked.push(request::fit(model, None, None, Vec::new(), None));
            }
            if !n.cards.is_empty() {
                asked.extend(ranked(&n.cards, &p.needs));
            }
        }
        Request::Platform(p) => match n.cards.as_slice() {
            // One card beside a platform's fact (`h100 的 billing 是按秒吗 on runpod`,
            // `autodl 租4090 关机了还算钱吗`): the rule is the platform's for every card, the card
            // set aside on purpose (corpus69, fresh28).
            [] | [_] => {}
            // Two cards or more: their specs side by side, or their hour on that platform.
            cards => {
                let mut there = JobRequest::of(cards.to_vec(), &hour(), 1).ok()?;
                there.platforms = vec![p.platform.clone()];
                return Some(Reading::Ask(vec![
                    request::gpus(cards.to_vec()),
                    Request::Compare(there),
                ]));
            }
        },
        _ => {}
    }
    if asked.is_empty() {
        return None;
    }
    asked.push(r.clone());
    Some(Reading::Ask(asked))
}
