//! A memory said as the card beside a model (`will phi-4 fit on a 16gb card`, `gpt-oss-20b能在
//! 16g显卡上跑吗`, `can llama 3.1 8b run in 8gb vram`, `24G显存能微调qwen2.5 14b吗`, `my 12GB
//! GPU — can it run flux dev?`): the model's fit judged on that memory (`/fit phi-4 16gb`), the
//! card `/fit 16gb` judges on. People who own or rent a card often name its memory, not its model.
//!
//! A card the catalog lacks, said with its memory (`我有张P40 24G`, `my old P100 16gb`), is judged on
//! that memory: the person asked about the card they hold, and its memory is the one figure of it
//! the fit needs (the answer still says the card itself is unknown).
//!
//! Not a memory said as the card: one glued to a card's name the catalog knows (`t4 16gb`: that
//! card), a floor (`at least 48gb`, `48g以上`: offers), a
//! size with a fraction (`12.00 GiB total capacity`, an error pasted), system memory, disk or a
//! file's size, cards counted (`两张24g`), a size no card is sold with, and the user's own card
//! said to ask what to rent instead (`my 3060 12gb can't run it, what should i rent`).

use super::Reading;
use super::question::Question;
use super::request::Request;
use crate::lexicon::{CARD_NAME_TAILS, OTHER_MEMORY, RENT_INSTEAD};

/// `r` with each fit on no card judged on the memory the question says as the card.
pub(super) fn with_memory(q: &Question, r: Reading) -> Reading {
    let fits_on_no_card = |rq: &Request| matches!(rq, Request::Fit(a) if a.gpu.is_none());
    let any = match &r {
        Reading::Command(rq) => fits_on_no_card(rq),
        Reading::Ask(rs) => rs.iter().any(fits_on_no_card),
        Reading::Unknown => false,
    };
    let Some(gb) = any.then(|| memory_as_card(q)).flatten() else {
        return r;
    };
    let on = |rq: Request| match rq {
        Request::Fit(mut a) if a.gpu.is_none() => {
            a.memory = Some(gb);
            Request::Fit(a)
        }
        other => other,
    };
    match r {
        Reading::Command(rq) => Reading::Command(on(rq)),
        Reading::Ask(rs) => Reading::Ask(rs.into_iter().map(on).collect()),
        Reading::Unknown => Reading::Unknown,
    }
}

/// The memory the question says as the card, in whole GB some catalog card is sold with.
fn memory_as_card(q: &Question) -> Option<u32> {
    if !q.e.gpus.is_empty() || q.has(RENT_INSTEAD) || super::memory_floor::floor_said(q.padded) {
        return None;
    }
    let toks = super::text::tokens(q.padded);
    (0..toks.len()).find_map(|k| {
        let (gb, next) = super::memory_beside::size_any(&toks, k)?;
        let prev = k.checked_sub(1).map_or("", |i| toks[i].as_str());
        let beside = [prev, toks.get(next).map_or("", String::as_str)];
        let taken = toks[k].contains('.')
            || known_card(q, prev)
            || counted(prev)
            || beside.iter().any(|w| not_the_card(w));
        (!taken && crate::answer::memory_card::sold_with(q.catalog, gb)).then_some(gb)
    })
}

/// Whether a word beside a size names another memory ([`OTHER_MEMORY`]): an English word as
/// itself (`ram`, not `vram`), a run of Chinese holding one (`系统内存`).
fn not_the_card(w: &str) -> bool {
    OTHER_MEMORY
        .iter()
        .any(|n| if w.is_ascii() { w == *n } else { w.contains(n) })
}

/// Whether a word right before a size ends a card's name the catalog knows (`t4`, `a4000`, or a
/// known card's tail such as `ti`): that card's memory, not a card of its own. A card the catalog
/// lacks (`p40`, `m40`) is none: its memory is the card asked about.
fn known_card(q: &Question, w: &str) -> bool {
    !w.is_empty() && (q.catalog.find_gpu(w).is_some() || CARD_NAME_TAILS.contains(&w))
}

/// Whether a word right before a size counts cards (`两张`, `2x`, `two`): cards of a memory
/// counted are left to the fit's own reading.
fn counted(w: &str) -> bool {
    let times = w.strip_suffix('x').or_else(|| w.strip_suffix('×'));
    // `两张24g` counts; `有张16g的卡`, `一张` is one card.
    let numeral_before = |unit: char| {
        w.strip_suffix(unit)
            .and_then(|h| h.chars().last())
            .is_some_and(|c| c.is_ascii_digit() || "两二三四五六七八九十几".contains(c))
    };
    numeral_before('张')
        || numeral_before('块')
        || times.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        || crate::lexicon::card_count(w).is_some()
        || ["two", "three", "four", "eight", "dual", "pair"].contains(&w)
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_a_card_the_catalog_knows_owns_the_size_after_it() {
        let catalog = crate::catalog::Catalog::embedded().unwrap();
        let e = crate::understand::entities::Entities::default();
        let q = super::Question {
            catalog: &catalog,
            padded: " ",
            e: &e,
            price: None,
            aside: Default::default(),
        };
        for card in ["3060", "t4", "ti", "a4000", "4090"] {
            assert!(super::known_card(&q, card), "{card}");
        }
        for not in ["p40", "m40", "p100", "14b", "qwen2.5-7b", "显卡", "on", ""] {
            assert!(!super::known_card(&q, not), "{not}");
        }
    }
}
