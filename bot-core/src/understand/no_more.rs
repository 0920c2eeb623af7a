//! No more alerts wanted (`别再给我发到货通知了`, `stop sending me alerts`): every alert
//! stopped (`intent::alerts_kept`), where a stop naming neither all nor a number lists them.

use super::cues::ALERT_NOUNS;
use super::text::has;

/// `No more` said of being told (`别再给我发通知了`, `不要再提醒了`): every alert stopped.
/// English as well (`stop sending me alerts`, `no more notifications`, `don't notify me anymore`).
const NO_MORE: &[&str] = &["别再", "不要再", "不用再", "不必再", "再也别", "不再"];
/// The English ones, whose alert noun comes a few words on (`stop sending me h100 alerts`).
const NO_MORE_EN: &[&str] = &[
    "no more",
    "stop sending",
    "don't send",
    "dont send",
    "do not send",
];
/// Being told no more, said by the verb itself (`don't notify me anymore`).
const NO_MORE_VERBS: &[&str] = &[
    "don't notify me",
    "dont notify me",
    "do not notify me",
    "stop notifying me",
    "don't alert me",
    "dont alert me",
    "stop alerting me",
    "stop pinging me",
];
/// What is no longer wanted after [`NO_MORE`]: the alerts, or their messages pushed.
const TOLD_NOUNS: &[&str] = &["推送", "消息", "notif"];

/// `以后别再通知我了`, `别再推送到货消息了`: no more alerts wanted, a few characters on.
pub(super) fn no_more_told(padded: &str) -> bool {
    crate::lexicon::followed(padded, NO_MORE, ALERT_NOUNS, 8)
        || crate::lexicon::followed(padded, NO_MORE, TOLD_NOUNS, 8)
        || crate::lexicon::followed(padded, NO_MORE_EN, ALERT_NOUNS, 24)
        || crate::lexicon::followed(padded, NO_MORE_EN, TOLD_NOUNS, 24)
        || has(padded, NO_MORE_VERBS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_more_messages_is_a_stop_of_every_alert() {
        assert!(no_more_told(" 别再给我发到货通知了 "));
        assert!(no_more_told(" 以后不要再提醒我了 "));
        assert!(no_more_told(" 别再推送消息了 "));
        // No more of something else (a price rising): no alert.
        assert!(!no_more_told(" 别再涨价了 4090现在多少钱 "));
        assert!(no_more_told(" stop sending me alerts "));
        assert!(no_more_told(" stop sending me the h100 alerts "));
        assert!(no_more_told(" no more notifications please "));
        assert!(no_more_told(" don't notify me anymore "));
        assert!(!no_more_told(" don't need a credit card "));
        assert!(!no_more_told(" i don't have a subscription yet "));
        assert!(!no_more_told(" 不要再用autodl了 "));
    }
}
