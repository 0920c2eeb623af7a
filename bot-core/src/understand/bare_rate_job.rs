//! A job billed at a rate said without a currency (`I pay 0,69 an hour somewhere, what's 5 hours
//! of that`, `1.25 per hour, 3 hours how much`): the amount with its own period
//! (`bare_rate::rate_at`, the decimal comma already a point: `text::decimal_commas`, two digits
//! or one after the comma, three grouping thousands) and a length said apart from it, a sum
//! asked: `/cost <amount>/<period> <length>`, the amount kept bare (the chat's currency, the
//! house's rule for bare amounts). A card, platform or model named, an alert, a ceiling or a
//! budget leave it to their own rules, as for the bare rate converted.

use super::Reading;
use super::bare_rate::{numbers_at, rate_at};
use super::question::Question;
use super::words::ALERT_WORDS;
use crate::billing::PriceUnit;
use crate::lexicon::{self, Money, Usage};

/// Words that ask the sum of a length at the rate (`what's 5 hours of that`, `how much for`).
const SUM_ASKED: &[&str] = &[
    "what's",
    "what is",
    "whats",
    "how much",
    "total",
    "cost",
    "of that",
    "多少钱",
    "多少",
    "一共",
    "总共",
];

pub(super) fn bare_rate_billed(q: &Question) -> Option<Reading> {
    let named = !q.e.gpus.is_empty() || !q.e.platforms.is_empty() || !q.nothing_to_size();
    if q.price.is_some()
        || named
        || q.has(ALERT_WORDS)
        || q.ceiling_said()
        || lexicon::budget_noun_said(q.padded)
        || !q.has(SUM_ASKED)
    {
        return None;
    }
    // Two numbers: the rate first, then the length (a third says more than one bill).
    let starts: Vec<usize> = numbers_at(q.padded).collect();
    let [rate, _] = starts[..] else {
        return None;
    };
    let (amount, per, _) = rate_at(q.padded, rate)?;
    // The length read is no single period of the rate's own (`an hour` read as the job's 1 h).
    let usage = q.e.usage.clone()?;
    let once = match &usage {
        Usage::Once(s) => *s,
        _ => return None,
    };
    if let PriceUnit::Time(t) = per
        && rust_decimal::Decimal::from(t.seconds()) == once
    {
        return None;
    }
    let money = Money {
        amount: lexicon::parse_amount("price", amount).ok()?,
        currency: None,
        per: Some(per),
    };
    super::request::cost_at(&money, &usage).map(Reading::Command)
}
