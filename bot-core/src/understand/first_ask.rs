//! Two questions in one message, the second after the first's question mark or a `PS`/`附：`
//! (`h800 显存多大？能跑 405b 吗`, `… for 3 days? they accept paypal?`, `…多少钱 附：能用微信付吗`,
//! `… per hour? and per day?`): the first ask decides, the second is left to a follow-up (the
//! house's PS rule, corpus103's header; helper und_ed, issue 26). Read whole, the second had
//! overridden the first or added its filter (`paypal` to a price ranking, `per day` to a rate
//! asked per hour: a wrong figure).
//!
//! The cut is made only where the tail opens as a question of its own (a lead word of the
//! table, or a PS mark before a question); a tail that refines the first (`…多少钱？跑3小时的话`)
//! or turns it into an alert (`…有货吗？有了提醒我`) is read with it.

/// Marks of an afterthought, lower-cased.
const PS_MARKS: &[&str] = &["ps:", "ps：", "p.s.", "p.s:", "ps ", "附：", "附:", "另："];

/// Words a second question opens with, after the first's question mark (lower-cased).
const LEADS: &[&str] = &[
    "and ",
    "they ",
    "do they",
    "does it",
    "does this",
    "can i ",
    "can it",
    "can we",
    "is it ",
    "is this",
    "this price",
    "also ",
    "btw",
    "能",
    "可以",
    "支持",
    "要不要",
    "需要",
    "另外",
    "顺便",
    "还有",
];

/// Words a Chinese question ends with, where a typist leaves out its mark.
const ZH_ENDS: &[&str] = &["吗", "嗎", "呢", "多少钱", "多少錢"];

/// Words a fit ask opens with.
const FIT_LEADS: &[&str] = &[
    "能跑",
    "能不能跑",
    "可以跑",
    "跑得",
    "can it run",
    "will it fit",
];

/// Words that make the tail a request about the first ask (an alert), never an ask of its own.
const ALERTS: &[&str] = &[
    "提醒",
    "通知",
    "告诉我",
    "叫我",
    "notify",
    "alert",
    "let me know",
    "tell me",
    "ping me",
];

/// Words that open a tail asked on the first's answer (`…能跑吗 能的话…多少钱`): the reader sets
/// it aside and says so with the first (und_cx), so the message is read whole.
const ON_ITS_ANSWER: &[&str] = &[
    "能的话",
    "可以的话",
    "行的话",
    "如果能",
    "如果可以",
    "要是能",
    "if so",
    "if yes",
    "if it does",
    "if it fits",
    "if it can",
];

/// Question words a tail after a PS mark carries to be an ask (`附：能用微信付吗`); a fact
/// (`PS: 只做推理`) confirms the first and is read with it.
const ASKS: &[&str] = &["?", "？", "吗", "么", "嗎", "呢"];

/// The message's first ask, where a second question follows it; `None` where the message is
/// one ask (read whole).
pub(super) fn head(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return None;
    }
    let opens_ask = |tail: &str| LEADS.iter().any(|l| tail.starts_with(l));
    let is_ask = |tail: &str| ASKS.iter().any(|a| tail.contains(a));
    let about_first = |tail: &str| ALERTS.iter().any(|a| tail.contains(a));
    // Each place a second ask may start: after a question mark, or at a PS mark.
    let mut cuts: Vec<(usize, usize)> = lower
        .match_indices(['?', '？'])
        .map(|(k, m)| (k + m.len(), k + m.len()))
        .collect();
    for m in PS_MARKS {
        for (k, _) in lower.match_indices(m) {
            let starts = k == 0 || !lower.as_bytes()[k - 1].is_ascii_alphanumeric();
            if starts && k > 0 {
                cuts.push((k, k + m.len()));
            }
        }
    }
    // `…要多少钱 能用微信付吗`: a Chinese question's end before a space stands for its mark.
    for end in ZH_ENDS {
        for (k, _) in lower.match_indices(end) {
            let at = k + end.len();
            // A fit asked after a price with no mark between (`4090 多少钱，能跑 qwen 吗`) is
            // the fit's reader's (the price offered after it): no cut.
            let tail = lower[at..].trim_start();
            if lower[at..].starts_with(' ') && !FIT_LEADS.iter().any(|f| tail.starts_with(f)) {
                cuts.push((at, at));
            }
        }
    }
    cuts.sort_unstable();
    cuts.into_iter().find_map(|(head_end, tail_start)| {
        let tail = lower[tail_start..].trim_start_matches([' ', ',', '，', '、', '\u{a0}']);
        let ps =
            head_end != tail_start || PS_MARKS.iter().any(|m| tail.starts_with(m) && is_ask(tail));
        let second = ps && is_ask(tail) || opens_ask(tail);
        let head = text[..head_end].trim();
        let on_answer = ON_ITS_ANSWER.iter().any(|w| tail.starts_with(w));
        (second && !about_first(tail) && !on_answer && head.chars().count() >= 4)
            .then(|| head.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::head;

    #[test]
    fn the_first_of_two_asks() {
        assert_eq!(
            head("h800 显存多大？能跑 405b 吗").as_deref(),
            Some("h800 显存多大？")
        );
        assert_eq!(
            head("a100 for 3 days? they accept paypal?").as_deref(),
            Some("a100 for 3 days?")
        );
        assert_eq!(
            head("趋动云 a800 跑90分钟要多少钱 附：能用微信付吗").as_deref(),
            Some("趋动云 a800 跑90分钟要多少钱")
        );
        assert_eq!(
            head("vast 3090 要多少钱 they accept paypal?").as_deref(),
            Some("vast 3090 要多少钱")
        );
        assert_eq!(
            head("1.2 dollar per hour is how many yuan per hour? and per day?").as_deref(),
            Some("1.2 dollar per hour is how many yuan per hour?")
        );
        // One ask: a refinement, an alert on the first, a fact after PS, or no second.
        for one in [
            "4090 多少钱？跑3小时的话",
            "h100 有货吗？能不能有了提醒我",
            "4090 多少钱 PS: 只做推理",
            "how much is a 4090 on runpod?",
            "4090 多少钱 跑3小时",
            "4090 多少钱，能跑 qwen2.5-32b int4 吗",
            "4090 多少钱 能跑 qwen2.5-32b int4 吗",
            "4090能跑qwen2.5-14b吗 能的话在autodl上跑3小时多少钱",
            "can a 4090 run qwen2.5 14b? if so, how much for 3h on autodl",
        ] {
            assert_eq!(head(one), None, "{one}");
        }
    }
}
