//! A price read off a named platform's page for a named card, with what it really costs asked
//! (`autodl 页面上写 4090 1.98/小时，实际跑3小时多少钱`, `runpod lists the a100 at $1.64/hr,
//! what would 5 hours actually cost me`): that platform's bill for the card (`/cost`), with its
//! own billing rule, boot time and stored price. It was the quoted number under a guessed rule,
//! the platform and card dropped and, with no sign, no currency at all.

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::words::COST_WORDS;
use crate::billing::PriceUnit;

/// Words that say the price is the one the platform shows, not one the user pays.
const ON_THE_PAGE: &[&str] = &[
    "页面",
    "网页",
    "官网",
    "标价",
    "挂牌",
    "挂的",
    "写着",
    "上面写",
    "显示",
    "列表",
    " lists ",
    " listed ",
    " listing ",
    " shows ",
    " showing ",
    " advertised",
    " advertises",
    " on the site",
    " on their site",
    " on the page",
    " on their page",
    " website",
    // `vast上看到3090 0.2刀一小时`: seen on the platform is its page.
    "上看到",
    "上看的",
    " saw ",
];
/// Words that ask what the job really costs, beyond the figure shown.
const REALLY: &[&str] = &[
    "实际",
    "到底",
    "真实",
    "真的",
    "actually",
    "really",
    " real ",
    "in reality",
    "in practice",
];

/// One platform and one card named, a price per unit of time said as the page's, and the
/// real cost asked: `/cost platform card` for the length said (an hour if none).
pub(super) fn page_price(q: &Question) -> Option<Reading> {
    let (Some(p), [platform], [card]) = (q.price, q.e.platforms.as_slice(), q.e.gpus.as_slice())
    else {
        return None;
    };
    if !matches!(p.per, Some(PriceUnit::Time(_))) || !q.nothing_to_size() {
        return None;
    }
    if !q.has(ON_THE_PAGE) || !(q.has(REALLY) || q.has(COST_WORDS)) {
        return None;
    }
    one(make::cost(platform, card, &q.usage())?)
}
