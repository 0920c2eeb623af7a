//! Whether a cheap card is there, asked of one platform or of any (`有便宜的4090D吗`, `vast上有没有便宜的a100`, `lambda
//! 有没有便宜点的 h100`, `is there a cheap a6000 on vast`): that platform's stock of the card,
//! whose offers carry their prices. Read as a price, it was one hour's bill there, and the
//! question (are there any) went unanswered.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::words::COST_WORDS;

/// Asks whether something exists.
const EXISTS: &[&str] = &[
    "有没有",
    "有冇",
    // `有便宜的4090D吗`: 有 right before the adjective.
    "有便宜",
    "有实惠",
    "any ",
    "is there",
    "are there",
];
/// Cheap, as an adjective of the card.
const CHEAP: &[&str] = &[
    "便宜的",
    "便宜点的",
    "便宜些的",
    "便宜一点的",
    "实惠的",
    "cheap ",
];

/// `runpod上有没有便宜的4090`: `/stock rtx-4090 runpod`.
pub(super) fn cheap_there(q: &Question) -> Option<Reading> {
    // No platform named (`有便宜的4090D吗`) asks the same of every place: the card's stock.
    let ([g], p) = (q.e.gpus.as_slice(), q.e.platforms.as_slice()) else {
        return None;
    };
    // The cheapest asked (`最便宜的3090`) or, with no platform, where (`哪里有便宜点的a100`)
    // ranks the places: `/compare`'s.
    let ranked = q.has(&["最便宜", "cheapest"])
        || (p.is_empty() && q.has(&["哪里", "哪儿", "哪家", "where"]));
    if p.len() > 1 || ranked {
        return None;
    }
    // `有便宜的3090了叫我一声`: a cheap one's arrival with a way to be told is an alert.
    let asked = q.has(EXISTS)
        && q.has(CHEAP)
        && !q.has(COST_WORDS)
        && !super::alert_cues::told_on_condition(q.padded);
    let plain = q.nothing_to_size() && q.e.usage.is_none() && g.count == 1;
    (asked && plain)
        .then(|| {
            one(Request::Stock(make::stock_args(
                &g.gpu,
                p.first(),
                q.hourly_cap().as_ref(),
            )))
        })
        .flatten()
}
