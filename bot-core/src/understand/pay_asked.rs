//! A way of paying asked as possible, with no platform, card or job named (`can i pay for gpus by
//! wire`, `租显卡能公对公付款吗`): which platforms take it, the list filtered by it (und_bf, issue
//! 26). It had been no reading: only a list word (`哪些平台`, `providers`) or `有没有` made a need
//! the list's filter, and a yes-or-no question of paying said neither.

use super::question::Question;
use crate::lexicon::Need;

/// Words that ask whether something can be done (`能…吗`, `can i`, `do any … support`).
const CAN_ASKED: &[&str] = &[
    "can i ",
    "can we ",
    "could i ",
    "could we ",
    "is it possible",
    "do any ",
    "does any ",
    "do they ",
    "能不能",
    "可不可以",
    "能",
    "可以",
];

/// Whether a payment method is asked as possible with nothing else to answer.
pub(super) fn payment_asked(q: &Question, needs: &[Need]) -> bool {
    needs.iter().any(|n| matches!(n, Need::Pay(_)))
        && q.has(CAN_ASKED)
        && q.nothing_to_size()
        && q.e.usage.is_none()
        && q.price.is_none()
}
