//! A wish for a kind of capacity with nothing else named (`I want the cheapest option that never
//! interrupts, secure cloud or similar`, `想找个不会被抢占的，越便宜越好`): guidance, `/pick`.
//! No card, model or platform is named, so no rule had read it: there was no reading at all.

use super::question::Question;
use super::request::Request;
use super::words::COST_WORDS;
use super::{Reading, cues, offers_words};

/// Products named for a kind of capacity (RunPod's secure and community clouds).
const PRODUCT_WORDS: &[&str] = &["secure cloud", "community cloud", "安全云", "社区云"];

/// A wish or a choice said with it (`I want`, `need something`, `where should i`, `想找`, `哪家`):
/// a kind alone (`spot呢`, `with spot pricing?`) is a follow-up's change, never guidance.
const WISH: &[&str] = &[
    "want",
    "need",
    "looking for",
    "i'd like",
    "id like",
    "prefer",
    "should i",
    "where",
    "which",
    "cheapest",
    "option",
    "instance",
    "machine",
    "想",
    "找",
    "要",
    "哪家",
    "哪个",
    "便宜",
    "机器",
    "推荐",
];

/// `reading` (the general rules' own), or `/pick` where it read nothing and the sentence asks
/// for on-demand or spot capacity, by name or in a product's word, with nothing to price.
pub(super) fn or_guided(q: &Question, reading: Reading) -> Reading {
    let e = q.e;
    let kind = q.has(offers_words::ON_DEMAND) || q.has(PRODUCT_WORDS) || cues::spot_asked(q.padded);
    let bare = e.gpus.is_empty()
        && e.platforms.is_empty()
        && e.usage.is_none()
        && q.price.is_none()
        && q.nothing_to_size()
        && !q.has(COST_WORDS)
        && q.has(WISH);
    match reading {
        Reading::Unknown if kind && bare => Reading::Command(Request::Pick),
        r => r,
    }
}
