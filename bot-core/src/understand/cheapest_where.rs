//! Which platform is cheapest, asked last about one card after a job or a remark
//! (`跑llama 8b lora 大概5个小时 3090 哪家便宜`, `h100 一般都有货 哪家最便宜`, `training … for 10
//! hours on an a100, where is it cheapest`): the card's ranking for the job's length. The model,
//! the method or the stock said before it are the job's context, not a fit or a stock asked (they
//! were read as the fit, the stock or the trend, which came first in the rule order).

use super::Reading;
use super::cues;
use super::needs_said::{meeting_needs, needs_said};
use super::question::Question;
use super::request as make;
use super::request::Request;
use super::text::has;
use super::words::{CHEAP_WORDS, STOCK_WORDS};

/// Words that make what comes before the place asked a question of its own (`4090有货吗
/// 哪家最便宜`, `which has stock, where is it cheapest`): the first ask is the reading, not this
/// one.
const ASKED_BEFORE: &[&str] = &[
    "吗",
    "?",
    "？",
    "有没有",
    "是否",
    "哪",
    "多少",
    "which",
    " where",
    "how ",
    "is there",
    "are there",
];

pub(super) fn cheapest_where(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !q.e.platforms.is_empty() || q.price.is_some() {
        return None;
    }
    let at = crate::lexicon::which_place_at(q.padded)?;
    let (before, asked) = q.padded.split_at(at);
    // `哪里 cheap 有货`: stock asked with the price is the stock's.
    if !has(asked, CHEAP_WORDS)
        || has(asked, STOCK_WORDS)
        || has(before, ASKED_BEFORE)
        || cues::fit_asked_first(q.padded, CHEAP_WORDS)
    {
        return None;
    }
    // A need said (`没有信用卡`, `国内`) ranks only the platforms known to meet it, as the
    // price rule ranks them; one no platform meets is kept for `/compare` to say so.
    let meeting = meeting_needs(q, &g.gpu);
    let mut r = make::compare_on(g, &q.usage(), &meeting)?;
    if let Request::Compare(j) = &mut r
        && meeting.is_empty()
    {
        j.needs = needs_said(q.padded);
    }
    Some(Reading::Command(r))
}
