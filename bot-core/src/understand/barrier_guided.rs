//! Guidance asked by someone with a barrier (`没有信用卡，只有支付宝，想租卡练手，去哪家比较好`,
//! `what provider would you recommend for someone who only has a debit card`, `帮我 pick 一个便宜的
//! 平台, 只有 wechat pay`): `/pick`, which keeps the barrier and asks the job, never the platform
//! list alone, which drops the job, the budget and the wish to be advised. A list asked for
//! (`支持支付宝的平台有哪些`, `国内按秒计费、不用实名的 gpu 平台推荐`, `which platforms take alipay`)
//! stays the filtered list.

use super::Reading;
use super::needs_said::needs_said;
use super::question::Question;
use super::request::Request;

/// The bot asked to choose for the user (not a list recommended: `平台推荐` names the list).
const CHOOSE: &[&str] = &[
    "recommend",
    "suggest",
    " pick ",
    "pick one",
    "pick a ",
    "选哪",
    "去哪家",
    "用哪家",
    "哪家较好",
    "租哪家",
    "在哪家租",
    "去哪租",
    "哪家好",
    "哪个较好",
    "推荐个",
    "推荐一个",
    "推荐一下",
    "推荐下",
    "求推荐",
    "should i go",
    "should i use",
    "should i move",
    "should i switch",
    "should we use",
    "should we go",
    "go with",
    "advice",
    "advise",
];
/// A list asked for in so many words: the filtered list answers it.
const LIST: &[&str] = &[
    "有哪些",
    "哪些",
    "都有哪",
    "列出",
    "which platforms",
    "which providers",
    "which clouds",
    "list ",
    "平台推荐",
];

/// A barrier said with the bot asked to choose, nothing named: `/pick`.
pub(super) fn barrier_guided(q: &Question) -> Option<Reading> {
    let e = q.e;
    let nothing = e.gpus.is_empty() && e.platforms.is_empty();
    // `只有支付宝 不想实名 预算50 哪家`: a budget beside the place asked is a choice asked too.
    let budget = q.has(&["预算", "budget", "经费"]) && crate::lexicon::place_asked(q.padded);
    // `有没有适合新手的平台 只有支付宝`: a platform fit for a newcomer, chosen for them.
    // `不想实名 哪家适合我`, `适合我的是哪家`: which one suits, in either order.
    // `help me choose a cloud`, `帮我挑`: the choice handed over, whatever the verb
    // (`lexicon::choice_handed_over`).
    let suits = super::words_guidance::which_suits(q.padded);
    let handed = crate::lexicon::choice_handed_over(q.padded);
    // `适合我的平台有哪些`: what suits the person is a choice made for them, even said as a list.
    let mine = crate::lexicon::suits_me(q.padded);
    let asked = (q.has(CHOOSE)
        || q.has(super::words_guidance::BEGINNER_WORDS)
        || suits
        || handed
        || budget)
        && (!q.has(LIST) || mine)
        || mine;
    (nothing && asked && !needs_said(q.padded).is_empty())
        .then_some(Reading::Command(Request::Pick))
}
