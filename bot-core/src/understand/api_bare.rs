//! An API's price said as a bare number beside `api` or before a million tokens (`api 0.4
//! per million`, `0.25/m`, `api about 0.3`): `/tco`'s API price, in the chat's currency (which
//! the answer states), as `tco_prices` reads it after its fixed phrases. It was dropped, and
//! the rent-vs-API sum was answered with the bot's own API price for the user's.

use crate::lexicon;
use rust_decimal::Decimal;

/// Words right after a number that make it a count of tokens (`5 million tokens`, `20k
/// tokens`), never a price.
const VOLUME_AFTER: &[&str] = &[
    " million ",
    " millions ",
    " thousand ",
    " billion ",
    " tokens ",
    " token ",
    " tok ",
    " m tokens ",
    " k tokens ",
    " 万",
    " 亿",
];
/// Whether the words after a number (`" million tokens a day "`) make it a count of tokens.
pub(super) fn counts_tokens(after: &str) -> bool {
    VOLUME_AFTER.iter().any(|v| after.starts_with(v))
}

/// A day's count said right after a million (`tokens per day`, `tok/day`, `a day`, `每天`).
fn daily_tokens(after: &str) -> bool {
    let after = after.trim_start();
    let after = lexicon::TOKEN_NOUNS
        .iter()
        .find_map(|t| after.strip_prefix(t))
        .unwrap_or(after)
        .trim_start();
    lexicon::starts_with(after, lexicon::Period::Day)
}

/// Words that may stand between `api` and its price.
const BETWEEN: &[&str] = &[
    "at", "is", "costs", "cost", "charges", "about", "around", "~", "like", "price", "的", "要",
    "价", "是", "大概", "约",
];

fn number(w: &str) -> Option<Decimal> {
    (!w.is_empty() && w.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        .then(|| w.parse::<Decimal>().ok())
        .flatten()
        .filter(|d| !d.is_zero())
}

/// The bare number said as an API's price, per million tokens: a unit of tokens after it is the
/// lexicon's (`lexicon::per_tokens_after`: `per million`, `/M tokens`, `每百万`, `per 1K tokens`
/// scaled to a million). Read only in a rent-vs-API sum, so a bare `M` there is a million.
pub(super) fn api_price(padded: &str) -> Option<Decimal> {
    let words: Vec<&str> = padded.split_whitespace().collect();
    let per_million = |n: Decimal, per: u64| n * Decimal::from(1_000_000 / per);
    words.iter().enumerate().find_map(|(k, w)| {
        // `0.1/m`: the unit written onto the number.
        if let Some((n, per)) =
            lexicon::glued_per_tokens(w, true).and_then(|(a, per)| number(a).map(|n| (n, per)))
        {
            return Some(per_million(n, per));
        }
        let n = number(w)?;
        let after = format!(" {} ", words[k + 1..(k + 4).min(words.len())].join(" "));
        let rest = format!(" {} ", words[k + 1..].join(" "));
        if let Some((len, per)) = lexicon::per_tokens_after(&rest, true) {
            // `a 3090 for 1m tokens per day`: a million tokens a day is the volume after the
            // number (here the card's), never the price of a million.
            return (!daily_tokens(&rest[len..])).then_some(per_million(n, per));
        }
        // `api 5 million tokens a day`: a number counting tokens is the volume, not a price.
        if counts_tokens(&after) {
            return None;
        }
        // `api 0.4`, `the api costs about 0.3`: `api` with only small words between.
        let mut j = k;
        while j > 0 && BETWEEN.contains(&words[j - 1]) && k - j < 3 {
            j -= 1;
        }
        (j > 0 && words[j - 1].ends_with("api") && !after.starts_with(" x")).then_some(n)
    })
}

#[cfg(test)]
mod tests {
    use super::api_price;
    use rust_decimal::Decimal;

    #[test]
    fn a_bare_price_beside_api_or_a_million() {
        let d = |s: &str| Decimal::from_str_exact(s).ok();
        assert_eq!(api_price(" api 0.4 per million "), d("0.4"));
        assert_eq!(api_price(" vs 0.25 /m tokens "), d("0.25"));
        assert_eq!(api_price(" the api costs about 0.3 "), d("0.3"));
        assert_eq!(api_price(" vs paying 0.1/m "), d("0.1"));
        // A volume or a card count is no price.
        assert_eq!(api_price(" 30m tokens a day vs api "), None);
        assert_eq!(api_price(" api 2 x 4090 "), None);
        assert_eq!(api_price(" vs api 5 million tokens a day "), None);
        assert_eq!(api_price(" api 200 thousand tokens daily "), None);
        assert_eq!(api_price(" api 0.5 a million, 5 million tokens "), d("0.5"));
        // The card's number before a daily million is neither.
        assert_eq!(
            api_price(" on a 3090 for 1m tokens per day vs the api "),
            None
        );
        assert_eq!(api_price(" vs 0.3 for 1m tokens "), d("0.3"));
        // A price per thousand tokens is a thousand times its price per million.
        assert_eq!(api_price(" api 0.002 per 1k tokens "), d("2"));
        assert_eq!(api_price(" vs 0.001/1k "), d("1"));
    }
}
