//! A minimum top-up asked of the platforms with none named (`不需要最低充值的平台有吗`,
//! `platforms with no minimum top-up?`): the platforms' list, which shows each one's minimum
//! (no filter can promise "none": most minimums are undocumented). Had been no reading.

use super::Reading;
use super::question::{Question, one};
use super::request as make;

/// A minimum top-up or deposit, in words.
const TOP_UP: &[&str] = &[
    "最低充值",
    "最低充",
    "起充",
    "充值门槛",
    "最少充",
    "minimum top-up",
    "minimum top up",
    "min top-up",
    "min top up",
    "minimum deposit",
    "min deposit",
    "minimum recharge",
    "minimum credit",
];

/// `any platform without a minimum deposit?`: the platforms.
pub(super) fn top_up_asked(q: &Question) -> Option<Reading> {
    let none_named = q.e.platforms.is_empty() && q.e.gpus.is_empty() && q.nothing_to_size();
    (none_named && q.has(TOP_UP) && q.price.is_none())
        .then(|| one(make::platforms(Vec::new())))
        .flatten()
}
