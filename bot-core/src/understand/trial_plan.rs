//! A small trial asked to be planned, nothing named (`help me plan a small trial`, `帮我 plan 一下
//! small trial`, `帮我规划一下 小规模试跑`): `/pick`, whose last step is the trial's plan. Read as
//! help (`help` in the sentence) or not at all. Recording what a trial cost is `/trial`'s, which
//! names a platform, a card and a sum.

use super::Reading;
use super::question::{Question, one};
use super::request::Request;

/// Verbs of planning.
const PLAN: &[&str] = &["plan", "规划", "安排", "set up a", "设计"];
/// A trial, a test run, a first experiment.
const TRIAL: &[&str] = &[
    "trial",
    "test run",
    "quick test",
    "experiment",
    "demo",
    "试跑",
    "试一下",
    "试试",
    "小实验",
    "小试",
    "测试一下",
];

/// `help me plan a small trial`: `/pick`.
pub(super) fn trial_plan(q: &Question) -> Option<Reading> {
    let nothing =
        q.e.gpus.is_empty() && q.e.platforms.is_empty() && q.nothing_to_size() && q.price.is_none();
    (nothing && q.has(PLAN) && q.has(TRIAL))
        .then(|| one(Request::Pick))
        .flatten()
}
