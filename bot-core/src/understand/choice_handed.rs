//! The choice handed to the bot, and a place sought for a job: `/pick`, started with what the
//! sentence says. Read as word classes, not phrases:
//! - the choice handed over (`帮我选一下`, `应该租什么`, `what should I rent`) beside a job (a
//!   model, a size, a task, a length) or beside nothing named, even with two cards weighed
//!   (`不知道该租4090还是A100，我要微调个7b，帮我选一下`) or needs said: a fit, the cards'
//!   specs or the filtered list answered only part of it;
//! - a place sought (`想找个平台`, `找个地方`, `which platform 适合…`) for a job, needs or not
//!   (`只有支付宝 不想实名 想找个平台跑lora`): the list of platforms dropped the job;
//! - which one is good asked with nothing named (`第一次用云GPU，选哪个好？`).
//!
//! A platform named, a price or a fit asked keeps its own rules.

use super::Reading;
use super::question::{Question, one};
use super::request::Request;
use super::words::{CHEAP_WORDS, COST_WORDS};

/// The choice handed over: the user asks the bot to decide what to rent.
const HANDED: &[&str] = &[
    "帮我选一下",
    "帮我选选",
    "帮忙选一下",
    "你帮我定",
    "帮我定",
    "替我选",
    "应该租什么",
    "应该租啥",
    "该租什么",
    "该租啥",
    "租什么好",
    // Which configuration to rent, or how to plan the hours had (`租什么配置比较合适`,
    // `怎么安排最划算`): the choice handed over as well.
    "租什么配置",
    "租啥配置",
    "怎么安排",
    "租啥好",
    "what should i rent",
    "what do i rent",
    "what should i get",
    "what would you rent",
    "help me decide",
    "pick a platform for me",
    "pick a gpu for me",
    "pick a card for me",
    "choose a platform for me",
    "pick one for me",
    "pick for me",
    "choose for me",
    "you decide",
    "decide for me",
];
/// A place sought to rent from.
const PLACE_SOUGHT: &[&str] = &[
    "找个平台",
    "找一个平台",
    "找个地方",
    "找个 platform",
    "找平台",
    "找个云",
    "find a platform",
    "find a place",
    "looking for a platform",
    "looking for a place",
];
/// Which platform asked, then whether it suits (`which platform 适合`, `哪个平台比较适合`).
const WHICH_PLACE: &[&str] = &[
    "which platform",
    "what platform",
    "which cloud",
    "which provider",
    "哪个平台",
    "哪家平台",
    "哪个云",
    "which平台",
];
const SUITS: &[&str] = &[
    "适合",
    "合适",
    "good for",
    "best for",
    "suits",
    "suitable",
    "ideal for",
    "好用",
    // `which platform is easiest`: the least trouble for a first job.
    "easiest",
];
/// Which platform is good, asked (`which platform 比较好`, `哪个平台最好`, `which provider is
/// best`): the place sought, unless a price is what is weighed (`best price`, `最便宜`).
const GOOD: &[&str] = &[
    "较好",
    "最好",
    "好一点",
    "更好",
    " best",
    " better",
    " good",
];
/// How far after `which platform` its suiting word may stand, in bytes.
const NEAR: usize = 24;
/// Which one is good, asked alone (`选哪个好`, `哪个好`).
const WHICH_GOOD: &[&str] = &[
    "选哪个好",
    "选哪个",
    "哪个好",
    "哪家好",
    "which one is good",
];
/// Whether a model runs, asked: a fit's question (`帮我选一下，4090能跑32b吗` is a fit).
const FIT_ASKED: &[&str] = &[
    "能跑",
    "跑得动",
    "放得下",
    "够不够",
    "够吗",
    "fit",
    "can it run",
    "can i run",
    "enough",
];

/// Whether `words` are said, `platform` read in either language: inside Chinese it is written
/// `平台` with spaces around it (`pick a 平台 for me`, `想找个 平台`).
fn said(q: &Question, words: &[&str]) -> bool {
    let zh = q.padded.replace(" 平台", "平台");
    let en = q.padded.replace("平台", "platform");
    super::text::has(&zh, words) || super::text::has(&en, words)
}

/// A job said: a model, a size, a task, a length or a verb of one.
fn job(q: &Question) -> bool {
    !q.nothing_to_size()
        || q.e.task.is_some()
        || q.e.usage.is_some()
        || crate::lexicon::job_verb_said(q.padded)
}

/// Whether anything a `/pick` would not carry was asked: a platform named, a price or a fit.
fn other_ask(q: &Question) -> bool {
    !q.e.platforms.is_empty()
        || q.price.is_some()
        || q.has(FIT_ASKED)
        || q.has(COST_WORDS)
        || (!q.e.gpus.is_empty() && q.has(CHEAP_WORDS))
}

/// `不知道该租4090还是A100，我要微调个7b模型，帮我选一下`, `I want to fine-tune llama 3.1 8b
/// for my startup, what should I rent`: `/pick`.
pub(super) fn choice_handed(q: &Question) -> Option<Reading> {
    // A size with no model (`serve a 7b model to ~10 users, what should i rent`) is sized by
    // `/fit`, whose ranked configurations answer it (fresh19's label).
    let bare_size = q.e.models.is_empty() && !q.e.sizes.is_empty() && q.e.gpus.is_empty();
    // Which card for a named model (`跑qwen2.5-72b应该租什么卡`) is the fit's question: its
    // answer ranks the cards that hold it.
    // The second person asked the same (`what would you rent to run qwen2.5-32b`).
    let card_for_model = !q.nothing_to_size() && (q.has(WHICH_CARD) || q.has(YOUR_PICK));
    // Said by a team with a model named (`…qwen2.5-14b on my 3060, what should I rent`), the
    // fit ranks the cards that hold it.
    let handed = said(q, HANDED) || (q.nothing_to_size() && subject_handed(q.padded));
    if !handed || other_ask(q) || bare_size || card_for_model {
        return None;
    }
    // One card named is that card's own question; two weighed for a job are handed over only
    // with a doubt said (`不知道该租4090还是A100`): `帮我选一下 4090 还是 3090 跑 sdxl` asks
    // which of the two holds the job, each one's fit.
    let cards_ok = q.e.gpus.is_empty() || (q.e.gpus.len() >= 2 && job(q) && q.has(DOUBT));
    cards_ok.then(|| one(Request::Pick)).flatten()
}

/// Which card, asked (with a model named, a fit).
const WHICH_CARD: &[&str] = &[
    "什么卡",
    "啥卡",
    "什么显卡",
    "which card",
    "which gpu",
    "what card",
    "what gpu",
];

/// What the bot itself would rent, asked (where it would rent is a place: `/pick`).
const YOUR_PICK: &[&str] = &[
    "what would you rent",
    "what would you use",
    "what would you pick",
    "what would you choose",
    "你会租什么",
    "你会租啥",
    "你会选什么",
    "你会选啥",
];

/// `what should our team rent`, `what should my startup rent`: the choice handed over by
/// whoever says it, `rent` within five words of `what should`.
fn subject_handed(padded: &str) -> bool {
    padded.match_indices("what should ").any(|(at, w)| {
        padded[at + w.len()..]
            .split_whitespace()
            .take(5)
            .any(|x| x == "rent")
    })
}

/// A doubt said between two cards.
const DOUBT: &[&str] = &[
    "不知道",
    "不确定",
    "拿不定",
    "纠结",
    "no idea",
    "not sure",
    "don't know",
    "dont know",
];

/// `只有支付宝 不想实名 想找个平台跑lora`, `which platform 适合跑 llm inference 长期服务`: a place
/// sought for a job (or for nothing named), needs or not: `/pick`.
pub(super) fn place_for_job(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty() || other_ask(q) {
        return None;
    }
    let p = &q.padded.replace(" 平台", "平台");
    // (`CHEAP_WORDS` holds `比较`, a comparison: `比较好` is no price weighed.)
    let good = !q.has(&["便宜", "cheap", "划算", "价格", "price", "lowest", "多少钱"]);
    let which_suits = WHICH_PLACE.iter().any(|w| {
        p.match_indices(w).any(|(at, _)| {
            let from = at + w.len();
            let to = (from + NEAR).min(p.len());
            let end = (from..=to)
                .rev()
                .find(|k| p.is_char_boundary(*k))
                .unwrap_or(from);
            SUITS.iter().any(|s| p[from..end].contains(s))
                || (good && GOOD.iter().any(|s| p[from..end].contains(s)))
        })
    });
    (said(q, PLACE_SOUGHT) || which_suits)
        .then(|| one(Request::Pick))
        .flatten()
}

/// `第一次用云GPU，选哪个好？`: which one is good, with nothing named at all.
pub(super) fn which_good_alone(q: &Question) -> Option<Reading> {
    // A method or a format weighed (`lora 和 qlora 哪个好`) is no place to rent.
    let nothing = q.e.gpus.is_empty()
        && q.nothing_to_size()
        && q.e.usage.is_none()
        && q.e.task.is_none()
        && q.e.quants.is_empty();
    (nothing && q.has(WHICH_GOOD) && !other_ask(q))
        .then(|| one(Request::Pick))
        .flatten()
}
