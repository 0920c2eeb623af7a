//! `how much memory does a l40s have`, `h20 how much memory have?`, `a6000 how much vram`: how
//! much memory a card has is its specs, never its price (`how much` alone asks a price).

use super::Reading;
use super::question::{Question, one};
use super::request as make;

/// A card's memory asked.
const MEMORY: &[&str] = &["memory", "vram", "显存", "内存"];
/// `how much`/`多少`/`多大` before or after the memory word.
const HOW_MUCH: &[&str] = &["how much", "多少", "多大", "几多", "how big"];
/// A job said beside it makes it a fit or a bill.
const JOB: &[&str] = &[
    "need", "needs", "run", "够", "跑", "per hour", "/hour", "rent", "租",
];

/// The card's specs, when its memory is what is asked.
pub(super) fn memory_asked(q: &Question) -> Option<Reading> {
    if q.e.gpus.is_empty() || !q.nothing_to_size() || !q.e.platforms.is_empty() {
        return None;
    }
    if !q.has(MEMORY) || !q.has(HOW_MUCH) || q.has(JOB) || q.e.usage.is_some() || q.price.is_some()
    {
        return None;
    }
    one(make::gpus(q.e.gpus.iter().map(|c| c.gpu.clone()).collect()))
}
