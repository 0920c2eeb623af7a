//! An alert named by its place in the list in English (`unsubscribe the first one`, `remove the
//! second alert`, `把 first one unsubscribe 掉`): that number, as `第二个` and `#2` already were
//! (helper und_ed, issue 26). It had listed the alerts instead. `last` is left: its number
//! depends on how many alerts there are, which the reader does not know.

use crate::lexicon::place_words;

/// Nouns an alert's place is said with.
const NOUNS: &[&str] = &[
    "one",
    "alert",
    "alerts",
    "subscription",
    "sub",
    "notification",
    "提醒",
    "订阅",
    "通知",
];

/// The place said before an alert's noun, 1 to 10.
pub(super) fn place_said(padded: &str) -> Option<u32> {
    let words: Vec<&str> = padded.split_whitespace().collect();
    words.windows(2).find_map(|w| {
        let n = place_words()
            .take_while(|p| *p != "last")
            .position(|p| p == w[0])?;
        NOUNS
            .iter()
            .any(|noun| w[1].starts_with(noun))
            .then(|| u32::try_from(n + 1).ok())
            .flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::place_said;

    #[test]
    fn an_alert_by_its_english_place() {
        assert_eq!(place_said(" unsubscribe the first one "), Some(1));
        assert_eq!(place_said(" remove the third alert "), Some(3));
        assert_eq!(place_said(" 把 second one unsubscribe 掉 "), Some(2));
        assert_eq!(place_said(" the last one "), None);
        assert_eq!(place_said(" wait a second please "), None);
    }
}
