//! A card's price or stock asked at a time of the year (`does a100 get cheaper over christmas`,
//! `In January are H100 prices usually lower?`, `春节期间4090好租吗`, `over christmas will there
//! be 4090s on runpod`): whether it is cheaper or easier to rent then is the price history
//! (`/trend`); whether a named platform will have it is that platform's stock. Never today's
//! cheapest hour, a price nobody asked. The times are the lexicon's (`lexicon::season_said`).

use super::Reading;
use super::alert_cues::told_on_condition;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::words::ALERT_WORDS;

/// A price said to move, or asked at that time.
const PRICE_AT: &[&str] = &[
    "cheaper",
    "cheap ",
    "lower",
    " drop",
    "go down",
    "goes down",
    "discount",
    "deals",
    "pricier",
    "more expensive",
    "go up",
    "goes up",
    "spike",
    "price",
    "便宜",
    "降价",
    "涨价",
    "更贵",
    "变贵",
    "价格",
    "价钱",
    "打折",
    "优惠",
];
/// The card to be had then (`能租到吗`, `will there be`): that time's stock.
const STOCK_AT: &[&str] = &[
    "will there be",
    "will there still be",
    "is there",
    "are there",
    "available",
    "availability",
    "in stock",
    "sold out",
    "have any",
    "有货",
    "租得到",
    "能租到",
    "缺货",
];
/// How easily it is had then, or usually (`好租吗`, `hard to get`): the history's rhythm.
const EASE_AT: &[&str] = &[
    "好租",
    "难租",
    "容易租",
    "抢不到",
    "紧张",
    "shortage",
    "hard to get",
    "hard to find",
    "hard to rent",
    "easy to get",
    "easy to rent",
    "easier to rent",
    "usually",
    "typically",
    "normally",
    "通常",
    "一般",
    "往往",
];

/// Places or cards weighed against each other: a ranking asked, not a time.
const WEIGHED: &[&str] = &[
    "哪家",
    "哪个平台",
    "which platform",
    "which provider",
    " vs",
    "versus",
];

/// One card asked cheaper, easier to rent or to be had at a time of the year: `/trend` for a
/// price or ease, `/stock` (on the platform named) for the card to be had then.
pub(super) fn season_asked(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let padded = format!(" {}", q.padded);
    if !crate::lexicon::season_said(&padded)
        || !q.nothing_to_size()
        // `五一假期5天 A6000 哪家便宜`, `for 3 hours over christmas`: a length's bill, ranked.
        || q.e.usage.is_some()
        || q.has(WEIGHED)
        || q.price.is_some()
        || q.e.platforms.len() > 1
        || g.count > 1
        || q.has(ALERT_WORDS)
        || told_on_condition(&padded)
    {
        return None;
    }
    if q.has(PRICE_AT) || q.has(EASE_AT) {
        return one(make::trend(&g.gpu, None));
    }
    (q.has(STOCK_AT) || will_have(&padded)).then(|| {
        Reading::Command(Request::Stock(make::stock_args(
            &g.gpu,
            q.e.platforms.first(),
            None,
        )))
    })
}

/// `will runpod have h100s`: a platform or anyone asked to have the card then.
fn will_have(padded: &str) -> bool {
    padded.find(" will ").is_some_and(|at| {
        let rest = &padded[at..];
        let end = rest.char_indices().nth(40).map_or(rest.len(), |(i, _)| i);
        rest[..end].contains(" have ") || rest[..end].contains(" has ")
    })
}
