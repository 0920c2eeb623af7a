//! How many people a service is for (`给20个人用`, `chatbot for 50 users`): kept and said
//! back, and set beside the conversations-at-once question, which it does not answer (twenty
//! users are rarely twenty conversations at once), so that step still asks.

/// Words after a count that make it people.
const PEOPLE: &[&str] = &[
    "个人",
    "人",
    "位",
    "名",
    "个用户",
    "用户",
    " users",
    " user",
    " people",
    " persons",
    "users",
    " employees",
    " students",
    " customers",
];

/// Whether `rest`, what follows a count, starts with people (`个人`, ` users`).
pub(super) fn people_after(rest: &str) -> bool {
    let rest = rest.to_lowercase();
    if rest.starts_with("人民币") {
        return false;
    }
    let word = rest.trim_start();
    PEOPLE.iter().any(|w| rest.starts_with(w))
        || crate::lexicon::PEOPLE_AFTER
            .iter()
            .any(|w| word.starts_with(w))
}

/// Conversations at once said in a short message at any step (`同时4个`, `actually 16 at
/// once`, `4 people at same time`, `高峰20个人同时用`): an "at once" word with one number that
/// nothing but a measure (`个`, `路`), people or the "at once" words follows, so a length or a
/// size beside `同时` (`每天同时跑4小时`) is none. The concurrency step's own reading, for the
/// other steps.
pub(super) fn at_once_in(text: &str) -> Option<u32> {
    if let Some(n) = crate::understand::at_once_count(text) {
        return Some(n);
    }
    let t = crate::understand::normalize(text).to_lowercase();
    if !crate::understand::at_once_said(&t) {
        return None;
    }
    let runs: Vec<(usize, usize)> = crate::understand::numerals::digit_runs(&t).collect();
    let [(start, end)] = runs[..] else {
        return None;
    };
    let rest = &t[end..];
    let bare = rest.trim_start();
    let bare = bare
        .strip_prefix('个')
        .or_else(|| bare.strip_prefix('路'))
        .unwrap_or(bare)
        .trim_end_matches(|c: char| c.is_whitespace() || "吧啊呀了。.!！".contains(c));
    let counted = bare.is_empty() || people_after(rest) || crate::understand::at_once_opens(bare);
    counted.then(|| t[start..end].parse::<u32>().ok()).flatten()
}

/// Whether `before`, what precedes a count, makes it a headcount (`my team of 3`).
fn group_before(before: &str) -> bool {
    let b = before.trim_end();
    crate::lexicon::GROUP_OF.iter().any(|w| b.ends_with(w))
}

/// The number of people said in `text`, if any. People talking at once (`二十个人同时在聊`) are
/// the conversations at once, the step's own answer, not how many use it.
pub(super) fn users_in(text: &str) -> Option<u32> {
    let t = crate::understand::normalize(text).to_lowercase();
    crate::understand::numerals::digit_runs(&t)
        .filter(|&(start, end)| people_after(&t[end..]) || group_before(&t[..start]))
        .filter(|&(_, end)| !crate::understand::at_once_said(&t[end..]))
        .filter_map(|(start, end)| t[start..end].parse::<u32>().ok())
        .find(|n| (2..=1_000_000).contains(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_counts() {
        assert_eq!(users_in("给20个人用的qwen2.5 14b问答服务"), Some(20));
        assert_eq!(users_in("chatbot for 50 users with llama 3.1 8b"), Some(50));
        assert_eq!(users_in("团队10人用"), Some(10));
        // The headcount lexicon's nouns and a group said before its count.
        assert_eq!(users_in("给三个同事用的llama 3.1 8b"), Some(3));
        assert_eq!(users_in("my team of 4 will use it"), Some(4));
        assert_eq!(users_in("serve it to 12 colleagues"), Some(12));
        for t in [
            "qwen2.5 7b 3小时",
            "2张4090",
            "8 cards",
            "一个人用",
            "最忙时30个人同时用",
            "12 people at the same time",
            "预算300人民币",
        ] {
            assert_eq!(users_in(t), None, "{t}");
        }
    }

    #[test]
    fn conversations_at_once_in_a_short_message() {
        assert_eq!(at_once_in("同时4个"), Some(4));
        assert_eq!(at_once_in("actually 16 at once"), Some(16));
        assert_eq!(at_once_in("4 people at same time"), Some(4));
        assert_eq!(at_once_in("并发8个"), Some(8));
        assert_eq!(at_once_in("最忙时30个人同时用"), Some(30));
        // A length, a size or a task count beside `同时`, or no "at once" word: none.
        for t in [
            "每天同时跑4小时",
            "同时跑2个任务",
            "4",
            "4个",
            "给20个人用",
            "同时用2张4090",
        ] {
            assert_eq!(at_once_in(t), None, "{t}");
        }
    }
}
