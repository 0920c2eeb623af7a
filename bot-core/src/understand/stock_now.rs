//! Stock asked in words for "now" and "get": a card wanted at this moment (`这会儿`, `today`,
//! `right now`, `in now`) with a verb of getting one (`grab`, `rent`, `租`) or a word for
//! free capacity (`空卡`, `空闲`, `free`): `/stock`, not the card's specs. A price, a length,
//! a model or a specs word asked with it is another question.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::words::{CHEAP_WORDS, COST_WORDS, PRICE_WORDS, SPECS_WORDS};

/// Words for this moment.
pub(super) const NOW: &[&str] = &[
    " now",
    "right now",
    "today",
    "tonight",
    "at the moment",
    "atm",
    "currently",
    "this minute",
    "asap",
    "这会儿",
    "这会",
    "现在",
    "目前",
    "此刻",
    "今天",
    "今晚",
    "马上",
    "立刻",
    "眼下",
    "immediately",
];
/// Verbs of getting a card.
pub(super) const GET: &[&str] = &[
    "grab",
    "rent",
    " get ",
    "find",
    "book",
    "snag",
    "spin up",
    "launch",
    "租",
    "拿到",
    "抢",
    "开一台",
    "开到",
    "用上",
];
/// Words for free capacity, a moment's stock on their own.
const FREE: &[&str] = &[
    "空卡",
    "空闲",
    "空着",
    "有空的",
    "空出来",
    "free gpu",
    "free one",
    "idle",
    "unused",
];
/// Words that ask about the card's worth, not its stock (`worth renting now`).
const JUDGED: &[&str] = &[
    "worth",
    "值不值",
    "值得",
    "划算",
    "性能",
    "performance",
    "benchmark",
];

/// `4090 这会儿谁家有空卡`, `where can i grab an a6000 today`: the card's stock.
pub(super) fn stock_now(q: &Question) -> Option<Reading> {
    let e = q.e;
    let [g] = e.gpus.as_slice() else {
        return None;
    };
    if !q.nothing_to_size() || e.usage.is_some() || e.platforms.len() > 1 || g.count > 1 {
        return None;
    }
    // `有空闲了提醒我`: a moment to be told of is an alert, another rule's.
    if q.has(COST_WORDS)
        || q.has(CHEAP_WORDS)
        || q.has(PRICE_WORDS)
        || q.has(SPECS_WORDS)
        || q.has(JUDGED)
        || q.has(super::words::TELL)
    {
        return None;
    }
    let wanted = (q.has(NOW) && q.has(GET)) || q.has(FREE);
    wanted.then_some(())?;
    one(Request::Stock(make::stock_args(
        &g.gpu,
        e.platforms.first(),
        q.hourly_cap().as_ref(),
    )))
}

/// `不用信用卡 哪里有4090现货`, `h100 in stock anywhere that takes alipay`: a payment or
/// real-name need said beside a stock question keeps the platforms shown to those that meet
/// it (a region is the offers' own, read by `offers_said`).
pub(super) fn stock_needs(q: &Question, r: Reading) -> Reading {
    use crate::lexicon::Need;
    let Reading::Command(super::Request::Stock(mut s)) = r else {
        return r;
    };
    s.needs = super::needs_said::needs_said(q.padded)
        .into_iter()
        .filter(|n| matches!(n, Need::Pay(_) | Need::Without(_) | Need::NoRealName))
        .collect();
    Reading::Command(super::Request::Stock(s))
}
