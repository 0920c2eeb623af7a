//! Spot weighed against on-demand for one card (`4090 spot 和 on-demand 跑5小时差多少`, `spot
//! vs on-demand for an a100 over 8 hours`, `l40s 竞价实例和按量计费`): two billing kinds of the
//! same card, which `/compare … spot` shows side by side. Read as two things weighed it was the
//! card's specs, or nothing at all.

use super::Reading;
use super::cues::spot_asked;
use super::question::{Question, one};
use super::request as make;

/// Capacity billed on demand, the kind spot is weighed against.
const ON_DEMAND: &[&str] = &[
    "on-demand",
    "on demand",
    "ondemand",
    "按需",
    "按量",
    "常规实例",
    "普通实例",
    "非竞价",
];

/// One card, spot and on-demand both said: its `/compare` (or `/cost` on the one platform
/// named) for the length said, an hour by default; `with_spot` adds the spot tier.
pub(super) fn spot_both(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    if !spot_asked(q.padded) || !q.has(ON_DEMAND) || !q.nothing_to_size() {
        return None;
    }
    one(make::priced(g, &q.usage(), &q.e.platforms)?)
}
