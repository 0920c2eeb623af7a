//! Buy or rent a card (`二手3090五千块 还是租 我基本每天跑6小时`, `should i buy a used 3090 or
//! rent one, i train about 4 hours a day`): the bot prices renting, not buying, so the answer
//! is what renting that card costs for the use said (`/compare 3090 daily 6h`), the purchase
//! price left to the user. With no use said, the usual patterns are offered, none guessed.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request, Usage};
use rust_decimal::Decimal;

const BUY: &[&str] = &[
    "买",
    "二手",
    "入手",
    "购买",
    "自购",
    "buy",
    "buying",
    "purchase",
    "used ",
    "second-hand",
    "secondhand",
    "own one",
    "owning",
];
const RENT: &[&str] = &["租", "rent", "renting", "云上", "cloud"];

pub(super) fn rent_or_buy(q: &Question) -> Option<Reading> {
    if !(q.has(BUY) && q.has(RENT)) {
        return None;
    }
    let [card] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.nothing_to_size() || !q.e.platforms.is_empty() {
        return None;
    }
    if let Some(u) = &q.e.usage {
        return make::compare(card, u).map(Reading::Command);
    }
    let hours = |h: i64| Usage::Daily(Decimal::from(h * 3600));
    let read: Vec<Request> = [hours(4), hours(8), Usage::Always]
        .iter()
        .filter_map(|u| make::compare(card, u))
        .collect();
    (!read.is_empty()).then_some(Reading::Ask(read))
}
