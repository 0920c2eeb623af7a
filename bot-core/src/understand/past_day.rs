//! A card's price set against a past day (`a100 today vs yesterday price`, `4090今天比昨天贵了
//!吗`, `is the 3090 cheaper than last week`): its history over a window reaching that day
//! (`/trend … days=N`), never the prices now, the card's specs or its stock.

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::words::{ALERT_WORDS, FIT_WORDS};

/// A past point in time and the days a history must cover to show it beside today.
const PAST: &[(&str, u32)] = &[
    ("day before yesterday", 3),
    ("yesterday", 2),
    ("前天", 3),
    ("昨天", 2),
    ("昨日", 2),
    ("last week", 7),
    ("a week ago", 7),
    ("上周", 7),
    ("上礼拜", 7),
    ("上星期", 7),
    ("上個禮拜", 7),
    ("last month", 30),
    ("a month ago", 30),
    ("上个月", 30),
    ("上個月", 30),
    ("上月", 30),
];

/// Words that set two things against each other, or a price that moved.
const AGAINST: &[&str] = &[
    " vs",
    "versus",
    "compare",
    " than ",
    "比",
    "跟",
    "和",
    "对比",
    "相比",
    "涨",
    "跌",
    "cheaper",
    "pricier",
    "more expensive",
    "贵了",
    "便宜了",
    "变",
];

/// Words of money already paid or a job done: a trial told, not a history.
const DONE: &[&str] = &["花了", "paid", "spent", "cost me", "took", "跑了", "用了"];

pub(super) fn past_day(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let days = PAST
        .iter()
        .find(|(w, _)| q.padded.contains(w))
        .map(|(_, d)| *d)?;
    if !q.has(AGAINST)
        || q.has(DONE)
        || q.has(ALERT_WORDS)
        || q.has(FIT_WORDS)
        || !q.nothing_to_size()
        || q.e.platforms.len() > 1
    {
        return None;
    }
    one(make::trend(&g.gpu, Some(days)))
}

/// When a card gets cheaper, asked (`5090 什么时候会便宜点`, `when will the h100 get cheaper`).
const WHEN: &[&str] = &[
    "什么时候",
    "啥时候",
    "何时",
    "when will",
    "when does",
    "when do",
    "when is",
];
/// A price going down.
const DOWN: &[&str] = &[
    "便宜",
    "降价",
    "跌",
    "cheaper",
    "drop",
    "go down",
    "come down",
    "price cut",
];

/// `5090 什么时候会便宜点`: when a card's price falls is its history, never its price now.
pub(super) fn when_cheaper(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked = q.has(WHEN) && q.has(DOWN);
    if !asked || q.has(ALERT_WORDS) || !q.nothing_to_size() || !q.e.platforms.is_empty() {
        return None;
    }
    one(make::trend(&g.gpu, None))
}

/// `周末租4090会不会便宜点`, `are 4090s cheaper at night`: one card asked whether it is cheaper
/// at a time (marked by `cheaper_when`): its price history and rhythm.
pub(super) fn at_a_time(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let marked = format!(" {}", q.padded).contains(super::cheaper_when::MARK);
    if !marked || !q.nothing_to_size() || q.has(ALERT_WORDS) {
        return None;
    }
    one(make::trend(&g.gpu, None))
}
