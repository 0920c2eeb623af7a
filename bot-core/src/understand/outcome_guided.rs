//! Guidance asked by the outcome wanted, no card named (`what's a good setup for 50 concurrent
//! chats with a 7b model`, `想做个AI客服上线，要什么配置`, `best platform for a 50-user chatbot
//! MVP?`), or a place asked by how steady it is (`国内哪家GPU云最稳`, `which cloud is the most
//! reliable`): the user wants a choice made for a product, which `/pick` walks through; a bare
//! size and a user count are not a fit to read (`/fit 7b batch=50`), nor a region a list.

use super::Reading;
use super::question::Question;
use super::request::Request;

/// A setup or a place asked for (the choice the user wants made).
const SETUP: &[&str] = &[
    "good setup",
    "what setup",
    "which setup",
    "best setup",
    "setup for",
    "what config",
    "what hardware",
    "what kind of hardware",
    "best platform for",
    "best provider for",
    "best cloud for",
    "要什么配置",
    "需要什么配置",
    "用什么配置",
    "上什么配置",
    "什么配置合适",
    "配置怎么选",
    "怎么配",
];
/// The product the setup is for: users served, a bot put in production; beside the lexicon's
/// chat nouns (`lexicon::SERVICE_NOUNS`, kind `Chat`: a conversation served is a product with
/// users by itself; other served nouns may be a private job).
const OUTCOME: &[&str] = &[
    "concurrent",
    " users",
    "-user",
    " user ",
    "chats",
    "mvp",
    "production",
    "customers",
    "saas",
    "上线",
    "并发",
    "用户",
    "小程序",
    "产品",
];
/// How steady a place is (a wish, which no list ranks).
const STEADY: &[&str] = &[
    "最稳",
    "较稳",
    "最稳定",
    "最可靠",
    "most stable",
    "most reliable",
    "reliable",
];
/// Words that ask which place.
const WHICH: &[&str] = &["哪家", "哪个", "which", "what cloud", "what provider"];

pub(super) fn outcome_guided(q: &Question) -> Option<Reading> {
    let e = q.e;
    if !e.gpus.is_empty() || !e.platforms.is_empty() || !e.models.is_empty() {
        return None;
    }
    // A price or a length said is a bill to work out, not a choice.
    if q.price.is_some() || e.usage.is_some() {
        return None;
    }
    let for_product = q.has(SETUP)
        && (q.has(OUTCOME)
            || crate::lexicon::service_of(q.padded, &[crate::lexicon::ServiceKind::Chat]));
    let steady_place = q.has(STEADY) && q.has(WHICH);
    (for_product || steady_place).then_some(Reading::Command(Request::Pick))
}
