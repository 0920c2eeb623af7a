//! Figures of the user's own that a reading must keep: a price they pay on a named platform
//! (`vast 4090 $0.35/h 40 minutes`), and a budget with a wish to be guided (`一个月预算500块
//! 能租什么卡`). Answering the catalog's price instead of theirs, or converting a budget as if
//! it were a price, answers a different figure than the one given.

use super::Reading;
use super::intent::Question;
use super::price::convert_request;
use super::request::{self as make, Money, Request, Usage};
use super::set_aside::Aside;
use super::text::has;
use super::words::{
    ALERT_LIST_WORDS, ALERT_WORDS, COST_WORDS, FIT_WORDS, RUN_WORDS, STOCK_WORDS, TCO_WORDS,
};
use super::words_guidance::asks_pick;
use crate::billing::PriceUnit;

/// Ceiling words as the user says them; `不超过`/`at most` are also how a price range said is
/// written (`每小时1-2块` → `不超过2块`: the most they pay, costed at it), so they are not here.
const CEILING_SAID: &[&str] = &[
    "低于",
    "以下",
    "以内",
    "便宜于",
    "under",
    "below",
    "less than",
    "cheaper than",
];

/// The user's own price or budget, read before the general rules; an alert, a stock
/// question and a rent-vs-API sum keep their own rules.
pub(super) fn own_figures(q: &Question) -> Option<Reading> {
    if has(q.padded, ALERT_WORDS)
        || has(q.padded, ALERT_LIST_WORDS)
        || has(q.padded, TCO_WORDS)
        || q.e.volume.is_some()
    {
        return None;
    }
    // A calendar length asked of a rate beside a card (`3090 ¥1.3/h 一周多少`) is the rate
    // converted before it is a job's bill: no job is said, and `/cost` would drop the card.
    own_rate_converted(q)
        .or_else(|| own_price_job(q))
        .or_else(|| budget_pick(q))
}

/// `vast 4090 $0.35/h 40 minutes`: an hourly price said next to a platform or a card is what
/// the user pays there, so the job is costed at it (`/cost 0.35usd/hour 40m`, its billing rule
/// unknown and said so), never at the catalog's list price for that card.
fn own_price_job(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let Some(PriceUnit::Time(_)) = p.per else {
        return None;
    };
    let usage = q.e.usage.clone()?;
    if q.e.platforms.is_empty() && q.e.gpus.is_empty() {
        return None;
    }
    // A model to size, an alert or a stock cap (`4090 under $0.4/h in stock?`) is another
    // question; the price is then a ceiling, not what is paid.
    // A ceiling word (`under $1.5/hr`, `3块以内`) makes it one too.
    if !q.e.models.is_empty()
        || has(q.padded, STOCK_WORDS)
        || has(q.padded, ALERT_WORDS)
        || has(q.padded, CEILING_SAID)
    {
        return None;
    }
    if matches!(usage, Usage::Always) && !q.e.gpus.is_empty() && q.e.platforms.is_empty() {
        // `4090 $0.35/h 包月多少`: a rate converted to a month reads the same either way;
        // left to the conversion rule.
        return None;
    }
    let cards = q.e.gpus.first().map_or(1, |g| g.count);
    let r = make::cost_at_cards(p, &usage, cards)?;
    // The platform's own price said: costed at it, the platform's list price not asked.
    q.set_aside_all(Aside::OwnPrice);
    Some(Reading::Command(r))
}

/// Words that ask which card or platform to rent.
pub(super) const RENT_WHAT_WORDS: &[&str] = &[
    "什么卡",
    "哪张卡",
    "哪个卡",
    "哪款卡",
    "哪种卡",
    "租什么",
    "能租",
    "租啥",
    "啥卡",
    "which gpu",
    "what gpu",
    "which card",
    "what card",
    "what can i rent",
    "which gpus",
    "what should i rent",
    "what to rent",
    // Where to go for it: the platform is what is asked.
    "where should i go",
    "where should i rent",
    "where to rent",
    "where do i rent",
    "where can i rent",
    "which platform",
    "which provider",
    "which cloud",
    "去哪租",
    "在哪租",
    "哪里租",
    "去哪家",
    "哪个平台",
    "哪家平台",
];

/// Words that ask a model's fit itself; `run`/`跑` alone only say what the job is (`want to
/// run llama-3.3-70b inference for a weekend, what should i rent`).
pub(super) fn fit_asked(padded: &str) -> bool {
    FIT_WORDS
        .iter()
        .filter(|w| !matches!(**w, "run " | "跑"))
        .any(|w| padded.contains(w))
        || crate::lexicon::memory_said(padded)
}

/// Words that make an amount a budget, beside the lexicon's budget nouns
/// (`lexicon::budget_noun_said`): money held or spent, not a price to convert.
const BUDGET_CUES: &[&str] = &[
    "i have",
    "i've got",
    "i got",
    "我有",
    "手头",
    "只有",
    "最多花",
    "afford",
    "spend",
    // `$20 total, what can i rent`: all there is to spend.
    "total",
    "一共",
    "总共",
];

/// `一个月预算500块 能租什么卡`, `I have 300 dollars a month, which gpu should I rent`: guidance
/// with a budget, so `/pick` starts with the budget it reads from the same sentence.
fn budget_pick(q: &Question) -> Option<Reading> {
    // A model to tune with a budget and no card known (`想微调个7b 预算100块 不知道租啥卡`)
    // is guidance too, unless its fit is asked; `/pick` keeps the model from the sentence.
    let sized = !q.e.models.is_empty() || !q.e.sizes.is_empty();
    if !q.e.gpus.is_empty() || (sized && (fit_asked(q.padded) || !has(q.padded, RENT_WHAT_WORDS))) {
        return None;
    }
    let asks = has(q.padded, RENT_WHAT_WORDS) || asks_pick(q.padded);
    let budget = q.price.is_some()
        && (crate::lexicon::budget_noun_said(q.padded) || has(q.padded, BUDGET_CUES));
    // A payment or sign-up limit (`no credit card`, `只有支付宝`) with a model to run is a limit
    // /pick reads too; without one it is the platforms' filtered list.
    let limit = sized && crate::lexicon::need_said(q.padded);
    (asks && (budget || limit)).then_some(Reading::Command(Request::Pick))
}

/// `一张4090一小时2块5 一个月多少钱`: the user's own hourly rate beside a card, no platform,
/// with a calendar length's price asked, is that rate converted, never the list prices.
fn own_rate_over_calendar(q: &Question, p: &Money) -> bool {
    let Some(PriceUnit::Time(_)) = p.per else {
        return false;
    };
    let calendar = match &q.e.usage {
        Some(Usage::Always) => true,
        Some(Usage::Once(s)) => {
            [86_400u32, 604_800, 730 * 3600, 8760 * 3600].contains(&u32::try_from(*s).unwrap_or(0))
        }
        _ => false,
    };
    // A verb makes the length a job (`两块钱一小时跑一天`), costed by the general rules.
    let run = RUN_WORDS
        .iter()
        .any(|w| *w != "for " && q.padded.contains(w));
    calendar
        && !run
        && !q.e.gpus.is_empty()
        && q.e.platforms.is_empty()
        && q.nothing_to_size()
        // `per month 多少`: with the rate given, a bare `多少` asks the sum.
        && (has(q.padded, COST_WORDS) || q.padded.contains("多少"))
        && !has(q.padded, STOCK_WORDS)
        && !has(q.padded, ALERT_WORDS)
}

/// The conversion [`own_rate_over_calendar`] asks for.
fn own_rate_converted(q: &Question) -> Option<Reading> {
    let p = q.price?;
    own_rate_over_calendar(q, p)
        .then(|| convert_request(q.padded, p).map(Reading::Command))
        .flatten()
}
