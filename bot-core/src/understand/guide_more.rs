//! "Which card should I rent" asked where the sentence cannot size a job: with nothing to size
//! (`给他租个什么卡好 预算每月200`), with a budget (`what should i get for stable diffusion
//! hobby stuff, budget like $20 a month`), or with a fine-tune whose method is not said
//! (`which gpu should I rent to fine-tune llama 3.1 8b`). `/pick` asks what is left; the
//! readings were none, a budget converted, and a LoRA fit on a method never said.

use super::Reading;
use super::question::Question;
use super::request::Request;
use crate::vram::Task;

/// Asks which card to rent.
const WHICH_CARD: &[&str] = &[
    "which gpu should i",
    "what gpu should i",
    "which card should i",
    "what card should i",
    "what should i get",
    "what should i rent",
    "which one should i rent",
    "租个什么卡",
    "租什么卡",
    "什么卡好",
    "选什么卡",
    "用什么卡好",
    "该租哪张",
    "该租哪个卡",
];
/// Words that name the fine-tuning method (else `fine-tune` says none).
const METHOD: &[&str] = &["lora", "qlora", "全参", "全量", "full", "peft", "adapter"];

pub(super) fn which_card(q: &Question) -> Option<Reading> {
    if !q.has(WHICH_CARD) || !q.e.gpus.is_empty() || !q.e.platforms.is_empty() {
        return None;
    }
    let unsaid_method = q.e.task.is_some_and(|t| t != Task::Infer) && !q.has(METHOD);
    (q.nothing_to_size() || crate::lexicon::budget_noun_said(q.padded) || unsaid_method)
        .then_some(Reading::Command(Request::Pick))
}
