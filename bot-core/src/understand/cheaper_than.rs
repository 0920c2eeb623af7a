//! Cheaper than a platform, with no card (`比autodl便宜的`, `anything cheaper than runpod?`):
//! a price comparison that needs a card, not the platform's page. Read as nothing, so the card
//! (and length) are asked for ([`super::missing`]).

use super::Reading;
use super::question::Question;

const THAN: &[&str] = &[
    "比",
    "cheaper than",
    "less than",
    "lower than",
    "beat",
    "便宜过",
    "还便宜",
    "更便宜",
];
const CHEAP: &[&str] = &["便宜", "cheaper", "less", "lower", "beat"];

pub(super) fn cheaper_than(q: &Question) -> Option<Reading> {
    let named_platform = q.e.platforms.len() == 1;
    let nothing_else = q.e.gpus.is_empty() && q.nothing_to_size() && q.e.usage.is_none();
    (named_platform && nothing_else && q.has(THAN) && q.has(CHEAP) && q.price.is_none())
        .then_some(Reading::Unknown)
}
