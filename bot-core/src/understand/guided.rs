//! Guidance asked with the facts of a job beyond a model (`帮我规划一下 想用 qlora 微调
//! llama-3.1-8b 大概跑 5 个小时 只有支付宝`, `any advice on which cloud for a 2 hour
//! experiment, paypal only`): `/pick`, which carries every fact said (its echo names them).
//! A narrower command kept one and dropped the rest (the fit without the Alipay limit, the
//! platform list without the 2 hours). A card named, or a model alone, keeps its own rules.

use super::Reading;
use super::question::Question;
use super::request::Request;
use super::text::has;
use super::words::{FIT_WORDS, TCO_WORDS, asks_pick};

/// Asks to be guided, beyond the `/pick` cues every rule knows.
const GUIDE: &[&str] = &[
    "规划",
    "帮我挑",
    "帮忙挑",
    "帮我看看选",
    "该租啥",
    "该租什么",
    "租啥好",
    "怎么选",
    // Cantonese `點揀` (how to choose), `揀` written `选` by the spellings table.
    "点选",
    "点拣",
    "advice",
    "advise",
    "what to rent",
    "which cloud",
    "which provider",
    "plan it",
    "plan this",
];
/// How to rent, asked (`我只有100块，想跑个模型，怎么租划算`): guidance even where a verb of
/// running is said, which alone would be whether a card runs it.
const HOW_TO_RENT: &[&str] = &[
    "怎么租",
    "how should i rent",
    "how do i rent",
    "how to rent",
    "what should i rent",
    "good setup to",
    "good setup for",
];
/// Facts of a job `/pick` uses and a fit does not: a budget, a cheap place, a service life.
const JOB_FACTS: &[&str] = &[
    "预算",
    "学生",
    // A service for a team: users to serve, which `/pick` asks about and a fit does not.
    "团队",
    "for my team",
    "for our team",
    "便宜的平台",
    "平台",
    "长期",
    "一直在线",
    "budget",
    "cheap",
    "cloud",
    "platform",
    // `recommend a gpu rental for …`: where to rent asked, as a provider or a cloud is.
    "rental",
    "租赁",
    // `which card or site`: a place to rent asked.
    " site",
    "网站",
];

/// Where to rent asked with a guidance cue (`租哪家好`, `which platform should i rent from`).
pub(super) fn guidance_asked(q: &Question) -> bool {
    guidance_in(&format!(" {}", q.padded))
}

/// Guidance asked in `padded` (normalized, a space either side): the guidance cues, or a plea.
pub(super) fn guidance_in(padded: &str) -> bool {
    has(padded, HOW_TO_RENT) || has(padded, GUIDE) || asks_pick(padded) || plea_in(padded)
}

/// A plea to be guided in `padded`, of itself (`lexicon::GUIDE_PLEAS`: `walk me through`,
/// `帮我选`; the choice handed over; never `which cloud`, a card's price beside one, nor `what
/// should i rent`, a named model's fit by the house's convention): read of one sentence by `plea_clause`. The
/// wider guidance cues (`which cloud`, `哪家划算`) ask a card's price or a list where a card or a
/// need is said, so they are no plea there.
pub(super) fn plea_in(padded: &str) -> bool {
    has(padded, crate::lexicon::GUIDE_PLEAS) || crate::lexicon::choice_handed_over(padded)
}

pub(super) fn guided(q: &Question) -> Option<Reading> {
    let p = format!(" {}", q.padded);
    let how = has(&p, HOW_TO_RENT);
    // `kindly advise if hosting llama 3.1 8b myself is cheaper than an api`: the rent-vs-API
    // sum asked, politely; its own rule reads it.
    if !(how || has(&p, GUIDE) || asks_pick(&p))
        || has(&p, TCO_WORDS)
        || !q.e.gpus.is_empty()
        || !q.e.platforms.is_empty()
    {
        return None;
    }
    let need = crate::lexicon::need_said(&p);
    // Renting a GPU said beside guidance asks where to rent, beyond the model's fit (the
    // lexicon's rent words, `lexicon::RENT_GPU`).
    let rent = has(&p, crate::lexicon::RENT_GPU);
    let facts = need || rent || q.e.usage.is_some() || q.price.is_some() || has(&p, JOB_FACTS);
    // `想跑个stable diffusion`: a job said by its verb, the pipeline unnamed, is a job too.
    let job = !q.nothing_to_size() || q.e.task.is_some() || crate::lexicon::job_verb_said(&p);
    // `i dont know what to rent, help`: nothing named at all, only guidance asked.
    let bare = q.nothing_to_size() && q.e.task.is_none() && !need && q.e.usage.is_none();
    // `advice on which cloud for a 2 hour experiment, paypal only`: a need and a length.
    let two = need && q.e.usage.is_some();
    // `预算200块 想跑qwen2.5-14b 租啥卡能跑得动`: whether it runs is asked, a fit's question,
    // unless a need, a length or a place asked says more than a card can answer.
    let place = has(
        &p,
        &[
            "平台", "platform", "cloud", "provider", "哪家", "rental", "租赁",
        ],
    );
    // `qwen2.5-coder-32b 给团队做代码补全，用什么卡部署最便宜`: the cheapest card for a model
    // named is its fit, whose cards are ranked by price (corpus72's convention); a team said
    // beside it sizes nothing more.
    let fit_asked =
        has(&p, FIT_WORDS) || (!q.nothing_to_size() && super::service_cheapest::cheapest_card(q));
    // `想租卡跑 gemma 3 12b，有什么建议`: advice on renting asked openly, no card asked, is not
    // the fit's question (`lexicon::advice_on_renting`).
    let advice = crate::lexicon::advice_on_renting(&p);
    if fit_asked && !need && q.e.usage.is_none() && !place && !how && !advice {
        return None;
    }
    ((job && facts) || two || (bare && (how || has(&p, GUIDE))))
        .then_some(Reading::Command(Request::Pick))
}
