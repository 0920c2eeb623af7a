//! Whether a word is said negated (`without offloading`, `不开offload`, `no spot`, `别用
//! unsloth`): one reading for every option word the reader turns on, so a negation never turns
//! on the option it negates.

/// English negations, whole words, within the two words before the option.
const EN: &[&str] = &[
    "without", "w/o", "no", "not", "never", "don't", "dont", "disable", "disabled", "off", "avoid",
    "skip", "non",
];
/// Chinese negations, within the six characters or the two words before the option.
const ZH: &[&str] = &["不", "别", "没", "无", "免", "关掉", "关闭", "关了"];
/// Chinese asks and doubts that hold `不` and negate nothing (`要不要开offload`, `能不能用spot`,
/// `不知道学生有没有优惠`).
const ZH_ASKS: &[&str] = &[
    "要不要",
    "能不能",
    "是不是",
    "用不用",
    "开不开",
    "可不可以",
    "不知道",
    "不确定",
    "不清楚",
    "有没有",
    "有木有",
];

/// Whether the word starting at byte `at` of `text` is negated by the words right before it.
pub fn negated_at(text: &str, at: usize) -> bool {
    let before = &text[..at.min(text.len())];
    let words: Vec<&str> = before
        .split(|c: char| c.is_whitespace() || c == ',' || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    let en = words.iter().rev().take(2).any(|w| {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '\'' && c != '/');
        EN.contains(&w)
    });
    // The last few characters, Chinese asks with `不` left out: blanked before the six are
    // cut, so an ask the cut splits (`有没有便宜点的抢占式` cut to `没有便宜点的`) negates nothing.
    let wide: String = before
        .chars()
        .rev()
        .take(6 + 3)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let wide = ZH_ASKS
        .iter()
        .fold(wide, |t, a| t.replace(a, &" ".repeat(a.chars().count())));
    let tail: String = wide
        .chars()
        .rev()
        .take(6)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    // Or the two words before it (`不开 cpu offload`: the negation a word further back).
    let near = words[words.len().saturating_sub(2)..].concat();
    let zh = [tail, near].into_iter().any(|t| {
        let t = ZH_ASKS.iter().fold(t, |t, a| t.replace(a, " "));
        ZH.iter().any(|w| t.contains(w))
    });
    en || zh
}

/// Whether the `不` at byte `at` of `text` is the middle of a yes-or-no ask, a verb said, `不`
/// and the verb again (`要不要`, `用不用`, `量化不量化`): it asks whether, and negates nothing.
pub fn yes_no_ask_at(text: &str, at: usize) -> bool {
    let (Some(before), Some(after)) = (text.get(..at), text.get(at..)) else {
        return false;
    };
    let Some(after) = after.strip_prefix('不') else {
        return false;
    };
    // The verb is one or two characters (`要`, `需要` in `需不需要` is `需`, `量化`).
    (1..=2).any(|n| {
        let verb: String = after.chars().take(n).collect();
        verb.chars().count() == n && !verb.is_ascii() && before.ends_with(&verb)
    })
}

/// Negations said after the option (`offload not needed`, `offload不需要`).
const EN_AFTER: &[&str] = &[
    "not needed",
    "not required",
    "not necessary",
    "not wanted",
    "unnecessary",
    "isn't needed",
    "isnt needed",
    "is not needed",
    "off",
    "disabled",
];
pub(super) const ZH_AFTER: &[&str] = &[
    "不要",
    "不用",
    "不需要",
    "不开",
    "关掉",
    "关闭",
    "关了",
    "禁用",
];

/// Whether the word ending at byte `end` of `text` is negated by the words right after it (the
/// rest of its own word skipped: `offloading not needed`).
pub fn negated_after(text: &str, end: usize) -> bool {
    let rest = text[end.min(text.len())..].trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let rest = rest.trim_start_matches([' ', ',', '，']);
    let rest = rest
        .strip_prefix("is ")
        .or_else(|| rest.strip_prefix("are "))
        .unwrap_or(rest);
    let en = EN_AFTER.iter().any(|w| {
        rest.strip_prefix(w)
            .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-'))
    });
    en || ZH_AFTER.iter().any(|w| rest.starts_with(w))
}

/// Whether `word` is said in `text` and not negated, before or after, at any place it stands.
pub fn said_not_negated(text: &str, word: &str) -> bool {
    text.match_indices(word)
        .any(|(at, w)| !negated_at(text, at) && !negated_after(text, at + w.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negation_before_a_word_negates_it() {
        let t = "does flux fit on an l4 without offloading";
        assert!(negated_at(t, t.find("offload").unwrap()));
        assert!(!said_not_negated(t, "offload"));
        assert!(said_not_negated(
            "flux on an l4 with cpu offload",
            "offload"
        ));
        assert!(!said_not_negated("不开offload能跑吗", "offload"));
        assert!(said_not_negated("要不要开offload", "offload"));
        for (t, ask) in [
            ("要不要量化", true),
            ("量化不量化", true),
            ("不要量化", false),
            ("我不用量化", false),
        ] {
            assert_eq!(yes_no_ask_at(t, t.find('不').unwrap()), ask, "{t}");
        }
        assert!(said_not_negated("有没有 spot 的 h100", "spot"));
        assert!(!said_not_negated("no spot please", "spot"));
        assert!(said_not_negated("a100 spot now", "spot"));
        assert!(!said_not_negated("不要会员价", "会员"));
        // An ask cut by the six characters' edge still negates nothing.
        assert!(said_not_negated("有没有便宜点的抢占式4090", "抢占式"));
        assert!(!said_not_negated("便宜点的不要抢占式", "抢占式"));
        // Said after it.
        assert!(!said_not_negated(
            "flux on an l40s, offload not needed",
            "offload"
        ));
        assert!(!said_not_negated("flux 4090 offloading is off", "offload"));
        assert!(!said_not_negated("flux 4090 offload不需要", "offload"));
        assert!(said_not_negated("flux 4090 offload often helps", "offload"));
        // A negation far before the word says nothing of it.
        assert!(said_not_negated(
            "no idea, h100 spot offers on vast",
            "spot"
        ));
    }
}
