//! Guidance asked with no card and no model, in words no other rule reads as guidance
//! (corpus44, issue 26): `/pick`, which asks what is left.
//! - which card a task needs, or not knowing which (`lexicon::card_unknown_to_writer`), with
//!   or without a trailing `help` (`no idea what gpu I need for stable
//!   diffusion training, help`): the choice asked, never the bot's help;
//! - a budget and a vague wish (`预算100块，想跑个大模型玩玩`, `I have $30 and a weekend, what can
//!   I do?`): what the money can do, asked;
//! - a task with no model and the cheapest route to it (`want to train a small text classifier,
//!   cheapest route?`).

use super::Reading;
use super::question::{Question, one};
use super::request::Request;
use super::words::{ALERT_WORDS, STOCK_WORDS, TCO_WORDS};

/// Which card a job needs, asked.
const CARD_NEEDED: &[&str] = &[
    "what gpu i need",
    "what gpu do i need",
    "which gpu i need",
    "what card i need",
    "which card i need",
    "what gpu i'd need",
    "what gpu would i need",
    "what kind of gpu",
];

/// Money held, said beside an amount (the words this reader reads beside the lexicon's budget
/// nouns, `lexicon::budget_noun_said`): `got` with its subject dropped and `bucks` are in no
/// lexicon table of money at hand.
const MONEY_HELD: &[&str] = &[
    "i have ",
    "i've got ",
    "i got ",
    " got ",
    "只有",
    "手上有",
    "bucks",
];

/// A wish with no job named: play, try, whatever the money buys.
const VAGUE: &[&str] = &[
    "玩玩",
    "玩一玩",
    "玩一下",
    "试试",
    "试一试",
    "mess around",
    "mess with",
    "play with",
    "play around",
    "tinker",
];

/// The cheapest way to a job, asked.
const ROUTE: &[&str] = &[
    "cheapest route",
    "cheapest way",
    "cheapest option",
    "cheapest setup",
    "最省钱的方案",
    "最省钱的办法",
    "最便宜的方案",
    "最便宜的办法",
    "怎么最省钱",
];

/// Tasks said by what they make, with no model (`a text classifier`).
const MODEL_LESS_TASKS: &[&str] = &[
    "classifier",
    "classification",
    "sentiment",
    "分类模型",
    "分类器",
    "文本分类",
    "情感分析",
];

/// `/pick` for guidance asked with nothing named to size or price.
pub(super) fn vague_job(q: &Question) -> Option<Reading> {
    let nothing = q.e.gpus.is_empty() && q.e.platforms.is_empty() && q.nothing_to_size();
    if !nothing || q.has(ALERT_WORDS) || q.has(STOCK_WORDS) || q.has(TCO_WORDS) {
        return None;
    }
    let padded = format!(" {}", q.padded);
    let has = |w: &[&str]| super::text::has(&padded, w);
    // An amount beside the budget word (`预算200`), or a price read.
    let money = q.price.is_some_and(|p| p.per.is_none())
        || padded.contains('$')
        || padded.bytes().any(|b| b.is_ascii_digit());
    // Not knowing which card, whatever is said between (`不知道我的项目该用什么卡`): the
    // lexicon's one reading of it.
    let asked = has(CARD_NEEDED)
        || crate::lexicon::card_unknown_to_writer(&padded)
        || (money
            && (crate::lexicon::budget_noun_said(&padded) || has(MONEY_HELD))
            && (has(VAGUE) || crate::lexicon::money_can_do(&padded)))
        || (has(ROUTE) && has(MODEL_LESS_TASKS));
    asked.then(|| one(Request::Pick)).flatten()
}
