//! Intent words the general rules missed, each a question one card answers:
//! - the lowest hourly price (`4090每小时最低多少`, `a100 一小时最低价`): the card's ranking, as
//!   `最便宜` is; `最低` alone is also a minimum top-up or a least configuration, so only beside an
//!   hour and a price asked;
//! - the cheapest card on one platform named (`cheapest 4090 on vast right now`): that
//!   platform's offers of it, cheapest first; ranked everywhere, the platform was dropped.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::words::COST_WORDS;

/// The lowest, said of a price.
const LOWEST: &[&str] = &["最低", "最少"];
/// A price asked beside `最低`.
const PRICE_ASKED: &[&str] = &["多少", "价", "几块", "几毛"];
/// An hour beside it.
const HOUR: &[&str] = &[
    "每小时",
    "一小时",
    "1小时",
    "小时",
    "per hour",
    "an hour",
    "/h",
];
/// `最低` meaning something else than a price.
const NOT_PRICE: &[&str] = &["充值", "配置", "显存", "起充", "top up", "top-up", "门槛"];

/// `4090每小时最低多少`: `/compare rtx-4090 1h`.
pub(super) fn lowest_hourly(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked = q.has(LOWEST) && q.has(PRICE_ASKED) && q.has(HOUR) && !q.has(NOT_PRICE);
    if !asked || !q.nothing_to_size() || q.price.is_some() {
        return None;
    }
    one(make::priced(g, &q.usage(), &q.e.platforms)?)
}

/// `cheapest 4090 on vast right now`: `/stock rtx-4090 vast`.
pub(super) fn cheapest_there(q: &Question) -> Option<Reading> {
    let ([g], [p]) = (q.e.gpus.as_slice(), q.e.platforms.as_slice()) else {
        return None;
    };
    let plain = g.count == 1
        && q.nothing_to_size()
        && q.e.usage.is_none()
        && q.price.is_none()
        && !q.has(COST_WORDS)
        // `cheapest l40s offer on runpod`: the offers listed, `/offers`' own rule.
        && !q.has(&["offer", "listing", "sorted", "列表", "排序", "列出"]);
    (plain && q.has(&["cheapest", "最便宜"]))
        .then(|| one(Request::Stock(make::stock_args(&g.gpu, Some(p), None))))
        .flatten()
}
