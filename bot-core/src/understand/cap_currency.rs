//! A currency said in words beside a bare ceiling (`notify me in dollars when an L40S is below
//! 1`, `alert me in yuan when a 4090 is below 2`, `用人民币算，低于2块提醒我`): the cap is in that
//! currency, never the chat's by default.

use super::Reading;
use super::request::Request;

/// A currency named as the one to count in, and its code.
const IN_CURRENCY: &[(&str, &str)] = &[
    (" in dollars", "USD"),
    (" in us dollars", "USD"),
    (" in usd", "USD"),
    (" in yuan", "CNY"),
    (" in rmb", "CNY"),
    (" in cny", "CNY"),
    ("用美元", "USD"),
    ("按美元", "USD"),
    ("用人民币", "CNY"),
    ("按人民币", "CNY"),
];

/// `r` with its alert's bare cap in the currency said in words.
pub(super) fn with_currency(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Subscribe(mut a)) = r else {
        return r;
    };
    let said = IN_CURRENCY
        .iter()
        .find(|(w, _)| padded.contains(w))
        .map(|(_, c)| *c);
    if let (Some(max), Some(code)) = (a.stock.max.as_mut(), said)
        && max.currency.is_none()
    {
        max.currency = Some(code.to_string());
    }
    Reading::Command(Request::Subscribe(a))
}
