//! Cheaper than a platform, with no card (`比autodl便宜的`, `anything cheaper than runpod?`):
//! a price comparison that needs a card, not the platform's page. Read as nothing, so the card
//! (and length) are asked for ([`super::missing`]). With a card (`比autodl便宜的4090`): the
//! platform is the one to beat, so every platform's price of the card is ranked (`/compare`,
//! the named one in its place), never the named platform's own bill.

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::set_aside::Aside;

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

/// Words of a lower price after `比<platform>`.
const LOWER: &[&str] = &["便宜", "划算", "低", "实惠", "省"];
/// Words between the platform and its comparative (`比autodl上还便宜`).
const BETWEEN: &[&str] = &["上", "的", "还", "更", "家", "平台", "那边", "那里"];

/// `比autodl便宜的4090`, `有没有比恒源云便宜的3090`: the card's prices everywhere, ranked.
pub(super) fn card_cheaper_than(q: &Question) -> Option<Reading> {
    let ([p], [g]) = (q.e.platforms.as_slice(), q.e.gpus.as_slice()) else {
        return None;
    };
    if !q.nothing_to_size() || q.price.is_some() || !beaten(q, p) {
        return None;
    }
    let r = make::compare(g, &q.usage())?;
    q.set_aside(p, Aside::Beaten);
    one(r)
}

/// Whether the platform `p` is said as the one to beat: `比<p>便宜`.
fn beaten(q: &Question, p: &str) -> bool {
    q.padded.match_indices('比').any(|(at, _)| {
        let rest = &q.padded[at + '比'.len_utf8()..];
        LOWER.iter().any(|low| {
            rest.find(low).is_some_and(|k| {
                let mut name = rest[..k].trim();
                while let Some(w) = BETWEEN.iter().find(|w| name.ends_with(**w)) {
                    name = name[..name.len() - w.len()].trim_end();
                }
                q.catalog.find_platform(name).is_some_and(|f| f.id == p)
            })
        })
    })
}
