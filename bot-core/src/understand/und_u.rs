//! Where helper und-u's mechanisms join the reader (one call per stage): its rules tried
//! before the general ones (a price set against a past day, [`super::past_day`]) and its
//! completions of a reading after them (needs beside a stock question).

use super::Reading;
use super::question::Question;
use crate::catalog::Catalog;

/// The text with und-u's words written plainly (called before anything reads it): a name
/// the message excludes taken out ([`super::refused`]), and the platform rented on now when
/// another place is asked about ([`super::left_for`]); an API price per thousand tokens
/// written per million ([`super::per_thousand`]).
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    let t = super::per_thousand::plain(&words_plain(norm));
    super::left_for::plain(catalog, &super::refused::plain(catalog, &t))
}

/// Asks the user's own figures would misread (a price beside a card converted), tried first.
pub(super) fn first(q: &Question) -> Option<Reading> {
    super::said_few::convert_beside_card(q)
}

/// Asks the general rules misread, tried before them.
pub(super) fn rules(q: &Question) -> Option<Reading> {
    super::past_day::past_day(q)
        .or_else(|| super::past_day::when_cheaper(q))
        .or_else(|| super::said_few::guidance_in_few_words(q))
        .or_else(|| super::said_few::same_money(q))
}

/// `r` with what und-u's mechanisms complete (called last in `said_more::with_said`): the
/// payment and real-name needs said beside a stock question ([`stock_needs`]).
pub(super) fn with_said(q: &Question, r: Reading) -> Reading {
    super::said_few::without_spend(q, stock_needs(q, r))
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

/// `10 个 hours` (a Chinese counter before an English unit) and `a dollar` (one) written as
/// the reader reads them.
fn words_plain(t: &str) -> String {
    let mut out = t.to_string();
    for (said, plain) in [
        (" 个 hour", " hour"),
        ("个 hour", " hour"),
        (" 个 minute", " minute"),
        (" 个 day", " day"),
        (" a dollar", " 1 dollar"),
        (" one dollar", " 1 dollar"),
        (" a buck", " 1 buck"),
    ] {
        if out.contains(said) {
            out = out.replace(said, plain);
        }
    }
    out
}
