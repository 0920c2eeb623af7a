//! When a card is usually cheap or in stock, asked by a day of the week (`4090一般星期几便宜`,
//! `h100周几有货`, `which day of the week is the a100 cheapest`) or by `usually` with a when
//! (`when is the 4090 usually cheapest`, `l40s 通常什么时候便宜`): the rhythm `/trend` shows,
//! never today's ranking nor a stock check. (`几点` is `past_span::hour_of_day`'s.)

use super::Reading;
use super::alert_cues::told_on_condition;
use super::question::Question;
use super::words::{ALERT_WORDS, GOT_ONE};

/// A day of the week asked.
const WEEKDAY: &[&str] = &[
    "星期几",
    "周几",
    "礼拜几",
    "哪天",
    "哪一天",
    "哪几天",
    "which day",
    "what day",
    "day of the week",
    "days of the week",
    "which weekday",
];
/// What usually happens, said.
const USUAL: &[&str] = &[
    "一般",
    "通常",
    "平时",
    "往往",
    "usually",
    "typically",
    "normally",
    "generally",
    "tend to",
];
/// When, asked.
const WHEN: &[&str] = &[
    "什么时候",
    "啥时候",
    "何时",
    "when ",
    "when's",
    "what time",
    "what hours",
    "which hours",
    "几点",
];
/// The state waited for: a low price or a card to be had (or got hold of, [`GOT_ONE`]).
const STATE: &[&str] = &[
    "便宜",
    "价格低",
    "价格最低",
    "降价",
    "有货",
    "好租",
    "容易租",
    "cheap",
    "lowest",
    "price drops",
    "in stock",
    "available",
    "easiest to rent",
    "easy to rent",
    // `when are a6000s usually free`: free as not taken (a free tier is no time of day).
    " free",
    "空闲",
];

/// One card asked on which day, or usually when, it is cheap or in stock: `/trend`.
pub(super) fn usual_time(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked = q.has(WEEKDAY) || (q.has(USUAL) && q.has(WHEN));
    if !asked
        || !(q.has(STATE) || q.has(GOT_ONE))
        || q.has(ALERT_WORDS)
        || told_on_condition(q.padded)
        || q.e.platforms.len() > 1
    {
        return None;
    }
    // A model named is the job the card is for (`usually in stock when? want to run …`).
    super::trend_job::trend_for(q, &g.gpu)
}
