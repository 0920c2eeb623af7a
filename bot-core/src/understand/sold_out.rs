//! `哪家还有4090，autodl全没了`, `runpod is sold out of h100s, where else?`: a platform said to
//! be out of a card is where the user cannot rent it. The question is who else has it: the
//! card's stock without that platform. It had been read as that platform's bill.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request};
use super::set_aside::Aside;

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
    // The contractions people type (`runpod's out of a100s`); `'re`/`’re` alike.
    "'s out of",
    "’s out of",
    "'re out of",
    "’re out of",
    "is all out of",
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

/// Words that leave out the place just named (`somewhere else`, `别的地方`): the place a story
/// names is where the user is not looking, whatever happened there.
const ELSEWHERE_ONLY: &[&str] = &[
    "别的地方",
    "其他地方",
    "其它地方",
    "别家",
    "别处",
    "别的平台",
    "其他平台",
    "其它平台",
    "elsewhere",
    "somewhere else",
    "anywhere else",
    "where else",
    "another platform",
    "another provider",
    "other platforms",
    "other providers",
];

/// Whether `还有` asks where else: only after the remark that the platform is out
/// (`autodl没货了，还有吗`); before it (`vast还有A100吗？上周看是没货`) it asks that platform
/// again, the remark telling what was seen then.
fn still_after_none(padded: &str) -> bool {
    let first = |words: &[&str]| words.iter().filter_map(|w| padded.find(w)).min();
    match (first(NONE_LEFT), padded.rfind("还有")) {
        (Some(none), Some(still)) => none < still,
        _ => false,
    }
}

/// Nothing but the card asked for elsewhere: no price, length or cheapest asked (`not lambda —
/// cheapest h100 for 10 hours somewhere else?` ranks the other places' bills).
fn only_stock_asked(q: &Question) -> bool {
    q.price.is_none() && q.e.usage.is_none() && !q.has(super::words::CHEAP_WORDS)
}

/// The card's stock anywhere, when a platform is said to be out of it and the ask is where else.
pub(super) fn elsewhere(q: &Question) -> Option<Reading> {
    let [card] = q.e.gpus.as_slice() else {
        return None;
    };
    let elsewhere_plainly = ELSEWHERE
        .iter()
        .any(|w| *w != "还有" && q.padded.contains(w));
    let asked_elsewhere = elsewhere_plainly || still_after_none(q.padded);
    let none_left = (q.has(NONE_LEFT) && asked_elsewhere)
        || (q.has(NONE_WHEN_TRIED) && elsewhere_plainly)
        || (q.has(ELSEWHERE_ONLY) && only_stock_asked(q));
    if q.e.platforms.is_empty() || !q.nothing_to_size() || !none_left {
        return None;
    }
    let args = make::stock_args(&card.gpu, None, q.hourly_cap().as_ref());
    q.set_aside_all(Aside::SoldOut);
    Some(Reading::Command(Request::Stock(args)))
}
