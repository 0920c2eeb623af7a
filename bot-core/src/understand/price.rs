//! Prices written with a currency or a unit (`¥2.5/小时`, `$0.0007 per second`, `2.5刀`,
//! `0.3/mtok`), found on the normalized text and cut out of it so their numbers are not read
//! as anything else.

use super::request::{self as make, Money, Request};
use crate::billing::PriceUnit;
use crate::lexicon;

/// Currency words and signs after a number: the lexicon's class (`lexicon::CURRENCIES`),
/// longest first where one begins another.
pub(super) use crate::lexicon::PRICE_CURRENCY_WORDS as CURRENCY_WORDS;
/// Unit words after `/`, `per`, `每` or a currency, longest first where one begins another.
pub(super) const UNIT_WORDS: &[(&str, &str)] = &[
    ("个小时", "hour"),
    ("小时", "hour"),
    ("hours", "hour"),
    ("hour", "hour"),
    ("hrs", "hour"),
    ("hr", "hour"),
    ("h", "hour"),
    // `0.6 usd per gpu-minute`: one card's minute is the rate's minute (a card's rate, as
    // every price here is); an hour keeps its own word (`gpu-hour` marks a cap per card).
    ("gpu-minutes", "minute"),
    ("gpu-minute", "minute"),
    ("gpu-min", "minute"),
    ("gpu-seconds", "second"),
    ("gpu-second", "second"),
    ("gpu-sec", "second"),
    ("分钟", "minute"),
    ("minutes", "minute"),
    ("minute", "minute"),
    ("mins", "minute"),
    ("min", "minute"),
    ("秒", "second"),
    ("seconds", "second"),
    ("second", "second"),
    ("sec", "second"),
    ("s", "second"),
    ("天", "day"),
    ("days", "day"),
    ("day", "day"),
    ("个月", "month"),
    ("月", "month"),
    ("months", "month"),
    ("month", "month"),
    ("mo", "month"),
    ("周", "week"),
    ("星期", "week"),
    ("weeks", "week"),
    ("week", "week"),
    ("weekly", "week"),
    ("monthly", "month"),
    ("daily", "day"),
    ("年", "year"),
    ("years", "year"),
    ("year", "year"),
    ("yr", "year"),
    ("annually", "year"),
    ("百万token", "mtok"),
    ("百万tokens", "mtok"),
    // `每百万 token 2 块`: the unit written first with a space in it.
    ("百万 tokens", "mtok"),
    ("百万 token", "mtok"),
    ("mtok", "mtok"),
    ("1m tokens", "mtok"),
    ("million tokens", "mtok"),
    // `$0.1 per million`: in a question about tokens, a million is a million tokens.
    ("million", "mtok"),
];

pub(super) fn unit_at(s: &str) -> Option<(&'static str, usize)> {
    UNIT_WORDS.iter().find_map(|(w, key)| {
        let rest = s.strip_prefix(w)?;
        // An English unit must end its word (`h`, not the start of `hello`).
        let ends = !w.is_ascii()
            || rest
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
        ends.then_some((*key, w.len()))
    })
}

/// The first price in `norm` and its byte span.
/// Words a bare amount is a price after (`价格 1.88 一小时`, `priced at 0.34 an hour`).
const PRICE_CUES: &[&str] = &[
    "价格",
    "单价",
    "价钱",
    "报价",
    "挂牌价",
    "售价",
    "要价",
    "price",
    "priced at",
    "rate",
    "costs",
    "price is",
    "price of",
    "at",
];

/// Whether `before` ends with a price word, as a whole word: `4090 价格 1.88 一小时 跑 5 小时`,
/// `price 2.5 per hour` — a bare amount right after one, with its unit, is a price (read in
/// the chat's currency), and its `1小时` is no part of the job's length.
/// A unit written onto the amount (`after`) makes it a span, not a price (`价格 1年来的走势`).
/// After `price of` a whole number is the thing priced (`price of 4090 per hour`: the card), a
/// decimal the price (`a price of 0.5 per hour`).
fn after_price_word(before: &str, after: &str, number: &str) -> bool {
    unit_at(after).is_none()
        && PRICE_CUES.iter().any(|w| {
            before
                .strip_suffix(w)
                .is_some_and(|b| !b.ends_with(|c: char| c.is_ascii_alphanumeric()))
                && (!w.ends_with(" of") || number.contains('.'))
        })
}

/// `1.88一小时`, `1.5每小时`: a decimal right before one hour (or "every hour") is that
/// hour's price in the chat's currency, as `3090一小时1.2` is.
fn per_one_hour(number: &str, after: &str) -> bool {
    number.contains('.')
        && ["1小时", "1个小时", "每小时", "每个小时", "1钟头"]
            .iter()
            .any(|w| after.starts_with(w))
}

pub(super) fn find_price(norm: &str) -> Option<(Money, std::ops::Range<usize>)> {
    find_price_not_card(norm, &|_| false)
}

/// The amount starting at `start` (character `c`): a currency symbol, or a digit that starts a
/// word, then its figures; the symbol, where the figures start and where they end.
fn number_at(norm: &str, start: usize, c: char) -> Option<(Option<&'static str>, usize, usize)> {
    let sym = symbol(c);
    let prev = norm[..start].chars().next_back();
    let starts_word =
        prev.is_none_or(|p| !(p.is_ascii_alphanumeric() || matches!(p, '.' | '-' | '_')));
    if sym.is_none() && !(c.is_ascii_digit() && starts_word) {
        return None;
    }
    let b = norm.as_bytes();
    let num_start = start + c.len_utf8() * usize::from(sym.is_some());
    let mut i = num_start;
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        i += 1;
    }
    (i > num_start).then_some((sym, num_start, i))
}

/// [`find_price`] with the card reader consulted first: a number with no currency that names a
/// card (`cheaper than 3090 per hour`, `比3090便宜`: the card `3090`) is never a price.
pub(super) fn find_price_not_card(
    norm: &str,
    card: &dyn Fn(&str) -> bool,
) -> Option<(Money, std::ops::Range<usize>)> {
    let b = norm.as_bytes();
    for (start, c) in norm.char_indices() {
        let Some((sym, num_start, i)) = number_at(norm, start, c) else {
            continue;
        };
        let number = &norm[num_start..i];
        let mut currency = sym.map(str::to_string);
        let mut k = skip_space(b, i);
        if currency.is_none()
            && let Some(w) = CURRENCY_WORDS.iter().find(|w| norm[k..].starts_with(**w))
        {
            currency = lexicon::parse_currency(w).ok();
            k += w.len();
            k = currency_after_kuai(norm, w, k, &mut currency);
        }
        // A currency word ends the amount after it; a symbol's amount ends with its number.
        let mut end = if currency.is_some() && sym.is_none() {
            k
        } else {
            i
        };
        // `每秒0.0007美元`, `每分钟0.05美元 一小时多少`: a unit written first is the price's.
        let before = norm[..start].trim_end();
        let first = said_first(norm, i, before, sym.is_none(), currency.is_none());
        if let Some((c, _, _)) = &first {
            currency = Some(c.clone());
        }
        if currency.is_none() && card(number) {
            continue;
        }
        // `1小时2.5块` (一小时两块五): one of the unit right before an amount with its currency
        // is its unit too, and part of the price (not the job's length).
        // `3090一小时1.2`: a decimal with no unit after it, right after one of a unit, is that
        // unit's price in the chat's currency (never minutes: `2小时30` has no point).
        let decimal_after_unit = currency.is_none() && bare_decimal(norm, number, (i, k));
        // `每百万4元，每天…`, `per million $0.5`: a unit of tokens said first is the price's
        // (the lexicon's one rule, either order), never the period said after it.
        let tokens_first = lexicon::per_tokens_before(before, lexicon::speaks_of_tokens(norm));
        let (mut per, mut span_start) = match tokens_first {
            Some((at, _)) => (Some(PriceUnit::MillionTokens), at),
            None => unit_before(
                before,
                start,
                currency_follows(norm, i) || decimal_after_unit,
            ),
        };
        let unit_first = per.is_some();
        let charged_by = if unit_first { None } else { charged_by(before) };
        let after = skip_space(b, k);
        let per_one_hour = currency.is_none() && per_one_hour(number, &norm[after..]);
        let priced =
            currency.is_none() && (after_price_word(before, &norm[k..], number) || per_one_hour);
        // `/h`, `per hour`, `每小时`, `an hour`: where the unit after its mark starts.
        let mark = lexicon::MARKS_AFTER
            .iter()
            .find(|m| norm[after..].starts_with(**m));
        let marked = mark.is_some();
        let mut u = mark.map_or(after, |m| skip_space(b, after + m.len()));
        // `2.5刀1小时` (一小时 normalized): the one after a currency is the unit's count.
        let one = !marked && (currency.is_some() || priced) && norm[u..].starts_with('1');
        u += usize::from(one);
        let own = own_unit(norm, (k, after, u), mark.copied(), before, per)
            .filter(|_| unit_first && tokens_first.is_none() && currency.is_some());
        let unit_first = unit_first && own.is_none();
        if let Some((unit, len)) = own {
            (per, span_start, end) = (Some(unit), start, u + len);
        }
        let per_tokens = tokens_first
            .map(|(_, n)| (0, n))
            .or_else(|| per_tokens_at(norm, u, (marked, one), unit_first));
        // A unit marked before the amount (`按秒收…`) wins over one after it unmarked.
        if !unit_first
            && (marked || (currency.is_some() || priced) && charged_by.is_none())
            && let Some((unit, len)) = unit_or_tokens(norm, after, u, per_tokens)
        {
            (per, end) = (unit, u + len);
        }
        if let (None, Some((unit, at))) = (per, charged_by) {
            (per, span_start) = (Some(unit), at);
        }
        // `两块多`, `一块多`: a little over an amount is no figure to cap or price with.
        if currency.is_some() && norm[k..].starts_with('多') && !norm[k..].starts_with("多少") {
            continue;
        }
        if per.is_none() && word_goes_on(&norm[end..]) {
            continue;
        }
        // A price has a currency or an explicit `/unit`; `40分钟` and `4090` are not prices.
        let slashed = marked && norm[after..].starts_with('/');
        let said_after_unit = unit_first && decimal_after_unit;
        if currency.is_none() && !((slashed || priced || said_after_unit) && per.is_some()) {
            continue;
        }
        let Ok(amount) = lexicon::parse_amount("price", number) else {
            continue;
        };
        // A currency said first is a price's with a unit or a decimal only (`in usd 4090`
        // is a card after the currency asked).
        let span_start = match first {
            Some((_, at, plain)) if per.is_some() || number.contains('.') || plain => at,
            Some(_) => continue,
            None => span_start,
        };
        return Some((
            Money {
                amount: per_million(amount, per_tokens),
                currency,
                per,
            },
            span_start..end,
        ));
    }
    None
}

/// `1.5块美元` (一块五美元): a currency word after `块` is the amount's (und_df); where the
/// amount's words end.
fn currency_after_kuai(norm: &str, w: &str, k: usize, currency: &mut Option<String>) -> usize {
    match lexicon::currency_after_unit_word(w, &norm[k..]) {
        Some(c) => {
            *currency = lexicon::parse_currency(c).ok().or(currency.take());
            skip_space(norm.as_bytes(), k) + c.len()
        }
        None => k,
    }
}

/// A unit said first (`per hour, 300 dollars a month`) is the one asked for where the amount
/// carries its own unit right after its currency (`a month`, `an hour`, `/month`: one space, no
/// pause), said first in English: that unit and its length. `per month` after the amount is the
/// unit asked (`每小时 12 元 per month 多少`), never its own.
fn own_unit(
    norm: &str,
    (k, after, u): (usize, usize, usize),
    mark: Option<&str>,
    before: &str,
    per: Option<PriceUnit>,
) -> Option<(PriceUnit, usize)> {
    let attached = matches!(&norm[k..after], "" | " ")
        && mark.is_some_and(|m| matches!(m, "a " | "an " | "/"))
        && before.is_ascii();
    match unit_after(norm, after, u) {
        Some((Some(unit), len)) if attached && Some(unit) != per => Some((unit, len)),
        _ => None,
    }
}

/// `$0.05/M`, `$0.002/1K tokens`: a unit of tokens at `u`, after a mark (`marked`), makes a price
/// per million tokens: its length and the tokens it counts.
fn tokens_after(norm: &str, u: usize, marked: bool) -> Option<(usize, u64)> {
    if !marked {
        return None;
    }
    lexicon::tokens_unit_at(&norm[u..], lexicon::speaks_of_tokens(norm))
}

/// The unit of tokens at `u` an amount is priced per: after a mark (`$0.05/M`), or one of a
/// Chinese unit right after the currency (`0.3美元1百万`, 一百万), as `2.5刀1小时` is an hour's
/// (`$2 1m tokens a day` is a volume); none where a unit was said before the amount.
fn per_tokens_at(
    norm: &str,
    u: usize,
    (marked, one): (bool, bool),
    unit_first: bool,
) -> Option<(usize, u64)> {
    if unit_first {
        return None;
    }
    tokens_after(norm, u, marked)
        .or_else(|| tokens_after(norm, u, one).filter(|(len, _)| !norm[u..u + len].is_ascii()))
}

/// The unit after the amount: a unit of tokens found (`tokens`: per million tokens), else the
/// unit of time or tokens [`unit_after`] reads; with its length.
fn unit_or_tokens(
    norm: &str,
    after: usize,
    u: usize,
    tokens: Option<(usize, u64)>,
) -> Option<(Option<PriceUnit>, usize)> {
    match tokens {
        Some((len, _)) => Some((Some(PriceUnit::MillionTokens), len)),
        None => unit_after(norm, after, u),
    }
}

/// An amount per a unit of tokens as the amount per million (`0.002` per 1K is `2`).
fn per_million(amount: rust_decimal::Decimal, unit: Option<(usize, u64)>) -> rust_decimal::Decimal {
    match unit {
        Some((_, n)) => (amount * rust_decimal::Decimal::from(1_000_000 / n)).normalize(),
        None => amount,
    }
}

/// `2块3090`, `三块卡`, `两块显卡` are cards, not yuan: an amount without a unit ends its word,
/// and `块` before a card word counts cards.
/// A decimal with no unit after it (`3090一小时1.2`). A count after it (`一个月 4.5 亿 token`,
/// `每天 1.5 万`, `4.5 m tokens`) makes it a volume, never a price per the unit before it.
fn bare_decimal(norm: &str, number: &str, (i, k): (usize, usize)) -> bool {
    number.contains('.') && unit_at(&norm[k..]).is_none() && !counted_after(&norm[i..])
}

/// Whether the words right after a number count something (a multiplier in Chinese, `million`,
/// `m tokens`, `tokens`): the number is then a count, not an amount of money.
fn counted_after(rest: &str) -> bool {
    let r = rest.trim_start();
    let letter = r.trim_start_matches(['m', 'M', 'k', 'K', 'b', 'B']);
    lexicon::CJK_MULTIPLIERS
        .iter()
        .any(|(w, _)| r.starts_with(w))
        || super::api_bare::counts_tokens(&format!(" {r} "))
        || (letter.len() + 1 == r.len() && letter.trim_start().starts_with("tok"))
}

fn word_goes_on(rest: &str) -> bool {
    rest.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '卡' | '显'))
}

/// A unit written before an amount (`每秒0.0007美元`, `1小时2.5块`): its unit, and where the
/// price starts (`1小时` is part of it when `one_ok`: one of the unit right before the amount).
fn unit_before(before: &str, start: usize, one_ok: bool) -> (Option<PriceUnit>, usize) {
    let mut span_start = start;
    // `每百万 token 花 0.8 元`, `每百万token付2块`: a verb of paying between the unit and its amount.
    // Only the Chinese verbs: `1 day at $2/h` is a length before a price, not its unit.
    let before = lexicon::CHARGE_VERBS
        .iter()
        .filter(|w| !w.is_ascii())
        .find_map(|w| before.strip_suffix(w))
        .map_or(before, str::trim_end);
    // A unit of tokens said first is the lexicon's rule (`lexicon::per_tokens_before`), read
    // before this one: here the units of time.
    let per = UNIT_WORDS
        .iter()
        .filter(|(_, key)| *key != "mtok")
        .find_map(|(w, key)| {
            let b = before.strip_suffix(w)?.trim_end();
            let one = one_ok
                && b.strip_suffix('1')
                    .is_some_and(|r| !r.ends_with(|c: char| c.is_ascii_digit() || c == '.'));
            if one {
                span_start = b.len() - 1;
            }
            (b.ends_with('每') || b.ends_with("per") || one).then(|| PriceUnit::parse(key))?
        });
    (per, span_start)
}

/// The unit said after an amount's mark or currency, at `u` (`after` is where the text after
/// the amount starts), and its length: a unit word, or `时` after a slash only (`2.5元/时`, never
/// `时候`).
fn unit_after(norm: &str, after: usize, u: usize) -> Option<(Option<PriceUnit>, usize)> {
    if let Some((key, len)) = unit_at(&norm[u..]) {
        return Some((PriceUnit::parse(key), len));
    }
    (norm[after..].starts_with('/') && norm[u..].starts_with('时'))
        .then(|| (PriceUnit::parse("hour"), '时'.len_utf8()))
}

/// `按秒收0.0004刀，一小时下来多少`, `按天收费 60元`, `per second they charge $0.0002`: the unit
/// a rate's mark names right before the amount (a verb of charging may stand between), and
/// where its mark starts; it is the price's, ahead of a unit said after the amount unmarked.
fn charged_by(before: &str) -> Option<(PriceUnit, usize)> {
    // `per second price 0.0001 usd`, `每秒价格是0.0002美元`: a price noun between as a verb is.
    let b = lexicon::price_noun_stripped(lexicon::charge_verb_stripped(before));
    UNIT_WORDS.iter().find_map(|(w, key)| {
        let rest = b.strip_suffix(w)?;
        let whole = !w.is_ascii() || !rest.ends_with(|c: char| c.is_ascii_alphanumeric());
        if !(whole && lexicon::ends_with_rate_mark(rest)) || *key == "mtok" {
            return None;
        }
        let mark = lexicon::RATE_MARKS
            .iter()
            .find(|m| rest.trim_end().ends_with(**m))?;
        Some((PriceUnit::parse(key)?, rest.trim_end().len() - mark.len()))
    })
}

/// The first byte at or after `k` that is no space.
fn skip_space(b: &[u8], mut k: usize) -> usize {
    while k < b.len() && b[k] == b' ' {
        k += 1;
    }
    k
}

/// The currency of a sign written before an amount (`$2`, `¥3`, `€0.9`).
fn symbol(c: char) -> Option<&'static str> {
    match c {
        '$' => Some("USD"),
        '¥' | '￥' => Some("CNY"),
        '€' => Some("EUR"),
        '£' => Some("GBP"),
        '₹' => Some("INR"),
        _ => None,
    }
}

/// `欧元1.5每小时`, `港币15块`, `hkd 20 an hour`: a currency named right before an amount
/// (ending at `i`, no sign before it) with no currency of its own (`bare`), or only the plain
/// `块`/`元`, is the amount's: the currency, where its word starts, whether `块`/`元` was said.
fn said_first(
    norm: &str,
    i: usize,
    before: &str,
    no_sign: bool,
    bare: bool,
) -> Option<(String, usize, bool)> {
    let plain = ["块", "元"]
        .iter()
        .any(|w| norm[i..].trim_start().starts_with(w));
    let (c, at) = currency_first(before)?;
    (no_sign && (bare || plain)).then_some((c, at, plain))
}

/// A currency word that ends `before` (`欧元`, `hkd `), and where it starts: the currency of
/// the amount said right after it. A symbol is no word here (`$` is read before its number).
fn currency_first(before: &str) -> Option<(String, usize)> {
    let w = CURRENCY_WORDS
        .iter()
        // Words said only after an amount (`3刀`, `2 bucks`, `5块`) name none before one.
        .filter(|w| lexicon::currency_names_before(w))
        .find(|w| {
            before
                .strip_suffix(**w)
                .is_some_and(|b| !w.is_ascii() || !b.ends_with(|c: char| c.is_ascii_alphanumeric()))
        })?;
    Some((lexicon::parse_currency(w).ok()?, before.len() - w.len()))
}

/// Whether a currency word follows the number ending at `i` (`2.5块`): an amount said after
/// its unit must name its currency, or `1小时40` would be a price.
fn currency_follows(norm: &str, i: usize) -> bool {
    let rest = norm[i..].trim_start();
    CURRENCY_WORDS.iter().any(|w| rest.starts_with(w))
}

/// A price and what to turn it into: another unit, another currency, or both; an hourly
/// figure when nothing else is asked, its own period when only a currency is. `None` when there is nothing to convert.
pub(super) fn convert_request(padded: &str, p: &Money) -> Option<Request> {
    // `2.5刀` alone: an amount without a unit is not a rate to convert.
    let from = p.per?;
    let mut target_unit = None;
    for (i, _) in padded.char_indices() {
        let prev = padded[..i].chars().next_back();
        // `1个月` is a unit after its count; `hello` does not hold an `h`.
        let at_word = prev.is_none_or(|c| !c.is_ascii_alphabetic());
        // `s`/`h` alone are too short to be a target in running text.
        if target_unit.is_none()
            && at_word
            && let Some((key, len)) = unit_at(&padded[i..])
            && len > 1
            && key != "mtok"
            && PriceUnit::parse(key) != Some(from)
        {
            target_unit = PriceUnit::parse(key);
        }
    }
    let target_cur = other_currency(padded, p);
    let hour = PriceUnit::Time(crate::units::TimeUnit::Hour);
    // Only a currency asked (`40 yuan a day in dollars`): the period said is kept; converting
    // to the hour there answered a figure for a period nobody asked about.
    let to = target_unit.unwrap_or(if target_cur.is_some() { from } else { hour });
    if to == from && target_cur.is_none() {
        // Already per hour and nothing else asked: nothing to convert.
        return None;
    }
    Some(make::convert(p, to, target_cur))
}

/// The first currency named in `padded` other than the price's own (`3刀/h 一个月多少人民币`:
/// CNY), the one a sum is asked in.
pub(super) fn other_currency(padded: &str, p: &Money) -> Option<String> {
    // Words are read whole, left to right: the 元 of 美元 or 日元 is no second currency
    // (`$2.49/hr 按月算多少美元` had been asked in CNY).
    let mut next = 0;
    padded.char_indices().find_map(|(i, _)| {
        if i < next {
            return None;
        }
        let at_word = padded[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphabetic());
        let w = CURRENCY_WORDS
            .iter()
            .filter(|w| padded[i..].starts_with(**w))
            .max_by_key(|w| w.len())?;
        let c = lexicon::parse_currency(w).ok()?;
        if !at_word {
            return None;
        }
        next = i + w.len();
        (Some(&c) != p.currency.as_ref()).then_some(c)
    })
}
