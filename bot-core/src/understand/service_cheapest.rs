//! The cheapest card for a service with nothing else to size (`做个embedding服务，最便宜的卡是哪个`,
//! `cheapest gpu for a small chatbot service?`): no card, platform, model or size to rank, so
//! the need is guidance (`/pick`, issue 26 §2), which asks what the service serves. It had no
//! reading: `cheapest` ranks a card named, and none was. A model named is sized (`/fit`,
//! corpus72's convention), by the rules before this one.

use super::Reading;
use super::question::Question;
use super::request::Request;
use super::words::{ALERT_WORDS, TCO_WORDS};

/// The cheapest asked.
const CHEAPEST: &[&str] = &[
    "最便宜",
    "cheapest",
    "最省钱",
    "lowest cost",
    "least expensive",
];
/// A card asked for (which one is the cheapest), not a platform or an API.
const CARD_NOUNS: &[&str] = &["卡", "gpu", "card"];

/// Whether the cheapest card is asked (`最便宜的卡是哪个`, `cheapest gpu for …`).
pub(super) fn cheapest_card(q: &Question) -> bool {
    q.has(CHEAPEST) && q.has(CARD_NOUNS)
}

pub(super) fn service_cheapest(q: &Question) -> Option<Reading> {
    let p = format!(" {}", q.padded);
    let asked = q.nothing_named()
        && cheapest_card(q)
        && crate::lexicon::service_said(&p)
        && !q.has(TCO_WORDS)
        && !q.has(ALERT_WORDS);
    asked.then_some(Reading::Command(Request::Pick))
}
