//! A run's story with one card: the card failed (`显存直接炸了`, `got cuda oom on 3060`) and the
//! person asks what to use instead (`该换什么卡`, `what should i rent`). The card that failed is
//! the story, not the card asked: read without it, the sentence is the job (a model named: its
//! fit) or a need for guidance, never that card's page, stock or bill.

/// Said after a card (beside [`super::card_failed_at`]'s words): it blew up on the job.
pub const BLEW_UP_AFTER: &[&str] = &["炸了", "炸显存", "显存炸", "爆掉了", "崩了", "oom了"];

/// A failure word said before the card, in English (`got cuda oom two times on 3060`, `out of
/// memory with my 3060`): within this many characters, the card right after `on`/`with`.
const BEFORE_REACH: usize = 40;
const FAILED_BEFORE: &[&str] = &["oom", "out of memory", "ran out of vram", "crashed"];
const CARD_AFTER: &[&str] = &[
    "on", "with", "on my", "with my", "using my", "using", "on a", "on an", "with a", "with an",
];

/// Asking what card to use instead (`该换什么卡`, `换哪张`, `what should i rent`).
pub const SWITCH_ASKED: &[&str] = &[
    "换什么卡",
    "换啥卡",
    "换哪张",
    "换哪个卡",
    "换什么显卡",
    "该换什么",
    "该租什么",
    "租什么卡",
    "租啥卡",
    "what should i rent",
    "what to rent",
    "what i should rent",
    "which card should i",
    "what card should i",
    "what gpu should i",
    "which gpu should i",
    "what should i use instead",
    "what should i switch to",
];

/// Whether the card said at bytes `at..end` of `text` is said to have blown up after it, or to
/// have failed before it (`oom … on 3060`).
pub fn card_blew_up_at(text: &str, at: usize, end: usize) -> bool {
    let after: String = text[end..].chars().take(24).collect();
    if BLEW_UP_AFTER.iter().any(|w| after.contains(w)) {
        return true;
    }
    let before: String = {
        let b: Vec<char> = text[..at].chars().collect();
        b[b.len().saturating_sub(BEFORE_REACH)..].iter().collect()
    };
    let lead = before.trim_end();
    CARD_AFTER.iter().any(|w| {
        lead.strip_suffix(w)
            .is_some_and(|r| r.is_empty() || r.ends_with(' '))
    }) && FAILED_BEFORE.iter().any(|w| before.contains(w))
}

/// Whether `text` asks which card to use instead.
pub fn switch_asked(text: &str) -> bool {
    SWITCH_ASKED.iter().any(|w| text.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_blown_up_or_failed_before_is_the_story() {
        let t = " 前天拿3090跑qwen2.5-14b推理 显存直接炸了 该换什么卡 ";
        let a = t.find("3090").unwrap();
        assert!(card_blew_up_at(t, a, a + 4) && switch_asked(t));
        let t = " got cuda oom two times today on 3060, i dont know what i should rent now ";
        let a = t.find("3060").unwrap();
        assert!(card_blew_up_at(t, a, a + 4) && switch_asked(t));
        let t = " is the 3060 on sale, what should i rent ";
        let a = t.find("3060").unwrap();
        assert!(!card_blew_up_at(t, a, a + 4));
        let t = " 3090跑qwen2.5-14b能行吗 ";
        assert!(!switch_asked(t));
    }
}
