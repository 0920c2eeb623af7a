//! What an alert is conditioned on, beside its card and platform: how many cards must be free
//! together (`autodl的a800到货提醒 要4张的`, `有两张以上空出来就告诉我` → `cards=N`, which
//! `/subscribe` and the alert matcher already hold), and a ceiling said as a bare number
//! (`ping me when runpod has h200 below 3.5` → `max=3.5/hour`, read in the chat's
//! `/currency`, which the answer says). Both were dropped: an alert on any one card, or on
//! any price, fires on offers the user said they do not want.

use super::Reading;
use super::request::{Money, Request};
use super::words::FALLS_TO;
use crate::billing::PriceUnit;
use rust_decimal::Decimal;

/// Words after a count that make it cards (`4张`, `2 cards`, `8卡`).
const CARD_WORDS: &[&str] = &["张", "块卡", "卡", "台", " cards", " gpus", "cards", "gpus"];

/// Words before a bare number that make it a ceiling (and a price falling to it,
/// [`FALLS_TO`]).
const BELOW: &[&str] = &[
    "below",
    "under",
    "less than",
    "cheaper than",
    "低于",
    "少于",
    "不到",
    "小于",
    "<",
];

/// The first count of cards said (`要4张`, `两张以上` after numerals: `2张`), 2 or more.
fn cards_said(padded: &str) -> Option<u32> {
    let b = padded.as_bytes();
    let mut at = 0;
    while at < b.len() {
        let glued = at > 0 && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'.');
        if !b[at].is_ascii_digit() || glued {
            at += 1;
            continue;
        }
        let start = at;
        while at < b.len() && b[at].is_ascii_digit() {
            at += 1;
        }
        let rest = &padded[at..];
        if CARD_WORDS.iter().any(|w| rest.starts_with(w))
            && let Ok(n) = padded[start..at].parse::<u32>()
            && (2..=64).contains(&n)
        {
            return Some(n);
        }
    }
    None
}

/// A bare number right after a word of ceiling (`below 3.5`, `低于3`), with no unit glued on.
fn bare_ceiling(padded: &str) -> Option<Decimal> {
    FALLS_TO.iter().chain(BELOW).find_map(|w| {
        padded.match_indices(w).find_map(|(at, _)| {
            let rest = padded[at + w.len()..].trim_start();
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            let next = rest[end..].chars().next();
            // `低于3张`, `under 40 minutes`, `below 3.5b`: no price.
            let after = rest[end..].trim_start();
            let unit = super::price::unit_at(after).is_some()
                || CARD_WORDS.iter().any(|w| after.starts_with(w.trim_start()))
                || after.starts_with("gb")
                || after.starts_with('个');
            // `低于2就提醒我`: a Chinese word after it is the sentence going on.
            if end == 0 || next.is_some_and(|c| c.is_ascii_alphanumeric()) || unit {
                return None;
            }
            rest[..end].parse::<Decimal>().ok().filter(|d| !d.is_zero())
        })
    })
}

/// An alert reading with the cards (`count`: the card's own, `2 h100`) and a bare ceiling the
/// sentence says.
pub(super) fn with_terms(padded: &str, count: u32, r: Reading) -> Reading {
    let Reading::Command(Request::Subscribe(mut a)) = r else {
        return r;
    };
    if a.cards.is_none() {
        a.cards = (count > 1).then_some(count).or_else(|| cards_said(padded));
    }
    if a.stock.max.is_none()
        && let Some(amount) = bare_ceiling(padded)
    {
        a.stock.max = Some(Money {
            amount,
            currency: None,
            per: Some(PriceUnit::Time(crate::units::TimeUnit::Hour)),
        });
    }
    Reading::Command(Request::Subscribe(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_cards_and_bare_ceilings() {
        assert_eq!(cards_said(" autodl的a800到货提醒 要4张的 "), Some(4));
        assert_eq!(
            cards_said(" 帮我盯着h100 有2张以上空出来就告诉我 "),
            Some(2)
        );
        assert_eq!(
            cards_said(" tell me when 8 gpus of h100 are free "),
            Some(8)
        );
        assert_eq!(cards_said(" 4090到货提醒我 "), None);
        assert_eq!(cards_said(" a100 1张 "), None);
        assert_eq!(
            bare_ceiling(" ping me when runpod has h200 below 3.5 "),
            Decimal::from_str_exact("3.5").ok()
        );
        assert_eq!(bare_ceiling(" 4090低于2就提醒我 "), Some(Decimal::from(2)));
        assert_eq!(bare_ceiling(" 低于3张 "), None);
        assert_eq!(bare_ceiling(" under 40 minutes "), None);
    }
}
