//! Another card wished for in place of the one named:
//! - cheaper than it with the same memory said (`有没有比4090便宜但也是24g显存的卡`, `比3090便宜
//!   同样24g显存`): every card with that memory, cheapest first (`/offers vram>=N`), never the
//!   named card's own specs or price;
//! - like it but cheaper, with a recommendation asked and no memory said (`想找个跟A100差不多但
//!   便宜点的 有推荐吗`): a vague wish for guidance, `/pick`.

use super::Reading;
use super::memory_floor::memory_said;
use super::question::{Question, one};
use super::request::{self as make, Request};

/// The named card as the price to beat.
const THAN: &[&str] = &["比", "cheaper than", "less than"];
/// A lower price.
const CHEAPER: &[&str] = &["便宜", "cheaper", "实惠", "划算", "less"];
/// The same again: the memory kept.
const SAME: &[&str] = &[
    "也是", "也有", "同样", "一样", "相同", "还是", "also", "still", "same", "too", "as well",
];
/// Like the named card.
const ALIKE: &[&str] = &[
    "差不多",
    "类似",
    "相近",
    "相当",
    "similar to",
    "something like",
    "comparable to",
];
/// A recommendation asked.
const ADVICE: &[&str] = &["推荐", "建议", "recommend", "suggest", "suggestion"];

/// `有没有比4090便宜但也是24g显存的卡`: `/offers vram>=24`.
pub(super) fn cheaper_same_memory(q: &Question) -> Option<Reading> {
    if q.e.gpus.len() != 1 || !q.nothing_to_size() || q.e.usage.is_some() {
        return None;
    }
    if !(q.has(THAN) && q.has(CHEAPER) && q.has(SAME)) {
        return None;
    }
    let gb = memory_said(q.padded)?;
    one(make::offers(
        None,
        None,
        Some(gb),
        q.hourly_cap().as_ref(),
        false,
    ))
}

/// `想找个跟A100差不多但便宜点的 有推荐吗`: `/pick`.
pub(super) fn alike_cheaper(q: &Question) -> Option<Reading> {
    let asked = q.has(ALIKE) && q.has(CHEAPER) && q.has(ADVICE);
    let plain = q.e.gpus.len() == 1
        && q.nothing_to_size()
        && q.e.platforms.is_empty()
        && q.e.usage.is_none()
        && memory_said(q.padded).is_none();
    (asked && plain).then(|| one(Request::Pick)).flatten()
}
