//! A price the user saw elsewhere, asked whether it is still there (`I saw on reddit vast has
//! 4090 for $0.29, still there?`, `朋友说autodl的4090才1.8一小时，现在还有吗`): the card's stock
//! (on the platform named), the price told as context. It was the bill of that price (`/cost`),
//! or a ceiling that hides every offer a cent above what was seen.

use super::Reading;
use super::question::{Question, one};
use super::request::{Request, stock_args};

/// Where the price was seen or heard.
const SEEN: &[&str] = &[
    "saw ",
    "seen ",
    "heard ",
    "someone said",
    "people say",
    "reddit",
    "twitter",
    "看到",
    "看见",
    "听说",
    "朋友说",
    "别人说",
    "有人说",
    "群里说",
    "网上说",
];
/// Whether it is still there, asked.
const STILL: &[&str] = &[
    "still there",
    "still available",
    "still up",
    "still in stock",
    "still have",
    "still has",
    "still got",
    "still a thing",
    "还有吗",
    "还有没有",
    "还在吗",
    "现在还有",
    "还能租",
    "还有货",
];

/// A seen price with `still there` asked: `/stock` of the card, no ceiling.
pub(super) fn seen_price(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked = q.price.is_some() && q.has(SEEN) && q.has(STILL);
    if !asked || !q.nothing_to_size() || q.e.platforms.len() > 1 {
        return None;
    }
    one(Request::Stock(stock_args(
        &g.gpu,
        q.e.platforms.first(),
        None,
    )))
}
