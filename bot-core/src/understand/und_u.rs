//! Where helper und-u's mechanisms join the reader (one call per stage): its rules tried
//! before the general ones (a price set against a past day, [`super::past_day`]) and its
//! completions of a reading after them (needs beside a stock question).

use super::Reading;
use super::question::Question;

/// Asks the general rules misread, tried before them.
pub(super) fn rules(q: &Question) -> Option<Reading> {
    super::past_day::past_day(q)
}

/// `r` with what und-u's mechanisms complete (called last in `said_more::with_said`): the
/// payment and real-name needs said beside a stock question ([`stock_needs`]).
pub(super) fn with_said(q: &Question, r: Reading) -> Reading {
    stock_needs(q, r)
}

/// `不用信用卡 哪里有4090现货`, `h100 in stock anywhere that takes alipay`: a payment or
/// real-name need said beside a stock question keeps the platforms shown to those that meet
/// it (a region is the offers' own, read by `offers_said`).
fn stock_needs(q: &Question, r: Reading) -> Reading {
    use crate::lexicon::Need;
    let Reading::Command(super::Request::Stock(mut s)) = r else {
        return r;
    };
    s.needs = super::intent::needs_said(q.padded)
        .into_iter()
        .filter(|n| matches!(n, Need::Pay(_) | Need::Without(_) | Need::NoRealName))
        .collect();
    Reading::Command(super::Request::Stock(s))
}
