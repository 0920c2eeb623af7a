//! Buy or rent a card (`二手3090五千块 还是租 我基本每天跑6小时`, `should i buy a used 3090 or
//! rent one, i train about 4 hours a day`): the bot prices renting, not buying, so the answer
//! is what renting that card costs for the use said (`/compare 3090 daily 6h`), the purchase
//! price left to the user. With no use said, the usual patterns are offered, none guessed.
//! Hours said per week or month go to `/pick` (`PERIOD_TOTAL`), never a silent daily share.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request, Usage};
use rust_decimal::Decimal;

/// Hours said as a week's or a month's total (`一周大概用20个钟`, `10 hours a week`): `/compare`
/// can only say them as a daily share (`daily 1h26m`), a figure the user never said, and the
/// buy-or-rent weighing needs more than one price; guidance (`/pick`) takes it.
const PERIOD_TOTAL: &[&str] = &[
    // The text reaches here with Chinese numerals as digits (`一周` is `1周`).
    "1周",
    "1星期",
    "1个星期",
    "1个月",
    "一周",
    "每周",
    "一星期",
    "每星期",
    "一个星期",
    "每个星期",
    "礼拜",
    "一个月",
    "每个月",
    "每月",
    "一月",
    "a week",
    "per week",
    "each week",
    "every week",
    "weekly",
    "/week",
    "a month",
    "per month",
    "each month",
    "every month",
    "monthly",
    "/month",
];

pub(super) fn rent_or_buy(q: &Question) -> Option<Reading> {
    // `在纠结买还是租，3090 过去一年价格怎么走的`: buying weighed is the story; the price's
    // movement is the ask (`/trend`), never a month's bill (und_eg).
    if !crate::lexicon::buying_weighed(q.padded) || super::trend_intent::over_time(q) {
        return None;
    }
    let [card] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.nothing_to_size() || !q.e.platforms.is_empty() {
        return None;
    }
    if q.has(PERIOD_TOTAL) && matches!(q.e.usage, Some(Usage::Daily(_))) {
        return Some(Reading::Command(Request::Pick));
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
