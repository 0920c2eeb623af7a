//! Whether a stopped machine is still billed, or its data kept, asked on one platform with a
//! card named (`autodl 租4090 关机了还算钱吗`, `does lambda charge for a stopped h100`): the
//! platform's facts, which say its stopped billing and data retention. Read as a priced job, it
//! was one hour's bill, a length nobody said. Asked of no platform or of several
//! (`哪些平台关机不收费`, `which platforms do NOT bill when the instance is stopped`): the list
//! filtered to those known to bill nothing while stopped (`/platforms stopped-free`).

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use crate::lexicon::STOPPED_BILLED_WORDS as BILLED;

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
    let asked =
        crate::lexicon::stopped_said(q.padded).is_some() && (q.has(BILLED) || q.has(DATA_KEPT));
    (asked && q.e.usage.is_none() && q.price.is_none() && q.nothing_to_size())
        .then(|| one(make::platform(p)))
        .flatten()
}

/// `哪些平台关机不收费`, `关机还扣钱吗`, `which clouds stop charging when the machine is
/// stopped`, `恒源云 矩池云 featurize 哪个关机不收费`: no one platform asked, so the platforms
/// known to bill nothing while stopped, with the other needs said (`国内`), the rest counted
/// or labelled unknown. It had been `/pick`, or nothing. One platform named stays its facts.
pub(super) fn stopped_free_listed(q: &Question) -> Option<Reading> {
    let e = q.e;
    let asked = crate::lexicon::stopped_billing_asked(q.padded).is_some();
    (asked
        && e.platforms.len() != 1
        && e.gpus.is_empty()
        && e.usage.is_none()
        && q.price.is_none()
        && q.nothing_to_size())
    .then(|| Reading::Command(make::platforms(super::needs_said::needs_said(q.padded))))
}
