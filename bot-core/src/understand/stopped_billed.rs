//! Whether a stopped machine is still billed, or its data kept, asked on one platform with a
//! card named (`autodl 租4090 关机了还算钱吗`, `does lambda charge for a stopped h100`): the
//! platform's facts, which say its stopped billing and data retention. Read as a priced job, it was one hour's bill, a length nobody said.

use super::Reading;
use super::question::{Question, one};
use super::request as make;

/// A machine stopped.
const STOPPED: &[&str] = &[
    "关机",
    "停机",
    "关掉",
    "关了",
    "stopped",
    "stop it",
    "shut down",
    "shutdown",
    "powered off",
    "turned off",
];
/// Billed still.
const BILLED: &[&str] = &[
    "收费",
    "收钱",
    "算钱",
    "扣钱",
    "扣费",
    "计费",
    "charge",
    "billed",
    "bill ",
    "pay for",
    "cost anything",
];

/// Data kept or lost.
const DATA_KEPT: &[&str] = &[
    "数据还在",
    "数据会",
    "数据保留",
    "数据丢",
    "数据删",
    "data kept",
    "data deleted",
    "my data",
    "data survive",
    "data still",
];

/// `vast 上的 4090 停机后还收费吗`, `autodl 4090 关了以后数据还在吗`: one platform's facts.
pub(super) fn stopped_billed(q: &Question) -> Option<Reading> {
    let [p] = q.e.platforms.as_slice() else {
        return None;
    };
    let asked = q.has(STOPPED) && (q.has(BILLED) || q.has(DATA_KEPT));
    (asked && q.e.usage.is_none() && q.price.is_none() && q.nothing_to_size())
        .then(|| one(make::platform(p)))
        .flatten()
}
