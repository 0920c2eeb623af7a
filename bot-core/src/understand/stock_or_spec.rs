//! Stock and specs told apart by what is said outright: `any rtx pro 6000 to rent?`, `is there
//! that much stock?` ask whether a card can be had now (`/stock`); `rtx pro 6000 有 96gb 是真的吗`
//! checks a memory fact, a spec (`/gpu`), though `有` reads as stock elsewhere; `runpod 上现在有
//! 什么卡` asks what a platform has now, its offers (not its page).

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::text::has;
use super::words::{CHEAP_WORDS, COST_WORDS, STOCK_WORDS};
use crate::lexicon::MEMORY_WORDS;

/// `stock` said with a word that asks how much there is.
const STOCK_SAID: &[&str] = &[
    "much stock",
    "enough stock",
    "any stock",
    "stock left",
    "stock right now",
    "stock now",
    "stock today",
];
/// Nouns for one machine of several cards.
const MACHINE: &[&str] = &[
    " node",
    " box",
    " machine",
    " server",
    " rig ",
    " rigs ",
    "机器",
    "整机",
    "节点",
    "服务器",
];
/// Words that check a fact said (`是真的吗`, `is it true`).
const TRUE_ASKED: &[&str] = &[
    "是真的吗",
    "真的吗",
    "真的假的",
    "真的是",
    "真的有",
    "是不是真的",
    "对吗",
    "没错吧",
    "is it true",
    "is that true",
    "really have",
    "really has",
    "really come with",
    "true that",
];

/// One card asked to be had now: `/stock` of it (on the platform named).
pub(super) fn stock_said(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let end = q.padded.trim_end();
    // `any … to rent?`, `is there … for rent`: whether one is there (never `easiest to rent`).
    let to_rent = [" to rent", " for rent"].iter().any(|w| end.ends_with(w))
        && has(
            &format!(" {}", q.padded),
            &[" any ", "is there", "are there"],
        );
    let said = to_rent || q.has(STOCK_SAID);
    let priced = q.price.is_some() || q.has(COST_WORDS) || q.has(CHEAP_WORDS);
    if !said || priced || !q.nothing_to_size() {
        return None;
    }
    // `any 8x H100 nodes up for rent?`: a machine's size, its offers (read by the machine
    // rules); cards counted with no machine (`stock for 6 a100s`, people each needing one)
    // are still the card's stock.
    if g.count > 1 && q.has(MACHINE) {
        return None;
    }
    one(Request::Stock(make::stock_args(
        &g.gpu,
        q.e.platforms.first(),
        None,
    )))
}

/// One card's memory said and checked (`有 96gb 是真的吗`): its specs.
pub(super) fn memory_checked(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let memory = q.has(MEMORY_WORDS) || q.padded.split_whitespace().any(gb_said);
    // `a100 80g 真的有货吗`: the stock checked, not the memory.
    let stock = q.has(STOCK_WORDS);
    // `rtx pro 6000有96g vram吗`: a memory size said as had is checked, as `是真的吗` checks it.
    let size_had = q.padded.match_indices('有').any(|(k, w)| {
        let rest = &q.padded[k + w.len()..];
        rest.split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .is_some_and(gb_said)
    });
    let checked = q.has(TRUE_ASKED) || size_had;
    if !memory || stock || !checked || !q.nothing_to_size() || q.price.is_some() {
        return None;
    }
    one(make::gpus(vec![g.gpu.clone()]))
}

/// `96gb`, `48g`, `80gib`: a memory size.
fn gb_said(w: &str) -> bool {
    let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = &w[digits.len()..];
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && ["gb", "g", "gib"].contains(&unit)
}

/// Cards asked after, as a kind (`有什么卡`, `which gpus`).
const CARDS_ASKED: &[&str] = &[
    "有什么卡",
    "有哪些卡",
    "有啥卡",
    "有什么显卡",
    "what cards",
    "which cards",
    "what gpus",
    "which gpus",
];
/// Now, said.
const NOW: &[&str] = &[
    "现在",
    "目前",
    "当前",
    " now",
    "right now",
    "at the moment",
    "today",
];

/// `runpod 上现在有什么卡`: the platform's offers now.
pub(super) fn platform_cards_now(q: &Question) -> Option<Reading> {
    let [p] = q.e.platforms.as_slice() else {
        return None;
    };
    let asked = q.has(CARDS_ASKED) && has(&format!(" {}", q.padded), NOW);
    if !asked || !q.e.gpus.is_empty() || !q.nothing_to_size() || q.price.is_some() {
        return None;
    }
    one(make::offers(None, Some(p), None, None, false))
}
