//! A budget said beside a job and no card (`每月2000以内，7b客服机器人`, `月预算两千，租卡跑个
//! 7b客服`, `一天100块预算，想跑qwen2.5 7b的推理服务`) or beside a wish to rent with nothing
//! sized (`what can I rent for 500 a month`): `/pick`, which starts with the budget and its
//! period from the same sentence. The fit of the model alone had dropped the budget, and the
//! amount a month had been converted to an hour or not read at all. A fit asked (`要多少显存`,
//! `能跑吗`), a card or a platform named, or a rent-vs-API sum keep their own readings.

use super::Reading;
use super::own_figures::{RENT_WHAT_WORDS, fit_asked};
use super::question::Question;
use super::request::Request;
use super::text::has;
use super::words::{CONVERT_WORDS, TCO_WORDS};

/// Words of spending that make a number beside them money to spend, beside the lexicon's budget
/// nouns (`lexicon::budget_noun_said`) and spend verbs (`lexicon::SPEND_VERBS`: `最多花`, `能花`).
const SPENDING: &[&str] = &["afford", "spend"];
/// Money at hand (`i got 200 a month`, `我手头每月有2000`).
const AT_HAND: &[&str] = &[
    "i got",
    "i have",
    "i've got",
    "ive got",
    // `got $100, wanna fine tune …`: the subject dropped.
    "got ",
    "我有",
    "手头",
    "手上有",
];
/// Money said to be all there is (`我只有200块`, `只剩100了`, `i only have $50`): a budget with
/// no period or budget word beside it.
const ONLY_HAVE: &[&str] = &[
    "只有",
    "只剩",
    "就剩",
    "仅有",
    "就这么点",
    "only have",
    "only got",
    "only've got",
    "just have",
    "just got",
    "all i have",
    "all i've got",
];
/// A job said vaguely (`跑个大模型玩玩`, `play with an llm`): enough beside money that is all
/// there is, as no fit can be asked of it.
const VAGUE_JOB: &[&str] = &[
    "大模型",
    "模型",
    "ai模型",
    " ai ",
    " llm",
    "a model",
    "an ai",
    "玩玩",
    "练手",
    "play with",
    "mess around",
    "for fun",
];
/// A price or a sum asked (then the amount is a price, not what may be spent).
const ASKED_PRICE: &[&str] = &[
    "多少",
    "how much",
    "几块",
    "贵不贵",
    "划算",
    "worth",
    "per hour",
    "每小时",
];
/// A ceiling on the money (`2000以内`): a budget when a period is said beside it.
const WITHIN: &[&str] = &[
    "以内",
    "之内",
    "以下",
    "不超过",
    "under ",
    "within ",
    "max ",
];
/// Periods a budget is said for.
const PERIODS: &[&str] = &[
    "每月",
    "每个月",
    "一个月",
    "月预算",
    "每周",
    "一周",
    "每天",
    "一天",
    "a month",
    "per month",
    "/month",
    "monthly",
    "a week",
    "per week",
    "weekly",
    "a day",
    "per day",
    "daily",
];
/// What an amount gets, asked with another verb than rent (`what can i get for 1000 a month`).
const GETS_WHAT: &[&str] = &[
    "what can i get",
    "what could i get",
    "what do i get",
    "what can i afford",
    "what could i afford",
    "能租到什么",
    "能租到啥",
    "够租什么",
    "能用什么卡",
    "能买到什么",
];
/// Verbs of serving a job that runs for a while: the kind `/pick` sizes from a budget, beside the
/// lexicon's served nouns (`lexicon::SERVICE_NOUNS`, chat and product kinds: an interface alone,
/// `api`, is the rent-vs-API question's, not a job served).
const SERVING: &[&str] = &["部署", "serving", "serve "];

/// `r`, or `/pick` where a budget is said beside a job that no fit was asked of.
pub(super) fn with_budget(q: &Question, r: Reading) -> Reading {
    let open = matches!(
        &r,
        Reading::Unknown | Reading::Command(Request::Fit(_) | Request::Convert(_))
    );
    if !open || !q.e.gpus.is_empty() || !q.e.platforms.is_empty() || has(q.padded, TCO_WORDS) {
        return r;
    }
    let p = q.padded;
    let rent_what = has(p, RENT_WHAT_WORDS) || has(p, GETS_WHAT);
    let job = !q.nothing_to_size()
        || q.e.task.is_some()
        || has(p, SERVING)
        || crate::lexicon::service_of(
            p,
            &[
                crate::lexicon::ServiceKind::Chat,
                crate::lexicon::ServiceKind::Product,
            ],
        );
    let per = q
        .price
        .and_then(|m| m.per)
        .is_some_and(|u| matches!(u.key(), "month" | "week" | "day"));
    let period = has(p, PERIODS) || per;
    // `i got like 200 bucks a month`: money at hand for a period; `一周三百块，跑个sd出图服务`: a
    // sum for a period beside a job, with no conversion or price asked, is what may be spent.
    let sum_for_job = period && job && !has(p, CONVERT_WORDS) && !has(p, ASKED_PRICE);
    // `我只有200块，想跑个大模型玩玩`: all the money there is, beside a job however vague.
    let limited = has(p, ONLY_HAVE)
        && (job || has(p, VAGUE_JOB))
        && !has(p, ASKED_PRICE)
        && !has(p, CONVERT_WORDS);
    let said = limited
        || crate::lexicon::budget_noun_said(p)
        || has(p, crate::lexicon::SPEND_VERBS)
        || has(p, SPENDING)
        || (has(p, WITHIN) && period)
        || (has(p, AT_HAND) && (period || crate::lexicon::place_asked(p)))
        || sum_for_job;
    // `what can I rent for 500 a month`: an amount for a period asked what it rents.
    // The price pass takes `$300 a month` out of the text with its period.
    let rent_for =
        rent_what && period && (p.contains(" for ") || p.contains(" with ") || has(p, GETS_WHAT));
    // The price pass takes an amount with its currency out of the text (`100块`, `$300 a month`).
    let budget = (q.price.is_some() || amount_in(p)) && (said || rent_for);
    // `预算有限，想 finetune qwen2.5 7b 用什么 gpu 最好`: a budget without its figure, with the
    // card asked — still guidance, the budget asked by /pick.
    let budget = budget || (said && which_card(p));
    if budget && (job || rent_what || limited) && !fit_asked(p) {
        return Reading::Command(Request::Pick);
    }
    r
}

/// Whether `p` says an amount: the lexicon's bare amounts (digits not glued to a letter, `7b`,
/// `qwen2.5`, nor followed by a unit of their own, `3小时`, `8 gpus`).
fn amount_in(p: &str) -> bool {
    !crate::lexicon::bare_amounts(p).is_empty()
}

/// Words asking which, and the card they ask about, a few bytes apart (`用什么 gpu`, `哪张卡`,
/// `which gpu`).
fn which_card(p: &str) -> bool {
    const WHICH: &[&str] = &["什么", "啥", "哪张", "哪个", "哪款", "which", "what"];
    const CARD: &[&str] = &["卡", "gpu", "card"];
    WHICH.iter().any(|w| {
        p.match_indices(w).any(|(i, _)| {
            let from = i + w.len();
            let mut to = (from + 8).min(p.len());
            while !p.is_char_boundary(to) {
                to -= 1;
            }
            CARD.iter().any(|c| p[from..to].contains(c))
        })
    })
}
