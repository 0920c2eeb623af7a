//! One platform named and asked what it is like for a newcomer (`is runpod ok for a beginner`,
//! `矩池云对新手友好吗`): that platform's record (barriers, billing, credibility notes) answers
//! it. The newcomer words ask to be guided only with no platform named, several weighed, or a
//! choice asked beside them (`新手租卡选哪家`, `朋友说新手用矩池云，帮我推荐一个`).

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::words_guidance::{PICK_WORDS, PLACE_PICK_WORDS};

/// Words naming the asker a newcomer; each guidance word holding one is read through them.
const NEWCOMER_WORDS: &[&str] = &[
    "新手", "小白", "萌新", "beginner", "newbie", "noob", "newcomer",
];

pub(super) fn newcomer_platform(q: &Question) -> Option<Reading> {
    let [p] = q.e.platforms.as_slice() else {
        return None;
    };
    let alone = q.e.gpus.is_empty()
        && q.nothing_to_size()
        && q.price.is_none()
        && q.e.usage.is_none()
        && q.has(NEWCOMER_WORDS);
    if !alone || crate::lexicon::place_asked(q.padded) {
        return None;
    }
    // A choice asked beside the newcomer words (`帮我推荐`, `选哪家`) is still guidance.
    let choose: Vec<&str> = PICK_WORDS
        .iter()
        .chain(PLACE_PICK_WORDS)
        .copied()
        .filter(|w| !NEWCOMER_WORDS.iter().any(|n| w.contains(n)))
        .collect();
    if q.has(&choose) {
        return None;
    }
    one(make::platform(p))
}
