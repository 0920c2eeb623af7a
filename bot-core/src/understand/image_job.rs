//! Questions about an image or video job that are not its fit (corpus63, issue 26): two cards
//! weighed for one (`5090 比 4090 跑 flux 快多少`, `4080 super vs 4090 for sdxl`) are the cards
//! side by side, since no fit says which is faster; guidance asked beside one with no card
//! (`想试试 FLUX…有什么推荐`) is `/pick`, which sizes image pipelines too; and one card's
//! suitability for a kind of work with no model (`H20 适合跑图吗`, `is the a40 good for video`)
//! is its page. The model named had turned each into one fit or two asked back.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make, Request};
use super::words::{CHEAP_WORDS, COST_WORDS, PRICE_WORDS};

/// Speed or specs weighed (`快多少`, `faster`, `vs`, `区别`): no fit answers it, the cards'
/// specs do. "Which is better" (`哪个好`) is left to the fits asked back, as for a language model.
const WEIGHED: &[&str] = &[
    "快",
    "慢",
    "faster",
    "slower",
    "quicker",
    "speed",
    "速度",
    "性能",
    "差多少",
    "差别",
    "区别",
    "difference",
    " vs ",
    " vs. ",
    "versus",
];
/// Whether it fits asked (`能跑吗`, `够不够`, `will it fit`): the fits asked back stay.
const FIT_ASKED: &[&str] = &[
    "能跑",
    "能不能",
    "跑得动",
    "跑不动",
    "够",
    "放得下",
    "装得下",
    "爆",
    "oom",
    "fit",
    "enough",
    "can run",
    "can it run",
    "能出",
];
/// A recommendation asked (`有什么推荐`, `any suggestions`), not a card (`what gpu do I need`
/// beside a model is its fit, which lists the cards that hold it).
const RECOMMEND: &[&str] = &["推荐", "建议", "recommend", "suggest"];
const CARD_ASKED: &[&str] = &[
    "什么卡",
    "啥卡",
    "哪张卡",
    "哪个卡",
    "哪个gpu",
    "哪个 gpu",
    "which gpu",
    "what gpu",
    "which card",
    "what card",
];

/// A card's suitability asked (`适合…吗`, `good for`).
const SUITED_WORDS: &[&str] = &[
    "适合",
    "合适吗",
    "合不合适",
    "suitable",
    "suited",
    "good for",
    "any good",
];

/// Whether every model named is an image or video pipeline (and one is named).
fn image_models_only(q: &Question) -> bool {
    !q.e.models.is_empty()
        && q.e.sizes.is_empty()
        && q.e
            .models
            .iter()
            .all(|m| crate::diffusion::find(m).is_some())
}

/// Two or more cards weighed for an image or video model, no price, length or platform said:
/// `/gpu a b` in the order said.
pub(super) fn cards_weighed(q: &Question) -> Option<Reading> {
    let e = q.e;
    if e.gpus.len() < 2
        || !image_models_only(q)
        || e.usage.is_some()
        || !e.platforms.is_empty()
        || !q.has(WEIGHED)
        || q.has(FIT_ASKED)
        || q.has(CHEAP_WORDS)
        || q.has(COST_WORDS)
        || q.has(PRICE_WORDS)
    {
        return None;
    }
    one(make::gpus(e.gpus.iter().map(|c| c.gpu.clone()).collect()))
}

/// Guidance asked beside an image or video model, with no card, platform, price or length:
/// `/pick`, whose steps size the pipeline too.
pub(super) fn guided(q: &Question) -> Option<Reading> {
    let e = q.e;
    let quiet = e.gpus.is_empty() && e.platforms.is_empty() && e.usage.is_none();
    (quiet
        && q.price.is_none()
        && image_models_only(q)
        && (q.has(RECOMMEND) || super::words_guidance::cloud_asked(q.padded))
        && !q.has(CARD_ASKED)
        && !crate::lexicon::memory_said(q.padded)
        && !q.has(FIT_ASKED))
    .then_some(Reading::Command(Request::Pick))
}

/// One card's suitability for a kind of work, no model, platform, price or length named:
/// the card's page.
pub(super) fn suited(q: &Question) -> Option<Reading> {
    let e = q.e;
    let [g] = e.gpus.as_slice() else {
        return None;
    };
    (q.has(SUITED_WORDS)
        && q.nothing_to_size()
        && e.platforms.is_empty()
        && e.usage.is_none()
        && q.price.is_none()
        && !q.has(CHEAP_WORDS)
        && !q.has(COST_WORDS))
    .then(|| one(make::gpus(vec![g.gpu.clone()])))
    .flatten()
}
