//! A platform the sentence names is part of its reading (helper und_cf, issue 26:
//! `docs/misses/und_und_cf.md`). Readers that build a card's price, stock or specs from the card
//! alone dropped a platform said beside it (`4090 on cudo` → `/gpu rtx-4090`, `cheaper than vast
//! for a 4090?` → `/compare rtx-4090 1h`): a confident answer to another question. One guard after
//! every reader: a platform named and missing from a request that can carry one is put in it; where
//! the request could mean the platform's own bill or every platform's, both are asked back.
//! Requests whose figure no platform changes (`/fit`, `/tco`, `/trend`, `/convert`, a platform's
//! own facts) keep their reading.

use rust_decimal::Decimal;

use super::Reading;
use super::request::{cost, stock_args};
use crate::catalog::Catalog;
use crate::commands::Request;
use crate::lexicon::{Cards, Usage};

/// `r` with every platform `norm` names kept, or asked back where keeping it is a choice.
pub(super) fn kept(catalog: &Catalog, norm: &str, r: Reading) -> Reading {
    let Reading::Command(req) = r else {
        return r;
    };
    let named = super::entities::entities(catalog, &super::text::tokens(norm)).platforms;
    let missing: Vec<String> = named
        .into_iter()
        .filter(|p| !carries(&req, p))
        .collect();
    if missing.is_empty() {
        return Reading::Command(req);
    }
    match req {
        // A ranking on the platforms named: the others named join it.
        Request::Compare(mut j) if !j.platforms.is_empty() => {
            j.platforms.extend(missing);
            Reading::Command(Request::Compare(j))
        }
        // A ranking everywhere beside one platform named: its own bill, or the ranking.
        Request::Compare(j) if missing.len() == 1 => {
            let mut own = j.clone();
            own.names.insert(0, missing[0].clone());
            own.platforms.clear();
            own.needs.clear();
            Reading::Ask(vec![Request::Cost(own), Request::Compare(j)])
        }
        // Several named beside a ranking everywhere: ranked on them.
        Request::Compare(mut j) => {
            j.platforms = missing;
            Reading::Command(Request::Compare(j))
        }
        // One platform's bill beside others named: ranked on them all.
        Request::Cost(j)
            if j.names.len() > 1 && catalog.platforms.iter().any(|p| p.id == j.names[0]) =>
        {
            let mut ranked = j.clone();
            let first = ranked.names.remove(0);
            ranked.platforms = std::iter::once(first).chain(missing).collect();
            Reading::Command(Request::Compare(ranked))
        }
        Request::Stock(mut s) if s.platform.is_none() && missing.len() == 1 => {
            s.platform = missing.into_iter().next();
            Reading::Command(Request::Stock(s))
        }
        Request::Subscribe(mut s) if s.stock.platform.is_none() && missing.len() == 1 => {
            s.stock.platform = missing.into_iter().next();
            Reading::Command(Request::Subscribe(s))
        }
        Request::Offers(mut o) if o.filter.provider.is_none() && missing.len() == 1 => {
            o.filter.provider = missing.into_iter().next();
            Reading::Command(Request::Offers(o))
        }
        // `/gpu` carries no platform: one card beside one platform is asked as the platform's
        // bill for an hour, its stock there, or the card's own page.
        Request::Gpu(g) if g.gpus.len() == 1 && missing.len() == 1 => {
            let card = Cards {
                gpu: g.gpus[0].clone(),
                count: 1,
            };
            let hour = Usage::Once(Decimal::from(3600));
            let mut asks: Vec<Request> = cost(&missing[0], &card, &hour).into_iter().collect();
            asks.push(Request::Stock(stock_args(&card.gpu, missing.first(), None)));
            asks.push(Request::Gpu(g));
            Reading::Ask(asks)
        }
        other => Reading::Command(other),
    }
}

/// Whether `req` already names platform `id` (as a bill's platform, a ranking's, a filter).
fn carries(req: &Request, id: &str) -> bool {
    let id = Some(id.to_string());
    match req {
        Request::Cost(j) | Request::Compare(j) => {
            j.names.iter().any(|n| Some(n) == id.as_ref())
                || j.platforms.iter().any(|n| Some(n) == id.as_ref())
        }
        Request::Stock(s) => s.platform == id,
        Request::Subscribe(s) => s.stock.platform == id,
        Request::Offers(o) => o.filter.provider == id,
        Request::Platform(p) => Some(&p.platform) == id.as_ref(),
        Request::Gpu(_) => false,
        // The rest carry no platform, or keep their own reading of one (see the module's note).
        _ => true,
    }
}
