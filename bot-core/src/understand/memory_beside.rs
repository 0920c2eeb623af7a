//! A card's memory said beside it in words or digits the other readers miss: `八十G的A100`,
//! `a100 40 gig`, `the 40 gig and 80 gig a100`, `an 80 gigabyte a100`. The size picks the
//! catalog's card of that memory (two sizes joined by `and`/`vs`/`还是` are both cards, side
//! by side); without it the default variant was read, or the user was asked which they had
//! already said.

use super::request::Cards;
use crate::catalog::Catalog;
use crate::lexicon::number_word;

/// Units of memory after a number (`40 gig`, `八十 g`).
const UNITS: &[&str] = &[
    "gig",
    "gigs",
    "gigabyte",
    "gigabytes",
    "gb",
    "g",
    "gib",
    "个g",
];
/// Words joining two sizes of one card (`40 gig and 80 gig a100`).
const JOIN: &[&str] = &["and", "vs", "or", "versus", "和", "还是", "跟", "与", "或"];
/// Words before a size that make it a need, not the card's own (`need 80 gig`).
const NEEDED: &[&str] = &[
    "need", "needs", "least", "至少", "需要", "要", "over", "超过", "大于", "以上", "more",
];
/// Words that may stand between a size and its card (`八十g 的 a100`, `40 gig version of`).
const BETWEEN: &[&str] = &[
    "的", "版", "版本", "version", "of", "the", "an", "a", "model",
];

/// A memory size at word `k` in GB, and the index of the word after it.
fn size_at(toks: &[String], k: usize) -> Option<(u32, usize)> {
    let t = toks[k].as_str();
    // One word: `80gig`, `40gigs`.
    for u in ["gigabytes", "gigabyte", "gigs", "gig"] {
        if let Some(n) = t.strip_suffix(u).and_then(number_word) {
            return Some((n, k + 1));
        }
    }
    // `至少四十八 g`: the numeral at the end of a Chinese run.
    let n = number_word(t).or_else(|| number_word(zh_numeral_tail(t)))?;
    let unit = toks.get(k + 1)?;
    (UNITS.contains(&unit.as_str()) && (8..=2048).contains(&n)).then_some((n, k + 2))
}

/// The Chinese numeral a run of characters ends with (`至少四十八` → `四十八`).
pub(super) fn zh_numeral_tail(t: &str) -> &str {
    let start = t
        .char_indices()
        .rev()
        .take_while(|(_, c)| "零一二两三四五六七八九十百".contains(*c))
        .last()
        .map_or(t.len(), |(i, _)| i);
    &t[start..]
}

/// A memory size at word `k` in any spelling (`48g`, `80gb` too), and the word after it.
pub(super) fn size_any(toks: &[String], k: usize) -> Option<(u32, usize)> {
    super::memory_floor::gb_of(&toks[k])
        .map(|gb| (gb as u32, k + 1))
        .or_else(|| size_at(toks, k))
}

/// Whether the sentence says a memory of `gb` in any form this module reads (`八十g`).
pub(super) fn size_said(padded: &str, gb: u32) -> bool {
    let toks = super::text::tokens(padded);
    (0..toks.len()).any(|k| size_at(&toks, k).is_some_and(|(n, _)| n == gb))
}

/// The card named `word` with `gb` of memory, where the catalog has it.
fn sibling<'a>(catalog: &'a Catalog, word: &str, gb: u32) -> Option<&'a crate::catalog::Gpu> {
    catalog
        .find_gpu(&format!("{word} {gb}gb"))
        .filter(|g| (g.vram_gb - f64::from(gb)).abs() < 1.0)
}

/// Each card named beside memory sizes becomes the card of that size (several joined sizes:
/// each one's card, in the order said).
pub(super) fn memory_beside(catalog: &Catalog, toks: &[String], gpus: &mut Vec<Cards>) {
    let sizes: Vec<(usize, u32, usize)> = (0..toks.len())
        .filter_map(|k| size_any(toks, k).map(|(gb, end)| (k, gb, end)))
        .filter(|(k, _, _)| {
            !k.checked_sub(1)
                .is_some_and(|p| NEEDED.iter().any(|n| toks[p].ends_with(n)))
        })
        .collect();
    // `a100 40`: a number alone after the card may still be its memory (below).
    if sizes.is_empty() && toks.last().is_none_or(|w| number_word(w).is_none()) {
        return;
    }
    for (j, t) in toks.iter().enumerate() {
        let Some(base) = catalog.find_gpu(t) else {
            continue;
        };
        let Some(at) = gpus.iter().position(|c| {
            c.gpu == base.id
                || catalog
                    .find_gpu(&c.gpu)
                    .and_then(|g| sibling(catalog, t, g.vram_gb.round() as u32))
                    .is_some_and(|g| g.id == c.gpu)
        }) else {
            continue;
        };
        // Sizes right before the card (words of `BETWEEN` aside), and sizes joined to them.
        let mut own: Vec<u32> = Vec::new();
        let mut end = j;
        while let Some(&(k, gb, _)) = sizes.iter().rev().find(|(_, _, e)| {
            *e <= end && toks[*e..end].iter().all(|w| BETWEEN.contains(&w.as_str()))
        }) {
            own.insert(0, gb);
            match k.checked_sub(1) {
                Some(p) if JOIN.contains(&toks[p].as_str()) => end = p,
                _ => break,
            }
        }
        // Or right after it (`a100 40 gig`, `a100 40 gig vs 80 gig`).
        if own.is_empty() {
            let mut from = j + 1;
            while let Some(&(_, gb, e)) = sizes.iter().find(|(k, _, _)| *k == from) {
                own.push(gb);
                match toks.get(e) {
                    Some(w) if JOIN.contains(&w.as_str()) => from = e + 1,
                    _ => break,
                }
            }
        }
        // `a100 40`: a bare number ending the sentence that the card is sold in.
        if own.is_empty()
            && j + 2 == toks.len()
            && let Some(gb) = number_word(&toks[j + 1]).filter(|n| (8..=2048).contains(n))
            && sibling(catalog, t, gb).is_some()
        {
            own.push(gb);
        }
        // `the 40 gig a100 or the 80 gig one`: a size after the card, joined to it and left
        // without its card's name, is the same card's other size.
        if !own.is_empty()
            && let Some(gb) = other_size_after(toks, j + 1, t)
            && !own.contains(&gb)
        {
            own.push(gb);
        }
        let cards: Vec<String> = own
            .iter()
            .filter_map(|gb| sibling(catalog, t, *gb))
            .map(|g| g.id.clone())
            .collect();
        let Some((first, rest)) = cards.split_first() else {
            continue;
        };
        if said_already(catalog, gpus, at, &cards) {
            continue;
        }
        let count = gpus[at].count;
        gpus[at].gpu = first.clone();
        for (i, id) in rest.iter().enumerate() {
            if !gpus.iter().any(|c| &c.gpu == id) {
                gpus.insert(
                    at + 1 + i,
                    Cards {
                        gpu: id.clone(),
                        count,
                    },
                );
            }
        }
        gpus.dedup_by(|a, b| a.gpu == b.gpu);
        return;
    }
}

/// Whether the one card a size makes is already another card read (`a100 40g pcie跟a100-80g-sxm`:
/// the first card's 40 GB is its own, never the second card's).
fn said_already(catalog: &Catalog, gpus: &[Cards], at: usize, cards: &[String]) -> bool {
    let [id] = cards else { return false };
    let family = |g: &str| g.split('-').next().unwrap_or("").to_string();
    let gb = |g: &str| catalog.find_gpu(g).map(|g| g.vram_gb.round() as u32);
    gpus.iter().enumerate().any(|(i, c)| {
        i != at && family(&c.gpu) == family(id) && gb(&c.gpu).is_some() && gb(&c.gpu) == gb(id)
    })
}

/// Words that stand for the card's name after a second size (`the 80 gig one`, `80g的`).
const ONE: &[&str] = &[
    "one", "ones", "version", "model", "的", "版", "版本", "?", "？",
];

/// A second size right after a card (`or the 80 gig one`, `还是80g的`, `or 16gb v100`): a
/// joining word, words of `BETWEEN`, the size, then `one`, the card's own word again or the end
/// of the sentence.
fn other_size_after(toks: &[String], from: usize, card: &str) -> Option<u32> {
    let join = toks.get(from)?;
    if !JOIN.contains(&join.as_str()) {
        return None;
    }
    let mut k = from + 1;
    while toks.get(k).is_some_and(|w| BETWEEN.contains(&w.as_str())) {
        k += 1;
    }
    if k >= toks.len() {
        return None;
    }
    let (gb, end) = size_any(toks, k)?;
    match toks.get(end) {
        None => Some(gb),
        Some(w) if ONE.contains(&w.as_str()) || w == card => Some(gb),
        _ => None,
    }
}
