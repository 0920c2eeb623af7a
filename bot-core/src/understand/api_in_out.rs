//! An API's input and output prices said apart (`input $0.3 output $1.2 per M`, `输入每百万token
//! 1块 输出4块`). `/tco` takes one price per 1M tokens for every token of the day's volume, and
//! which one stands for the mix depends on the share of prompt tokens, which the sentence does not
//! say: the two readings are asked back, one line with each price, never one taken on a guess (the
//! first had been taken, silently, as the price of every token).

use super::price::find_price;
use super::request::Money;
use crate::billing::PriceUnit;
use crate::lexicon::{INPUT_PRICE_WORDS, OUTPUT_PRICE_WORDS};

/// How far after its word a price may start (`输入每百万token 1块`: the unit first).
const REACH: usize = 24;

/// The price said right after one of `words`, per million tokens or with no unit.
fn price_after(norm: &str, words: &[&str]) -> Option<Money> {
    words.iter().find_map(|w| {
        let at = norm.find(w)? + w.len();
        let (p, span) = find_price(&norm[at..])?;
        let per_tokens = matches!(p.per, None | Some(PriceUnit::MillionTokens));
        (span.start <= REACH && per_tokens).then_some(p)
    })
}

/// The input and the output price, each said after its word and different, per million tokens;
/// a currency said with one only is the other's too.
pub(super) fn in_and_out(norm: &str) -> Option<(Money, Money)> {
    let mut input = price_after(norm, INPUT_PRICE_WORDS)?;
    let mut output = price_after(norm, OUTPUT_PRICE_WORDS)?;
    if input.amount == output.amount {
        return None;
    }
    if input.currency.is_none() {
        input.currency.clone_from(&output.currency);
    }
    if output.currency.is_none() {
        output.currency.clone_from(&input.currency);
    }
    Some((input, output))
}

#[cfg(test)]
mod tests {
    use super::super::text::normalize;
    use super::in_and_out;
    use rust_decimal::Decimal;

    fn amounts(s: &str) -> Option<(Decimal, Decimal)> {
        in_and_out(&normalize(s)).map(|(i, o)| (i.amount, o.amount))
    }

    #[test]
    fn input_and_output_prices_apart() {
        let d = |s: &str| Decimal::from_str_exact(s).unwrap();
        assert_eq!(
            amounts("input $0.3 output $1.2 per M, 10M tokens a day"),
            Some((d("0.3"), d("1.2")))
        );
        assert_eq!(
            amounts("api输入每百万token 1块 输出 4块"),
            Some((d("1"), d("4")))
        );
        // One price, or the same said twice: nothing to ask.
        assert_eq!(amounts("api at $0.3/M, 10M tokens a day"), None);
        assert_eq!(amounts("input $0.5 output $0.5 per M"), None);
    }
}
