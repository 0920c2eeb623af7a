//! A misspelt name (`autdl`, `4009`, `qwne2.5-7b`) is never dropped silently: the question is
//! read again with each of the catalog's candidates, and the readings that work are asked back.

use super::entities::Entities;
use super::{Reading, read_normalized};
use crate::catalog::Catalog;
use crate::lexicon;

/// Words of five letters or more that are English, not a misspelt platform (`model` is not
/// `modal`).
const NOT_NAMES: &[&str] = &[
    "model",
    "models",
    "cheapest",
    "price",
    "prices",
    "about",
    "which",
    "where",
    "there",
    "their",
    "hello",
    "thanks",
    "please",
    "right",
    "specs",
    "stock",
    "hours",
    "minutes",
    "month",
    "months",
    "token",
    "tokens",
    "train",
    "serve",
    "quant",
    "cards",
    "would",
    "could",
    "should",
    "enough",
    "anywhere",
    "available",
    "today",
    "running",
    "under",
    "cheap",
    "cheaper",
    "compare",
    "memory",
    "context",
    "week",
    "weeks",
    "daily",
    "always",
    "price",
    "what's",
    "pricing",
];

/// Words after a number that make it a volume, a length or an amount (`2000万token`, `1000
/// hours`, `2500个小时`, `3000 budget`), never a misspelt card number.
const NOT_A_CARD_AFTER: &[&str] = &[
    "万",
    "亿",
    "千",
    "tok",
    "million",
    "billion",
    "thousand",
    "hour",
    "hr",
    "min",
    "day",
    "week",
    "month",
    "year",
    "小时",
    "分钟",
    "天",
    "周",
    "个月",
    "月",
    "年",
    "块",
    "元",
    "刀",
    "美元",
    "dollar",
    "usd",
    "cny",
    "yuan",
    "gb",
    "g ",
    "个小时",
    "个月",
    "个星期",
    "budget",
    "预算",
];

/// Whether a card's name carries a number one insertion, deletion, substitution or swap away
/// from `typed` (`4009` → RTX 4090), so a bare number far from every card is not asked as one.
fn one_key_from_number(name: &str, typed: &str) -> bool {
    name.split(|c: char| !c.is_ascii_digit())
        .filter(|run| run.len() >= 3)
        .any(|run| lexicon::one_edit(run.as_bytes(), typed.as_bytes()))
}

/// `qwen2.5 72b awq 409 4`: three digits not ending in 0, in a fit of a named model with no
/// card, may be a card's four-digit number with one digit dropped (asked back, never guessed);
/// a sum (`350`, `预算500`) or a count ends in 0 or is read before this.
fn short_card(t: &str, e: &Entities) -> bool {
    t.len() == 3
        && t.bytes().all(|b| b.is_ascii_digit())
        && !t.ends_with('0')
        && e.gpus.is_empty()
        && !(e.models.is_empty() && e.sizes.is_empty())
}

/// Words looked up for "did you mean" in one question.
const MAX_SCANS: usize = 4;

/// The first word that names nothing but is shaped like a card (`4009`, `a10o`), a model
/// (`qwne2.5-7b`) or a platform (`autdl`), read again with each of the catalog's candidates;
/// the readings that work are asked back.
pub(super) fn typo_reading(
    catalog: &Catalog,
    original: &str,
    toks: &[String],
    e: &Entities,
) -> Option<Reading> {
    use crate::catalog::EntryKind;
    // Each candidate word costs a scan of the catalog: a few per question, however long.
    let mut scans = 0;
    for &k in &e.unused {
        if scans >= MAX_SCANS {
            break;
        }
        let t = toks[k].as_str();
        if !t.is_ascii()
            || t.len() < 3
            || t.parse::<crate::vram::Quant>().is_ok()
            || t.parse::<crate::vram::Task>().is_ok()
            // `48gb`: a memory size, no misspelt card.
            || super::memory_floor::gb_of(t).is_some()
        {
            continue;
        }
        // `2000万token`, `20 million tokens`: a volume; `1000 hours`, `1000小时`, `1000块`: a
        // length of time or an amount; none is a misspelt card number.
        if toks
            .get(k + 1)
            .is_some_and(|n| NOT_A_CARD_AFTER.iter().any(|s| n.starts_with(s)))
        {
            continue;
        }
        let has_digit = t.bytes().any(|b| b.is_ascii_digit());
        let starts_alpha = t.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
        let size_or_time = lexicon::params_b(t).is_some()
            || lexicon::card_count(t).is_some_and(|n| n <= 64)
            || (t.ends_with(['k', 'm', 'h', 's', 'd']) && !starts_alpha);
        let nf = if has_digit && !size_or_time && (t.contains('-') || t.contains('.')) {
            if starts_alpha {
                scans += 1;
                catalog.model(t).err()
            } else {
                None
            }
        } else if has_digit && !size_or_time && (starts_alpha || t.len() == 4 || short_card(t, e)) {
            if t.bytes().all(|b| b.is_ascii_digit()) && t.ends_with("00") {
                // `2000`, `1500`: a round number is a sum, a budget or a count, never a card
                // number misspelt (those the catalog names exactly were read before this).
                continue;
            }
            scans += 1;
            catalog.gpu(t).err().map(|mut nf| {
                if t.bytes().all(|b| b.is_ascii_digit()) {
                    // A bare number is a card only one keystroke from that card's number.
                    nf.suggestions.retain(|s| one_key_from_number(s, t));
                }
                nf
            })
        } else if !has_digit
            && (5..=12).contains(&t.len())
            && t.bytes().all(|b| b.is_ascii_lowercase() || b == b'.')
            && !NOT_NAMES.contains(&t)
        {
            scans += 1;
            catalog.platform(t).err().map(|mut nf| {
                // A misspelling keeps the name's length (`autdl`); `cloud` is not CloudRift.
                nf.suggestions.retain(|s| {
                    s.to_lowercase().starts_with(&t[..1]) && s.len().abs_diff(t.len()) <= 2
                });
                nf
            })
        } else {
            None
        };
        let Some(nf) = nf else { continue };
        let mut lines: Vec<super::Request> = Vec::new();
        for name in nf.suggestions.iter().take(3) {
            let id = match nf.kind {
                EntryKind::Gpu => catalog.find_gpu(name).map(|g| g.id.clone()),
                EntryKind::Platform => catalog.find_platform(name).map(|p| p.id.clone()),
                EntryKind::Model => catalog.find_model(name).map(|m| m.id.clone()),
            };
            let (Some(id), Some(at)) = (id, original.find(t)) else {
                continue;
            };
            let fixed = format!("{}{id}{}", &original[..at], &original[at + t.len()..]);
            if let (Reading::Command(l), _) = read_normalized(catalog, fixed, false)
                && !lines.contains(&l)
            {
                lines.push(l);
            }
        }
        if !lines.is_empty() {
            return Some(Reading::Ask(lines));
        }
    }
    None
}
