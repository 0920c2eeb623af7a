//! Two cards weighed on price for one job said with its length (`3090 vs 4090, which is
//! cheaper for 5 hours`, `5090 和 4090 跑 10 小时谁便宜`): `/compare a b 5h`, both ranked for
//! that job in the order said. It had been asked back between two one-card rankings, though the
//! question is one (corpus44, issue 26). Their price difference asked (`H100 和 A100 租一小时差多少
//! 钱`, `how much more per hour is an h200 than an h100`, `price difference per hour`) is the same
//! ranking: both cards' hour on every platform, which shows what one costs more than the other
//! with each platform's billing, where `/gpu a b` shows only each one's lowest list price. So is
//! their difference asked of a price noun with no length (`4090和4090d租金差多少`, `A100 40g和80g
//! 价格差多少`): an hour's, the house's rule for a price with no length (corpus69).

use super::Reading;
use super::question::{Question, one};
use super::request::Request;
use super::words::{ALERT_WORDS, CHEAP_WORDS, STOCK_WORDS, TREND_WORDS};
use crate::answer::billing::JobRequest;

/// Words asking which costs less (beside the cheap words: `costs less`, `谁省钱`).
const LESS: &[&str] = &[
    "costs less",
    "cost less",
    "less expensive",
    "省钱",
    "花钱少",
];

/// A difference asked, which weighs a price when a price noun is said beside it.
const DIFF_ASKED: &[&str] = &["差多少", "差几", "相差多少", "difference", "差别多大"];
/// `how much more`: a price beside an hour or a length (`how much more vram` is a spec).
const MORE: &[&str] = &["how much more", "how much cheaper", "多多少钱"];
/// A price named as a noun (`hourly price`, `每小时价格`), weighed for two cards beside an hour.
const PRICE_NOUNS: &[&str] = &[
    " price", " prices", " pricing", " cost ", " costs ", " rate ", " rates ", "价格", "价钱",
    "租金", "费用",
];

/// `/compare a b <length>` for two cards weighed on price over one job's length.
pub(super) fn pair_job(q: &Question) -> Option<Reading> {
    let [a, b] = q.e.gpus.as_slice() else {
        return None;
    };
    // `H100 vs H200 hourly price`, `两卡每小时价格对比`: both cards' hourly price weighed is the
    // same one ranking (it was asked back between two one-card rankings).
    let gap = crate::lexicon::price_gap_asked(q.padded);
    let priced = gap || q.has(MORE) || q.has(PRICE_NOUNS);
    // A price difference asked as an amount with no length (`4090和4090d租金差多少`, `差价`,
    // `便宜多少`, `price difference between an l40s and an a6000`): the house's rule, a price
    // with no length is an hour's, so the same ranking over 1h (corpus69, und_bg). A bare
    // `差多少` with no price word stays `/gpu a b` (corpus49's spec difference).
    let noun_diff = gap || (q.has(PRICE_NOUNS) && q.has(DIFF_ASKED));
    let diff = priced && (q.has(crate::lexicon::PER_HOUR) || q.e.usage.is_some()) || noun_diff;
    // `4090 vs 3090 哪个租起来便宜`: which is cheaper, no length: an hour's ranking of both.
    let diff = diff || super::which_cheaper::which_cheaper(q.padded);
    let asked = q.has(CHEAP_WORDS) || q.has(LESS) || diff;
    if a.gpu == b.gpu
        || a.count != b.count
        || (q.e.usage.is_none() && !diff)
        || !asked
        || !q.nothing_to_size()
        || q.price.is_some()
        || q.has(ALERT_WORDS)
        || q.has(STOCK_WORDS)
        || q.has(TREND_WORDS)
    {
        return None;
    }
    let mut req = JobRequest::of(vec![a.gpu.clone(), b.gpu.clone()], &q.usage(), a.count).ok()?;
    req.platforms = q.e.platforms.clone();
    one(Request::Compare(req))
}
