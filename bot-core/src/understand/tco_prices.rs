//! Prices a rent-vs-API question says that its reading dropped: the API's price as a bare
//! number after an API price word (`api价格0.3`, `api price 0.2`: per million tokens, in the
//! chat's currency, which `/tco` says), and the card's own hourly price (`4090 ¥2/h
//! 每天1000万token` → `price=2cny/hour`), which `/tco` costs instead of the list price.

use super::Reading;
use super::request::{Money, Request};
use crate::billing::PriceUnit;
use rust_decimal::Decimal;

/// Words for the API's price, after which a bare number is that price per million tokens.
const API_PRICE_WORDS: &[&str] = &[
    "api价格",
    "api 价格",
    "api报价",
    "api 报价",
    "api单价",
    "api的价格",
    "api收费",
    "api price",
    "api costs",
    "api cost",
    "api is",
    "api at",
];

/// A bare number right after an API price word (`api价格0.3`, `api price is 0.2`).
fn bare_api_price(padded: &str) -> Option<Decimal> {
    API_PRICE_WORDS.iter().find_map(|w| {
        let at = padded.find(w)?;
        let rest = padded[at + w.len()..].trim_start();
        let rest = rest
            .strip_prefix("是")
            .or_else(|| rest.strip_prefix("is "))
            .or_else(|| rest.strip_prefix(':'))
            .unwrap_or(rest)
            .trim_start();
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        // `api价格0.3元`: a currency written is the price finder's; a unit glued on is no price.
        if end == 0 || rest[end..].starts_with(|c: char| c.is_alphanumeric()) {
            return None;
        }
        // `an api at 5 million tokens daily`: the number counts tokens, the volume.
        if super::api_bare::counts_tokens(&format!("{} ", &rest[end..])) {
            return None;
        }
        // `api price is 0.002 per 1k tokens`: the unit after it is the lexicon's, scaled to the
        // million `/tco` takes.
        let per = crate::lexicon::per_tokens_after(&rest[end..], true).map_or(1_000_000, |u| u.1);
        let n = rest[..end]
            .parse::<Decimal>()
            .ok()
            .filter(|d| !d.is_zero())?;
        Some(n * Decimal::from(1_000_000 / per))
    })
}

/// `r` with the prices the sentence said: a bare API price, the card's hourly price; an input
/// and an output price said apart (in `said`, the text before any price was cut out of it) are
/// asked back, one line with each.
pub(super) fn with_prices(padded: &str, said: &str, price: Option<&Money>, r: Reading) -> Reading {
    let Reading::Command(Request::Tco(mut a)) = r else {
        return r;
    };
    if let Some((input, output)) = super::api_in_out::in_and_out(said) {
        let with = |p: Money| {
            let mut t = a.clone();
            t.api = Some(Money { per: None, ..p });
            Request::Tco(t)
        };
        return Reading::Ask(vec![with(input), with(output)]);
    }
    if let Some(p) = price
        && matches!(p.per, Some(PriceUnit::Time(_)))
        && a.price.is_none()
        && a.gpu.is_some()
    {
        a.price = Some(p.clone());
    }
    // After the fixed phrases (`api价格0.3`), a bare number beside `api` or a million tokens.
    if a.api.is_none()
        && let Some(amount) = bare_api_price(padded).or_else(|| super::api_bare::api_price(padded))
    {
        a.api = Some(Money {
            amount,
            currency: None,
            per: None,
        });
    }
    Reading::Command(Request::Tco(a))
}

#[cfg(test)]
mod tests {
    use super::bare_api_price;
    use rust_decimal::Decimal;

    #[test]
    fn a_bare_api_price_after_its_word() {
        let d = |s: &str| Decimal::from_str_exact(s).ok();
        assert_eq!(bare_api_price(" 每天1000万token api价格0.3 "), d("0.3"));
        assert_eq!(bare_api_price(" 5m tokens a day  api price 0.2 "), d("0.2"));
        assert_eq!(bare_api_price(" api price is 1.5 "), d("1.5"));
        assert_eq!(bare_api_price(" api price is 0.002 per 1k tokens "), d("2"));
        assert_eq!(bare_api_price(" api价格是2 "), d("2"));
        assert_eq!(bare_api_price(" api价格多少 "), None);
        assert_eq!(bare_api_price(" api price 3m "), None);
    }
}
