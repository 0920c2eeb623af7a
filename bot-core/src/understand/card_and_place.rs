//! `which gpu + platform for training a flux lora`, `跑qwen微调该选什么卡、哪个平台`: a question
//! that asks both which card and where to rent it is guidance, `/pick` started with what the
//! sentence says, even with a model named (it had been the model's `/fit` on no card).

use super::Reading;
use super::question::Question;
use super::request::Request;

/// Words that ask which card.
const WHICH_CARD: &[&str] = &[
    "which gpu",
    "what gpu",
    "which card",
    "what card",
    "哪张卡",
    "哪种卡",
    "什么卡",
    "啥卡",
    "选卡",
];
/// Words that ask where.
const WHICH_PLACE: &[&str] = &[
    "platform",
    "provider",
    "where to rent",
    "where should",
    "平台",
    "哪家",
    "去哪租",
    "在哪租",
];

/// `/pick` when the question asks both which card and which platform, and names no card.
pub(super) fn card_and_place(q: &Question) -> Option<Reading> {
    // `what gpu providers do you know`: the gpu qualifies the platforms, one ask.
    let platforms_only = q.has(&["gpu provider", "gpu platform", "gpu cloud", "card provider"]);
    (q.e.gpus.is_empty() && !platforms_only && q.has(WHICH_CARD) && q.has(WHICH_PLACE))
        .then_some(Reading::Command(Request::Pick))
}
