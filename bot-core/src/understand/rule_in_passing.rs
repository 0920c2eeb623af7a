//! A platform's billing rule said in passing (`on vast, which bills per second, how much is an
//! A100 for 90 minutes`, `vast (per-second billing) l40s 20分钟多少钱`): context for the bill
//! asked, which is the question (`/cost vast a100-80g-sxm 1h30m`). Read as the question, the
//! answer was the platform's rules and no figure for the job.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Usage};
use super::words::ALERT_WORDS;
use super::words_price::PRICE_WORDS;

/// A billing rule stated: how a platform counts time.
const RULE_SAID: &[&str] = &[
    "bills per",
    "billed per",
    "bills by",
    "billed by",
    "bills hourly",
    "billed hourly",
    "charges by",
    "charges per",
    "charged by",
    "charged per",
    "per second billing",
    "per minute billing",
    "per-second",
    "per-minute",
    "按秒",
    "按分钟",
    "按小时",
    "计费",
    "收费方式",
];
/// The bill asked: how much the job costs.
const BILL_ASKED: &[&str] = &[
    "how much",
    "what's",
    "what is",
    "what would",
    "cost",
    "total",
    "多少钱",
    "多少",
    "要花",
    "花多少",
];

/// `/cost <platform> <card> <length>` where a job's bill is asked beside the platform's rule.
pub(super) fn rule_in_passing(q: &Question) -> Option<Reading> {
    let ([p], [g]) = (q.e.platforms.as_slice(), q.e.gpus.as_slice()) else {
        return None;
    };
    let usage = q.e.usage.as_ref()?;
    let job = matches!(usage, Usage::Once(_) | Usage::Daily(_));
    let asked = q.has(BILL_ASKED) || q.has(PRICE_WORDS);
    if !job || !asked || !q.has(RULE_SAID) || q.has(ALERT_WORDS) || !q.nothing_to_size() {
        return None;
    }
    make::cost(p, g, usage).map(Reading::Command)
}
