//! A card's price history asked first, a job said after it (`4090 价格走势，我要跑 qwen2.5-32b
//! int4，要是没货换什么卡`, `h100 price trend, i need to run llama-3.1-70b`): `/trend <card> for
//! <job>`, whose answer names the cards that also hold the job. Read by the model, the job was
//! a fit on the card and the history asked first was dropped.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::words::{ALERT_WORDS, FIT_WORDS};
use crate::vram::Task;

/// Words that ask a price's history (a subset of the trend cues that never judge a price).
const HISTORY: &[&str] = &[
    "走势",
    "趋势",
    "价格变化",
    "价格历史",
    "历史价格",
    "涨跌",
    "price trend",
    "price history",
    "trend",
];

/// `/trend <card> for <model> [quant] [task]` when the history is asked before the model is
/// named.
pub(super) fn trend_for_job(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let [model] = q.e.models.as_slice() else {
        return None;
    };
    let p = q.padded;
    let asked = HISTORY.iter().filter_map(|w| p.find(w)).min();
    // Where the model is named: its id's first part as typed (`qwen2.5`, `llama`).
    let family = model.split('-').next().filter(|f| f.len() >= 3)?;
    let named = p.find(family)?;
    let history_first = asked.is_some_and(|a| a < named);
    // A price's change asked anywhere (`跑llama-3.1-8b的a10最近降价了吗`, `has 4090 pricing gone
    // up for running qwen2.5-14b`) with the model only the job: no fit asked of it (a fit word
    // other than the bare run verb, memory), no alert.
    let moved = (super::trend_intent::trend_said(q) || super::price_moved::moved_asked(q))
        && !fit_asked(q)
        && !q.has(ALERT_WORDS);
    if !history_first && !moved {
        return None;
    }
    if q.e.models_asked().is_some() {
        return asked_jobs(&g.gpu, q);
    }
    with_job(&g.gpu, model, q)
}

/// A fit asked of the model: a fit word that is more than the verb of running it (`能跑`,
/// `fits`, `够不够`; `跑`, `run` name the job), or memory said.
fn fit_asked(q: &Question) -> bool {
    let asking: Vec<&str> = FIT_WORDS
        .iter()
        .copied()
        .filter(|w| !matches!(*w, "跑" | "run "))
        .collect();
    q.has(&asking) || crate::lexicon::memory_said(q.padded)
}

/// `/trend <gpu> for <model>` for each model a family size names, asked back.
fn asked_jobs(gpu: &str, q: &Question) -> Option<Reading> {
    let asks: Vec<Request> =
        q.e.models_asked()?
            .iter()
            .filter_map(|m| match with_job(gpu, m, q)? {
                Reading::Command(r) => Some(r),
                _ => None,
            })
            .collect();
    (!asks.is_empty()).then_some(Reading::Ask(asks))
}

/// `/trend <card>`, or with the job when one model is named (`4090 一般几点有货 我要跑
/// qwen2.5-32b int4`: the rhythm asked, the model the job the answer's other cards must hold);
/// `None` for a size with no model, which names no job.
pub(super) fn trend_for(q: &Question, gpu: &str) -> Option<Reading> {
    match (q.e.models.as_slice(), q.e.sizes.is_empty()) {
        ([], true) => one(make::trend(gpu, super::trend_window::window_days(q))),
        // A family size with several generations: the job asked back for each.
        ([_], _) if q.e.models_asked().is_some() => asked_jobs(gpu, q),
        ([model], _) => with_job(gpu, model, q),
        _ => None,
    }
}

/// `/trend <gpu> for <model> [quant] [task]`, over the days said.
fn with_job(gpu: &str, model: &str, q: &Question) -> Option<Reading> {
    let Request::Fit(fit) = make::fit(
        model,
        q.e.quant,
        q.e.task.filter(|t| *t != Task::Infer),
        Vec::new(),
        None,
    ) else {
        return None;
    };
    // The job in `/fit`'s own words, which `/trend … for` reads with the same parser.
    let job = fit.words().join(" ");
    let Request::Trend(mut t) = make::trend(gpu, q.days()) else {
        return None;
    };
    t.job = Some(job);
    one(Request::Trend(t))
}
