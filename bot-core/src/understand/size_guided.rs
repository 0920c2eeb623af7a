//! Guidance asked beside a bare size or a budget (`recommend a provider for running a 70b
//! model`, `预算100块 微调个7b 怎么搞`), or a cheap platform wished for a student's task
//! (`想找个便宜的平台做毕设`): `/pick`. A bare size names no model to fit, so a provider, a
//! platform or a way asked for (or a budget beside it) asks to be guided. A model named
//! (`what would you rent for qwen2.5-32b`) or a card keeps its own rules.

use super::Reading;
use super::question::Question;
use super::request::Request;
use super::text::has;
use super::words::{CHEAP_WORDS, asks_pick};

/// A place to rent, named as a kind (not one platform).
const PLACE: &[&str] = &[
    "provider",
    "platform",
    " cloud",
    "service",
    "somewhere",
    "平台",
    "哪家",
    "云服务",
];
/// A card to rent, named as a kind (`一张…的卡`, `a gpu`).
const CARD_SOUGHT: &[&str] = &["卡", " gpu", " card"];
/// The way asked for: how to go about a job, not whether a card runs it.
const WAY: &[&str] = &[
    "best way",
    "cheapest way",
    "good way",
    "how should i",
    "how do i",
    "how can i",
    "怎么搞",
    "怎么弄",
    "怎么办",
    "怎么做",
    "有啥办法",
    "有什么办法",
    "什么办法",
    "啥办法",
];
/// A budget said in words (`预算两百`, `budget is`), beside a sum or instead of one.
/// Words that make platforms asked in a place guidance or a search by memory, never the list.
pub(super) const GUIDED_IN_PLACE: &[&str] = &[
    "推荐",
    "适合",
    "好用",
    "最稳",
    "靠谱",
    "best",
    "recommend",
    "显存",
    "vram",
];
/// Money at hand said before its amount, the words this reader reads beside the lexicon's budget
/// nouns (`lexicon::budget_noun_said`); `lexicon::MONEY_AT_HAND` lacks `got $`.
const MONEY_HELD: &[&str] = &["i have $", "got $", "只有", "手头"];

/// A budget said: a noun of the lexicon's one table, or money held.
fn budget_said(p: &str) -> bool {
    crate::lexicon::budget_noun_said(p) || has(p, MONEY_HELD)
}
/// A place asked for by how good it is (`any good platform for running 8b models`).
const GOOD_PLACE: &[&str] = &[
    "good platform",
    "good provider",
    "good cloud",
    "best platform",
    "best provider",
    "best cloud",
    "好的平台",
    "好用的平台",
    "什么平台",
    "啥平台",
];
/// A wish to find a place (`想找个`, `looking for a`).
const SEEK: &[&str] = &[
    "找个",
    "找一个",
    "找一家",
    "looking for a",
    "need a",
    "want a",
];
/// A student's or a small task a platform is wished for.
const TASK: &[&str] = &[
    "毕设",
    "毕业设计",
    "作业",
    "论文",
    "课设",
    "thesis",
    "class project",
    "course project",
    "homework",
    "dissertation",
];

pub(super) fn size_guided(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty() || !q.e.platforms.is_empty() || !q.e.models.is_empty() {
        return None;
    }
    let p = format!(" {}", q.padded);
    let place = has(&p, PLACE);
    if q.e.sizes.is_empty() {
        // `想找个便宜的平台做毕设`: a cheap place sought for a task, nothing else named.
        // `有没有便宜的平台 想做个毕设`: cheap and a task, sought or not.
        let cheap = has(&p, CHEAP_WORDS);
        let task = has(&p, TASK);
        let sought = place && ((has(&p, SEEK) && (cheap || task)) || (cheap && task));
        let bare = q.price.is_none() && q.e.usage.is_none();
        return (sought && bare).then_some(Reading::Command(Request::Pick));
    }
    // A sum with no rate (`$50`, `100块`) is a budget; a rate per hour is a cap, not guidance.
    let budget = q.price.is_some_and(|m| m.per.is_none()) || budget_said(&p);
    if q.price.is_some_and(|m| m.per.is_some()) {
        return None;
    }
    // `帮我挑一张适合微调7b的卡`, `help me pick a gpu for a 13b`: the card to rent chosen for a
    // job, as a place is.
    let card = has(&p, CARD_SOUGHT) && crate::lexicon::choice_handed_over(&p);
    let guided = (asks_pick(&p) && place)
        || card
        || has(&p, GOOD_PLACE)
        || (budget && (has(&p, WAY) || place || asks_pick(&p)));
    guided.then_some(Reading::Command(Request::Pick))
}

/// `预算约300`, `budget roughly $40`, `my budget is about 25 dollars`: a budget said and nothing
/// else (no card, model, size, platform, length or rate) is guidance with that budget, as a
/// budget beside `怎么选` is; `/pick` keeps the amount.
pub(super) fn budget_alone(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty()
        || !q.e.platforms.is_empty()
        || !q.e.models.is_empty()
        || !q.e.sizes.is_empty()
        || q.e.usage.is_some()
        || q.price.is_some_and(|m| m.per.is_some())
    {
        return None;
    }
    let p = format!(" {}", q.padded);
    // A sum with its currency was taken out of the text as the price (`budget $40`).
    let amount = q.price.is_some() || super::facts::budget(q.padded.trim()).is_some();
    (budget_said(&p) && amount).then_some(Reading::Command(Request::Pick))
}
