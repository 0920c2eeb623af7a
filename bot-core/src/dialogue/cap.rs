//! A ceiling per hour said inside `/pick` (`每小时不超过3块`, `under $1/h`, `max 50 cents an
//! hour`): kept as a cap, never as the job's budget nor its duration ("an hour" is the price's
//! unit), said back, and used where cards and platforms are ranked: what costs more per hour
//! (hidden costs included) is left out and counted, unless nothing is under it.

use super::state::PickState;
use crate::billing::format_money;
use crate::context::Ctx;
use crate::lexicon;
use crate::reply::Msg;
use rust_decimal::Decimal;
use std::str::FromStr;

/// Words that make a price a ceiling: the lexicon's, before or after the amount (`nothing over
/// $2.5/hr`, `$2/hr max`), and a budget said per hour (`my budget is $1.2/hr`).
fn cues() -> impl Iterator<Item = &'static str> {
    lexicon::ceiling_words(lexicon::CeilingSide::Before)
        .chain(lexicon::ceiling_words(lexicon::CeilingSide::After))
        .chain(["预算", "budget"])
}

/// A money amount with its currency: (start, end, amount, currency).
fn amounts(t: &str) -> Vec<(usize, usize, Decimal, Option<String>)> {
    let mut out = Vec::new();
    // The lexicon's one scan of numbers written in digits (the money readers share it).
    for (i, j) in lexicon::numerals::decimal_runs(t) {
        let Ok(mut n) = Decimal::from_str(&t[i..j]) else {
            continue;
        };
        let before = t[..i].trim_end();
        let after = t[j..].trim_start();
        let skipped = t.len() - j - after.len();
        let mut cur = None;
        let mut end = j;
        // The currency's words and symbols are the lexicon's, one list for every reader.
        let lead = lexicon::LEADING_SYMBOLS
            .iter()
            .find(|sym| before.ends_with(**sym));
        if let Some(sym) = lead {
            cur = lexicon::parse_currency(sym).ok();
        }
        if let Some(w) = lexicon::MONEY_WORDS.iter().find(|w| after.starts_with(**w)) {
            // A word of no one currency (`蚊`) is an amount in the user's currency.
            cur = lexicon::parse_currency(w).ok().or(cur);
            end = j + skipped + w.len();
        } else if let Some((w, c, scale)) = lexicon::SUB_UNITS
            .iter()
            .find(|(w, ..)| after.starts_with(*w))
        {
            cur = Some(c.to_string());
            n /= Decimal::from(*scale);
            end = j + skipped + w.len();
        }
        // A duration (`3小时`, `5 hours`) is no price.
        let duration = [
            "小时",
            "个小时",
            "h",
            "hour",
            "hr",
            "分钟",
            "min",
            "天",
            "day",
        ]
        .iter()
        .any(|w| after.starts_with(w));
        if !duration || cur.is_some() {
            let start = lead.map_or(i, |sym| before.len() - sym.len());
            out.push((start, end, n, cur));
        }
    }
    out
}

/// The cap said in `text`, and the text without it: (amount, currency or `None` for a bare
/// amount, the rest). `None` when no price per hour with a ceiling's cue is said.
pub(super) fn split(text: &str) -> Option<(Decimal, Option<String>, String)> {
    // A range (`2到3块一小时`, `$1-2/hr`) is a cap at its top, as the question reader writes it.
    let t =
        crate::understand::price_ranges_capped(&crate::understand::normalize(text).to_lowercase());
    let spaced = format!(" {t} ");
    // An hour word glued after a number is a length (`每周21小时` holds `1小时`), never a rate
    // (und_dr: `每周大概21小时 预算大概500块` had been a cap of ¥500 an hour).
    let (hour_at, hour_word) = lexicon::PER_HOUR
        .iter()
        .flat_map(|w| spaced.match_indices(w).map(|(i, _)| (i, *w)))
        .filter(|(i, w)| {
            let numeral = |c: char| c.is_ascii_digit() || lexicon::numerals::is_numeral(c);
            // Only a word that starts with its own numeral (`1小时`, `一小时`): `$2/hr` is a rate.
            !(w.starts_with(numeral) && spaced[..*i].ends_with(|c: char| numeral(c) || c == '.'))
        })
        .min_by_key(|(i, _)| *i)?;
    let cue = cues()
        .filter_map(|w| spaced.find(w).map(|i| (i, w)))
        .min_by_key(|(i, _)| *i)?;
    // The amount nearest the hour word, with a currency or right beside it.
    let hour_end = hour_at + hour_word.len();
    let (a_start, a_end, amount, cur) = amounts(&spaced)
        .into_iter()
        .filter(|(s, e, _, c)| {
            let near = spaced[*e..]
                .trim_start()
                .starts_with(hour_word.trim_start())
                || spaced[..*s].trim_end().ends_with(hour_word.trim());
            c.is_some()
                || near
                || (*s >= hour_end && spaced[hour_end..*s].trim().chars().count() <= 6)
        })
        .min_by_key(|(s, e, _, _)| s.abs_diff(hour_end).min(e.abs_diff(hour_at)))?;
    if amount <= Decimal::ZERO {
        return None;
    }
    let from = a_start.min(hour_at).min(cue.0);
    let to = a_end.max(hour_end).max(cue.0 + cue.1.len());
    // Too far apart: the words are not one phrase.
    if spaced[from..to].chars().count() > 28 {
        return None;
    }
    let rest = format!("{} {}", &spaced[..from], &spaced[to..]);
    let rest = rest
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" ,", ",")
        .replace(",,", ",")
        .trim_matches([',', '，', '。', ';'])
        .trim()
        .to_string();
    Some((amount, cur, rest))
}

/// The cap in the currency the dialogue prices in, at the catalog's dated rate.
pub(super) fn in_currency(ctx: &Ctx, s: &PickState) -> Option<Decimal> {
    let cap = s.cap?;
    let from = s.cap_currency.as_deref().unwrap_or(&ctx.currency);
    if from.eq_ignore_ascii_case(&ctx.currency) {
        return Some(cap);
    }
    ctx.catalog
        .fx_rate(from, &ctx.currency)
        .map(|(r, _)| cap * r)
}

/// "• at most ¥3.00 per hour (hidden costs included)".
pub(super) fn msg(ctx: &Ctx, s: &PickState) -> Option<Msg> {
    let cap = s.cap?;
    let from = s.cap_currency.as_deref().unwrap_or(&ctx.currency);
    Some(Msg::new("pick-understood-cap").arg("cap", format_money(cap, from)))
}

/// Hours the job runs, for a price per hour.
pub(super) fn job_hours(s: &PickState) -> Decimal {
    match s.usage {
        Some(super::state::Usage::OneOff { hours }) => hours,
        Some(super::state::Usage::Daily { hours }) => hours * Decimal::from(30),
        Some(super::state::Usage::Always) => Decimal::from(730),
        None => Decimal::ONE,
    }
}

/// Whether a total for the whole job costs more per hour than the cap.
pub(super) fn over(ctx: &Ctx, s: &PickState, total: Decimal) -> bool {
    let hours = job_hours(s);
    in_currency(ctx, s).is_some_and(|cap| hours > Decimal::ZERO && total / hours > cap)
}

/// The card options the cap leaves (all of them when none is under it), and the line that
/// says what it did; no line without a cap.
pub(super) fn filter_options<T>(
    ctx: &Ctx,
    s: &PickState,
    options: Vec<(T, Option<Decimal>)>,
) -> (Vec<(T, Option<Decimal>)>, Option<Msg>) {
    let Some(cap) = s.cap else {
        return (options, None);
    };
    let said = format_money(cap, s.cap_currency.as_deref().unwrap_or(&ctx.currency));
    let (over, under): (Vec<_>, Vec<_>) = options
        .into_iter()
        .partition(|(_, total)| total.is_some_and(|t| over(ctx, s, t)));
    if under.iter().all(|(_, t)| t.is_none()) && !over.is_empty() {
        let msg = Msg::new("pick-cap-none-under").arg("cap", said);
        return (over.into_iter().chain(under).collect(), Some(msg));
    }
    let msg = Msg::new("pick-cap-applied")
        .arg("cap", said)
        .arg("count", over.len());
    (under, Some(msg))
}

/// Whether an offer's price per useful hour (hidden costs included) is over the cap.
pub(super) fn offer_over(ctx: &Ctx, s: &PickState, per_hour: Decimal, currency: &str) -> bool {
    let Some(cap) = s.cap else {
        return false;
    };
    let from = s.cap_currency.as_deref().unwrap_or(&ctx.currency);
    let rate = if from.eq_ignore_ascii_case(currency) {
        Some(Decimal::ONE)
    } else {
        ctx.catalog.fx_rate(from, currency).map(|(r, _)| r)
    };
    rate.is_some_and(|r| per_hour > cap * r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn caps_said_in_many_ways() {
        for (t, amount, cur, rest) in [
            (
                "lora微调qwen2.5 7b 3小时 每小时不超过3块",
                "3",
                Some("CNY"),
                "lora微调qwen2.5 7b 3小时",
            ),
            ("每小时别超过2块钱", "2", Some("CNY"), ""),
            ("under $1/h", "1", Some("USD"), ""),
            (
                "fine tune mistral 7b with qlora, under $1/h, about 5 hours",
                "1",
                Some("USD"),
                // The hedge before the hours is the lexicon's, dropped with the cap (und_by).
                "fine tune mistral 7b with qlora 5 hours",
            ),
            (
                "stable diffusion xl images, max 50 cents an hour",
                "0.5",
                Some("USD"),
                "stable diffusion xl images",
            ),
            ("一小时最多5元", "5", Some("CNY"), ""),
            ("每小时不超过3", "3", None, ""),
            // The lexicon's currency words and symbols, whichever reader meets them.
            ("每小时不超过20人民币", "20", Some("CNY"), ""),
            ("max €2 an hour", "2", Some("EUR"), ""),
            ("under 2 euros per hour", "2", Some("EUR"), ""),
            ("每小时最多5毛", "0.5", Some("CNY"), ""),
            // `蚊` is a dollar in Hong Kong and a yuan in Guangzhou: the user's own currency.
            ("每小时最多5蚊", "5", None, ""),
            // A range per hour is a cap at its top, with no ceiling word of its own.
            ("2到3块一小时的就行", "3", Some("CNY"), "的就行"),
            ("1.5~2刀每小时", "2", Some("USD"), ""),
            (
                "anything around $1-2/hr is fine",
                "2",
                Some("USD"),
                "anything is fine",
            ),
            ("每小时3到5块都可以", "5", Some("CNY"), "都可以"),
        ] {
            let (a, c, r) = split(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!((a, c.as_deref()), (d(amount), cur), "{t}");
            assert_eq!(r, rest, "{t}");
        }
        // A ceiling said by what to refuse, or after its amount (the lexicon's words): the
        // hours said beside it stay in the rest.
        for (t, amount, cur, kept) in [
            (
                "6 hours or so, but nothing over $2.5/hr",
                "2.5",
                "USD",
                "6 hours",
            ),
            ("5 hours, not over 2 dollars an hour", "2", "USD", "5 hours"),
            ("$2/hr max", "2", "USD", ""),
            ("3个小时，一小时2块封顶", "2", "CNY", "3个小时"),
        ] {
            let (a, c, r) = split(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!((a, c.as_deref()), (d(amount), Some(cur)), "{t}");
            assert!(
                r.contains(kept) && !r.contains('$') && !r.contains('块'),
                "{t}: {r}"
            );
        }
        for t in [
            "lora微调qwen2.5 7b 3小时 预算50",
            "跑3个小时",
            "a few hours",
            "budget $20 for 4 hours",
            "4090多少钱一小时",
            // A range of hours is a length, never a price.
            "2到3小时吧",
        ] {
            assert!(split(t).is_none(), "{t}");
        }
    }
}
