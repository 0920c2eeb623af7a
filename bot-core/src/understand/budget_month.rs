//! A budget over a period (`每月预算3000，租哪家`, `$2000 a month for GPUs, where should we rent`,
//! `our lab gets $800/month in credits`, `$1500 a month budget in rmb`): money to spend, which
//! `/pick` takes as a budget where guidance is asked, or a plain sum where another currency is.
//! Read as a monthly rate, it was converted to an hourly price nobody asked for.

use super::Reading;
use super::question::Question;
use super::request::{Request, Usage};
use super::weighed::asked_currency;
use super::words::ALERT_WORDS;
use super::words_guidance::asks_pick;
use crate::answer::billing::ConvertRequest;
use crate::billing::PriceUnit;
use crate::lexicon::{SPEND_ASKED, budget_noun_said, place_asked};
use crate::units::TimeUnit;

/// A period said in words beside the sum (the price reader keeps some as the price's unit): the
/// lexicon's words that say "each" day, week or month (`lexicon::rate_words`; this list had lacked
/// `每日`, `per day`, `every month`, `每个星期` …), with `a month` and `月预算` beside them (`a day`,
/// `一天` say a length here, `a month` had been read as the budget's period and stays).
fn period() -> Vec<&'static str> {
    use crate::lexicon::{Period, rate_words};
    [Period::Month, Period::Week, Period::Day]
        .into_iter()
        .flat_map(rate_words)
        .chain(["a month", "月预算"])
        .collect()
}
/// An hourly share asked: the period's sum per hour is the question then.
const HOURLY: &[&str] = &[
    "每小时",
    "一小时",
    "每个小时",
    "per hour",
    "an hour",
    "hourly",
];

/// `/pick` for a budget per period with guidance asked, `/convert <sum> to <currency>` with
/// another currency asked; nothing where a card or platform is named (a rent's price then).
pub(super) fn budget_month(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let per_period = matches!(
        p.per,
        Some(PriceUnit::Time(
            TimeUnit::Day | TimeUnit::Week | TimeUnit::Month
        ))
    );
    let period = per_period || matches!(q.e.usage, Some(Usage::Always)) || q.has(&period());
    let named = !q.e.gpus.is_empty() || !q.e.platforms.is_empty();
    let place = place_asked(q.padded);
    let budget = budget_noun_said(q.padded) || place;
    if !period || !budget || named || q.has(ALERT_WORDS) || q.has(HOURLY) {
        return None;
    }
    if let Some(from) = p.currency.as_deref()
        && let Some(to) = asked_currency(q.padded, from)
    {
        let mut price = p.clone();
        price.per = None;
        return Some(Reading::Command(Request::Convert(ConvertRequest {
            price,
            to: None,
            currency: Some(to),
            fx_rate: None,
            tokens_per_second: None,
        })));
    }
    (place || q.has(SPEND_ASKED) || asks_pick(q.padded)).then_some(Reading::Command(Request::Pick))
}
