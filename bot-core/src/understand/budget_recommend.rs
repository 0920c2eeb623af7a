//! A recommendation asked with a budget said short in words (`我是学生 预算不多 想跑qwen3 8b
//! 推荐一下`, `tight budget, want to fine-tune mistral 7b, any recommendations?`): guidance,
//! `/pick`, even with a model named (the model is what the choice is for). Read by the model,
//! it was the model's fit, and the recommendation asked was dropped. A recommendation someone
//! else made is read as a mention before this (`lexicon::reported_recommendations`), so
//! `推荐` left here is asked.

use super::Reading;
use super::question::Question;
use super::request::Request;
use crate::lexicon::budget_short;

/// A recommendation asked.
const RECOMMEND: &[&str] = &["推荐", "recommend", "suggest"];

/// `/pick` for a recommendation asked on a short budget, no card nor platform named.
pub(super) fn budget_recommend(q: &Question) -> Option<Reading> {
    let asked = q.has(RECOMMEND) && budget_short(q.padded);
    let named = !q.e.gpus.is_empty() || !q.e.platforms.is_empty();
    let rate = q.price.is_some_and(|m| m.per.is_some());
    (asked && !named && !rate).then_some(Reading::Command(Request::Pick))
}
