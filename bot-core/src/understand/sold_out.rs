//! `哪家还有4090，autodl全没了`, `runpod is sold out of h100s, where else?`: a platform said to
//! be out of a card is where the user cannot rent it. The question is who else has it: the
//! card's stock without that platform. It had been read as that platform's bill.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request};

/// Words that say a platform has none left.
const NONE_LEFT: &[&str] = &[
    "全没了",
    "没了",
    "没货",
    "没卡",
    "卖完",
    "售罄",
    "抢光",
    "缺货",
    "sold out",
    "out of stock",
    "has none",
    "have none",
    "is out of",
    "are out of",
    "ran out",
];
/// Out of it every time the user tries (`autodl老是抢不到4090`, `runpod is always out of
/// 4090s`): the same, when the ask is plainly elsewhere (`还有空闲吗 抢不到啊` asks that
/// platform again, so `还有` alone is not enough).
const NONE_WHEN_TRIED: &[&str] = &[
    "抢不到",
    "租不到",
    "约不到",
    "always out of",
    "constantly out of",
    "never has",
    "never have",
    "can never get",
    "can't ever get",
];
/// Words that ask where else.
const ELSEWHERE: &[&str] = &[
    "哪家",
    "哪里",
    "哪儿",
    "别的",
    "其他",
    "还有",
    "where",
    "anywhere",
    "elsewhere",
    "else",
    "other",
    "who has",
];

/// The card's stock anywhere, when a platform is said to be out of it and the ask is where else.
pub(super) fn elsewhere(q: &Question) -> Option<Reading> {
    let [card] = q.e.gpus.as_slice() else {
        return None;
    };
    let elsewhere_plainly = ELSEWHERE
        .iter()
        .any(|w| *w != "还有" && q.padded.contains(w));
    let none_left =
        (q.has(NONE_LEFT) && q.has(ELSEWHERE)) || (q.has(NONE_WHEN_TRIED) && elsewhere_plainly);
    if q.e.platforms.is_empty() || !q.nothing_to_size() || !none_left {
        return None;
    }
    let args = make::stock_args(&card.gpu, None, q.hourly_cap().as_ref());
    Some(Reading::Command(Request::Stock(args)))
}
