//! A ceiling word whose amount the reader could not read (`低于几块`, `under a few bucks`): the
//! alert, stock or offers reading carries no cap, so it would fire or list at any price. The
//! words are said back (`Unheard::Cap`), with the reading without a cap offered to tap, never
//! run in silence.

use super::Reading;
use super::request::Request;
use crate::lexicon::{CEILINGS, CeilingSide as Side};

/// Characters an amount is said with in Chinese (numerals, money words), kept in the word said
/// back; another Chinese character ends it (`几块提醒我` → `几块`).
const AMOUNT_HAN: &str = "零一二两三四五六七八九十百千万亿半几块毛角分钱元刀美金";

/// Units after a number that bound something other than a price beyond the lexicon's classes
/// of counted nouns (`crate::lexicon::counts_no_money`: cards, machines, memory, hours,
/// tokens, people): `低于80%`, `under 24g`, `less than 3 days`, `300w`.
const NOT_MONEY_AFTER: &[&str] = &[
    "个", "x", "g", "t", "tb", "b", "k", "%", "h", "min", "minute", "分钟", "天", "day", "week",
    "周", "月", "month", "year", "年", "秒", "sec", "ms", "w", "tflops", "瓦", "显存", "vram",
];

/// The ceiling word and amount said back, where `reading` is an alert, a stock ask or stored
/// offers with no price cap and `norm` (a question after `normalize`) says a ceiling word
/// before an amount-like word.
pub(super) fn unread_cap(norm: &str, reading: &Reading) -> Option<String> {
    let uncapped = match reading {
        Reading::Command(Request::Subscribe(s)) => s.stock.max.is_none(),
        Reading::Command(Request::Stock(s)) => s.max.is_none(),
        Reading::Command(Request::Offers(o)) => o.filter.max_price.is_none(),
        _ => false,
    };
    if !uncapped {
        return None;
    }
    let words = CEILINGS
        .iter()
        .filter(|c| c.side == Side::Before && c.alone)
        .map(|c| c.word.trim_end());
    for w in words {
        for (at, _) in norm.match_indices(w) {
            // An English word only as a whole word (`thunder 2` says no `under`).
            let before = norm[..at].chars().next_back();
            if w.is_ascii() && before.is_some_and(|c| c.is_ascii_alphanumeric()) {
                continue;
            }
            if let Some(amount) = amount_after(&norm[at + w.len()..]) {
                return Some(format!("{w}{amount}"));
            }
        }
    }
    None
}

/// The amount-like word at the start of `rest` (spaces and a sign skipped): a number or a
/// Chinese numeral, or `几`/`a few`; `None` where there is none, or a unit after it says it
/// bounds something other than a price.
fn amount_after(rest: &str) -> Option<String> {
    let gap = rest.len() - rest.trim_start().len();
    let t = rest.trim_start();
    let vague = ["a few ", "few ", "some "]
        .iter()
        .find(|v| t.starts_with(**v));
    let first = t.chars().next()?;
    let numeral = |c: char| c.is_ascii_digit() || "零一二两三四五六七八九十半几".contains(c);
    if vague.is_none() && !numeral(first) && !"$¥￥".contains(first) {
        return None;
    }
    let word: String = t
        .char_indices()
        .take_while(|&(i, c)| {
            (i < vague.map_or(0, |v| v.len()))
                || c.is_ascii_alphanumeric()
                || ".$¥￥".contains(c)
                || AMOUNT_HAN.contains(c)
        })
        .map(|(_, c)| c)
        .take(16)
        .collect();
    // An English word after the number, spaced (`under 2 quid`), is said with it.
    let after_number = word.trim_start_matches(|c: char| c.is_ascii_digit() || ".$¥￥".contains(c));
    let word = if after_number.is_empty() && word.chars().any(|c| c.is_ascii_digit()) {
        let tail = &t[word.len()..];
        let next: String = tail
            .trim_start()
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        if next.is_empty() {
            word
        } else {
            format!("{word} {next}")
        }
    } else {
        word
    };
    let unit = word
        .trim_start_matches(|c: char| c.is_ascii_digit() || ".$¥￥ ".contains(c))
        .trim_start();
    let numeral = word.chars().any(|c| c.is_ascii_digit())
        || "零一二两三四五六七八九十".contains(word.chars().next().unwrap_or(' '));
    // The unit as said after the number, the rest of the text too (`4 cards` after `no more
    // than`: `cards` is past the word kept).
    let said_unit = t
        .trim_start_matches(|c: char| c.is_ascii_digit() || ".$¥￥".contains(c))
        .trim_start_matches(|c: char| "零一二两三四五六七八九十".contains(c))
        .trim_start();
    if numeral
        && (crate::lexicon::counts_no_money(said_unit, NOT_MONEY_AFTER)
            || crate::lexicon::counts_no_money(unit, NOT_MONEY_AFTER))
    {
        return None;
    }
    // A bare number (`under 2`) the readers leave to the chat's currency: none dropped here.
    if unit.is_empty() && vague.is_none() && !word.contains('几') {
        return None;
    }
    Some(format!("{}{word}", " ".repeat(gap.min(1))))
}

#[cfg(test)]
mod tests {
    use super::unread_cap;
    use crate::catalog::Catalog;
    use crate::understand::{normalize, read};

    fn said(t: &str) -> Option<String> {
        let catalog = Catalog::embedded().unwrap();
        unread_cap(&normalize(t), &read(&catalog, t))
    }

    #[test]
    fn a_ceiling_whose_amount_is_unread_is_said() {
        assert_eq!(said("h100低于几块提醒我").as_deref(), Some("低于几块"));
        assert_eq!(said("H100低於幾塊錢提醒我").as_deref(), Some("低于几块钱"));
        assert_eq!(said("有没有低于几块的4090").as_deref(), Some("低于几块"));
        assert_eq!(
            said("notify me when an a100 is under a few bucks").as_deref(),
            Some("under a few bucks")
        );
    }

    #[test]
    fn a_cap_read_or_a_bound_of_another_thing_is_not() {
        for t in [
            "h100低于2u提醒我",
            "4090 under 2 bucks notify me",
            "3090不超过五毛一小时通知我",
            "h100低于2美元提醒我",
            "4090到货了提醒我",
            "notify me when a 4090 with at most 24gb is under $1",
            "有没有不超过2张的4090机器",
            "4090 machines with no more than 4 cards",
            "notify me when an h100 box with at most 8 gpus is back",
            "a100 under 80gb vram alert me",
            "有没有不超过两张卡的4090机器",
            "4090低于3个小时的任务提醒我",
            "notify me when 4090 under 2 dollrs",
        ] {
            assert_eq!(said(t), None, "{t}");
        }
    }
}
