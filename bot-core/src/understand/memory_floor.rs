//! Offers through `/offers`' filters: a memory floor with no card named (`cheapest gpu with
//! 48gb vram`, `显存至少80G最便宜的卡`, `any card with >= 40GB under $1/h`), and a machine of
//! several cards (`有8卡h100的机器吗`, `any 8x H100 boxes under $20/h`). No card is guessed from
//! a size: every card with at least that memory is offered, cheapest first.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Cards, Money};
use super::words::{CHEAP_WORDS, PRICE_WORDS, STOCK_WORDS};
use crate::lexicon::{FLOOR_AFTER, FLOOR_BEFORE};
use rust_decimal::Decimal;

/// `48gb`, `80g`, `40gib`: a memory size in GB (6 to 2048: a card's, not a phone plan's nor `5g`
/// the network; 6 GB is the smallest a catalog card is sold with, the RTX A2000's).
pub(super) fn gb_of(word: &str) -> Option<f64> {
    let n = word
        .strip_suffix("gib")
        .or_else(|| word.strip_suffix("gb"))
        .or_else(|| word.strip_suffix('g'))?;
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    n.parse::<f64>().ok().filter(|v| (6.0..=2048.0).contains(v))
}

/// The memory size a sentence says (`48gb`, `48 gb`, `80g最便宜`), the first one.
pub(super) fn memory_said(padded: &str) -> Option<f64> {
    let toks = super::text::tokens(padded);
    toks.iter().enumerate().find_map(|(i, t)| {
        gb_of(t).or_else(|| {
            let unit = toks.get(i + 1)?;
            (["gb", "g", "gib"].contains(&unit.as_str())
                || unit.starts_with('g') && !unit.is_ascii())
            .then(|| format!("{t}gb"))
            .and_then(|w| gb_of(&w))
        })
    })
}

/// Whether a memory size is said as a floor: a floor word right before or after it.
pub(super) fn floor_said(padded: &str) -> bool {
    padded.char_indices().any(|(at, c)| {
        let starts = c.is_ascii_digit()
            && !padded[..at].ends_with(|p: char| p.is_ascii_alphanumeric() || p == '.');
        if !starts {
            return false;
        }
        let digits = padded[at..]
            .find(|d: char| !d.is_ascii_digit())
            .map_or(padded.len(), |k| at + k);
        let rest = padded[digits..].trim_start();
        let Some(unit) = ["gib", "gb", "g"].iter().find(|u| rest.starts_with(**u)) else {
            return false;
        };
        let after = &rest[unit.len()..];
        if after.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return false;
        }
        let before = padded[..at].trim_end();
        // A memory word between the size and its floor (`96G 显存以上`, `48gb vram or more`).
        let after = after.trim_start();
        let after = after.strip_prefix('的').unwrap_or(after);
        let after = crate::lexicon::MEMORY_WORDS
            .iter()
            .find_map(|m| after.strip_prefix(m))
            .unwrap_or(after);
        FLOOR_AFTER
            .iter()
            .any(|w| after.trim_start().starts_with(w))
            || FLOOR_BEFORE.iter().any(|w| before.ends_with(w))
    })
}

/// `anything with 24gb under $0.4/hr`, `带48g的有吗`: a size right after `with`/`带` is what the
/// thing sought has, memory as plainly as `显存` says it.
fn size_had(padded: &str) -> bool {
    ["with ", "带"].iter().any(|w| {
        padded.match_indices(w).any(|(at, _)| {
            let rest = padded[at + w.len()..].trim_start();
            let digits = rest
                .find(|c: char| !c.is_ascii_digit() && c != '.')
                .unwrap_or(rest.len());
            let unit: String = rest[digits..]
                .trim_start()
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            ["g", "gb", "gib"].contains(&unit.as_str())
                && gb_of(&format!("{}gb", &rest[..digits])).is_some()
        })
    })
}

/// Words for a card or a machine in general (`gpu`, `卡`, `box`); `offers_words` reads them too.
pub(super) const CARD_WORDS: &[&str] = &[
    "gpu",
    "card",
    "卡",
    "机器",
    "machine",
    "box",
    "instance",
    "实例",
    "server",
    "服务器",
];
/// A machine sought (`need a`, `looking for`, `要一台`): with a memory and nothing to size, cards
/// of that memory are what is sought.
const SOUGHT: &[&str] = &[
    "need a ",
    "need an ",
    "looking for",
    // `一台` reaches here as `1台`.
    "要1台",
    "要一台",
    "要个",
];

/// Whether a machine is sought by its memory alone (`need a server … with 80 gb memory`): no card,
/// model or job named, a memory said as what it has or as memory; guidance leaves it to the floor.
pub(super) fn sought_by_memory(q: &Question) -> bool {
    q.e.gpus.is_empty()
        && q.nothing_to_size()
        && q.e.task.is_none()
        && memory_said(q.padded).is_some()
        && q.has(CARD_WORDS)
        && (size_had(q.padded) || q.has(crate::lexicon::MEMORY_WORDS) || floor_said(q.padded))
}

/// An ask for what exists or which one (`any`, `有没有`, `哪些`, `which`).
const WHICH_WORDS: &[&str] = &[
    "any ",
    "有没有",
    "哪些",
    "哪个",
    "哪张",
    "哪款",
    "which",
    "what gpu",
    "what card",
    "有吗",
    "推荐",
    "list",
];

/// `can i fine tune mistral nemo on a cheap 24gb card`: a model read as its family (or its
/// family's options) and a task, beside a memory, is a sizing question, `cheap` or not (corpus69; the memory had
/// been a floor to shop for, the model and the task dropped).
pub(super) fn model_job_said(q: &Question) -> bool {
    let family = || {
        q.padded.split_whitespace().any(|w| {
            crate::lexicon::MODEL_FAMILIES
                .iter()
                .any(|f| w.starts_with(f))
        })
    };
    q.e.task.is_some() && (!q.e.model_options.is_empty() || family())
}

/// A memory size said with a memory word, as what the job needs (the lexicon's
/// `MEMORY_NEED_WORDS`) or alone (`roughly 20 GB of vram`: every word the size, its unit, a
/// memory word or a word of two letters or fewer).
fn memory_needed(q: &Question) -> bool {
    if !q.has(crate::lexicon::MEMORY_WORDS) {
        return false;
    }
    let need = super::text::tokens(q.padded).iter().any(|t| {
        crate::lexicon::MEMORY_NEED_WORDS
            .iter()
            .any(|w| if w.is_ascii() { t == w } else { t.contains(w) })
    });
    let alone = super::text::tokens(q.padded).iter().all(|t| {
        t.starts_with(|c: char| c.is_ascii_digit())
            || ["gb", "g", "gib"].contains(&t.as_str())
            || crate::lexicon::MEMORY_WORDS.contains(&t.as_str())
            || t.chars().count() <= 2
    });
    need || alone
}

/// `cheapest gpu with 48gb vram`: `/offers vram>=48` (cheapest first, its default order).
pub(super) fn memory_floor(q: &Question) -> Option<Reading> {
    let e = q.e;
    if !e.gpus.is_empty() || !q.nothing_to_size() || e.platforms.len() > 1 {
        return None;
    }
    if model_job_said(q) {
        return None;
    }
    let gb = memory_said(q.padded)?;
    // `48G以上`, `80gb or more`, `40gb+`, `80gb offers`: a floor or offers said beside the size
    // name memory as plainly as `卡` or `显存` does.
    if !(q.has(CARD_WORDS)
        || q.has(crate::lexicon::MEMORY_WORDS)
        || q.has(&["offer"])
        || floor_said(q.padded)
        || size_had(q.padded))
    {
        return None;
    }
    let cap = q.hourly_cap();
    let asked = q.has(CHEAP_WORDS)
        || q.has(STOCK_WORDS)
        || q.has(PRICE_WORDS)
        || q.has(WHICH_WORDS)
        // `80G显存的卡现在谁家有`: who has cards of that memory, the stock short reader's words.
        || q.has(crate::lexicon::WHO_HAS)
        || cap.is_some()
        // `anything with 80gb of vram`, `找个 48g 显存的卡`: cards of that memory sought.
        || q.has(&["anything", "something", "找个", "找一", "想找", "find ", "gpus with", "cards with", "gpu with", "card with"])
        // `need a server located in us with 80 gb memory`, `要一台美国的服务器，显存 80g`: a
        // machine sought by what it must have, nothing to size beside it.
        || (q.has(CARD_WORDS) && q.has(SOUGHT))
        // `48g+的卡`: the floor itself asks for the cards above it.
        || floor_said(q.padded)
        // `需要大概40G显存的卡`, `need ~60GB VRAM`, `roughly 20 GB of vram`: memory a job needs,
        // or a memory said alone, with nothing else named: the cards that have it.
        || memory_needed(q)
        // `gpu in US region with 24gb vram`: a card noun, then the size it is to have, other
        // words between (`gpu with` beside each other is one case of it).
        || (q.has(CARD_WORDS) && size_had(q.padded));
    asked.then(|| {
        Reading::Command(make::offers(
            None,
            e.platforms.first(),
            Some(gb),
            cap.as_ref(),
            false,
        ))
    })
}

/// A price cap with no card, model or memory named (`3块以内的卡有哪些`, `anything under $1/hr`,
/// `gpus below 2 bucks an hour`): every offer under it, cheapest first (it was no reading). A
/// budget (`预算`), a length or a sum too large for an hour (`2000以内`) is no hourly cap.
pub(super) fn cap_alone(q: &Question) -> Option<Reading> {
    let e = q.e;
    if !e.gpus.is_empty()
        || !q.nothing_to_size()
        || e.platforms.len() > 1
        || e.usage.is_some()
        || memory_said(q.padded).is_some()
        || !q.ceiling_said()
        || q.has(&["预算", "budget", "一共", "总共", "in total"])
        || q.has(super::words::ALERT_WORDS)
    {
        return None;
    }
    let cap = q.hourly_cap()?;
    if cap.per.is_none() && cap.amount > Decimal::from(50) {
        return None;
    }
    let asked = q.has(CARD_WORDS)
        || q.has(WHICH_WORDS)
        || q.has(STOCK_WORDS)
        || q.has(&["anything", "something", "offer", "什么", "有啥", "啥卡"]);
    asked.then(|| {
        Reading::Command(make::offers(
            None,
            e.platforms.first(),
            None,
            Some(&cap),
            false,
        ))
    })
}

/// Words that make a price the whole machine's (`8x H100 boxes under $20/h`).
const MACHINE_WORDS: &[&str] = &[
    "机器",
    "整机",
    "节点",
    "服务器",
    "machine",
    "box",
    "node",
    "server",
    "instance",
    "实例",
];

/// A least count of cards said apart from the card (`两张卡以上的3090`, `at least 4 gpus`, `4+
/// gpus`, `要4张的`), 2 to 64. A count of machines (`要6台`) is none.
pub(super) fn cards_floor(padded: &str) -> Option<u32> {
    let toks = super::text::tokens(padded);
    toks.iter().enumerate().find_map(|(i, t)| {
        let next = toks.get(i + 1).map(String::as_str).unwrap_or("");
        let prev = i.checked_sub(1).map_or("", |k| toks[k].as_str());
        let n = crate::lexicon::card_count(t)?;
        // `要6台`, `三台`: machines (rentals) counted, never one machine of that many cards;
        // `2台8卡` is read as cards before this, `两台a100` beside its card by `card_count`.
        let floor = ["张", "卡"].iter().any(|w| next.starts_with(w))
            || (["gpus", "cards"].contains(&next)
                && (prev == "least" || padded.contains(&format!("{t}+"))))
            || ["gpus", "cards"]
                .iter()
                .any(|c| padded.contains(&format!(" {t} or more {c}")));
        floor.then_some(n).filter(|n| (2..=64).contains(n))
    })
}

/// A machine of `g.count` cards asked for: `/offers <card> cards>=N`. A price cap said of each
/// card is the cap; said of the whole machine it is divided by its cards (`/offers` caps each
/// card-hour); said of neither, both readings are asked back.
pub(super) fn machine_offers(q: &Question, g: &Cards) -> Option<Reading> {
    let platform = q.e.platforms.first();
    let offers = |cap: Option<&Money>| make::offers(Some(g), platform, None, cap, false);
    let Some(cap) = q.hourly_cap() else {
        return Some(Reading::Command(offers(None)));
    };
    if q.has(crate::lexicon::PER_CARD_WORDS) {
        return Some(Reading::Command(offers(Some(&cap))));
    }
    // `no more than 4 cards under $3`: machines of up to that many cards, so a cap on the
    // whole machine has no one share per card; the cap per card, or none, asked.
    if matches!(
        super::cards_bounded::bound_of(q.padded, g.count),
        Some(crate::lexicon::CountBound::AtMost(_))
    ) {
        return Some(Reading::Ask(vec![offers(Some(&cap)), offers(None)]));
    }
    let per_card = Money {
        amount: cap.amount / Decimal::from(g.count),
        ..cap.clone()
    };
    if q.has(MACHINE_WORDS) {
        return Some(Reading::Command(offers(Some(&per_card))));
    }
    Some(Reading::Ask(vec![
        offers(Some(&per_card)),
        offers(Some(&cap)),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_as_written() {
        assert_eq!(gb_of("48gb"), Some(48.0));
        assert_eq!(gb_of("80g"), Some(80.0));
        assert_eq!(gb_of("40gib"), Some(40.0));
        assert_eq!(gb_of("5g"), None);
        assert_eq!(gb_of("gb"), None);
        assert_eq!(gb_of("4090"), None);
        assert_eq!(memory_said(" 显存至少80g最便宜的卡 "), Some(80.0));
        assert_eq!(memory_said(" any card with >= 40 gb "), Some(40.0));
        assert_eq!(memory_said(" 4090 多少钱 "), None);
        assert_eq!(cards_floor(" 找2张卡以上的3090机器 "), Some(2));
        assert!(floor_said(" 有 96g 显存以上的卡吗 "));
        assert!(floor_said(" 48gb vram or more "));
        assert!(!floor_said(" 48gb vram 的卡 "));
        assert_eq!(cards_floor(" need at least 4 gpus of a100 "), Some(4));
        assert_eq!(cards_floor(" 8+ gpus h100 "), Some(8));
        assert_eq!(cards_floor(" 4 or more cards "), Some(4));
        assert_eq!(cards_floor(" a800到货提醒 要4张的 "), Some(4));
        assert_eq!(cards_floor(" 4090 两块多一小时 "), None);
        assert_eq!(cards_floor(" 有没有单机8卡的a100 "), Some(8));
    }
}
