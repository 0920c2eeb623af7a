//! A currency asked of a bill (`4090跑一天多少钱 in usd`, `… 用美元算`, `autodl 4090 跑一天 换成
//! 美元多少`): carried into the `/compare` or `/cost` read, as its `currency=`, so the bill is
//! counted in it (`lexicon::bill_currency_asked` decides which words ask it).

use super::Reading;
use super::request::Request;
use crate::answer::billing::JobRequest;

/// `reading` with the bill's currency set where the text asks one and the request has none.
pub(super) fn carried(norm: &str, reading: Reading) -> Reading {
    let Some(code) = crate::lexicon::bill_currency_asked(norm) else {
        return reading;
    };
    let set = |mut j: JobRequest| {
        if j.currency.is_none() {
            j.currency = Some(code.to_string());
        }
        j
    };
    match reading {
        Reading::Command(Request::Compare(j)) => Reading::Command(Request::Compare(set(j))),
        Reading::Command(Request::Cost(j)) => Reading::Command(Request::Cost(set(j))),
        other => other,
    }
}
