//! How many cards a question names next to a card: before it (`2张4090`, `两台a100`, `on 2
//! 3090s`, `zero a100s`) or after it with its classifier (`a100 4张`, `h100 8 gpus`, `a100 x4`).
//! A count of none is kept so it can be said back; a bare number after a card is a duration.

use super::words::BATCH_WORDS;
use crate::lexicon;

/// The count written before a card: `2张4090`, `两张 4090`, `俩3090`, `两台a100`, `2 x 4090`,
/// `一对4090`, `twin 3090s`, `triple 3090`.
pub(super) fn count_before(toks: &[String], i: usize) -> Option<u32> {
    let (k, prev) = before_kind(toks, i)?;
    let prev = &prev;
    if ["张", "块", "卡", "个", "台", "x", "×"]
        .iter()
        .any(|c| prev == c || prev.ends_with(c))
    {
        // `2张` is one word after normalizing; `2 张` two.
        if let Some(n) = lexicon::card_count(prev).filter(|n| *n <= 64) {
            return Some(n);
        }
        return k
            .checked_sub(1)
            .and_then(|k| toks.get(k))
            .and_then(|p| lexicon::card_count(p).or_else(|| negative(p).then_some(0)));
    }
    // `8 cards of h100s`, `two gpus of a100`: the count and its card noun before `of`.
    if prev == "of"
        && let Some(noun) = k.checked_sub(1).and_then(|j| toks.get(j))
        && ["cards", "card", "gpus", "gpu"].contains(&noun.as_str())
        && let Some(n) = k.checked_sub(2).and_then(|j| toks.get(j))
    {
        return lexicon::card_count(n)
            .filter(|n| (1..=64).contains(n))
            .or_else(|| word_count(n));
    }
    // `-2 4090s`: a count below one is no card; kept as none, so it is said back.
    if negative(prev) {
        return Some(0);
    }
    // `on 2 3090s`: a bare count of cards right before the card (not `batch 8 4090`, `并发10，4090`).
    let batch = k >= 1 && BATCH_WORDS.contains(&toks[k - 1].as_str());
    // `gemma 4 5090`, `qwen 3 4090`: a bare number right after a family word is its version;
    // a count there needs its measure word (`qwen 2 张 4090`, read above) or `x`.
    let version = k >= 1 && family_word(&toks[k - 1]);
    // `0 4090s`: a count of none is kept, to be said back, never read as one card.
    if let Some(n) = lexicon::card_count(prev).filter(|n| *n == 0 || (2..=16).contains(n))
        && prev.bytes().all(|b| b.is_ascii_digit())
        && !batch
        && !version
    {
        return Some(n);
    }
    // `一对4090`: a pair.
    if prev.ends_with("一对") {
        return Some(2);
    }
    match prev.as_str() {
        "zero" => Some(0),
        w => word_count(w),
    }
}

/// A count of cards said in English words (`two`, `dual`, `quad`, `eight`).
fn word_count(w: &str) -> Option<u32> {
    match w {
        "two" | "dual" | "twin" => Some(2),
        "three" | "triple" => Some(3),
        "four" | "quad" => Some(4),
        "eight" => Some(8),
        _ => None,
    }
}

/// Whether `t` is a model family's word alone (`qwen`, `gemma`, `千问`), with no version glued.
fn family_word(t: &str) -> bool {
    crate::catalog::BRAND_WORDS
        .iter()
        .chain(super::family_model::FAMILIES)
        .any(|(a, _)| t == *a || (!a.is_ascii() && t.ends_with(a)))
}

/// Words of a card's kind said between its count and its name (`两张魔改4090 48g`, `2x modded
/// 4090`): the count was dropped. They are no card's name of their own.
pub(super) const KIND_WORDS: &[&str] = &[
    "魔改的",
    "魔改版",
    "魔改",
    "改装的",
    "改装",
    "modded",
    "modified",
];

/// The word before the card at `i` with a kind word at its end taken off (`2张魔改` → `2张`; a
/// kind word alone steps back a word), and where that word is.
fn before_kind(toks: &[String], i: usize) -> Option<(usize, String)> {
    let mut k = i.checked_sub(1)?;
    let mut prev = toks.get(k)?.as_str();
    if let Some(w) = KIND_WORDS.iter().find(|w| prev.ends_with(**w)) {
        prev = &prev[..prev.len() - w.len()];
        if prev.is_empty() {
            k = k.checked_sub(1)?;
            prev = toks.get(k)?;
        }
    }
    Some((k, prev.to_string()))
}

/// The count written after a card with its classifier: `4090 三块卡`, `a100 4张`, `h100 8 gpus`. A bare
/// number after a card is never its count (`4090 2小时` is a duration).
pub(super) fn count_after(toks: &[String], j: usize) -> Option<u32> {
    // `h100 x 8`, `h100 × 8`: the times sign written apart from its count.
    if toks.get(j).is_some_and(|t| t == "x")
        && let Some(n) = toks
            .get(j + 1)
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        return lexicon::card_count(n).filter(|n| (2..=64).contains(n));
    }
    // `a100 x4` (`a100 *4`): the count with its times sign.
    if let Some(n) = toks
        .get(j)
        .and_then(|t| t.strip_prefix('x'))
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        return lexicon::card_count(n).filter(|n| (2..=64).contains(n));
    }
    // `h100 8x node`, `h200 8x on-demand`: a count with its times sign after the card, before
    // a machine's noun or the kind of capacity rented (never `4090 2x faster`).
    if let Some(n) = toks
        .get(j)
        .and_then(|t| t.strip_suffix('x'))
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        && toks.get(j + 1).is_some_and(|t| {
            lexicon::is_machine_noun(t)
                || [super::words::ON_DEMAND, crate::answer::billing::SPOT_WORDS]
                    .concat()
                    .iter()
                    .any(|k| if k.is_ascii() { t == k } else { t.contains(k) })
        })
    {
        return lexicon::card_count(n).filter(|n| (2..=64).contains(n));
    }
    let n = toks
        .get(j)
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()) || negative(t))?;
    let classifier = toks.get(j + 1)?;
    // `4090 -3张`: below one, kept as none to be said back.
    let n = if negative(n) { "0" } else { n.as_str() };
    // `4090 两块多一小时` is money: `块` counts cards alone or before `卡` (`三块卡`).
    let kuai = classifier == "块" && !toks.get(j + 2).is_some_and(|t| t.starts_with('/'));
    (kuai
        || ["张", "块卡", "块显卡", "卡", "台"]
            .iter()
            .any(|c| classifier.starts_with(c))
        || ["gpus", "cards", "x"].contains(&classifier.as_str()))
    .then(|| lexicon::card_count(n))?
    .filter(|n| *n == 0 || (2..=64).contains(n))
}

/// `-1`, `-2`: a count written below zero (`-1张4090`), never read as one card.
fn negative(t: &str) -> bool {
    t.strip_prefix('-')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// Classifiers and words that make the number before them a count of cards.
/// (`块` and `个` only with a card word: `-2块` is money, `-1个小时` a length.)
const CLASSIFIERS: &[&str] = &[
    "张",
    "台",
    "卡",
    "块卡",
    "块显卡",
    "个卡",
    "x",
    "cards",
    "card",
    "gpus",
    "gpu",
];

/// A count of cards written below zero (`-1张4090`, `4090 -3张`, `-2 4090s`), as it was
/// written, to be said back: no answer can rent fewer than one card.
pub(super) fn negative_said(toks: &[String], is_card: impl Fn(&str) -> bool) -> Option<String> {
    toks.iter().enumerate().find_map(|(k, t)| {
        if !negative(t) {
            return None;
        }
        let next = toks.get(k + 1).map_or("", String::as_str);
        if let Some(c) = CLASSIFIERS.iter().find(|c| next.starts_with(**c)) {
            return Some(format!("{t}{c}"));
        }
        is_card(next).then(|| t.clone())
    })
}

#[cfg(test)]
mod tests {
    use super::{count_before, negative_said};
    use crate::understand::text::{normalize, tokens};

    #[test]
    fn a_count_of_cards_before_of() {
        let at = |s: &str, card: &str| {
            let toks = tokens(&normalize(s));
            let i = toks.iter().position(|t| t == card).unwrap();
            count_before(&toks, i)
        };
        assert_eq!(at("8 cards of h100s", "h100s"), Some(8));
        assert_eq!(at("two gpus of a100", "a100"), Some(2));
        // `of` after something else counts nothing.
        assert_eq!(at("the price of h100s", "h100s"), None);
    }

    fn said(s: &str) -> Option<String> {
        negative_said(&tokens(&normalize(s)), |w| {
            ["4090", "a100"].contains(&w.trim_end_matches('s'))
        })
    }

    #[test]
    fn a_count_below_one_is_said_as_written() {
        assert_eq!(said("-1张4090跑qwen2.5-7b"), Some("-1张".into()));
        assert_eq!(said("4090 -3张 多少钱"), Some("-3张".into()));
        assert_eq!(said("-2 a100s"), Some("-2".into()));
        assert_eq!(said("-2 4090"), Some("-2".into()));
        // Money, a length, a range, a name: no count.
        assert_eq!(said("4090 降价-2块"), None);
        assert_eq!(said("4090 -1个小时"), None);
        assert_eq!(said("2-3张4090"), None);
        assert_eq!(said("qwen2.5-7b 4090"), None);
    }
}
