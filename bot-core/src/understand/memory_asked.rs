//! `how much memory does a l40s have`, `h20 how much memory have?`, `a6000 how much vram`: how
//! much memory a card has is its specs, never its price (`how much` alone asks a price).

use super::Reading;
use super::question::{Question, one};
use super::request as make;

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
    let memory = q.has(crate::lexicon::MEMORY_WORDS) && q.has(HOW_MUCH) || unit_asked(q.padded);
    if !memory || q.has(JOB) || q.e.usage.is_some() || q.price.is_some() {
        return None;
    }
    one(make::gpus(q.e.gpus.iter().map(|c| c.gpu.clone()).collect()))
}

/// `3080ti 多少G`, `a6000 几个g`, `how many gb is the l40s`: the memory asked by its unit (a
/// `g` right after the question word, nothing glued after it: `几个gpu` asks cards).
fn unit_asked(padded: &str) -> bool {
    const ASKED: &[&str] = &["多少", "几", "how many", "how much"];
    ASKED.iter().any(|w| {
        padded.match_indices(w).any(|(at, _)| {
            let rest = padded[at + w.len()..].trim_start();
            let rest = rest.strip_prefix('个').unwrap_or(rest);
            let rest = rest.trim_start();
            ["gb", "gib", "g"].iter().any(|u| {
                rest.strip_prefix(u)
                    .is_some_and(|after| !after.starts_with(|c: char| c.is_ascii_alphanumeric()))
            })
        })
    })
}
