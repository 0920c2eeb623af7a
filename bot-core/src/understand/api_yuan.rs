//! An API's price said in yuan words for a million tokens (`api一块钱一百万`, `api 两块钱100万
//! token`): `/tco`'s API price. The price finder reads no unit of a million tokens after
//! `块钱`, so the rent-vs-API sum was answered without the price the user gave.

use super::Reading;
use super::request::{Money, Request};
use rust_decimal::Decimal;

/// A million tokens, as said after the amount.
const MILLION: &[&str] = &["100万", "1百万", "百万", "一百万", "1m ", "million"];
const YUAN: &[&str] = &["块钱", "块", "元", "rmb", "cny"];

/// The amount in yuan said right before a million tokens.
fn yuan_per_million(padded: &str) -> Option<Decimal> {
    MILLION.iter().find_map(|m| {
        padded.match_indices(m).find_map(|(at, _)| {
            let before = padded[..at]
                .trim_end()
                .trim_end_matches(['每', '/', '一', ' '])
                .trim_end_matches("钱")
                .trim_end();
            let cur = YUAN.iter().find(|y| before.ends_with(*y))?;
            let num = before[..before.len() - cur.len()].trim_end();
            let start = num
                .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(0, |k| k + num[k..].chars().next().map_or(1, char::len_utf8));
            num[start..]
                .parse::<Decimal>()
                .ok()
                .filter(|d| !d.is_zero())
        })
    })
}

/// `r` (rent vs API) with the API price said in yuan words.
pub(super) fn with_api_yuan(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Tco(mut a)) = r else {
        return r;
    };
    if a.api.is_none()
        && padded.contains("api")
        && let Some(amount) = yuan_per_million(padded)
    {
        a.api = Some(Money {
            amount,
            currency: Some("CNY".to_string()),
            per: None,
        });
    }
    Reading::Command(Request::Tco(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yuan_for_a_million() {
        let d = |s: &str| Decimal::from_str_exact(s).ok();
        assert_eq!(yuan_per_million(" api1块钱100万 "), d("1"));
        assert_eq!(yuan_per_million(" api 2.5元/百万token "), d("2.5"));
        assert_eq!(yuan_per_million(" 每天100万token "), None);
    }
}
