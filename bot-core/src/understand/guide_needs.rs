//! Guidance asked in more ways (`不知道从哪开始`, `帮我选一下`, `need a box for …`), and a job
//! said with what only `/pick` carries (a payment or real-name need with a length or a
//! budget: `打算qlora训一下gemma-2-9b 大概五个小时 用支付宝 总共不超过40块`): `/pick`, started
//! with every fact said. A card or a platform named keeps its own rules; whether a model
//! runs, asked with nothing `/pick` adds, stays a fit.

use super::Reading;
use super::question::Question;
use super::request::Request;

/// Asks where to start or to be chosen for.
const START: &[&str] = &[
    "不知道从哪开始",
    "从哪开始",
    "从哪里开始",
    "不知道从何",
    "无从下手",
    "不知道怎么开始",
    "不知道选哪",
    "不知道怎么选",
    "不知道租哪",
    "不知道该租",
    "帮我选",
    "帮忙选",
    "替我选",
    "where do i start",
    "where to start",
    "where do i even start",
    "how do i start",
    "how do i get started",
    "need a box",
    "need a gpu for",
    "need a machine",
    "need a server",
    "looking for a box",
    "looking for a gpu for",
    "pick one for me",
    "choose for me",
];

/// Asks whether a model runs (not `跑`, which any job says).
const FIT_ASKED: &[&str] = &[
    "能跑",
    "跑得动",
    "跑得了",
    "放得下",
    "装得下",
    "够不够",
    "能不能跑",
    "够用",
    "fit",
    "can it run",
    "can i run",
    "can run",
    "enough",
    "显存",
];

/// A budget said in words beside the lexicon's budget nouns (`lexicon::budget_noun_said`): a
/// bound on the money or a wish for a cheap one (a price is one too).
const BUDGET_BOUND: &[&str] = &[
    "不超过",
    "以内",
    "最多花",
    "under $",
    "below $",
    "less than $",
    "cheap",
];

pub(super) fn guide_needs(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty() || !q.e.platforms.is_empty() {
        return None;
    }
    let p = q.padded;
    let need = crate::lexicon::need_said(p);
    let budget = crate::lexicon::budget_noun_said(p) || q.has(BUDGET_BOUND) || q.price.is_some();
    let job = !q.nothing_to_size() || q.e.task.is_some();
    let cue = q.has(START);
    // Whether it runs, with nothing a fit drops: the fit's question.
    if q.has(FIT_ASKED) && !need && q.e.usage.is_none() && !budget {
        return None;
    }
    // `need a server located in us with 80 gb memory`: a machine sought by its memory is the
    // memory floor's offers, not guidance (a budget said beside it still asks for guidance).
    // A price per unit of time beside the memory (`under $1 an hour`) is the offers' cap, no
    // budget (und_df).
    let per_time = q
        .price
        .is_some_and(|m| matches!(m.per, Some(crate::billing::PriceUnit::Time(_))));
    let budget_said = crate::lexicon::budget_noun_said(p)
        || q.has(BUDGET_BOUND)
        || (q.price.is_some() && !per_time);
    if !budget_said && super::memory_floor::sought_by_memory(q) {
        return None;
    }
    let carried = job && need && (q.e.usage.is_some() || budget);
    (carried || cue).then_some(Reading::Command(Request::Pick))
}
