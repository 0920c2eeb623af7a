//! Platform needs listed beside a price cap, the platforms asked (`need: no KYC + alipay +
//! under ¥2/h, which platforms`, `不用实名、能用支付宝、每小时5块以内的平台有哪些`): the list
//! filtered by the needs (`/platforms`; no form of it takes a cap). It was every offer under
//! the cap, platforms that fail each need said among them.

use super::Reading;
use super::needs_said::needs_said;
use super::question::{Question, one};
use super::request as make;
use super::words_guidance::asks_pick;
use crate::billing::PriceUnit;
use crate::lexicon::Need;

/// Words that ask for platforms, not cards (`有哪些` alone asks for either).
const PLATFORMS_ASKED: &[&str] = &[
    "平台",
    "哪家",
    "哪几家",
    "platform",
    "provider",
    "cloud",
    "sites",
    "services",
];

/// A price cap per unit of time (a sum alone is a budget, guidance's), a need beyond a region, platforms asked, no card, platform or model named:
/// `/platforms` with the needs in the order said.
pub(super) fn needs_capped(q: &Question) -> Option<Reading> {
    if !q
        .price
        .is_some_and(|p| matches!(p.per, Some(PriceUnit::Time(_))))
        || !q.e.gpus.is_empty()
        || !q.e.platforms.is_empty()
        || !q.nothing_to_size()
        || !q.has(PLATFORMS_ASKED)
        || asks_pick(q.padded)
    {
        return None;
    }
    let needs = needs_said(q.padded);
    // `国内平台 2块以内的卡`: a region alone with a cap still asks for offers there.
    if !needs.iter().any(|n| !matches!(n, Need::Region(_))) {
        return None;
    }
    one(make::platforms(needs))
}
