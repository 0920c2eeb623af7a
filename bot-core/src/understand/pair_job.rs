//! Two cards weighed on price for one job said with its length (`3090 vs 4090, which is
//! cheaper for 5 hours`, `5090 和 4090 跑 10 小时谁便宜`): `/compare a b 5h`, both ranked for
//! that job in the order said. It had been asked back between two one-card rankings, though the
//! question is one (corpus44, issue 26).

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

/// `/compare a b <length>` for two cards weighed on price over one job's length.
pub(super) fn pair_job(q: &Question) -> Option<Reading> {
    let [a, b] = q.e.gpus.as_slice() else {
        return None;
    };
    let asked = q.has(CHEAP_WORDS) || q.has(LESS);
    if a.gpu == b.gpu
        || a.count != b.count
        || q.e.usage.is_none()
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
