//! A conversion of an amount said without a currency (`1.88 per hour to per month`, `0.79 an
//! hour, per month?`, `1.2 hourly to monthly`, `60 per day what is it per hour`): the rate in the
//! other unit asked, the amount kept bare as said (the house's rule for bare amounts: the chat's
//! currency). The price reader takes a bare amount only with a `/unit` or a price word, so these
//! were read as nothing, or (a whole number beside a month) backwards as a month's sum (helper
//! und_dk, corpus95).

use super::Reading;
use super::price::{convert_request, unit_at};
use super::question::Question;
use super::words::ALERT_WORDS;
use crate::billing::PriceUnit;
use crate::lexicon::{self, Money};

/// The one amount of the sentence said without a currency, its own period right after it
/// (`per hour`, `an hour`, `/day`, `hourly`, `monthly`), and another period asked after that:
/// `/convert <amount>/<period> to <other>`. A second number (a length, a count: `8 hours a day`),
/// a card, platform or model named, a job run, an alert, a ceiling or a budget each say more than
/// a conversion, and leave the sentence to their own rules.
pub(super) fn bare_rate_converted(q: &Question) -> Option<Reading> {
    let named = !q.e.gpus.is_empty() || !q.e.platforms.is_empty() || !q.nothing_to_size();
    if q.price.is_some()
        || named
        || lexicon::job_verb_said(q.padded)
        || q.has(ALERT_WORDS)
        || q.ceiling_said()
        || lexicon::budget_noun_said(q.padded)
    {
        return None;
    }
    let (amount, per, (start, end)) = bare_rate(q.padded)?;
    other_period(&q.padded[..start], per).or_else(|| other_period(&q.padded[end..], per))?;
    let money = Money {
        amount: lexicon::parse_amount("price", amount).ok()?,
        currency: None,
        per: Some(per),
    };
    convert_request(q.padded, &money).map(Reading::Command)
}

/// The sentence's one number, where it starts a word and is said bare (no currency word or
/// letter glued after it: `1.5k`, `2刀`), with a period of time right after it: the figures,
/// the period, and where the amount starts and its period's words end.
fn bare_rate(padded: &str) -> Option<(&str, PriceUnit, (usize, usize))> {
    let mut numbers = numbers_at(padded);
    let start = numbers.next()?;
    if numbers.next().is_some() {
        return None;
    }
    rate_at(padded, start)
}

/// Where each number of `padded` starts.
pub(super) fn numbers_at(padded: &str) -> impl Iterator<Item = usize> + '_ {
    let b = padded.as_bytes();
    (0..b.len()).filter(move |&i| {
        b[i].is_ascii_digit() && (i == 0 || !(b[i - 1].is_ascii_digit() || b[i - 1] == b'.'))
    })
}

/// The number starting at `start`, said bare with its own period right after it (as
/// [`bare_rate`] reads the one number of a sentence).
pub(super) fn rate_at(padded: &str, start: usize) -> Option<(&str, PriceUnit, (usize, usize))> {
    let b = padded.as_bytes();
    let starts_word = padded[..start]
        .chars()
        .next_back()
        .is_none_or(|c| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '$' | '¥' | '€')));
    let mut end = start;
    while end < b.len() && (b[end].is_ascii_digit() || b[end] == b'.') {
        end += 1;
    }
    let figures = padded[start..end].trim_end_matches('.');
    if !starts_word || figures.is_empty() {
        return None;
    }
    let rest = padded[end..].trim_start_matches(' ');
    let at = padded.len() - rest.len();
    // `hourly` is no unit word of the price reader's (`hour` must end its word there).
    if let Some(r) = rest.strip_prefix("hourly")
        && !r.starts_with(|c: char| c.is_ascii_alphanumeric())
    {
        let hour = PriceUnit::Time(crate::units::TimeUnit::Hour);
        return Some((figures, hour, (start, at + 6)));
    }
    let (marked, mark_len) = lexicon::MARKS_AFTER
        .iter()
        .find(|m| rest.starts_with(**m))
        .map_or((rest, 0), |m| {
            (rest[m.len()..].trim_start_matches(' '), m.len())
        });
    let (key, len) = unit_at(marked)?;
    // Unmarked, only a period said as one word (`monthly`, `daily`), never `3 hours`.
    let one_word = ["daily", "weekly", "monthly", "annually"];
    if mark_len == 0 && !one_word.iter().any(|w| marked.starts_with(w)) {
        return None;
    }
    let per = PriceUnit::parse(key).filter(|u| matches!(u, PriceUnit::Time(_)))?;
    let unit_end = padded.len() - marked.len() + len;
    Some((figures, per, (start, unit_end)))
}

/// Another period of time said before or after the amount and its own (`to per month`, `per
/// week?`, `what is it per hour`, `to monthly`, `per month, how much is …`): the unit the
/// conversion is asked in.
fn other_period(text: &str, per: PriceUnit) -> Option<PriceUnit> {
    text.char_indices().find_map(|(i, _)| {
        let at_word = text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphabetic());
        let (key, len) = unit_at(&text[i..]).filter(|_| at_word)?;
        let unit = PriceUnit::parse(key).filter(|u| matches!(u, PriceUnit::Time(_)))?;
        (len > 1 && unit != per).then_some(unit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bare_amount_with_its_own_period() {
        let hour = PriceUnit::Time(crate::units::TimeUnit::Hour);
        let month = PriceUnit::Time(crate::units::TimeUnit::Month);
        for (t, figures, per) in [
            (" 1.88 per hour to per month ", "1.88", hour),
            (" 0.79 an hour, per month? ", "0.79", hour),
            (" 1.2 hourly to monthly ", "1.2", hour),
            (" 450 monthly, hourly? ", "450", month),
        ] {
            let (f, p, _) = bare_rate(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!((f, p), (figures, per), "{t}");
        }
        // A second number, a letter glued on, a length with no mark, a currency sign: no bare rate.
        for t in [
            " 2 per hour, 8 hours a day ",
            " 1.5k a month ",
            " 3 hours ",
            " $2 per hour to per day ",
            " a100 per hour ",
        ] {
            assert!(bare_rate(t).is_none(), "{t}");
        }
        assert_eq!(other_period(" to per month ", hour), Some(month));
        assert_eq!(other_period(" per hour? ", hour), None);
    }
}
