//! An alert said removed after its noun (`把4090的提醒删掉`, `h100 的通知关掉`, `3090的提醒不要
//! 了`) or with a removal verb before it (`remove my a100 alert`, `cancel the h100 alert`)
//! (helper und_ee, issue 26): a stop. With a card named the stop phrases had not been read, the
//! card and the alert word had SET an alert (`/subscribe rtx-4090`): the opposite of what was
//! asked. Read as a stop, `intent::alerts_kept` lists a card's alerts with their numbers and
//! removes nothing on a guess.

/// The alert nouns.
const NOUNS_ZH: &[&str] = &["提醒", "通知", "订阅"];
const NOUNS_EN: &[&str] = &[
    "alert",
    "alerts",
    "notification",
    "notifications",
    "subscription",
    "subscriptions",
];
/// Removal said right after a Chinese alert noun (`都`/`全`/`给我` between allowed).
const REMOVED_ZH: &[&str] = &[
    "删掉",
    "删了",
    "删除",
    "取消",
    "去掉",
    "关掉",
    "关了",
    "关闭",
    "不要了",
    "撤掉",
    "撤了",
    "停掉",
    "停了",
];
const BETWEEN_ZH: &[&str] = &[" ", "都", "全", "全部", "给我", "帮我"];
/// Removal verbs before an English alert noun, a few words apart (`remove my a100 alert`).
const REMOVE_EN: &[&str] = &["remove", "delete", "cancel", "drop", "disable", "kill"];

/// Whether `padded` (the reader's normalized text, spaces around) says an alert removed.
pub(super) fn removed(padded: &str) -> bool {
    zh_removed(padded) || en_removed(padded)
}

fn zh_removed(s: &str) -> bool {
    NOUNS_ZH.iter().any(|n| {
        s.match_indices(n).any(|(at, _)| {
            let mut rest = &s[at + n.len()..];
            while let Some(b) = BETWEEN_ZH.iter().find(|b| rest.starts_with(**b)) {
                rest = &rest[b.len()..];
            }
            REMOVED_ZH.iter().any(|r| rest.starts_with(r))
        })
    })
}

fn en_removed(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    words.iter().enumerate().any(|(i, w)| {
        REMOVE_EN.contains(w) && words[i + 1..].iter().take(4).any(|n| NOUNS_EN.contains(n))
    })
}

#[cfg(test)]
mod tests {
    use super::removed;

    #[test]
    fn an_alert_removed() {
        for t in [
            " 把4090的提醒删掉 ",
            " h100 的通知关掉 ",
            " 3090的提醒都不要了 ",
            " remove my a100 alert ",
            " cancel the h100 alerts please ",
        ] {
            assert!(removed(t), "{t}");
        }
        // An alert set beside another word of removal: none.
        for t in [
            " 4090 到货了提醒我 别的取消 ",
            " notify me when h100 is back ",
            " remove the nvlink limit and alert me ",
        ] {
            assert!(!removed(t), "{t}");
        }
    }
}
