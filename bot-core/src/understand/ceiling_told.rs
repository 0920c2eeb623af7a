//! An amount said as a ceiling and then a way to be told (`a100 到 3块以下 告诉我`): an alert,
//! whatever verb came before the amount (到, 降到, 低于). Its own module: `cues` and
//! `alert_cues` both read it, and `alert_cues` reaches `cues` through the rules it calls.

use super::words::TELL;

/// Words after a way to be told that ask something now (`有货 tell me which platform`).
pub(super) const ASKS_NOW: &[&str] = &[
    "which", "where", "what", "how", "price", "cost", "哪", "多少", "什么", "吗", "价", "钱",
];

/// Units an amount ends with before its ceiling word.
const AMOUNT_ENDS: &[&str] = &["块", "元", "刀", "美元", "毛", "钱"];

/// `a100 到 3块以下 告诉我`, `4090d 价格到 1.8 元以下 跟我说一声`: an amount said as a ceiling, then
/// (after a when: `的时候`, `就`) a way to be told with nothing asked after it: the threshold is the
/// condition, whatever verb came before the amount (到, 降到, 低于).
pub(super) fn ceiling_then_told(padded: &str) -> bool {
    ceiling_after_told(padded) || ceiling_before_told(padded)
}

/// `l4 cheaper than 0.4 usd tell me`, `h100 under $2 ping me`, `5090 不超过2块 跟我说一声`: a
/// ceiling word said before its amount, the amount (or the gap it left once the price was read
/// out of the text), then a way to be told with nothing asked after it. The threshold is the
/// condition, as with a `when`; `under $2 tell me which platform` asks now.
fn ceiling_before_told(padded: &str) -> bool {
    crate::lexicon::ceiling_words(crate::lexicon::CeilingSide::Before).any(|c| {
        padded.match_indices(c).any(|(at, _)| {
            let rest = &padded[at + c.len()..];
            // The price read out of the text leaves one space more than the words had: one
            // after a word that ends in its own space or a Chinese one, two after an English.
            let spaces = rest.len() - rest.trim_start().len();
            let gap = spaces
                >= if c.ends_with(' ') || !c.is_ascii() {
                    1
                } else {
                    2
                };
            let told = rest.trim_start();
            let told = ["的时候", "时候", "的话", "就", "then "]
                .iter()
                .find_map(|w| told.strip_prefix(w))
                .unwrap_or(told)
                .trim_start();
            gap && told_nothing_asked(told)
        })
    })
}

/// `rest` starts with a way to be told (`跟我` before it allowed) and asks nothing after it.
fn told_nothing_asked(rest: &str) -> bool {
    TELL.iter().any(|t| {
        rest.strip_prefix(t)
            .or_else(|| rest.strip_prefix("跟我").and_then(|r| r.strip_prefix(t)))
            .is_some_and(|after| !ASKS_NOW.iter().any(|w| after.contains(w)))
    })
}

/// An amount with a ceiling word after it (`3块以下`), then a way to be told.
fn ceiling_after_told(padded: &str) -> bool {
    // The lexicon's ceiling words said after an amount (`以下`, `以内`, `之下`, `封顶`).
    crate::lexicon::ceiling_words(crate::lexicon::CeilingSide::After).any(|c| {
        padded.match_indices(c).any(|(at, _)| {
            // The amount, or the gap it left once the price was read out of the text.
            let before = &padded[..at];
            let amount = before.ends_with(' ')
                || before.ends_with(|ch: char| ch.is_ascii_digit())
                || AMOUNT_ENDS.iter().any(|u| before.ends_with(u));
            let rest = padded[at + c.len()..].trim_start();
            let rest = ["的时候", "时候", "的话", "就", "了"]
                .iter()
                .find_map(|w| rest.strip_prefix(w))
                .unwrap_or(rest)
                .trim_start();
            amount && told_nothing_asked(rest)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::ceiling_then_told;

    #[test]
    fn an_amount_with_its_ceiling_then_a_word_to_tell() {
        assert!(ceiling_then_told(" a100 到 3块以下 告诉我 "));
        // The amount read out of the text leaves its gap.
        assert!(ceiling_then_told(" h100 到  以下 告诉我 "));
        assert!(ceiling_then_told(" 3090 到 1块以下的时候告诉我 "));
        assert!(ceiling_then_told(" 4090d 价格到 1.8元以下 跟我说一声 "));
        // Something asked after the word to tell asks now.
        assert!(!ceiling_then_told(" 4090 2块以下 告诉我哪家有 "));
        // No amount before the ceiling word; no word to tell after it.
        assert!(!ceiling_then_told(" 预算以下 告诉我 "));
        assert!(!ceiling_then_told(" a6000 到 2块以下的有哪家 "));
    }

    #[test]
    fn a_ceiling_before_its_amount_then_a_word_to_tell() {
        // The amount read out of the text leaves its gap (one space more than the words had).
        assert!(ceiling_then_told(" l4 cheaper than  tell me "));
        assert!(ceiling_then_told(" h100 under  ping me "));
        assert!(ceiling_then_told(" 5090 不超过  跟我说一声 "));
        assert!(ceiling_then_told(" 4090 below   let me know "));
        // Something asked after the word to tell, a word between, or no amount: none.
        assert!(!ceiling_then_told(" 4090 under  tell me which platform "));
        assert!(!ceiling_then_told(" is 4090 cheaper than 3090 tell me "));
        assert!(!ceiling_then_told(" 4090 cheaper than 3090 then tell me "));
        assert!(!ceiling_then_told(" under budget tell me more "));
    }
}
