//! Payment methods said as alternatives (`I can pay with credit card or crypto, whatever`,
//! `支付宝或者信用卡都行`): no filter. Read as needs met together, the ranking kept only the
//! platforms taking both, and dropped the cheapest ones that take a card. Platforms said as
//! alternatives for stock (`5090 有货吗 runpod 或 vast 都行`): every platform's stock, never the
//! first one's alone (`/stock` and `/offers` take one platform; the others were hidden).

use super::Reading;
use super::question::Question;
use super::request::Request;
use super::set_aside::Aside;
use crate::lexicon::Need;

const EITHER: &[&str] = &[
    " or ",
    "either",
    "whatever",
    "any of",
    "或者",
    "或",
    "都行",
    "都可以",
    "都ok",
];

/// `r` (a ranking) over every platform when the payment methods said are alternatives.
pub(super) fn with_either(padded: &str, named: bool, r: Reading) -> Reading {
    let Reading::Command(Request::Compare(mut j)) = r else {
        return r;
    };
    let needs = super::needs_said::needs_said(padded);
    let pays = needs.iter().filter(|n| matches!(n, Need::Pay(_))).count();
    let either = EITHER.iter().any(|w| padded.contains(w));
    if !named && pays >= 2 && either && needs.iter().all(|n| matches!(n, Need::Pay(_))) {
        j.platforms.clear();
        j.needs.clear();
    }
    Reading::Command(Request::Compare(j))
}

/// `r` (a card's stock or offers on one platform) over every platform when two or more
/// platforms are said as alternatives (`runpod 或 vast 都行`, `vast or runpod, either works`).
/// The platforms said are set aside as alternatives ([`Aside::Either`]).
pub(super) fn platforms_either(q: &Question, r: Reading) -> Reading {
    let either = EITHER.iter().any(|w| q.padded.contains(w));
    if q.e.platforms.len() < 2 || !either {
        return r;
    }
    if matches!(r, Reading::Command(Request::Stock(_) | Request::Offers(_))) {
        q.set_aside_all(Aside::Either);
    }
    match r {
        Reading::Command(Request::Stock(mut s)) => {
            s.platform = None;
            Reading::Command(Request::Stock(s))
        }
        Reading::Command(Request::Offers(mut o)) => {
            o.filter.provider = None;
            Reading::Command(Request::Offers(o))
        }
        r => r,
    }
}
